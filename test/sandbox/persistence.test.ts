import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetSandbox, startSandbox } from '../../src/sandbox/index.js';
import { Store } from '../../src/sandbox/store.js';
import { runTrek } from '../e2e/trek-process.js';
import { addService, bookedCustomer, createBooking, createCustomer, startFixtureSandbox } from './checkins-fixtures.js';
import { clientFor, collectPages, KEYS } from '../helpers/sandbox-client.js';
import { book, moveClock, pay, setStatus } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

let dir: string;
let bundleDir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trek-sandbox-'));
  // Child processes cannot load TypeScript: they run the sandbox (and its store) from a bundle of the source.
  bundleDir = join(dir, 'bundle');
  await build({
    entryPoints: { sandbox: 'src/sandbox/index.ts', store: 'src/sandbox/store.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outdir: bundleDir,
    outExtension: { '.js': '.mjs' },
    logLevel: 'error',
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
const dataFile = () => join(dir, `state-${++fileCount}.json`);
const bundle = (name: 'sandbox' | 'store') => JSON.stringify(join(bundleDir, `${name}.mjs`));

async function bookingExternalIds(file: string): Promise<string[]> {
  const sandbox = await startSandbox({ now: NOW, dataFile: file });
  try {
    const all = await collectPages(clientFor(sandbox), '/bookings/?max_per_page=100');
    return all.map((b) => b.external_id);
  } finally {
    await sandbox.close();
  }
}

/** A booking of agency 1 made straight in a store, as a route would. */
const bookingFields = (externalId: string) => ({
  currency: 'CAD',
  external_id: externalId,
  agency_id: '1',
  agent_id: '1',
  no_auto_final_payment: false,
  date_closed: null,
  linked_booking_ids: [],
});

/** A node child running `source` (an ES module) with `args`; resolves once it printed `ready` on stdout. */
async function child(source: string, args: string[], ready: string): Promise<{ child: ChildProcess; output: () => string; exited: Promise<number | null> }> {
  const script = join(dir, `child-${++fileCount}.mjs`);
  writeFileSync(script, source);
  const proc = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  proc.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const check = () => (out.includes(ready) ? resolve() : undefined);
    proc.stdout.on('data', check);
    void exited.then((code) => reject(new Error(`child exited ${code} before "${ready}": ${err}`)));
  });
  return { child: proc, output: () => out, exited };
}

/** Folds the journal into the snapshot: a store that compacts at any size makes one change. */
async function foldJournal(file: string): Promise<void> {
  const store = await Store.open({ now: NOW, dataFile: file, journalCompactBytes: 1 });
  await store.mutate((state) => {
    state.clock_offset_ms += 1;
  });
  await store.idle();
}

/** Resolves once the kernel reports `pid` stopped (state T). */
async function stopped(pid: number): Promise<void> {
  while (!/^\d+ \(.*\) T /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('snapshot file', () => {
  it('keeps bookings, customers and the clock across a restart', async () => {
    const file = dataFile();
    const first = await startSandbox({ dataFile: file, now: new Date('2027-03-01T12:00:00Z') });
    const client = clientFor(first);
    const booking = (await client.post('/bookings/', { currency: 'CAD', external_id: 'survivor' })).json;
    const customer = (await client.post('/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' } })).json;
    await client.post('/_sandbox/clock', { advance: '3d' }, 'operator');
    await first.close();

    const second = await startSandbox({ now: NOW, dataFile: file });
    const again = clientFor(second);
    expect((await again.get(`/bookings/${booking.id}`)).json).toEqual(booking);
    expect((await again.get(`/customers/${customer.id}`)).json).toEqual(customer);
    expect((await again.get('/_sandbox/clock')).json.now.slice(0, 10)).toBe('2027-03-04');
    expect((await again.post('/bookings/', { currency: 'CAD' })).json.id).not.toBe(booking.id);
    await second.close();
    const snapshot = JSON.parse(readFileSync(file, 'utf8'));
    expect(snapshot.version).toBe(1);
    expect(snapshot).not.toHaveProperty('departures');
  });

  it('refuses a snapshot of an unknown version, naming the file, and never overwrites it', async () => {
    const file = dataFile();
    const text = JSON.stringify({ version: 2, collections: { bookings: { x: 1 } } });
    writeFileSync(file, text);
    await expect(startSandbox({ now: NOW, dataFile: file })).rejects.toThrow(file);
    await expect(startSandbox({ now: NOW, dataFile: file })).rejects.toThrow(/version 2/);
    await expect(resetSandbox(file, { now: NOW })).rejects.toThrow(file);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('13.1 a damaged snapshot is named, never replaced: not JSON, left as it was until a reset sets it aside', async () => {
    const file = dataFile();
    writeFileSync(file, '{"version": 1, "seed": 1, "si');
    const refusal = startSandbox({ now: NOW, dataFile: file });
    await expect(refusal).rejects.toMatchObject({ name: 'SnapshotError' });
    await expect(refusal).rejects.toThrow(`${file} is damaged: it is not valid JSON`);
    await expect(refusal).rejects.toThrow(`trek sandbox reset --data ${file}`);
    expect(readFileSync(file, 'utf8')).toBe('{"version": 1, "seed": 1, "si');

    const { damagedKeptAs } = await resetSandbox(file, { now: NOW });
    const kept = readdirSync(dir).filter((name) => name.startsWith(`${file.split('/').pop()}.damaged-`));
    expect(kept.map((name) => join(dir, name))).toEqual([damagedKeptAs]);
    expect(readFileSync(damagedKeptAs!, 'utf8')).toBe('{"version": 1, "seed": 1, "si');
    expect(await bookingExternalIds(file)).toContain('seed-closed');
  });

  /** A valid snapshot with one booking, as a store writes it. */
  async function snapshotWithBooking(): Promise<{ file: string; snapshot: any }> {
    const file = dataFile();
    const store = await Store.open({ now: NOW, dataFile: file });
    await store.mutate((_state, tx) => tx.insert('bookings', bookingFields('kept')));
    await foldJournal(file);
    return { file, snapshot: JSON.parse(readFileSync(file, 'utf8')) };
  }

  it.each([
    ['13.1 next id above every id: a record above last_id', (s: any) => (s.last_id.bookings = 200_001), /above the last bookings id handed out \(200001\)/],
    ['a record whose id is not its key', (s: any) => (Object.values(s.collections.bookings as object).at(-1).id = 'other'), /has the id "other"/],
    ['a sequence above last_seq', (s: any) => (s.last_seq = 1), /seq \d+ is not a whole number up to last_seq \(1\)/],
    ['a collection that is not an object of records', (s: any) => (s.collections.customers = []), /collections.customers is not an object of records/],
    ['a size out of range', (s: any) => (s.size = 0), /size 0 is not an integer from 1 to 200000/],
  ])('refuses a snapshot with %s, naming the file and how to start over', async (_name, damage, problem) => {
    const { file, snapshot } = await snapshotWithBooking();
    damage(snapshot);
    const text = JSON.stringify(snapshot);
    writeFileSync(file, text);
    const refusal = startSandbox({ now: NOW, dataFile: file });
    await expect(refusal).rejects.toThrow(problem);
    await expect(refusal).rejects.toThrow(`${file} is damaged`);
    await expect(refusal).rejects.toThrow(/trek sandbox reset --data .*or move it away/);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('refuses a data file it cannot read or lock as a SnapshotError naming it', async () => {
    const blocker = dataFile();
    writeFileSync(blocker, '');
    // The snapshot's folder is a file: neither readable nor creatable.
    const file = join(blocker, 'state.json');
    await expect(startSandbox({ now: NOW, dataFile: file })).rejects.toMatchObject({
      name: 'SnapshotError',
      message: `cannot read the sandbox snapshot ${file}: ENOTDIR: not a directory, stat '${file}'`,
    });
    await expect(resetSandbox(file, { now: NOW })).rejects.toMatchObject({ name: 'SnapshotError', message: expect.stringContaining(`cannot lock the sandbox snapshot ${file}: EEXIST`) });
  });

  it('resets a data file to a fresh seed', async () => {
    const file = dataFile();
    const sandbox = await startSandbox({ now: NOW, dataFile: file, size: 30 });
    await clientFor(sandbox).post('/bookings/', { currency: 'CAD', external_id: 'gone after reset' });
    const before = (await clientFor(sandbox).get('/departures/100011')).json;
    await sandbox.close();
    await resetSandbox(file, { now: NOW, seed: 7 });
    expect(await bookingExternalIds(file)).not.toContain('gone after reset');
    const after = await startSandbox({ now: NOW, dataFile: file });
    const departure = (await clientFor(after).get('/departures/100011')).json;
    expect(departure.id).toBe(before.id);
    expect(departure).not.toEqual(before);
    expect((await clientFor(after).get('/departures/100031')).status).toBe(404); // size 30 kept
    await after.close();
  });

  it('removes temp files of writers killed before their rename', async () => {
    const file = dataFile();
    const name = file.split('/').pop()!;
    const orphans = [join(dir, `.${name}.killed1.tmp`), join(dir, `.${name}.journal.killed2.tmp`)];
    for (const orphan of orphans) writeFileSync(orphan, '{');
    const sandbox = await startSandbox({ now: NOW, dataFile: file });
    await sandbox.close();
    for (const orphan of orphans) expect(existsSync(orphan)).toBe(false);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const file = dataFile();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(`${file}.lock`, `${dead.pid} ${hostname()} token\n`);
    const sandbox = await startSandbox({ now: NOW, dataFile: file });
    expect((await clientFor(sandbox).post('/bookings/', { currency: 'CAD' })).status).toBe(201);
    await sandbox.close();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});

describe('journal', () => {
  it('13.9 a write appends one journal line and leaves the snapshot alone', async () => {
    const file = dataFile();
    const sandbox = await startSandbox({ now: NOW, dataFile: file });
    const snapshot = readFileSync(file, 'utf8');
    const { ino } = statSync(file);
    const linesBefore = readFileSync(`${file}.journal`, 'utf8').split('\n').length;
    expect((await clientFor(sandbox).post('/bookings/', { currency: 'CAD', external_id: 'journalled' })).status).toBe(201);
    await sandbox.close();
    expect(readFileSync(file, 'utf8')).toBe(snapshot);
    expect(statSync(file).ino).toBe(ino);
    const journal = readFileSync(`${file}.journal`, 'utf8');
    expect(journal.split('\n').length).toBe(linesBefore + 1);
    expect(journal).toContain('"external_id":"journalled"');
    expect(await bookingExternalIds(file)).toContain('journalled');
  });

  it('13.9 each journal line carries the CRC-32 of its JSON as zlib computes it, so journals written before stay readable', async () => {
    const file = dataFile();
    const sandbox = await startSandbox({ now: NOW, dataFile: file });
    expect((await clientFor(sandbox).post('/bookings/', { currency: 'CAD', external_id: 'checksummed-é' })).status).toBe(201);
    await sandbox.close();
    const lines = readFileSync(`${file}.journal`).toString('utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines)
      expect(line.slice(0, 8)).toBe(
        crc32(Buffer.from(line.slice(9), 'utf8'))
          .toString(16)
          .padStart(8, '0'),
      );
  });

  it('13.9 a torn journal record (kill -9 mid-append) is ignored, and the next write cuts it off', async () => {
    const file = dataFile();
    const first = await startSandbox({ now: NOW, dataFile: file });
    await clientFor(first).post('/bookings/', { currency: 'CAD', external_id: 'whole' });
    await clientFor(first).post('/bookings/', { currency: 'CAD', external_id: 'torn' });
    await first.close();
    // Cut the last line short, as a writer killed inside write() leaves it.
    const journal = readFileSync(`${file}.journal`);
    const lastLineStart = journal.subarray(0, -1).lastIndexOf(10) + 1;
    truncateSync(`${file}.journal`, lastLineStart + Math.floor((journal.length - lastLineStart) / 2));

    expect(await bookingExternalIds(file)).toEqual(expect.arrayContaining(['whole']));
    expect(await bookingExternalIds(file)).not.toContain('torn');
    const second = await startSandbox({ now: NOW, dataFile: file });
    expect((await clientFor(second).post('/bookings/', { currency: 'CAD', external_id: 'after' })).status).toBe(201);
    await second.close();
    const lines = readFileSync(`${file}.journal`, 'utf8').split('\n');
    expect(lines.at(-1)).toBe(''); // ends with a whole line
    expect(lines.every((line) => line === '' || /^[0-9a-f]{8} \{.*\}$/.test(line))).toBe(true);
    const ids = await bookingExternalIds(file);
    expect(ids).toEqual(expect.arrayContaining(['whole', 'after']));
    expect(ids).not.toContain('torn');
  });

  it('13.9 a journal line that fails its checksum before the end is damage: refused, naming the journal', async () => {
    const file = dataFile();
    const sandbox = await startSandbox({ now: NOW, dataFile: file });
    await clientFor(sandbox).post('/bookings/', { currency: 'CAD', external_id: 'first' });
    await clientFor(sandbox).post('/bookings/', { currency: 'CAD', external_id: 'second' });
    await sandbox.close();
    const text = readFileSync(`${file}.journal`, 'utf8').replace('"external_id":"first"', '"external_id":"forged"');
    writeFileSync(`${file}.journal`, text);
    const refusal = startSandbox({ now: NOW, dataFile: file });
    await expect(refusal).rejects.toThrow(`${file}.journal is damaged: the line at byte`);
    await expect(refusal).rejects.toThrow(`or move ${file} and ${file}.journal away`);
    expect(readFileSync(`${file}.journal`, 'utf8')).toBe(text);
  });

  it('ignores a journal left by a crash while folding it into a new snapshot (it names the previous snapshot)', async () => {
    const file = dataFile();
    const store = await Store.open({ now: NOW, dataFile: file });
    await store.mutate((_state, tx) => tx.insert('bookings', bookingFields('in both')));
    const oldJournal = readFileSync(`${file}.journal`);
    await foldJournal(file); // new snapshot (holding 'in both') and a new journal
    writeFileSync(`${file}.journal`, oldJournal); // as if the crash came before the journal was replaced
    const reopened = await Store.open({ now: NOW, dataFile: file });
    expect(Object.values(reopened.read().collections.bookings).filter((b) => b.external_id === 'in both')).toHaveLength(1);
    await reopened.mutate((_state, tx) => tx.insert('bookings', bookingFields('after crash')));
    const external = Object.values((await Store.open({ now: NOW, dataFile: file })).read().collections.bookings).map((b) => b.external_id);
    expect(external).toEqual(expect.arrayContaining(['in both', 'after crash']));
  });

  it('13.9 replaying the journal gives exactly the state the writer held, after every kind of change', async () => {
    const file = dataFile();
    const sandbox = await startFixtureSandbox(undefined, { dataFile: file, journalCompactBytes: 64 * 1024 });
    const client = clientFor(sandbox);
    expect((await client.post('/_sandbox/reset', { now: NOW.toISOString() }, 'operator')).status).toBe(200);
    const booked = await book(client, { travellers: 2 });
    await client.patch(`/bookings/${booked.booking.id}`, { external_id: 'patched' });
    await client.patch(`/customers/${booked.customers[0].id}`, { meal_notes: 'no nuts' });
    await pay(client, booked.booking.id, '300.00');
    await setStatus(client, booked.service, 'Confirmed');
    const { booking, customer, serviceId } = await bookedCustomer(client);
    await addService(client, booking.id, [customer.id], { activity: true });
    const override = await client.post('/overrides/', {
      booking: { id: booking.id },
      customer: { id: customer.id },
      services: [{ id: serviceId }],
      reason: { code: 'PASSPORT_RENEWAL' },
      requirement: { code: 'PASSPORT_INFORMATION' },
    });
    await client.patch(`/overrides/${override.json.id}`, { reason: { code: 'AGENT_VERIFIED' } });
    await client.request('DELETE', `/overrides/${override.json.id}`);
    await client.post('/flex_plan_services/', { booking: { id: '200004' }, departure_service: { id: '400004' }, product: { id: '100001-1' } }, KEYS.prairie);
    await client.post('/_sandbox/departures/100006/availability', { status: 'REQUEST_SPACE' }, 'operator');
    await client.patch('/agents/1', { first_name: 'Avery-Jo' });
    expect((await client.patch('/bookings/200001', { external_id: 'closed: refused' })).status).toBe(400);
    await createCustomer(client, { medical_notes: 'x'.repeat(900) });
    await createBooking(client);
    await moveClock(client, { advance: '10d' }); // options lapse, the office answers
    await sandbox.close();

    const fromDisk = await Store.open({ now: NOW, dataFile: file });
    expect(fromDisk.read()).toEqual(sandbox.store.read());
  });
});

describe('several sandboxes on one data file', () => {
  it('two in one process creating bookings at once lose none and see each other', async () => {
    const file = dataFile();
    const a = clientFor(await startSandbox({ now: NOW, dataFile: file }));
    const b = clientFor(await startSandbox({ now: NOW, dataFile: file }));
    const posts = Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).post('/bookings/', { currency: 'CAD', external_id: `both-${i}` }));
    const answers = await Promise.all(posts);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201));
    expect(new Set(answers.map((r) => r.json.id)).size).toBe(60);
    const createdByB = answers[0].json.id;
    expect((await a.get(`/bookings/${createdByB}`)).status).toBe(200);
    await a.sandbox.close();
    await b.sandbox.close();
    const ids = await bookingExternalIds(file);
    for (let i = 0; i < 60; i++) expect(ids).toContain(`both-${i}`);
  });

  it('13.9 stores sharing a file catch up across journal appends and snapshot rewrites', async () => {
    const file = dataFile();
    const [a, b] = [await Store.open({ now: NOW, dataFile: file, journalCompactBytes: 2048 }), await Store.open({ now: NOW, dataFile: file, journalCompactBytes: 2048 })];
    const inodes = new Set<number>();
    for (let i = 0; i < 60; i++) {
      await (i % 2 ? a : b).mutate((_state, tx) => tx.insert('bookings', bookingFields(`turn-${i}`)));
      inodes.add(statSync(file).ino);
    }
    expect(inodes.size).toBeGreaterThan(1); // the journal was folded into new snapshots on the way
    const expected = Array.from({ length: 60 }, (_, i) => `turn-${i}`);
    for (const store of [a, b, await Store.open({ now: NOW, dataFile: file })]) {
      expect(Object.values(store.read().collections.bookings).map((r) => r.external_id)).toEqual(expect.arrayContaining(expected));
    }
    const snapshot = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.values(snapshot.collections.bookings).map((r: any) => r.external_id)).toContain('turn-0');
  });

  it('eight child processes creating bookings at once lose none', async () => {
    const file = dataFile();
    const script = join(dir, 'create.mjs');
    writeFileSync(
      script,
      `import { startSandbox } from ${bundle('sandbox')};
const [file, count, tag] = process.argv.slice(2);
const sb = await startSandbox({ now: new Date(${JSON.stringify(NOW)}), dataFile: file });
const post = (i) => fetch(sb.baseUrl + '/bookings/', { method: 'POST', headers: { 'x-application-key': sb.apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ currency: 'CAD', external_id: tag + '-' + i }) })
  .then(async (r) => { if (r.status !== 201) throw new Error(r.status + ' ' + await r.text()); return (await r.json()).id; });
const ids = await Promise.all(Array.from({ length: Number(count) }, (_, i) => post(i)));
process.stdout.write(JSON.stringify(ids));
await sb.close();
`,
    );
    const run = (tag: string) =>
      new Promise<string[]>((resolve, reject) => {
        const proc = spawn(process.execPath, [script, file, '15', tag]);
        let out = '';
        let err = '';
        proc.stdout.on('data', (d) => (out += d));
        proc.stderr.on('data', (d) => (err += d));
        proc.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`child ${tag} exited ${code}: ${err}`))));
      });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => run(`p${i}`)));
    expect(new Set(results.flat()).size).toBe(120);
    const ids = await bookingExternalIds(file);
    for (let p = 0; p < 8; p++) for (let i = 0; i < 15; i++) expect(ids).toContain(`p${p}-${i}`);
  });

  it('keeps every booking answered 201 when the server is killed with SIGKILL', async () => {
    const file = dataFile();
    const server = await child(
      `import { startSandbox } from ${bundle('sandbox')};\nconst sb = await startSandbox({ dataFile: process.argv[2] });\nprocess.stdout.write(sb.baseUrl + ' ' + sb.apiKey + '\\n');\n`,
      [file],
      '\n',
    );
    const [baseUrl, apiKey] = server.output().trim().split(' ');
    const created: string[] = [];
    let fifthConfirmed: () => void;
    const fiveConfirmed = new Promise<void>((resolve) => (fifthConfirmed = resolve));
    const posts = Array.from({ length: 200 }, (_, i) =>
      fetch(`${baseUrl}/bookings/`, { method: 'POST', headers: { 'x-application-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ currency: 'CAD', external_id: `k-${i}` }) })
        .then(async (r) => {
          if (r.status === 201) created.push(((await r.json()) as { external_id: string }).external_id);
          if (created.length === 5) fifthConfirmed();
        })
        .catch(() => undefined),
    );
    // Kill mid-stream, once a few are confirmed: some requests are answered, the rest may never be.
    await fiveConfirmed;
    server.child.kill('SIGKILL');
    await Promise.all([server.exited, ...posts]);
    const ids = await bookingExternalIds(file);
    expect(created.length).toBeGreaterThanOrEqual(5);
    for (const id of created) expect(ids).toContain(id);
  });
});

describe('lock', () => {
  it('13.4 a paused lock holder is never robbed: writers give up naming its pid, and its write lands once it resumes', async () => {
    const file = dataFile();
    (await Store.open({ now: NOW, dataFile: file })).read();
    // A store stopped (SIGSTOP) in the middle of a write, holding the lock.
    const holder = await child(
      `import { Store } from ${bundle('store')};
const store = await Store.open({ dataFile: process.argv[2] });
const id = await store.mutate((_state, tx) => {
  const booking = tx.insert('bookings', ${JSON.stringify(bookingFields('written while paused'))});
  process.stdout.write('holding\\n');
  process.kill(process.pid, 'SIGSTOP');
  return booking.id;
});
process.stdout.write('committed ' + id + '\\n');
`,
      [file],
      'holding',
    );
    const pid = holder.child.pid!;
    await stopped(pid);

    const home = mkdtempSync(join(tmpdir(), 'trek-lock-home-'));
    try {
      const reset = await runTrek(['sandbox', 'reset', '--data', file, '--yes'], { TREK_HOME: home, TREK_LOCK_WAIT_MS: '300' });
      expect(reset.code).toBe(2);
      expect(reset.stderr).toContain(`${file}.lock is held by process ${pid}`);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
    const previous = process.env.TREK_LOCK_WAIT_MS;
    process.env.TREK_LOCK_WAIT_MS = '300'; // read when the store opens
    const sandbox = await startSandbox({ now: NOW, dataFile: file });
    try {
      const busy = await clientFor(sandbox).post('/bookings/', { currency: 'CAD', external_id: 'while locked' });
      expect(busy.status).toBe(503);
      expect(busy.json.message).toContain(`held by process ${pid}`);
    } finally {
      if (previous === undefined) delete process.env.TREK_LOCK_WAIT_MS;
      else process.env.TREK_LOCK_WAIT_MS = previous;
      await sandbox.close();
    }
    expect(readFileSync(`${file}.lock`, 'utf8')).toMatch(new RegExp(`^${pid} `));

    holder.child.kill('SIGCONT');
    expect(await holder.exited).toBe(0);
    expect(holder.output()).toMatch(/committed \d+/);
    const ids = await bookingExternalIds(file);
    expect(ids).toContain('written while paused');
    expect(ids).not.toContain('while locked');
  });
});

describe('options', () => {
  it('refuses a seed or size out of range before touching a data file', async () => {
    const file = dataFile();
    await expect(startSandbox({ now: NOW, size: 0 })).rejects.toThrow(/size must be an integer from 1 to 200000/);
    await expect(startSandbox({ now: NOW, dataFile: file, size: 200_001 })).rejects.toThrow(RangeError);
    await expect(startSandbox({ now: NOW, seed: -1 })).rejects.toThrow(/seed/);
    await expect(resetSandbox(file, { now: NOW, size: 1.5 })).rejects.toThrow(RangeError);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('refuses a TREK_LOCK_WAIT_MS that is not a number of milliseconds', async () => {
    const previous = process.env.TREK_LOCK_WAIT_MS;
    process.env.TREK_LOCK_WAIT_MS = 'soon';
    try {
      await expect(startSandbox({ now: NOW, dataFile: dataFile() })).rejects.toThrow('TREK_LOCK_WAIT_MS must be a whole number of milliseconds from 0 to 600000 (got "soon")');
    } finally {
      if (previous === undefined) delete process.env.TREK_LOCK_WAIT_MS;
      else process.env.TREK_LOCK_WAIT_MS = previous;
    }
  });
});
