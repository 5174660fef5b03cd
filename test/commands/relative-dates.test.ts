/**
 * Relative dates (`today`, `next-month`, `+30d`, `+2w`, `+6mo`, `+1y`) wherever a date is typed:
 * resolved against the API's today — the sandbox clock on a sandbox, this machine's day in the
 * profile's time zone on a real API — and refused (exit 2, naming the flag) when written wrongly.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { relativeDate } from '../../src/util/dates.js';
import { testFactory } from '../helpers/factory.js';
import { useHostileServers } from '../helpers/hostile-server.js';
import { useTrekSandbox } from '../helpers/trek-sandbox.js';

// NOW is 2027-01-10T15:00:00Z: the sandbox's today is 2027-01-10.
const sandbox = useTrekSandbox();
const servers = useHostileServers();
/** A machine clock far from the sandbox's, so a date that followed it would show. */
const elsewhere = () => new Date('2031-08-20T12:00:00Z');

const startDates = async (args: string[]) => {
  const t = await sandbox.trek(['search', 'departures', '--limit', '500', '-o', 'json', '--fields', 'start_date', ...args], { now: elsewhere });
  expect(t.code, t.err()).toBe(0);
  return (JSON.parse(t.out()) as Array<{ start_date: string }>).map((d) => d.start_date);
};

describe('relative dates', () => {
  it.each([
    ['today', '2027-01-10', { date: '2027-01-10' }],
    ['TODAY', '2027-01-10', { date: '2027-01-10' }],
    ['this-month', '2027-01-10', { date: '2027-01' }],
    ['next-month', '2027-12-31', { date: '2028-01' }],
    ['+30d', '2027-01-10', { date: '2027-02-09' }],
    ['-30d', '2027-01-10', { date: '2026-12-11' }],
    ['+2w', '2027-12-25', { date: '2028-01-08' }],
    ['+1mo', '2027-01-31', { date: '2027-02-28' }],
    ['+6mo', '2027-08-31', { date: '2028-02-29' }],
    ['+1y', '2028-02-29', { date: '2029-02-28' }],
    ['2027-06-13', '2027-01-10', undefined],
  ])('%s on %s is %j', (text, today, expected) => {
    expect(relativeDate(text, today)).toEqual(expected);
  });

  it.each(['+6m', '+6', 'tomorrow', '+1.5d', '+2weeks', '-6m'])('%s is refused, saying what is taken', (text) => {
    const result = relativeDate(text, '2027-01-10');
    expect(result).toHaveProperty('problem');
    expect((result as { problem: string }).problem).toContain('+30d, +2w, +6mo, +1y');
    if (text.endsWith('6m')) expect((result as { problem: string }).problem).toContain(`months are mo: ${text}o`);
  });

  it('--starting, --from, --to and --where count from the sandbox clock, not this machine', async () => {
    const nextMonth = await startDates(['--starting', 'next-month', '--where', 'finish_date__notnull=true']);
    expect(nextMonth.length).toBeGreaterThan(0);
    expect(nextMonth.every((day) => day.startsWith('2027-02-'))).toBe(true);
    const fortnight = await startDates(['--from', 'today', '--to', '+2w']);
    expect(fortnight.length).toBeGreaterThan(0);
    expect(fortnight.every((day) => day >= '2027-01-10' && day <= '2027-01-24')).toBe(true);
    const sixMonths = await startDates(['--where', 'start_date__gt=+6mo', '--order-by', 'start_date', '--limit', '1']);
    expect(sixMonths).toHaveLength(1);
    expect(sixMonths[0] > '2027-07-10').toBe(true);
  });

  it('day flags take a relative day: the customer passport dates, itinerary --date', async () => {
    const customer = await sandbox.trek(
      ['customer', 'create', '--first-name', 'Ada', '--last-name', 'Lovelace', '--title', 'Ms', '--passport-issue-date', '-1y', '--passport-expiry-date', '+10y', '-o', 'json'],
      { now: elsewhere },
    );
    expect(customer.code, customer.err()).toBe(0);
    expect(JSON.parse(customer.out()).passport).toMatchObject({ issue_date: '2026-01-10', expiry_date: '2037-01-10' });
    const itinerary = await sandbox.trek(['itinerary', 'for-dossier', '20004', '--date', '+4mo', '-o', 'json'], { now: elsewhere });
    expect(itinerary.err()).toContain('applies on 2027-05-10');
  });

  it('a wrong relative day exits 2 naming its flag, and nothing is sent', async () => {
    const server = await servers.silent();
    for (const [args, flag] of [
      [['itinerary', 'for-dossier', '20004', '--date', '+4m'], '--date'],
      [['flex', 'terms', '400001', '--date', 'next-week'], '--date'],
      [['customer', 'update', '300001', '--passport-expiry-date', '+5yr'], '--passport-expiry-date'],
      [['sandbox', 'clock', 'set', '+1m'], 'DATE'],
    ] as const) {
      const t = testFactory({ baseUrl: server.url, apiKey: 'k', env: { TREK_SANDBOX_OPERATOR_KEY: 'o' } });
      expect(await main([...args], t.f), args.join(' ')).toBe(2);
      expect(t.err()).toMatch(new RegExp(`^error: ${flag}: "[^"]+" is not a date`));
    }
    // A month is no day: next-month is taken where a month is, not by --date.
    const t = await sandbox.trek(['itinerary', 'for-dossier', '20004', '--date', 'next-month']);
    expect(t.code).toBe(2);
    expect(t.err()).toContain('error: --date must be a date as YYYY-MM-DD, got "next-month"');
    expect(server.requests).toEqual([]);
  });

  it("on a real API (no sandbox clock) today is this machine's day in the profile's time zone", async () => {
    const server = await servers.start((req, res) => {
      if (req.url?.startsWith('/_sandbox/')) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count: 0, max_per_page: 10, current_page: 1, results: [], links: [] }));
    });
    // 03:00 UTC on March 1st is still February 28th in Toronto.
    const t = testFactory({ baseUrl: server.url, apiKey: 'k', now: () => new Date('2027-03-01T03:00:00Z') });
    expect(await main(['search', 'departures', '--tz', 'America/Toronto', '--where', 'start_date__gte=today', '-o', 'json'], t.f), t.err()).toBe(0);
    const search = new URL(server.requests.at(-1)!.url, server.url);
    expect(search.pathname).toBe('/departures');
    expect(search.searchParams.get('start_date__gte')).toBe('2027-02-28');
  });

  it('sandbox clock set +N counts from the clock, and a served sandbox is asked its today', async () => {
    const set = await sandbox.trek(['sandbox', 'clock', 'set', '+3mo', '-o', 'json'], { now: elsewhere });
    expect(set.code, set.err()).toBe(0);
    expect(JSON.parse(set.out()).now).toBe('2027-04-10T00:00:00Z');
    expect(await startDates(['--starting', 'this-month', '--limit', '3'])).toSatisfy((days: string[]) => days.length > 0 && days.every((day) => day.startsWith('2027-04-')));
  });
});
