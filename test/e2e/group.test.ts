/**
 * Issue 21 end to end: `bin/trek group import|export` as a user runs them, against a sandbox on
 * port 0 (in this process) or a `trek sandbox serve` child (for kills, Ctrl-C and the rate
 * limit). Customers are counted through the sandbox (GET /customers/, the agency's), by a last
 * name unique to each test, so an orphan made twice would be counted.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseManifest } from '../../src/commands/group/manifest.js';
import { clientOf, cleanEnv, freshHome, REPO, runTrek, startServer, TREK_BIN, useTrekAgainstSandbox, watch, type Server } from './trek-process.js';
import { expectOk, type HttpClient } from '../helpers/sandbox-client.js';

const HEADER = 'name.title,name.legal_first_name,name.legal_last_name,date_of_birth,account_email,phone_numbers';

/** A manifest of `count` travellers whose last names all contain `tag`. */
function manifest(dir: string, tag: string, count: number, name = `${tag}.csv`): string {
  const rows = Array.from(
    { length: count },
    (_, i) => `${i % 2 ? 'Mr' : 'Ms'},Traveller${i + 1},${tag}${i + 1},${1950 + i}-0${(i % 9) + 1}-1${i % 10},t${i + 1}@${tag.toLowerCase()}.example,MOBILE:+1-555-01${String(i).padStart(2, '0')}`,
  );
  const file = join(dir, name);
  writeFileSync(file, `${HEADER}\n${rows.join('\n')}\n`);
  return file;
}

const api = (client: HttpClient, path: string) => expectOk(client, 'GET', path);

/** Every customer of the key's agency whose last name contains `tag`, all pages. */
async function customersTagged(client: HttpClient, tag: string): Promise<Array<{ id: string; name: { legal_last_name: string } }>> {
  const found = [];
  let path: string | undefined = `/customers/?name.legal_last_name=${tag}&max_per_page=100`;
  while (path) {
    const page = await api(client, path);
    found.push(...page.results);
    path = page.links.find((l: { rel: string }) => l.rel === 'next')?.href;
  }
  return found;
}

function journalRecords(file: string): Array<{ t: string; line?: number; customer?: string }> {
  return readFileSync(`${file}.journal`, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

describe('trek group import against a sandbox', () => {
  const t = useTrekAgainstSandbox();
  const env = () => t.env();
  const dir = () => env().TREK_HOME;

  it('21.1 a 30-row CSV creates 30 customers and one departure service holding them all', async () => {
    const file = manifest(dir(), 'Thirty', 30);
    const rows = await t.trekJson('group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', '100014');
    expect(rows).toHaveLength(30);
    expect(rows.map((r: any) => r.line)).toEqual(Array.from({ length: 30 }, (_, i) => i + 2));
    expect(new Set(rows.map((r: any) => r.import))).toEqual(new Set(['created']));
    const serviceIds = new Set(rows.map((r: any) => r.service_id));
    expect(serviceIds.size).toBe(1);
    const customers = await customersTagged(t.client(), 'Thirty');
    expect(customers).toHaveLength(30);
    const booking = rows[0].booking_id;
    const services = await api(t.client(), `/bookings/${booking}/services/`);
    expect(services.results).toHaveLength(1);
    expect(services.results[0]).toMatchObject({ id: [...serviceIds][0], type: 'departure_services', status: 'Option' });
    expect(services.results[0].customers.map((c: any) => c.id)).toEqual(rows.map((r: any) => r.customer_id));

    // Run again: nothing is sent twice.
    const again = await t.trekJson('group', 'import', file, '--booking', booking, '--departure', '100014');
    expect(again.map((r: any) => r.import)).toEqual(Array(30).fill('already imported'));
    expect(await customersTagged(t.client(), 'Thirty')).toHaveLength(30);
    expect((await api(t.client(), `/bookings/${booking}/services/`)).results).toHaveLength(1);

    // A row changed under a journalled line is refused before anything is sent.
    writeFileSync(file, readFileSync(file, 'utf8').replace('Traveller5,', 'Trav5,'));
    const changed = await t.trek('group', 'import', file, '--booking', booking, '--departure', '100014');
    expect(changed.code).toBe(2);
    expect(changed.stderr).toContain(`line 6 was imported as customer ${rows[4].customer_id} from other values than it holds now`);
  });

  it('21.3 a manifest with a bad row fails before any request, naming line and column', async () => {
    const file = join(dir(), 'bad.csv');
    writeFileSync(file, `${HEADER}\nMs,Ada,Badrow,1815-12-10,,\nDr,Alan,Badrow,1912-06-23,,\nMr,Charles,,1791-12-26,,\nMs,Grace,Badrow,1906-13-09,,\n`);
    const run = await t.trek('group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', '100001');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('bad.csv:3: column A (name.title): must be one of Mr, Mrs, Ms, Miss, Mx, got "Dr"');
    expect(run.stderr).toContain('bad.csv:4: column C (name.legal_last_name): required, and empty');
    expect(run.stderr).toContain('bad.csv:5: column D (date_of_birth):');
    expect(existsSync(`${file}.journal`)).toBe(false);
    expect(await customersTagged(t.client(), 'Badrow')).toHaveLength(0);
  });

  it('21.4 a group larger than the places left is refused before anything is created, naming the places left', async () => {
    const file = manifest(dir(), 'Fortyone', 41);
    const run = await t.trek('group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', '100013');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/departure 100013 \(.+\) has 40 places left and the group needs 41; nothing was created/);
    expect(await customersTagged(t.client(), 'Fortyone')).toHaveLength(0);
    // Forty fit.
    writeFileSync(file, readFileSync(file, 'utf8').trimEnd().split('\n').slice(0, 41).join('\n') + '\n');
    const rows = await t.trekJson('group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', '100013');
    expect(rows).toHaveLength(40);
    expect((await api(t.client(), '/departures/100013/')).availability).toMatchObject({ status: 'WAIT_LIST', total: 0, spaces_remaining: 0 });
  });

  it('21.2 an answer lost after the server acted (a "sent" record without its "created") is found, not created twice', async () => {
    const file = manifest(dir(), 'Lostanswer', 3);
    const [row] = parseManifest(file, readFileSync(file, 'utf8'), '2027-01-10').rows;
    // The POST the killed run sent, which the server carried out.
    const made: { id: string } = await expectOk(t.client(), 'POST', '/customers/', { body: row.customer });
    writeFileSync(
      `${file}.journal`,
      [
        { t: 'import', v: 1, departure: '100001', currency: 'CAD' },
        { t: 'sent', line: 2, digest: row.digest },
      ]
        .map((r) => JSON.stringify(r) + '\n')
        .join(''),
    );
    const rows = await t.trekJson('group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', '100001');
    expect(rows.map((r: any) => [r.line, r.import])).toEqual([
      [2, 'found'],
      [3, 'created'],
      [4, 'created'],
    ]);
    expect(rows[0].customer_id).toBe(made.id);
    expect(await customersTagged(t.client(), 'Lostanswer')).toHaveLength(3);
  });

  it('21.2 a new booking and a departure service whose answers were lost (sent, then killed) are found, not made twice', async () => {
    const file = manifest(dir(), 'Lostbooking', 2);
    const rows = parseManifest(file, readFileSync(file, 'utf8'), '2027-01-10').rows;
    // What the killed run sent, which the server carried out: the booking, both customers, the service.
    const externalId = 'trek-group-lostbooking';
    const booking: { id: string } = await expectOk(t.client(), 'POST', '/bookings/', { body: { currency: 'CAD', external_id: externalId } });
    const customers: string[] = [];
    for (const row of rows) customers.push((await expectOk(t.client(), 'POST', '/customers/', { body: row.customer })).id);
    const service: { id: string } = await expectOk(t.client(), 'POST', '/departure_services/', {
      body: { booking: { id: booking.id }, product: { id: '100001' }, customers: customers.map((id) => ({ id })) },
    });
    const journal = [
      { t: 'import', v: 1, departure: '100001', currency: 'CAD' },
      { t: 'booking-sent', external_id: externalId },
      ...rows.flatMap((row, i) => [
        { t: 'sent', line: row.line, digest: row.digest },
        { t: 'created', line: row.line, digest: row.digest, customer: customers[i] },
      ]),
      { t: 'service-sent', customers },
    ];
    writeFileSync(`${file}.journal`, journal.map((r) => JSON.stringify(r) + '\n').join(''));

    const out = await t.trekJson('group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', '100001');
    expect(out.map((r: any) => [r.import, r.booking_id, r.service_id])).toEqual([
      ['already imported', booking.id, service.id],
      ['already imported', booking.id, service.id],
    ]);
    expect((await api(t.client(), `/bookings/${booking.id}/services/`)).results).toHaveLength(1);
    expect(
      journalRecords(file)
        .slice(journal.length)
        .map((r) => r.t),
    ).toEqual(['booking', 'service']);
  });

  it('21.5 two imports of one manifest cannot run at once: the second is refused naming the running one', async () => {
    const file = manifest(dir(), 'Locked', 2);
    writeFileSync(`${file}.journal.lock`, `${process.pid} ${hostname()} held-by-test\n`);
    const run = await t.trek('group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', '100001');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`another import is running with the journal ${file}.journal (process ${process.pid})`);
    expect(await customersTagged(t.client(), 'Locked')).toHaveLength(0);
  });

  it('21.6 --dry-run shows the plan and sends nothing', async () => {
    const file = manifest(dir(), 'Dryrun', 3);
    const plan = await t.trekJson('group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', '100001', '--dry-run');
    expect(plan.map((r: any) => [r.line, r.import, r.customer_id])).toEqual([
      [2, 'create', null],
      [3, 'create', null],
      [4, 'create', null],
    ]);
    expect(existsSync(`${file}.journal`)).toBe(false);
    expect(await customersTagged(t.client(), 'Dryrun')).toHaveLength(0);
  });

  it('21.6 --dry-run of a group larger than the places left is refused as the import would be, naming the places', async () => {
    // 100014, a group departure: one traveller more than the places other tests left on it.
    const places = (await api(t.client(), '/departures/100014/')).availability.spaces_remaining as number;
    const file = manifest(dir(), 'Dryfull', places + 1);
    const run = await t.trek('group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', '100014', '--dry-run');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`has ${places} places left and the group needs ${places + 1}; nothing was created`);
    expect(run.stdout).toBe('');
    expect(existsSync(`${file}.journal`)).toBe(false);
  });

  it('21.7 group export writes the manifest back: importing it makes the same travellers (csv and ndjson)', async () => {
    const file = join(dir(), 'roundtrip.csv');
    writeFileSync(
      file,
      'name.title,name.legal_first_name,name.legal_middle_name,name.legal_last_name,date_of_birth,passport.number,passport.expiry_date,phone_numbers,address.city,address.latitude,meal_notes\n' +
        'Ms,Ada,Augusta,Roundtrip,1815-12-10,P1,2031-05-01,"MOBILE:+44 20 7946 0000; HOME:+44-20-7946-0001",London,51.5,"=1+2, no nuts"\n' +
        'Mr,Alan,,Roundtrip,1912-06-23,,,,"Wilmslow, Cheshire",,\n' +
        'Mx,Sam,,Roundtrip,,,,,,,-vegan\n',
    );
    const rows = await t.trekJson('group', 'import', file, '--new-booking', '--currency', 'USD', '--departure', '100001');
    const exported = await t.trek('group', 'export', '--booking', rows[0].booking_id);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain(`'=1+2, no nuts`);
    const back = join(dir(), 'exported.csv');
    writeFileSync(back, exported.stdout);
    const digests = (path: string) => parseManifest(path, readFileSync(path, 'utf8'), '2027-01-10').rows.map((r) => r.digest);
    expect(digests(back)).toEqual(digests(file));

    const ndjson = await t.trek('group', 'export', '--booking', rows[0].booking_id, '-o', 'ndjson');
    const backNdjson = join(dir(), 'exported.ndjson');
    writeFileSync(backNdjson, ndjson.stdout);
    expect(digests(backNdjson)).toEqual(digests(file));

    const again = await t.trekJson('group', 'import', back, '--new-booking', '--currency', 'USD', '--departure', '100004');
    expect(again.map((r: any) => r.import)).toEqual(['created', 'created', 'created']);
    const table = await t.trek('group', 'export', '--booking', rows[0].booking_id, '-o', 'table');
    expect(table.code).toBe(2);
    expect(table.stderr).toContain('a manifest is written as csv or ndjson');
  });
});

// The two blocks against a served sandbox each have their own server: they run at once (the
// rate-limited import mostly waits out its limit); the tests of a block one after another, as they
// share their server's faults.
describe.concurrent('trek group import against trek sandbox serve', () => {
  let server: Server;
  let home: string;
  const env = () => ({ TREK_HOME: home, TREK_BASE_URL: server.baseUrl, TREK_API_KEY: server.apiKey, NO_COLOR: '1', LANG: 'C.UTF-8' });
  beforeAll(async () => {
    home = freshHome();
    server = await startServer(['--memory'], { TREK_HOME: home });
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  async function slowCreations(on: boolean): Promise<void> {
    if (on) await expectOk(clientOf(server), 'POST', '/_sandbox/faults', { body: { delay_ms: 60, path: '/customers', method: 'POST' }, key: 'operator' });
    else await expectOk(clientOf(server), 'DELETE', '/_sandbox/faults', { key: 'operator' });
  }

  /** `trek group import` started, and stopped with `signal` once the journal holds ~10 creations. */
  async function stopAfterTen(file: string, signal: NodeJS.Signals) {
    const child = spawn(process.execPath, [TREK_BIN, 'group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', '100001', '--concurrency', '2'], {
      cwd: REPO,
      env: cleanEnv(env()),
    });
    const watched = watch(child);
    const created = () => (existsSync(`${file}.journal`) ? journalRecords(file).filter((r) => r.t === 'created').length : 0);
    while (created() < 10) {
      if (child.exitCode !== null) throw new Error(`the import ended before 10 creations: ${watched.stderr()}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    child.kill(signal);
    return watched.exited;
  }

  it.sequential('21.2 killed (SIGKILL) after ~10 creations, a re-run ends with exactly 30 customers and one service', async () => {
    const file = manifest(home, 'Killed', 30);
    await slowCreations(true);
    const killed = await stopAfterTen(file, 'SIGKILL');
    await slowCreations(false);
    expect(killed.signal).toBe('SIGKILL');
    const before = await customersTagged(clientOf(server), 'Killed');
    expect(before.length).toBeGreaterThanOrEqual(10);
    expect(before.length).toBeLessThan(30);

    const rerun = await runTrek(['group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', '100001', '-o', 'json'], env());
    expect(rerun.code, rerun.stderr).toBe(0);
    const rows = JSON.parse(rerun.stdout);
    const customers = await customersTagged(clientOf(server), 'Killed');
    expect(customers).toHaveLength(30);
    expect(new Set(rows.map((r: any) => r.customer_id))).toEqual(new Set(customers.map((c) => c.id)));
    const services = await api(clientOf(server), `/bookings/${rows[0].booking_id}/services/`);
    expect(services.results).toHaveLength(1);
    expect(services.results[0].customers).toHaveLength(30);
  });

  it.sequential('21.4 Ctrl-C stops cleanly: creations under way finish and are journalled, exit 130, and a re-run finishes', async () => {
    const file = manifest(home, 'Interrupted', 30);
    await slowCreations(true);
    const stopped = await stopAfterTen(file, 'SIGINT');
    await slowCreations(false);
    expect(stopped.code, stopped.stderr).toBe(130);
    expect(stopped.stderr).toMatch(/interrupted: \d+ of 30 travellers are created and journalled/);
    const records = journalRecords(file);
    const journalled = records.filter((r) => r.t === 'created').map((r) => r.customer);
    // Every creation sent was answered and journalled: none is left to look for.
    expect(records.filter((r) => r.t === 'sent').length).toBe(journalled.length);
    expect((await customersTagged(clientOf(server), 'Interrupted')).map((c) => c.id).sort()).toEqual([...journalled].sort());

    const rerun = await runTrek(['group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', '100001', '-o', 'json'], env());
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(await customersTagged(clientOf(server), 'Interrupted')).toHaveLength(30);
  });
});

describe.concurrent('trek group import against a rate-limited sandbox', () => {
  let server: Server;
  let home: string;
  beforeAll(async () => {
    home = freshHome();
    server = await startServer(['--memory', '--rate-limit', '5/s'], { TREK_HOME: home });
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('21.3 with --rate-limit 5/s the import completes, without a duplicate and without exit 6', async () => {
    // Twelve travellers make some fifteen requests: three seconds of the limit, each past its first five.
    const file = manifest(home, 'Ratelimited', 12);
    // With -o json the client's notices show only with --verbose.
    const run = await runTrek(['group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', '100001', '-o', 'json', '--verbose'], {
      TREK_HOME: home,
      TREK_BASE_URL: server.baseUrl,
      TREK_API_KEY: server.apiKey,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('rate limited');
    // Counted slowly enough for the limit.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await customersTagged(clientOf(server), 'Ratelimited')).toHaveLength(12);
  });
});
