/**
 * Issue 16 acceptance, through `node bin/trek` on the built-in sandbox: faults added by one
 * command reach the next, and trek's own retries behave as docs/choices.md's retry row says —
 * GET on 429, 502, 503, 504 and dropped connections; a POST only when the server provably did
 * not act (429); at most 4 attempts.
 */
import { describe, expect, it } from 'vitest';
import { freshHome, runTrek, type Finished } from './trek-process.js';

/** A fresh built-in sandbox for each test: faults and bookings of one never reach another. */
function builtIn() {
  const env = { TREK_HOME: freshHome(), NO_COLOR: '1', LANG: 'C.UTF-8' };
  const trek = (...args: string[]): Promise<Finished> => runTrek(args, env);
  return {
    trek,
    async faults(): Promise<any[]> {
      const run = await trek('sandbox', 'faults', 'list', '-o', 'json');
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout);
    },
    async bookings(): Promise<number> {
      const run = await trek('api', 'GET', '/bookings/', '--paginate');
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout).length;
    },
  };
}

/** The statuses of the answers a --verbose trace shows, in order. */
const tracedStatuses = (stderr: string) => [...stderr.matchAll(/^< (\d{3}) /gm)].map((m) => Number(m[1]));

// Each test has a built-in sandbox of its own and mostly waits (on retries' back-off, on trek): they run at once.
describe.concurrent('16 trek retries against injected faults, on the built-in sandbox', () => {
  it('16 faults add --status 503 --count 2, then search departures succeeds after two retries, which --verbose shows', async () => {
    const { trek, faults } = builtIn();
    const added = await trek('sandbox', 'faults', 'add', '--status', '503', '--count', '2');
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain('503 to * (any method), the next 2 requests');
    const search = await trek('search', 'departures', '--limit', '3', '--verbose', '-o', 'json');
    expect(search.code, search.stderr).toBe(0);
    expect(JSON.parse(search.stdout)).toHaveLength(3);
    expect(tracedStatuses(search.stderr)).toEqual([503, 503, 200]);
    expect(search.stderr).toMatch(/HTTP 503 Service Unavailable from GET .*; retrying in [\d.]+s \(attempt 2\/4\)/);
    expect(search.stderr).toMatch(/retrying in [\d.]+s \(attempt 3\/4\)/);
    expect(await faults()).toEqual([]);
  });

  it('16 with --count 10 search departures gives up after 4 attempts and exits 7', async () => {
    const { trek, faults } = builtIn();
    expect((await trek('sandbox', 'faults', 'add', '--status', '503', '--count', '10')).code).toBe(0);
    const search = await trek('search', 'departures', '--limit', '3', '--verbose');
    expect(search.code).toBe(7);
    expect(tracedStatuses(search.stderr)).toEqual([503, 503, 503, 503]);
    expect(search.stdout).toBe('');
    expect((await faults())[0]).toMatchObject({ status: 503, count: 10, remaining: 6 });
  });

  it('16 a POST under a 429 fault is retried (the server provably did not act): one booking is made', async () => {
    const { trek, bookings } = builtIn();
    const before = await bookings();
    expect((await trek('sandbox', 'faults', 'add', '--status', '429', '--path', '/bookings*', '--method', 'POST', '--count', '1', '--retry-after', '1')).code).toBe(0);
    const created = await trek('booking', 'create', '--currency', 'CAD', '--verbose', '-o', 'json');
    expect(created.code, created.stderr).toBe(0);
    expect(tracedStatuses(created.stderr)).toEqual([429, 201]);
    expect(created.stderr).toMatch(/rate limited; retrying in 1\.0s \(attempt 2\/4\)/);
    expect(await bookings()).toBe(before + 1);
  });

  it('16 a POST under a 503 fault is not retried (a retried POST could book twice): exit 7, no booking', async () => {
    const { trek, bookings, faults } = builtIn();
    const before = await bookings();
    expect((await trek('sandbox', 'faults', 'add', '--status', '503', '--path', '/bookings*', '--method', 'POST')).code).toBe(0);
    const created = await trek('booking', 'create', '--currency', 'CAD', '--verbose');
    expect(created.code).toBe(7);
    expect(tracedStatuses(created.stderr)).toEqual([503]);
    expect(created.stderr).not.toContain('retrying');
    expect(await bookings()).toBe(before);
    expect(await faults()).toHaveLength(1);
  });

  it('16 a POST still rate limited after 4 attempts exits 6', async () => {
    const { trek, bookings } = builtIn();
    const before = await bookings();
    expect((await trek('sandbox', 'faults', 'add', '--status', '429', '--method', 'POST', '--retry-after', '0')).code).toBe(0);
    const created = await trek('booking', 'create', '--currency', 'CAD', '--verbose');
    expect(created.code).toBe(6);
    expect(tracedStatuses(created.stderr)).toEqual([429, 429, 429, 429]);
    expect(await bookings()).toBe(before);
  });

  it('16 a dropped connection: a GET is retried and succeeds, a POST is not retried and exits 7', async () => {
    const { trek, bookings } = builtIn();
    expect((await trek('sandbox', 'faults', 'add', '--drop', '--path', '/departures*', '--count', '1')).code).toBe(0);
    const search = await trek('search', 'departures', '--limit', '2', '-o', 'json', '--verbose');
    expect(search.code, search.stderr).toBe(0);
    // With -o json, notices show only with --verbose.
    expect(search.stderr).toMatch(/connection reset by .* retrying in/);
    expect(JSON.parse(search.stdout)).toHaveLength(2);

    const before = await bookings();
    expect((await trek('sandbox', 'faults', 'add', '--drop', '--path', '/bookings*', '--method', 'POST', '--count', '1')).code).toBe(0);
    const created = await trek('booking', 'create', '--currency', 'CAD');
    expect(created.code).toBe(7);
    expect(created.stderr).toContain('connection reset');
    expect(created.stderr).not.toContain('retrying');
    expect(await bookings()).toBe(before);
  });

  it("16 a slow answer past trek's --timeout: exit 7 at the timeout, and the command does not wait for the delay to end", async () => {
    const { trek } = builtIn();
    expect((await trek('sandbox', 'faults', 'add', '--delay', '120000', '--path', '/departures*')).code).toBe(0);
    // Were the in-process sandbox to go on waiting, the command would end after 120 s, past this test's time limit.
    const search = await trek('search', 'departures', '--timeout', '1');
    expect(search.code).toBe(7);
    expect(search.stderr).toContain('no response within 1s (--timeout)');
  });

  it('16 faults list shows what each fault does; faults clear removes one, then all', async () => {
    const { trek, faults } = builtIn();
    expect((await trek('sandbox', 'faults', 'add', '--status', '500', '--rate', '25%')).code).toBe(0);
    expect((await trek('sandbox', 'faults', 'add', '--delay', '10', '--path', '/tour_dossiers/*')).code).toBe(0);
    const listed = await faults();
    expect(listed.map((f) => [f.status, f.rate, f.path, f.delay_ms])).toEqual([
      [500, 0.25, '*', null],
      [null, null, '/tour_dossiers/*', 10],
    ]);
    const one = await trek('sandbox', 'faults', 'clear', listed[0].id);
    expect([one.code, one.stderr]).toEqual([0, `✓ Fault ${listed[0].id} cleared [sandbox]\n`]);
    expect((await faults()).map((f) => f.id)).toEqual([listed[1].id]);
    const all = await trek('sandbox', 'faults', 'clear');
    expect([all.code, all.stderr]).toEqual([0, '✓ Cleared 1 fault: the sandbox answers normally [sandbox]\n']);
    expect(await faults()).toEqual([]);
    const missing = await trek('sandbox', 'faults', 'clear', listed[0].id);
    expect(missing.code).toBe(4);
  });
});
