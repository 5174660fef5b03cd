import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetSandbox, startSandbox } from '../../src/sandbox/index.js';
import { clientFor, collectPages } from './helpers.js';

let dir: string;
let bundle: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trek-sandbox-'));
  // Child processes cannot load TypeScript: they run the sandbox from a bundle of the source.
  bundle = join(dir, 'sandbox.mjs');
  await build({ entryPoints: ['src/sandbox/index.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: bundle, logLevel: 'error' });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileCount = 0;
const dataFile = () => join(dir, `state-${++fileCount}.json`);

async function bookingExternalIds(file: string): Promise<string[]> {
  const sandbox = await startSandbox({ dataFile: file });
  try {
    const all = await collectPages(clientFor(sandbox), '/bookings/?max_per_page=100');
    return all.map((b) => b.external_id);
  } finally {
    await sandbox.close();
  }
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

    const second = await startSandbox({ dataFile: file });
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
    await expect(startSandbox({ dataFile: file })).rejects.toThrow(file);
    await expect(startSandbox({ dataFile: file })).rejects.toThrow(/version 2/);
    await expect(resetSandbox(file)).rejects.toThrow(file);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('refuses a file that is not JSON and leaves it as it was', async () => {
    const file = dataFile();
    writeFileSync(file, 'not json');
    await expect(startSandbox({ dataFile: file })).rejects.toThrow(/not a sandbox snapshot/);
    expect(readFileSync(file, 'utf8')).toBe('not json');
  });

  it('refuses a data file it cannot read or lock as a SnapshotError naming it', async () => {
    const blocker = dataFile();
    writeFileSync(blocker, '');
    // The snapshot's folder is a file: neither readable nor creatable.
    const file = join(blocker, 'state.json');
    await expect(startSandbox({ dataFile: file })).rejects.toMatchObject({ name: 'SnapshotError', message: `cannot read the sandbox snapshot ${file}: ENOTDIR: not a directory, open '${file}'` });
    await expect(resetSandbox(file)).rejects.toMatchObject({ name: 'SnapshotError', message: expect.stringContaining(`cannot lock the sandbox snapshot ${file}: EEXIST`) });
  });

  it('resets a data file to a fresh seed', async () => {
    const file = dataFile();
    const sandbox = await startSandbox({ dataFile: file, size: 30 });
    await clientFor(sandbox).post('/bookings/', { currency: 'CAD', external_id: 'gone after reset' });
    const before = (await clientFor(sandbox).get('/departures/100011')).json;
    await sandbox.close();
    await resetSandbox(file, { seed: 7 });
    expect(await bookingExternalIds(file)).not.toContain('gone after reset');
    const after = await startSandbox({ dataFile: file });
    const departure = (await clientFor(after).get('/departures/100011')).json;
    expect(departure.id).toBe(before.id);
    expect(departure).not.toEqual(before);
    expect((await clientFor(after).get('/departures/100031')).status).toBe(404); // size 30 kept
    await after.close();
  });

  it('removes temp files of writers that died before renaming, and only those', async () => {
    const file = dataFile();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    const orphan = `${file}.${dead.pid}.abc.tmp`;
    const live = `${file}.${process.pid}.def.tmp`;
    writeFileSync(orphan, '{');
    writeFileSync(live, '{');
    const sandbox = await startSandbox({ dataFile: file });
    await sandbox.close();
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(live)).toBe(true);
    rmSync(live);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const file = dataFile();
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(`${file}.lock`, `${dead.pid} ${new Date().toISOString()}\n`);
    const sandbox = await startSandbox({ dataFile: file });
    expect((await clientFor(sandbox).post('/bookings/', { currency: 'CAD' })).status).toBe(201);
    await sandbox.close();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});

describe('several sandboxes on one data file', () => {
  it('two in one process creating bookings at once lose none and see each other', async () => {
    const file = dataFile();
    const a = clientFor(await startSandbox({ dataFile: file }));
    const b = clientFor(await startSandbox({ dataFile: file }));
    const posts = Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).post('/bookings/', { currency: 'CAD', external_id: `both-${i}` }));
    const answers = await Promise.all(posts);
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201));
    expect(new Set(answers.map((r) => r.json.id)).size).toBe(60);
    const createdByB = answers[0]!.json.id;
    expect((await a.get(`/bookings/${createdByB}`)).status).toBe(200);
    await a.sandbox.close();
    await b.sandbox.close();
    const ids = await bookingExternalIds(file);
    for (let i = 0; i < 60; i++) expect(ids).toContain(`both-${i}`);
  });

  it('eight child processes creating bookings at once lose none', async () => {
    const file = dataFile();
    const script = join(dir, 'create.mjs');
    writeFileSync(
      script,
      `import { startSandbox } from ${JSON.stringify(bundle)};
const [file, count, tag] = process.argv.slice(2);
const sb = await startSandbox({ dataFile: file });
const post = (i) => fetch(sb.baseUrl + '/bookings/', { method: 'POST', headers: { 'x-application-key': sb.apiKey, 'content-type': 'application/json' }, body: JSON.stringify({ currency: 'CAD', external_id: tag + '-' + i }) })
  .then(async (r) => { if (r.status !== 201) throw new Error(r.status + ' ' + await r.text()); return (await r.json()).id; });
const ids = await Promise.all(Array.from({ length: Number(count) }, (_, i) => post(i)));
process.stdout.write(JSON.stringify(ids));
await sb.close();
`,
    );
    const run = (tag: string) =>
      new Promise<string[]>((resolve, reject) => {
        const child = spawn(process.execPath, [script, file, '15', tag]);
        let out = '';
        let err = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (err += d));
        child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`child ${tag} exited ${code}: ${err}`))));
      });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => run(`p${i}`)));
    expect(new Set(results.flat()).size).toBe(120);
    const ids = await bookingExternalIds(file);
    for (let p = 0; p < 8; p++) for (let i = 0; i < 15; i++) expect(ids).toContain(`p${p}-${i}`);
  });

  it('keeps every booking answered 201 when the server is killed with SIGKILL', async () => {
    const file = dataFile();
    const script = join(dir, 'serve.mjs');
    writeFileSync(script, `import { startSandbox } from ${JSON.stringify(bundle)};\nconst sb = await startSandbox({ dataFile: process.argv[2] });\nprocess.stdout.write(sb.baseUrl + ' ' + sb.apiKey + '\\n');\n`);
    const child: ChildProcess = spawn(process.execPath, [script, file]);
    const [baseUrl, apiKey] = await new Promise<string[]>((resolve) => child.stdout!.once('data', (d) => resolve(String(d).trim().split(' '))));
    const created: string[] = [];
    const posts = Array.from({ length: 200 }, (_, i) =>
      fetch(`${baseUrl}/bookings/`, { method: 'POST', headers: { 'x-application-key': apiKey!, 'content-type': 'application/json' }, body: JSON.stringify({ currency: 'CAD', external_id: `k-${i}` }) })
        .then(async (r) => {
          if (r.status === 201) created.push(((await r.json()) as { external_id: string }).external_id);
        })
        .catch(() => undefined),
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // Kill mid-stream, once a few are confirmed: some requests are answered, the rest never are.
    for (const started = Date.now(); created.length < 5 && Date.now() - started < 10_000; ) await new Promise((resolve) => setTimeout(resolve, 2));
    child.kill('SIGKILL');
    await Promise.all([exited, ...posts]);
    const ids = await bookingExternalIds(file);
    expect(created.length).toBeGreaterThanOrEqual(5);
    expect(created.length).toBeLessThan(200);
    for (const id of created) expect(ids).toContain(id);
  });
});

describe('options', () => {
  it('refuses a seed or size out of range before touching a data file', async () => {
    const file = dataFile();
    await expect(startSandbox({ size: 0 })).rejects.toThrow(/size must be an integer from 1 to 200000/);
    await expect(startSandbox({ dataFile: file, size: 200_001 })).rejects.toThrow(RangeError);
    await expect(startSandbox({ seed: -1 })).rejects.toThrow(/seed/);
    await expect(resetSandbox(file, { size: 1.5 })).rejects.toThrow(RangeError);
    expect(existsSync(file)).toBe(false);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});
