import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPARTURES } from '../../../src/commands/search/departures.js';
import { newSearchVerbCmd, searchRun, type SearchOptions } from '../../../src/commands/search/search.js';
import { main } from '../../../src/main.js';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index.js';
import { testFactory, type TestFactoryOptions } from '../../helpers/factory.js';
import { useHostileServers, type HostileServer } from '../../helpers/hostile-server.js';
import { clientFor, expectOk } from '../../helpers/sandbox-client.js';
import { NOW } from '../../helpers/clock.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ now: NOW });
});
afterAll(() => sandbox.close());

const servers = useHostileServers();

/** `trek ARGS` against the in-process sandbox, colour off unless asked. */
async function trek(args: string[], options: Omit<TestFactoryOptions, 'baseUrl' | 'apiKey'> = {}) {
  const t = testFactory({ ...options, env: { NO_COLOR: '1', ...options.env }, baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
  const code = await main(args, t.f);
  return Object.assign(t, { code });
}

/** The sandbox's own answer to a GET, for comparing what trek printed with what the API holds. */
const api = (pathAndQuery: string) => expectOk(clientFor(sandbox), 'GET', pathAndQuery);

/** Every record of a search, following next links (with the page size the API allows at most). */
async function everything(path: string, query = ''): Promise<any[]> {
  const all: any[] = [];
  for (let page = 1; ; page++) {
    const envelope = await api(`${path}?${query ? `${query}&` : ''}max_per_page=100&page=${page}`);
    all.push(...envelope.results);
    if (!envelope.links.some((l: { rel: string }) => l.rel === 'next')) return all;
  }
}

/** The request lines of a --verbose trace: `> GET <url>`, as URLs. */
function tracedUrls(stderr: string): URL[] {
  return [...stderr.matchAll(/^> GET (\S+)$/gm)].map((m) => new URL(m[1]));
}

function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

describe('trek search departures: paging', () => {
  it('asks for one page of 10 for --limit 5 and prints exactly 5 records', async () => {
    const t = await trek(['search', 'departures', '--limit', '5', '--verbose', '-o', 'json']);
    expect(t.code).toBe(0);
    const urls = tracedUrls(t.err());
    expect(urls).toHaveLength(1);
    expect(urls[0].pathname).toBe('/departures');
    expect([...urls[0].searchParams]).toEqual([
      ['order_by', 'start_date'],
      ['max_per_page', '10'],
    ]);
    expect(JSON.parse(t.out())).toEqual((await api('/departures?order_by=start_date&max_per_page=10')).results.slice(0, 5));
  });

  it('defaults to 50 records in one page of 50', async () => {
    const t = await trek(['search', 'departures', '--verbose', '-o', 'json']);
    expect(t.code).toBe(0);
    expect(tracedUrls(t.err()).map((u) => u.searchParams.get('max_per_page'))).toEqual(['50']);
    expect(JSON.parse(t.out())).toHaveLength(50);
  });

  it('asks pages of 100 for --limit 150 and stops after the second page', async () => {
    const t = await trek(['search', 'departures', '--limit', '150', '--verbose', '-o', 'json']);
    expect(t.code).toBe(0);
    const urls = tracedUrls(t.err());
    expect(urls.map((u) => [u.searchParams.get('max_per_page'), u.searchParams.get('page')])).toEqual([
      ['100', null],
      ['100', '2'],
    ]);
    const printed = JSON.parse(t.out());
    expect(printed.map((d: { id: string }) => d.id)).toEqual((await everything('/departures', 'order_by=start_date')).slice(0, 150).map((d) => d.id));
  });

  it('uses --max-per-page as the page size, whatever --limit is', async () => {
    const t = await trek(['search', 'departures', '--limit', '5', '--max-per-page', '20', '--verbose', '-o', 'json']);
    expect(t.code).toBe(0);
    expect(tracedUrls(t.err()).map((u) => u.searchParams.get('max_per_page'))).toEqual(['20']);
    expect(JSON.parse(t.out())).toHaveLength(5);
  });

  it('--page starts at that page of the chosen size', async () => {
    const t = await trek(['search', 'departures', '--page', '3', '--max-per-page', '10', '--limit', '10', '-o', 'json']);
    expect(t.code).toBe(0);
    expect(JSON.parse(t.out())).toEqual((await api('/departures?order_by=start_date&max_per_page=10&page=3')).results);
  });

  it('--all prints every match once, in order, following next links with the search kept', async () => {
    const where = 'availability.status=AVAILABLE';
    const t = await trek(['search', 'departures', '--where', where, '--order-by', 'start_date', '--all', '--verbose', '-o', 'ndjson']);
    expect(t.code).toBe(0);
    const printed = t
      .out()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    const expected = await everything('/departures', 'availability.status=AVAILABLE&order_by=start_date');
    expect(expected.length).toBeGreaterThan(100);
    expect(printed.map((d) => d.id)).toEqual(expected.map((d) => d.id));
    const urls = tracedUrls(t.err());
    expect(urls).toHaveLength(Math.ceil(expected.length / 100));
    for (const url of urls) expect(url.searchParams.get('availability.status')).toBe('AVAILABLE');
  });

  it('--all streams ndjson: page 1 is printed before page 2 is asked for', async () => {
    const linesWhenAsked: number[] = [];
    let printedLines = () => 0;
    const hostile = await servers.start((req, res) => {
      const page = Number(new URL(req.url!, 'http://x').searchParams.get('page') ?? '1');
      linesWhenAsked.push(printedLines());
      const results = Array.from({ length: 10 }, (_, i) => ({ id: String(page * 100 + i), name: `D${page}-${i}` }));
      const links = page < 3 ? [{ rel: 'next', href: `/departures?page=${page + 1}` }] : [];
      sendJson(res, { count: 30, max_per_page: 10, current_page: page, results, links });
    });
    const t = testFactory({ baseUrl: hostile.url, apiKey: 'k' });
    printedLines = () => t.out().split('\n').length - 1;
    expect(await main(['search', 'departures', '--all', '--max-per-page', '10', '-o', 'ndjson'], t.f)).toBe(0);
    expect(linesWhenAsked).toEqual([0, 10, 20]);
    expect(t.out().trimEnd().split('\n')).toHaveLength(30);
  });

  /** Two pages of 10 from a hostile server whose envelope says `count`. */
  async function twoPages(count: unknown): Promise<HostileServer> {
    return servers.start((req, res) => {
      const page = Number(new URL(req.url!, 'http://x').searchParams.get('page') ?? '1');
      const results = Array.from({ length: 10 }, (_, i) => ({ id: String(page * 100 + i) }));
      sendJson(res, { count, max_per_page: 10, current_page: page, results, links: page === 1 ? [{ rel: 'next', href: '/departures?page=2' }] : [] });
    });
  }

  /** A factory whose stdout and stderr writes also go, in order, to one transcript (one terminal). */
  function onOneTerminal(url: string, stdoutIsTTY: boolean) {
    const t = testFactory({ tty: true, baseUrl: url, apiKey: 'k', env: { NO_COLOR: '1' } });
    t.io.stdoutIsTTY = stdoutIsTTY;
    let transcript = '';
    for (const stream of [t.io.out, t.io.err]) {
      const write = stream.write.bind(stream);
      stream.write = (chunk: string) => ((transcript += chunk), write(chunk));
    }
    return Object.assign(t, { transcript: () => transcript });
  }

  it('shows progress on a terminal for --all and clears it before the table is printed', async () => {
    const t = onOneTerminal((await twoPages(20)).url, true);
    expect(await main(['search', 'departures', '--all', '--max-per-page', '10'], t.f)).toBe(0);
    expect(t.err()).toBe('\r\x1b[2Kfetched 10 of ~20 departures\r\x1b[2Kfetched 20 of ~20 departures\r\x1b[2K');
    expect(t.transcript()).toBe(t.err() + t.out());
    expect(t.out().trimEnd().split('\n')).toHaveLength(21);
  });

  it('keeps the progress line between pages when stdout is not the terminal', async () => {
    const t = onOneTerminal((await twoPages('20')).url, false);
    expect(await main(['search', 'departures', '--all', '--max-per-page', '10', '-o', 'ndjson'], t.f)).toBe(0);
    // Page 1's records are written between the two progress lines, which nothing clears early.
    expect(t.err()).toBe('\r\x1b[2Kfetched 10 of ~20 departures\r\x1b[2Kfetched 20 of ~20 departures\r\x1b[2K');
    expect(t.out().trimEnd().split('\n')).toHaveLength(20);
  });

  it('clears the progress line before each streamed record on a terminal, and shows only a numeric count', async () => {
    const t = onOneTerminal((await twoPages('\x1b]0;pwned\x07')).url, true);
    expect(await main(['search', 'departures', '--all', '--max-per-page', '10', '-o', 'ndjson', '--fields', 'id'], t.f)).toBe(0);
    const records = (page: number) => Array.from({ length: 10 }, (_, i) => `{"id":"${page * 100 + i}"}\n`).join('');
    expect(t.transcript()).toBe(`\r\x1b[2Kfetched 10 departures\r\x1b[2K${records(1)}\r\x1b[2Kfetched 20 departures\r\x1b[2K${records(2)}`);
  });
});

describe('trek search: bad flags are refused before anything is sent (exit 2)', () => {
  it.each([
    [['--max-per-page', '5'], '--max-per-page must be between 10 and 100 (got 5)'],
    [['--max-per-page', '101'], '--max-per-page must be between 10 and 100 (got 101)'],
    [['--max-per-page', 'ten'], '--max-per-page must be a whole number, got "ten"'],
    [['--limit', '0'], '--limit must be at least 1, got 0'],
    [['--page', '0'], '--page must be at least 1, got 0'],
    [['--all', '--limit', '5'], 'use either --all or --limit, not both'],
    [['--where', 'availability.status'], "--where 'availability.status': missing '='"],
    [['--where', 'start_date__after=2027-01-01'], "--where 'start_date__after=2027-01-01': unknown operator 'after'"],
    [['--where', 'name=a', '--where', 'name__like=b*'], "--where 'name__like=b*': 'name' already has a condition ('name=a'); the API allows one condition per attribute"],
    [['--where', 'name$=x'], "--where 'name$=x': 'name$' is not an attribute name (letters, digits, _ and . for nesting)"],
    [['--order-by', '-'], "--order-by '-': the attribute name is empty"],
  ])('%j', async (args, message) => {
    const server = await servers.silent();
    const t = testFactory({ baseUrl: server.url, apiKey: 'k' });
    expect(await main(['search', 'departures', ...args], t.f)).toBe(2);
    expect(t.err().split('\n')[0]).toBe(`error: ${message}`);
    expect(t.out()).toBe('');
    expect(server.requests).toEqual([]);
  });
});

describe('trek search: conditions and ordering', () => {
  it('sends --where and --order-by as the API expects and prints what it answers', async () => {
    const t = await trek([
      'search',
      'departures',
      '--where',
      'availability.status__in=AVAILABLE,WAIT_LIST',
      '--where',
      'start_date__gte=2027-06-01',
      '--order-by',
      '-start_date',
      '--limit',
      '12',
      '--verbose',
      '-o',
      'json',
    ]);
    expect(t.code).toBe(0);
    const url = tracedUrls(t.err())[0];
    expect(url.searchParams.getAll('availability.status__in')).toEqual(['AVAILABLE', 'WAIT_LIST']);
    expect(url.searchParams.get('start_date__gte')).toBe('2027-06-01');
    expect(url.searchParams.get('order_by__desc')).toBe('start_date');
    const printed: any[] = JSON.parse(t.out());
    expect(printed).toHaveLength(12);
    for (const d of printed) {
      expect(['AVAILABLE', 'WAIT_LIST']).toContain(d.availability.status);
      expect(d.start_date >= '2027-06-01').toBe(true);
    }
    expect(printed.map((d) => d.start_date)).toEqual(
      printed
        .map((d) => d.start_date)
        .sort()
        .reverse(),
    );
  });

  it('prints nothing on stdout and says so on stderr when nothing matches (table)', async () => {
    const t = await trek(['search', 'departures', '--where', 'name=no such tour anywhere'], { tty: true });
    expect(t.code).toBe(0);
    expect(t.out()).toBe('');
    expect(t.err()).toBe('No departures match.\n');
  });

  it('prints [] in JSON when nothing matches', async () => {
    const t = await trek(['search', 'tour-dossiers', '--where', 'name=no such tour anywhere', '-o', 'json']);
    expect(t.code).toBe(0);
    expect(t.out()).toBe('[]\n');
  });
});

describe('trek search: output shapes', () => {
  it("-o csv: a header of the table columns' fields, then one line per record", async () => {
    const t = await trek(['search', 'departures', '--limit', '3', '-o', 'csv']);
    expect(t.code).toBe(0);
    const records = (await api('/departures?order_by=start_date&max_per_page=10')).results.slice(0, 3);
    const csv = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    expect(t.out()).toBe(
      [
        'id,name,start_date,finish_date,availability.status,availability.total,lowest_pp2a_prices,nearest_start_airport.code,nearest_finish_airport.code',
        ...records.map((d: any) =>
          [
            d.id,
            d.name,
            d.start_date,
            d.finish_date,
            d.availability.status,
            String(d.availability.total),
            JSON.stringify(d.lowest_pp2a_prices),
            d.nearest_start_airport.code,
            d.nearest_finish_airport.code,
          ]
            .map(csv)
            .join(','),
        ),
        '',
      ].join('\n'),
    );
  });

  it('-o ndjson: one compact JSON record a line, exactly the API records', async () => {
    const t = await trek(['search', 'departures', '--limit', '4', '-o', 'ndjson']);
    expect(t.code).toBe(0);
    const records = (await api('/departures?order_by=start_date&max_per_page=10')).results.slice(0, 4);
    expect(t.out()).toBe(records.map((r: unknown) => `${JSON.stringify(r)}\n`).join(''));
  });

  it('--fields selects keys in JSON and columns in csv, and an unknown field is exit 2 listing the valid ones', async () => {
    const json = await trek(['search', 'departures', '--limit', '2', '--fields', 'id,availability.status', '-o', 'json']);
    expect(json.code).toBe(0);
    const records = (await api('/departures?order_by=start_date&max_per_page=10')).results.slice(0, 2);
    expect(JSON.parse(json.out())).toEqual(records.map((d: any) => ({ id: d.id, availability: { status: d.availability.status } })));

    const csv = await trek(['search', 'departures', '--limit', '2', '--fields', 'id,prices.CAD', '-o', 'csv']);
    expect(csv.out()).toBe(['id,prices.CAD', ...records.map((d: any) => `${d.id},${d.prices.CAD}`), ''].join('\n'));

    const bad = await trek(['search', 'departures', '--limit', '2', '--fields', 'id,colour', '-o', 'json']);
    expect(bad.code).toBe(2);
    expect(bad.out()).toBe('');
    expect(bad.err()).toContain('colour');
    expect(bad.err()).toContain('availability.status');
  });

  it('table on a terminal: the departure columns, availability coloured by status when colour is on', async () => {
    const t = await trek(['search', 'departures', '--limit', '3', '--color', 'always'], { tty: true, columns: 120 });
    expect(t.code).toBe(0);
    const records = (await api('/departures?order_by=start_date&max_per_page=10')).results.slice(0, 3);
    const lines = t.out().trimEnd().split('\n');

    const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
    expect(plain(lines[0]).split(/\s{2,}/)).toEqual(['ID', 'NAME', 'START', 'FINISH', 'AVAILABILITY', 'PLACES', 'PRICE', 'FLY IN', 'FLY OUT']);
    expect(lines).toHaveLength(4);
    records.forEach((d: any, i: number) => {
      const price = `${d.lowest_pp2a_prices[0].amount} ${d.lowest_pp2a_prices[0].currency}`;
      const row = [d.id, d.name, d.start_date, d.finish_date, d.availability.status, String(d.availability.total), price, d.nearest_start_airport.code, d.nearest_finish_airport.code];
      expect(
        plain(lines[i + 1])
          .trimEnd()
          .split(/\s{2,}/),
      ).toEqual(row);
    });
    // AVAILABLE is green (32) in the theme.
    const available = records.findIndex((d: any) => d.availability.status === 'AVAILABLE');
    expect(available).toBeGreaterThanOrEqual(0);
    expect(lines[available + 1]).toContain('\x1b[32mAVAILABLE\x1b[39m');
  });

  it('tour-dossiers table: name, product line and the departure range', async () => {
    const t = await trek(['search', 'tour-dossiers', '--limit', '2'], { tty: true, columns: 120 });
    expect(t.code).toBe(0);
    const records = (await api('/tour_dossiers?order_by=name&max_per_page=10')).results.slice(0, 2);
    const lines = t.out().trimEnd().split('\n');
    expect(lines[0].split(/\s{2,}/)).toEqual(['ID', 'NAME', 'PRODUCT LINE', 'DEPARTURES']);
    records.forEach((d: any, i: number) => {
      expect(lines[i + 1].trimEnd().split(/\s{2,}/)).toEqual([d.id, d.name, d.product_line, `${d.departures_start_date} – ${d.departures_end_date}`]);
    });
  });

  it('fits a narrow terminal: no table line is wider than the terminal', async () => {
    const t = await trek(['search', 'departures', '--limit', '10'], { tty: true, columns: 60 });
    expect(t.code).toBe(0);
    for (const line of t.out().trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(60);
  });
});

describe('newSearchVerbCmd', () => {
  it('hands the run function the query it built', async () => {
    const seen: SearchOptions[] = [];
    const t = testFactory({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
    await newSearchVerbCmd(t.f, DEPARTURES, async (opts) => void seen.push(opts))
      .exitOverride()
      .parseAsync(['--where', 'name=peru', '--order-by', 'start_date', '--limit', '30', '--page', '2'], { from: 'user' });
    expect(seen[0].request.query).toEqual([
      ['name', 'peru'],
      ['order_by', 'start_date'],
      ['max_per_page', '30'],
      ['page', '2'],
    ]);
    expect(seen[0].request.limit).toBe(30);
    expect(seen[0].request.all).toBe(false);
    // The same options printed by the real run function.
    await searchRun(seen[0]);
    expect(JSON.parse(t.out()).every((d: { name: string }) => /peru/i.test(d.name))).toBe(true);
  });
});
