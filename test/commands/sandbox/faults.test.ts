/**
 * Issue 16: `trek sandbox faults add|list|clear` and `trek sandbox serve --rate-limit`: flags
 * checked before anything is sent (exit 2), the operator key sent and redacted, the table.
 */
import { describe, expect, it } from 'vitest';
import { faultOfFlags, parseRate } from '../../../src/commands/sandbox/faults/add.js';
import { describeFault } from '../../../src/commands/sandbox/faults/view.js';
import type { Fault } from '../../../src/domain/faults.js';
import { newServeCmd, parseRateLimit, type ServeOptions } from '../../../src/commands/sandbox/serve.js';
import { main } from '../../../src/main.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();
const servers = useHostileServers();

const flags = (more: Record<string, unknown>) => ({ path: '*', ...more }) as Parameters<typeof faultOfFlags>[0];

describe('16 trek sandbox faults add: flags', () => {
  it('16 sends only what was given, method upper-cased and rate as a share', () => {
    expect(faultOfFlags(flags({ status: '503', count: '2' }))).toEqual({ status: 503, path: '*', count: 2 });
    expect(faultOfFlags(flags({ status: '429', path: '/bookings*', method: 'post', retryAfter: '5' }))).toEqual({ status: 429, path: '/bookings*', method: 'POST', retry_after: 5 });
    expect(faultOfFlags(flags({ drop: true, rate: '25%' }))).toEqual({ path: '*', drop: true, rate: 0.25 });
    expect(faultOfFlags(flags({ delay: '3000' }))).toEqual({ path: '*', delay_ms: 3000 });
    expect([parseRate('0.5'), parseRate('100%'), parseRate('1')]).toEqual([0.5, 1, 1]);
  });

  it.each([
    [{ status: '302' }, '--status must be one of 400, 401, 403, 404, 405, 406, 410, 424, 429, 500, 502, 503, 504'],
    [{ status: '503', count: '2', rate: '0.5' }, 'give --count or --rate, not both'],
    [{ status: '503', drop: true }, 'give --drop or --status, not both'],
    [{ retryAfter: '5', delay: '10' }, '--retry-after goes with a --status'],
    [{ method: 'GET' }, 'give --status, --drop or --delay'],
    [{ status: '503', path: 'bookings' }, '--path: a path pattern starts with /'],
    [{ status: '503', method: 'TRACE' }, '--method must be one of GET, HEAD, POST, PATCH, PUT, DELETE'],
    [{ status: '503', count: '0' }, '--count must be at least 1'],
    [{ status: '503', rate: '0' }, '--rate must be a share of requests above 0, up to 1'],
    [{ status: '503', rate: '150%' }, '--rate must be a share of requests above 0, up to 1'],
    [{ delay: '500000' }, '--delay must be at most 120000'],
  ])('16 refuses %j: %s', (given, message) => {
    expect(() => faultOfFlags(flags(given))).toThrow(message);
  });

  it('16 a fault is told in one line: what it answers, to which requests, how often', () => {
    const fault = (more: Partial<Fault>): Fault => ({
      id: '1',
      href: '/_sandbox/faults/1',
      status: null,
      path: '*',
      method: null,
      count: null,
      remaining: null,
      rate: null,
      retry_after: null,
      delay_ms: null,
      drop: false,
      date_created: '2027-01-10T15:00:00Z',
      ...more,
    });
    expect(describeFault(fault({ status: 503, count: 1, remaining: 1 }))).toBe('503 to * (any method), the next request');
    expect(describeFault(fault({ status: 500, rate: 0.125 }))).toBe('500 to * (any method), 12.5% of requests');
    expect(describeFault(fault({ drop: true, delay_ms: 200, method: 'POST', path: '/bookings*' }))).toBe('a dropped connection after 200 ms to POST /bookings*, every request');
    expect(describeFault(fault({ delay_ms: 3000, path: '/departures/*' }))).toBe('a slow answer (3000 ms) to /departures/* (any method), every request');
    expect(describeFault(fault({ status: 503, path: '/\u001b]0;x\u0007*' }))).not.toContain('\u001b');
  });

  it('16 --status and --method complete to the values the sandbox takes', async () => {
    for (const [flag, expected] of [
      ['--status', ['400', '401', '403', '404', '405', '406', '410', '424', '429', '500', '502', '503', '504']],
      ['--method', ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE']],
    ] as const) {
      const t = testFactory();
      expect(await main(['__complete', 'sandbox', 'faults', 'add', flag, ''], t.f)).toBe(0);
      expect(
        t
          .out()
          .split('\n')
          .filter((line) => line !== '' && !line.startsWith(':'))
          .map((line) => line.split('\t')[0]),
      ).toEqual(expected);
    }
  });

  it('16 bad flags exit 2 before any request', async () => {
    const hostile = await servers.start((_req, res) => res.writeHead(500).end());
    for (const args of [
      ['add', '--status', '200'],
      ['add', '--count', '2'],
      ['add', '--status', '503', '--rate', 'x'],
    ]) {
      const t = testFactory({ baseUrl: hostile.url, apiKey: 'k', env: { TREK_SANDBOX_OPERATOR_KEY: 'op' } });
      expect(await main(['sandbox', 'faults', ...args], t.f)).toBe(2);
    }
    expect(hostile.requests).toEqual([]);
  });

  it('16 faults need the operator key on a served sandbox: without TREK_SANDBOX_OPERATOR_KEY nothing is sent (exit 2)', async () => {
    const hostile = await servers.start((_req, res) => res.writeHead(500).end());
    for (const args of [['add', '--status', '503'], ['list'], ['clear']]) {
      const t = testFactory({ baseUrl: hostile.url, apiKey: 'k' });
      expect(await main(['sandbox', 'faults', ...args], t.f)).toBe(2);
      expect(t.err()).toContain('TREK_SANDBOX_OPERATOR_KEY');
    }
    expect(hostile.requests).toEqual([]);
  });
});

describe('16 trek sandbox faults against a served sandbox', () => {
  it('16 --dry-run shows the request with the operator key redacted and adds nothing', async () => {
    const t = await sandbox.trek(['sandbox', 'faults', 'add', '--status', '503', '--path', '/departures*', '--dry-run']);
    expect(t.code).toBe(0);
    expect(t.out()).toContain(`POST ${sandbox.running.baseUrl}/_sandbox/faults\n`);
    expect(t.out()).toContain('X-Sandbox-Operator-Key: ***\n');
    expect(t.out()).not.toContain(sandbox.running.operatorKey);
    expect(JSON.parse(t.out().split('\n\n')[1])).toEqual({ status: 503, path: '/departures*' });
    expect((await sandbox.trek(['sandbox', 'faults', 'list', '-o', 'json'])).out()).toBe('[]\n');
  });

  it('16 add prints the fault and says what it does; list shows it as a table; clear removes it', async () => {
    const added = await sandbox.trek(['sandbox', 'faults', 'add', '--status', '429', '--path', '/bookings*', '--method', 'POST', '--count', '3', '--retry-after', '5', '-o', 'json']);
    expect(added.code, added.err()).toBe(0);
    const fault = JSON.parse(added.out());
    expect(fault).toMatchObject({ status: 429, path: '/bookings*', method: 'POST', count: 3, remaining: 3, retry_after: 5 });
    expect(added.err()).toBe(`✓ Fault ${fault.id} added: 429 to POST /bookings*, the next 3 requests, Retry-After 5 s on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)\n`);
    const table = await sandbox.trek(['sandbox', 'faults', 'list'], { tty: true, columns: 120 });
    expect(table.code).toBe(0);
    const [header, row] = table
      .out()
      .split('\n')
      .map((line) => line.trim().split(/\s{2,}/));
    expect(header).toEqual(['ID', 'STATUS', 'METHOD', 'PATH', 'REMAINING', 'RATE', 'RETRY AFTER', 'DELAY MS', 'DROP']);
    expect(row.slice(0, 5)).toEqual([fault.id, '429', 'POST', '/bookings*', '3']);
    const cleared = await sandbox.trek(['sandbox', 'faults', 'clear']);
    expect([cleared.code, cleared.err()]).toEqual([0, `✓ Cleared 1 fault: the sandbox answers normally on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)\n`]);
    const empty = await sandbox.trek(['sandbox', 'faults', 'list'], { tty: true });
    expect(empty.err()).toContain('No faults: the sandbox answers every request normally.');
  });

  it('16 on a server that is not a sandbox, faults say so (exit 4)', async () => {
    const hostile = await servers.start((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ http_status_code: 404, message: 'Not Found', errors: [] }));
    });
    for (const args of [['add', '--status', '503'], ['list'], ['clear']]) {
      const t = testFactory({ baseUrl: hostile.url, apiKey: 'k', env: { TREK_SANDBOX_OPERATOR_KEY: 'op' } });
      expect(await main(['sandbox', 'faults', ...args], t.f)).toBe(4);
      expect(t.err()).toContain("this profile's server is not a trek sandbox");
    }
  });
});

describe('16 trek sandbox serve --rate-limit', () => {
  it.each([
    ['20/s', 20],
    ['5', 5],
    [' 1 / s ', 1],
  ])('16 --rate-limit %j is %i a second', (value, perSecond) => {
    expect(parseRateLimit(value)).toBe(perSecond);
  });

  it.each(['0/s', '2/m', 'fast', '-1', '1.5/s'])('16 --rate-limit %j is refused', (value) => {
    expect(() => parseRateLimit(value)).toThrow('--rate-limit takes requests a second per key, such as 20/s');
  });

  it('16 serve passes the limit to the sandbox it starts', async () => {
    let seen: ServeOptions | undefined;
    const t = testFactory();
    await newServeCmd(t.f, async (opts) => {
      seen = opts;
    })
      .exitOverride()
      .parseAsync(['--memory', '--rate-limit', '3/s'], { from: 'user' });
    expect(seen?.rateLimit).toBe(3);
  });
});
