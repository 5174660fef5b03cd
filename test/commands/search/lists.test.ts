/**
 * Issue 18, "Lists and filters": what a list says when it is cut, its default order, a range
 * of start dates, filter values checked before sending, the airports' titles, local times, and
 * the --all progress line cleared however the run ends. Real HTTP: the sandbox in this process,
 * or a hostile server for what the sandbox never does (a count it cannot give, a page that
 * never comes).
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPARTURES } from '../../../src/commands/search/departures.js';
import { newSearchVerbCmd, searchRun, type SearchOptions } from '../../../src/commands/search/search.js';
import type { SignalHook } from '../../../src/commands/signals.js';
import { CancelError } from '../../../src/errors.js';
import { RELATIVE_DATE_FORMS } from '../../../src/util/dates.js';
import { main } from '../../../src/main.js';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index.js';
import { tempHome, testFactory, type TestFactoryOptions } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { clientFor, expectOk } from '../../helpers/sandbox-client.js';
import { NOW } from '../../helpers/clock.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ now: NOW });
});
afterAll(() => sandbox.close());

const servers = useHostileServers();

/** `trek ARGS` against the sandbox, colour off; a wide terminal so no column is cut. */
async function trek(args: string[], options: Omit<TestFactoryOptions, 'baseUrl' | 'apiKey'> = {}) {
  const t = testFactory({ columns: 200, ...options, env: { NO_COLOR: '1', ...options.env }, baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
  const code = await main(args, t.f);
  return Object.assign(t, { code });
}

/** The sandbox's own answer to a GET. */
const api = (pathAndQuery: string) => expectOk(clientFor(sandbox), 'GET', pathAndQuery);

/** Every record of a search, in the API's pages of 100. */
async function everything(path: string, query: string): Promise<any[]> {
  const all: any[] = [];
  for (let page = 1; ; page++) {
    const envelope = await api(`${path}?${query}&max_per_page=100&page=${page}`);
    all.push(...envelope.results);
    if (!envelope.links.some((l: { rel: string }) => l.rel === 'next')) return all;
  }
}

/** The request lines of a --verbose trace, as URLs. */
function tracedUrls(stderr: string): URL[] {
  return [...stderr.matchAll(/^> GET (\S+)$/gm)].map((m) => new URL(m[1]));
}

function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A page of 10 departures numbered after the page. */
const tenDepartures = (page: number) => Array.from({ length: 10 }, (_, i) => ({ id: String(page * 100 + i), start_date: '2027-06-01' }));

/** Runs `trek search departures ARGS` against a server that must not be asked anything: exit 2 and the message. */
async function refused(args: string[]): Promise<string> {
  const server = await servers.silent();
  const t = testFactory({ baseUrl: server.url, apiKey: 'k', tty: true, env: { NO_COLOR: '1' } });
  expect(await main(['search', 'departures', ...args], t.f)).toBe(2);
  expect(t.out()).toBe('');
  expect(server.requests).toEqual([]);
  return t.err();
}

describe('18 lists stop at 50 without a word', () => {
  it('18 a list cut at 50 says "showing 50 of 400 — --all or --limit N" on a terminal', async () => {
    const { count } = await api('/departures?max_per_page=10');
    expect(count).toBeGreaterThan(50);
    const t = await trek(['search', 'departures'], { tty: true });
    expect(t.code).toBe(0);
    expect(t.out().trimEnd().split('\n')).toHaveLength(51);
    expect(t.err()).toBe(`showing 50 of ${count} — --all or --limit N\n`);
  });

  it('says it for --limit N too, and in any format while both streams are a terminal', async () => {
    const { count } = await api('/tour_dossiers?max_per_page=10');
    const t = await trek(['search', 'tour-dossiers', '--limit', '3', '-o', 'json'], { tty: true });
    expect(JSON.parse(t.out())).toHaveLength(3);
    expect(t.err()).toBe(`showing 3 of ${count} — --all or --limit N\n`);
  });

  it('says nothing extra in a pipe', async () => {
    const t = await trek(['search', 'departures', '-o', 'json']);
    expect(t.code).toBe(0);
    expect(JSON.parse(t.out())).toHaveLength(50);
    expect(t.err()).toBe('');
  });

  it('says nothing when nothing was left out, and asks for no page it does not need', async () => {
    const server = await servers.start((_req, res) => sendJson(res, { count: 10, max_per_page: 10, current_page: 1, results: tenDepartures(1), links: [] }));
    const t = testFactory({ baseUrl: server.url, apiKey: 'k', tty: true, env: { NO_COLOR: '1' } });
    expect(await main(['search', 'departures', '--limit', '10', '-o', 'ndjson'], t.f)).toBe(0);
    expect(t.out().trimEnd().split('\n')).toHaveLength(10);
    expect(t.err()).toBe('');
    expect(server.requests).toHaveLength(1);
  });

  it('without a usable count, says only that more follow', async () => {
    const server = await servers.start((_req, res) =>
      sendJson(res, { count: 'lots', max_per_page: 10, current_page: 1, results: tenDepartures(1), links: [{ rel: 'next', href: '/departures?page=2' }] }),
    );
    const t = testFactory({ baseUrl: server.url, apiKey: 'k', tty: true, env: { NO_COLOR: '1' } });
    expect(await main(['search', 'departures', '--limit', '10', '-o', 'ndjson'], t.f)).toBe(0);
    expect(t.err()).toBe('showing the first 10 — --all or --limit N for more\n');
    expect(server.requests).toHaveLength(1);
  });
});

describe('18 --order-by defaults to something useful per list, and help says so', () => {
  it.each([
    ['departures', 'start_date', '/departures'],
    ['tour-dossiers', 'name', '/tour_dossiers'],
    ['activities', 'name', '/activities'],
  ])('search %s sorts by %s unless told otherwise', async (verb, attribute, path) => {
    const help = await trek(['search', verb, '--help']);
    expect(help.out().replace(/\s+/g, ' ')).toContain(`--order-by <attr> sort by attr; -attr for descending (default: ${attribute})`);
    const t = await trek(['search', verb, '--limit', '10', '--verbose', '-o', 'json']);
    expect(tracedUrls(t.err()).map((url) => url.searchParams.get('order_by'))).toEqual([attribute]);
    expect(JSON.parse(t.out())).toEqual((await api(`${path}?order_by=${attribute}&max_per_page=10`)).results);
  });

  it('--order-by replaces the default: one ordering is sent', async () => {
    const t = await trek(['search', 'departures', '--order-by', '-finish_date', '--limit', '5', '--verbose', '-o', 'json']);
    const [url] = tracedUrls(t.err());
    expect([...url.searchParams.keys()]).toEqual(['order_by__desc', 'max_per_page']);
    expect(url.searchParams.get('order_by__desc')).toBe('finish_date');
  });
});

describe('18 a month of departures', () => {
  it('18 two start_date conditions are refused, pointing to --starting/--from/--to', async () => {
    expect(await refused(['--where', 'start_date__gte=2027-06-01', '--where', 'start_date__lte=2027-06-30'])).toBe(
      "error: --where 'start_date__lte=2027-06-30': 'start_date' already has a condition ('start_date__gte=2027-06-01'); the API allows one condition per attribute\n" +
        'for a range of start_date use --starting 2027-06 (a month or a day), or --from 2027-06-01 --to 2027-06-30\n',
    );
  });

  it('18 --starting 2027-06 sends one bound, reads by start date and stops paging past June', async () => {
    const t = await trek(['search', 'departures', '--starting', '2027-06', '--all', '--verbose', '-o', 'ndjson']);
    expect(t.code).toBe(0);
    const fromJune = await everything('/departures', 'start_date__gte=2027-06-01&order_by=start_date');
    const june = fromJune.filter((d) => d.start_date <= '2027-06-30');
    expect(june.length).toBeGreaterThan(0);
    expect(fromJune.length).toBeGreaterThan(june.length + 100); // more than a page lies past June
    const printed = t
      .out()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(printed).toEqual(june);
    const urls = tracedUrls(t.err());
    for (const url of urls) {
      expect([...url.searchParams].filter(([key]) => key.startsWith('start_date'))).toEqual([['start_date__gte', '2027-06-01']]);
      expect(url.searchParams.get('order_by')).toBe('start_date');
    }
    // The page holding the first July departure is the last one read.
    expect(urls).toHaveLength(Math.floor(june.length / 100) + 1);
  });

  it('--starting a day lists the departures of that day', async () => {
    const day = (await api('/departures?start_date__gte=2027-06-01&order_by=start_date&max_per_page=10')).results[0].start_date;
    const t = await trek(['search', 'departures', '--starting', day, '-o', 'json']);
    const expected = (await everything('/departures', `start_date__gte=${day}&order_by=start_date`)).filter((d) => d.start_date === day);
    expect(JSON.parse(t.out())).toEqual(expected);
  });

  it('--from and --to read the range the same way; a month given to --to stands for its last day', async () => {
    const t = await trek(['search', 'departures', '--from', '2027-06-20', '--to', '2027-07', '--all', '--verbose', '-o', 'json']);
    expect(t.code).toBe(0);
    const expected = (await everything('/departures', 'start_date__gte=2027-06-20&order_by=start_date')).filter((d) => d.start_date <= '2027-07-31');
    expect(JSON.parse(t.out())).toEqual(expected);
    expect(tracedUrls(t.err())[0].searchParams.get('start_date__gte')).toBe('2027-06-20');
  });

  it('--to alone is the one bound sent (start_date__lte), soonest first', async () => {
    const t = await trek(['search', 'departures', '--to', '2027-01-15', '--limit', '10', '--verbose', '-o', 'json']);
    const [url] = tracedUrls(t.err());
    expect([...url.searchParams]).toEqual([
      ['start_date__lte', '2027-01-15'],
      ['order_by', 'start_date'],
      ['max_per_page', '10'],
    ]);
    expect(JSON.parse(t.out())).toEqual((await api('/departures?start_date__lte=2027-01-15&order_by=start_date&max_per_page=10')).results);
  });

  it('a range cut at --limit does not quote the count of the bound sent, which counts past the range', async () => {
    const t = await trek(['search', 'departures', '--starting', '2027-06', '--limit', '2', '-o', 'json'], { tty: true });
    expect(JSON.parse(t.out())).toHaveLength(2);
    expect(t.err()).toBe('showing the first 2 — --all or --limit N for more\n');
  });

  it('a range that ends right after --limit records is not called cut', async () => {
    const results = [...Array.from({ length: 5 }, (_, i) => ({ id: `6${i}`, start_date: '2027-06-10' })), ...Array.from({ length: 5 }, (_, i) => ({ id: `7${i}`, start_date: '2027-07-10' }))];
    const server = await servers.start((_req, res) => sendJson(res, { count: 10, max_per_page: 10, current_page: 1, results, links: [{ rel: 'next', href: '/departures?page=2' }] }));
    const t = testFactory({ baseUrl: server.url, apiKey: 'k', tty: true, env: { NO_COLOR: '1' } });
    expect(await main(['search', 'departures', '--starting', '2027-06', '--limit', '5', '-o', 'ndjson'], t.f)).toBe(0);
    expect(
      t
        .out()
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual(['60', '61', '62', '63', '64']);
    expect(t.err()).toBe('');
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    [['--starting', '2027-13'], 'error: --starting: 2027-13 is not a real date: there is no month 13\n'],
    [['--starting', 'June'], `error: --starting: "June" is not a date: use YYYY-MM-DD or ${RELATIVE_DATE_FORMS}\n`],
    [['--starting', '+6m'], `error: --starting: "+6m" is not a date: use YYYY-MM-DD or ${RELATIVE_DATE_FORMS} (months are mo: +6mo; m is minutes in sandbox clock durations)\n`],
    [['--from', 'tomorrow'], `error: --from: "tomorrow" is not a date: use YYYY-MM-DD or ${RELATIVE_DATE_FORMS}\n`],
    [['--to', '+3q'], `error: --to: "+3q" is not a date: use YYYY-MM-DD or ${RELATIVE_DATE_FORMS}\n`],
    [
      ['--where', 'start_date__gte=+1m'],
      `error: --where 'start_date__gte=+1m': "+1m" is not a date: use YYYY-MM-DD or ${RELATIVE_DATE_FORMS} (months are mo: +1mo; m is minutes in sandbox clock durations)\n`,
    ],
    [['--from', '2027-02-29'], 'error: --from: 2027-02-29 is not a real date: February 2027 has 28 days\n'],
    [['--from', '2027-07-01', '--to', '2027-06-30'], 'error: --from 2027-07-01 is after --to 2027-06-30: no day is in that range\n'],
    [['--starting', '2027-06', '--from', '2027-06-01'], "error: option '--starting <month|day>' cannot be used with option '--from <date>'\n"],
    [
      ['--starting', '2027-06', '--where', 'start_date=2027'],
      'error: --starting and --where on start_date both set start_date; the API allows one condition per attribute\ngive the range with --starting or --from/--to alone\n',
    ],
    [
      ['--from', '2027-06-01', '--to', '2027-06-30', '--order-by', 'name'],
      'error: --from/--to reads departures in start_date order; --order-by cannot change it\nleave out --order-by, or give one bound (--from or --to) to sort otherwise\n',
    ],
  ])('refuses %j before sending anything', async (args, message) => {
    expect(await refused(args)).toBe(message);
  });
});

describe('18 bad filter values are refused before sending (exit 2)', () => {
  it('18 --where start_date=2027-13-45 is refused as no real date', async () => {
    expect(await refused(['--where', 'start_date=2027-13-45'])).toBe(
      "error: --where 'start_date=2027-13-45': '2027-13-45' is not a real date: there is no month 13\nstart_date takes a date as YYYY-MM-DD, a month (YYYY-MM) or a year\n",
    );
  });

  it('18 --where availability.status=AVAILBLE names the field, the values and the nearest match', async () => {
    expect(await refused(['--where', 'availability.status=AVAILBLE'])).toBe(
      "error: --where 'availability.status=AVAILBLE': no availability.status is like 'AVAILBLE'; did you mean AVAILABLE?\n" +
        'availability.status is one of AVAILABLE, NOT_BOOKABLE, REQUEST_SPACE, WAIT_LIST\n',
    );
  });

  it('18 1985-02-30 is refused as a day February 1985 does not have, not as a format error', async () => {
    expect(await refused(['--where', 'finish_date__gte=1985-02-30'])).toBe(
      "error: --where 'finish_date__gte=1985-02-30': '1985-02-30' is not a real date: February 1985 has 28 days\nfinish_date takes a date as YYYY-MM-DD\n",
    );
  });

  it('checks the other catalogues by their own field tables', async () => {
    const server = await servers.silent();
    const t = testFactory({ baseUrl: server.url, apiKey: 'k' });
    expect(await main(['search', 'activities', '--where', 'available_from__lt=2027-04-31'], t.f)).toBe(2);
    expect(t.err()).toBe("error: --where 'available_from__lt=2027-04-31': '2027-04-31' is not a real date: April 2027 has 30 days\navailable_from takes a date as YYYY-MM-DD\n");
    expect(server.requests).toEqual([]);
  });

  it('a value the API can match is sent as typed, and its answer printed', async () => {
    const t = await trek(['search', 'departures', '--where', 'availability.status=wait', '--limit', '10', '-o', 'json']);
    expect(t.code).toBe(0);
    const printed = JSON.parse(t.out());
    expect(printed.length).toBeGreaterThan(0);
    for (const d of printed) expect(d.availability.status).toBe('WAIT_LIST');
  });
});

describe('18 the search table titles its airports truthfully', () => {
  it('18 FLY IN is the start airport and FLY OUT the finish airport (no finish airport under a start-looking title)', async () => {
    const departures = await everything('/departures', 'order_by=start_date');
    const apart = departures.slice(0, 50).find((d) => d.nearest_start_airport.code !== d.nearest_finish_airport.code);
    expect(apart).toBeDefined();
    const t = await trek(['search', 'departures'], { tty: true, columns: 120 });
    const lines = t.out().trimEnd().split('\n');
    expect(lines[0].split(/\s{2,}/)).toEqual(['ID', 'NAME', 'START', 'FINISH', 'AVAILABILITY', 'PLACES', 'PRICE', 'FLY IN', 'FLY OUT']);
    const row = lines.find((line) => line.startsWith(`${apart.id} `))!;
    expect(
      row
        .trimEnd()
        .split(/\s{2,}/)
        .slice(-2),
    ).toEqual([apart.nearest_start_airport.code, apart.nearest_finish_airport.code]);
  });
});

describe('18 times print in UTC only', () => {
  it('18 a table on a terminal shows local time with the zone (--tz); JSON keeps the API value', async () => {
    const [dossier] = (await api('/tour_dossiers?order_by=name&max_per_page=10')).results;
    expect(dossier.date_created).toBe('2025-08-28T00:00:00Z');
    const table = await trek(['search', 'tour-dossiers', '--limit', '1', '--fields', 'id,date_created', '--tz', 'America/Toronto'], { tty: true });
    expect(table.out()).toBe(`id     date_created\n${dossier.id}  2025-08-27 20:00 EDT\n`);
    const json = await trek(['search', 'tour-dossiers', '--limit', '1', '--fields', 'id,date_created', '--tz', 'America/Toronto', '-o', 'json'], { tty: true });
    expect(JSON.parse(json.out())).toEqual([{ id: dossier.id, date_created: '2025-08-28T00:00:00Z' }]);
  });

  it('the tz setting chooses the zone when --tz is not given, and --tz wins over it', async () => {
    const home = tempHome();
    const env = { TREK_HOME: home };
    expect((await trek(['config', 'set', 'tz', 'Asia/Kolkata'], { env })).code).toBe(0);
    const setting = await trek(['search', 'tour-dossiers', '--limit', '1', '--fields', 'date_created'], { tty: true, env });
    expect(setting.out()).toBe('date_created\n2025-08-28 05:30 GMT+5:30\n');
    const flag = await trek(['search', 'tour-dossiers', '--limit', '1', '--fields', 'date_created', '--tz', 'UTC'], { tty: true, env });
    expect(flag.out()).toBe('date_created\n2025-08-28 00:00 UTC\n');
    const csv = await trek(['search', 'tour-dossiers', '--limit', '1', '--fields', 'date_created', '-o', 'csv'], { env });
    expect(csv.out()).toBe('date_created\n2025-08-28T00:00:00Z\n');
  });
});

describe('18 Ctrl-C during --all leaves the progress line on the screen', () => {
  /** A factory on one terminal: stdout and stderr TTYs, both written to one transcript. */
  function onOneTerminal(url: string) {
    const t = testFactory({ tty: true, baseUrl: url, apiKey: 'k', env: { NO_COLOR: '1' } });
    let transcript = '';
    for (const stream of [t.io.out, t.io.err]) {
      const write = stream.write.bind(stream);
      stream.write = (chunk: string) => ((transcript += chunk), write(chunk));
    }
    return Object.assign(t, { transcript: () => transcript });
  }

  /** Page 1 of 2 at once; page 2 goes to `onPage2` (which may never answer). */
  function twoPageServer(onPage2: (res: ServerResponse) => void) {
    return servers.start((req, res) => {
      const page = new URL(req.url!, 'http://x').searchParams.get('page');
      if (page === '2') return onPage2(res);
      sendJson(res, { count: 20, max_per_page: 10, current_page: 1, results: tenDepartures(1), links: [{ rel: 'next', href: '/departures?page=2' }] });
    });
  }

  it('18 Ctrl-C while a page is awaited clears the progress line and ends the list as interrupted (exit 130)', async () => {
    let interrupt: (signal: string) => void = () => undefined;
    let unsubscribed = false;
    const signals: SignalHook = (onSignal) => {
      interrupt = onSignal;
      return () => void (unsubscribed = true);
    };
    // Page 2 never comes: the person gives up and presses Ctrl-C.
    const server = await twoPageServer(() => interrupt('SIGINT'));
    const t = onOneTerminal(server.url);
    const seen: SearchOptions[] = [];
    await newSearchVerbCmd(t.f, DEPARTURES, async (opts) => void seen.push(opts))
      .exitOverride()
      .parseAsync(['--all', '--max-per-page', '10'], { from: 'user' });
    const run = searchRun({ ...seen[0], signals });
    await expect(run).rejects.toThrow(new CancelError('interrupted after fetching 10 departures'));
    expect(t.err()).toBe('\r\x1b[2Kfetched 10 of ~20 departures\r\x1b[2K');
    expect(t.transcript()).toBe(t.err());
    expect(unsubscribed).toBe(true);
  });

  it('18 the progress line is cleared when a page fails too, before the error is printed', async () => {
    const server = await twoPageServer((res) => void res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'boom' })));
    const t = onOneTerminal(server.url);
    expect(await main(['search', 'departures', '--all', '--max-per-page', '10'], t.f)).toBe(7);
    expect(t.out()).toBe('');
    expect(t.err().startsWith('\r\x1b[2Kfetched 10 of ~20 departures\r\x1b[2Kerror: ')).toBe(true);
  });

  it('and when the list is done, before the table', async () => {
    const server = await twoPageServer((res) => sendJson(res, { count: 20, max_per_page: 10, current_page: 2, results: tenDepartures(2), links: [] }));
    const t = onOneTerminal(server.url);
    expect(await main(['search', 'departures', '--all', '--max-per-page', '10'], t.f)).toBe(0);
    expect(t.err()).toBe('\r\x1b[2Kfetched 10 of ~20 departures\r\x1b[2Kfetched 20 of ~20 departures\r\x1b[2K');
    expect(t.transcript()).toBe(t.err() + t.out());
  });
});

describe('29.5 search departures shows what the counter chooses by', () => {
  it('places left and the price per person in --currency (else the currency setting) fit at 80 columns, airports join at 120', async () => {
    const departures = (await api('/departures?order_by=start_date&max_per_page=10')).results.slice(0, 5);
    const narrow = await trek(['search', 'departures', '--limit', '5', '--currency', 'gbp'], { tty: true, columns: 80 });
    expect(narrow.code).toBe(0);
    const lines = narrow.out().trimEnd().split('\n');
    expect(lines[0].split(/\s{2,}/)).toEqual(['ID', 'NAME', 'START', 'FINISH', 'AVAILABILITY', 'PLACES', 'PRICE']);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    departures.forEach((d: any, i: number) => {
      const gbp = d.lowest_pp2a_prices.find((p: any) => p.currency === 'GBP').amount;
      expect(
        lines[i + 1]
          .trimEnd()
          .split(/\s{2,}/)
          .slice(-4),
      ).toEqual([d.finish_date, d.availability.status, String(d.availability.total), `${gbp} GBP`]);
    });

    const wide = await trek(['search', 'departures', '--limit', '5'], { tty: true, columns: 120 });
    const header = wide
      .out()
      .split('\n')[0]
      .split(/\s{2,}/);
    expect(header).toEqual(['ID', 'NAME', 'START', 'FINISH', 'AVAILABILITY', 'PLACES', 'PRICE', 'FLY IN', 'FLY OUT']);
    expect(wide.out()).toContain(`${departures[0].lowest_pp2a_prices[0].amount} ${departures[0].lowest_pp2a_prices[0].currency}`);

    const home = tempHome();
    expect((await trek(['config', 'set', 'currency', 'usd'], { env: { TREK_HOME: home } })).code).toBe(0);
    const setting = await trek(['search', 'departures', '--limit', '1'], { tty: true, columns: 80, env: { TREK_HOME: home } });
    expect(setting.out()).toContain(`${departures[0].lowest_pp2a_prices.find((p: any) => p.currency === 'USD').amount} USD`);

    const bad = await trek(['search', 'departures', '--currency', 'dollars']);
    expect(bad.code).toBe(2);
    expect(bad.err()).toContain('--currency must be a 3-letter currency code');
  });
});
