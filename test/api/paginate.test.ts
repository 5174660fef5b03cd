import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { nextLink, pages, records, toCount } from '../../src/api/paginate.js';
import type { ListEnvelope, Page } from '../../src/api/paginate.js';
import { startHostileServer } from '../helpers/hostile-server.js';
import type { HostileServer } from '../helpers/hostile-server.js';

let server: HostileServer | undefined;
let client: ApiClient | undefined;

afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

function send(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A list of `total` numbered items served `perPage` at a time; `count` is deliberately wrong. */
async function listServer(total: number, perPage: number, linkFor: (page: number) => string) {
  server = await startHostileServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const page = Number(url.searchParams.get('page') ?? '1');
    const results = Array.from({ length: total }, (_, i) => ({ id: String(i + 1) })).slice((page - 1) * perPage, page * perPage);
    const links = page * perPage < total ? [{ href: linkFor(page + 1), rel: 'next' }] : [];
    send(res, { count: '3', current_page: String(page), max_per_page: perPage, results, links });
  });
  client = new ApiClient({ baseUrl: `${server.url}/api/v1`, apiKey: 'k' });
  return server;
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe('toCount and nextLink', () => {
  it('reads count as a number or a numeric string', () => {
    expect(toCount(7)).toBe(7);
    expect(toCount('7')).toBe(7);
    expect(toCount('about 7')).toBeUndefined();
    expect(toCount(undefined)).toBeUndefined();
  });

  it('finds only the rel=next link', () => {
    const envelope: ListEnvelope<unknown> = {
      count: 1,
      current_page: 1,
      results: [],
      links: [
        { href: '/x?page=1', rel: 'prev' },
        { href: '/x?page=3', rel: 'next' },
      ],
    };
    expect(nextLink(envelope)).toBe('/x?page=3');
    expect(nextLink({ ...envelope, links: [{ href: '/x?page=1', rel: 'prev' }] })).toBeUndefined();
  });
});

describe('pages and records', () => {
  it('31 a walk read to its end (ahead) asks each next page before the one before is handed on; without ahead, only when asked', async () => {
    await listServer(25, 10, (page) => `/api/v1/departures?page=${page}`);
    const sent = vi.spyOn(client!, 'request');
    const asked = () => sent.mock.calls.length;
    const ahead = pages<{ id: string }>(client!, '/departures', undefined, { all: true, ahead: true });
    expect((await ahead.next()).value!.envelope.current_page).toBe('1');
    expect(asked()).toBe(2); // page 2 is on its way while page 1 is written out
    expect((await ahead.next()).value!.envelope.current_page).toBe('2');
    expect(asked()).toBe(3);
    expect((await ahead.next()).value!.envelope.current_page).toBe('3');
    expect((await ahead.next()).done).toBe(true);
    expect(asked()).toBe(3);

    const lazy = pages<{ id: string }>(client!, '/departures', undefined, { all: true });
    await lazy.next();
    expect(asked()).toBe(4);
    await lazy.return(undefined);
    expect(asked()).toBe(4);
  });

  it('31 raw: false makes no text of each page and reads its records one by one, with status and headers', async () => {
    await listServer(15, 10, (page) => `/api/v1/departures?page=${page}`);
    const ids: string[] = [];
    const walked: Array<Page<{ id: string }>> = [];
    for await (const page of pages<{ id: string }>(client!, '/departures', undefined, { all: true, ahead: true, raw: false })) {
      walked.push(page);
      for (let i = 0; i < page.results.length; i++) ids.push(page.results.at(i)!.id);
    }
    expect(ids).toEqual(Array.from({ length: 15 }, (_, i) => String(i + 1)));
    expect(walked.map((page) => page.response.raw)).toEqual(['', '']);
    // The envelope is parsed without its results, which are read beside it.
    expect(walked.map((page) => [page.envelope.results, page.envelope.current_page, page.results.length])).toEqual([
      [[], '1', 10],
      [[], '2', 5],
    ]);
    expect(walked.map((page) => page.response.status)).toEqual([200, 200]);
    expect(walked[0].response.headers['content-type']).toBe('application/json');
    // Each page's bytes were given back once the walk went on.
    expect(walked.map((page) => page.results.at(0))).toEqual([undefined, undefined]);
  });

  it('31 raw: false finds a page repeating an earlier one once its records are read: they are handed on, then the loop is said', async () => {
    let n = 0;
    server = await startHostileServer((_req, res) => send(res, { count: 1, current_page: 1, results: [{ id: 'same' }], links: [{ href: `/x?page=1&nonce=${++n}`, rel: 'next' }] }));
    client = new ApiClient({ baseUrl: server.url, apiKey: 'k' });
    const ids: string[] = [];
    const walk = async () => {
      for await (const page of pages<{ id: string }>(client!, '/x', undefined, { all: true, raw: false })) for (let i = 0; i < page.results.length; i++) ids.push(page.results.at(i)!.id);
    };
    const error = await walk().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`pagination of GET ${server.url}/x?page=1&nonce=1: loop: this page repeats the results of a page already fetched, and its next link leads on`);
    expect(ids).toEqual(['same', 'same']);
    expect(server.requests).toHaveLength(2);
  });

  it('31 a page asked ahead that fails is said after the page before it is handed on, as without ahead', async () => {
    server = await startHostileServer((req, res) => {
      const page = new URL(req.url ?? '/', 'http://x').searchParams.get('page');
      if (page === '2') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"boom","http_status_code":500}');
      send(res, { count: 2, current_page: 1, results: [{ id: '1' }], links: [{ href: '/api/v1/departures?page=2', rel: 'next' }] });
    });
    client = new ApiClient({ baseUrl: `${server.url}/api/v1`, apiKey: 'k', sleep: async () => undefined });
    const seen: string[] = [];
    const walk = async () => {
      for await (const record of records<{ id: string }>(client!, '/departures', undefined, { all: true })) seen.push(record.id);
    };
    const ahead = pages<{ id: string }>(client, '/departures', undefined, { all: true, ahead: true });
    expect((await ahead.next()).value!.envelope.results).toEqual([{ id: '1' }]);
    await expect(ahead.next()).rejects.toBeInstanceOf(ApiError);
    await expect(walk()).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual(['1']);
  });

  it('follows next links (path-relative and absolute) until none is left, ignoring count', async () => {
    const s = await listServer(25, 10, (page) => (page === 2 ? `/api/v1/departures?page=2` : `${server!.url}/api/v1/departures?page=${page}`));
    const ids = await collect(records<{ id: string }>(client!, '/departures', { max_per_page: 10 }, { all: true }));
    expect(ids.map((r) => r.id)).toEqual(Array.from({ length: 25 }, (_, i) => String(i + 1)));
    // The search parameters of the first request are kept when the next href omits them.
    expect(s.requests.map((r) => r.url)).toEqual(['/api/v1/departures?max_per_page=10', '/api/v1/departures?page=2&max_per_page=10', '/api/v1/departures?page=3&max_per_page=10']);
  });

  it('stops after the first page unless all is asked for', async () => {
    const s = await listServer(25, 10, (page) => `/departures?page=${page}`);
    const first = await collect(pages<{ id: string }>(client!, '/departures'));
    expect(first).toHaveLength(1);
    expect(toCount(first[0].envelope.count)).toBe(3);
    expect(s.requests).toHaveLength(1);
  });

  it('with a limit fetches only the pages it needs and reports each page', async () => {
    const s = await listServer(50, 10, (page) => `/departures?page=${page}`);
    const seenPages: Array<string | number> = [];
    const ids = await collect(records<{ id: string }>(client!, '/departures', undefined, { limit: 15, onPage: (p) => seenPages.push(p.envelope.current_page) }));
    expect(ids.map((r) => r.id)).toEqual(Array.from({ length: 15 }, (_, i) => String(i + 1)));
    expect(seenPages).toEqual(['1', '2']);
    expect(s.requests).toHaveLength(2);
  });

  it('keeps repeated parameters (attr__in) when carrying the search over', async () => {
    const s = await listServer(15, 10, () => '/departures?page=2');
    await collect(
      records(
        client!,
        '/departures',
        [
          ['status__in', 'a'],
          ['status__in', 'b'],
        ],
        { all: true },
      ),
    );
    expect(s.requests[1].url).toBe('/api/v1/departures?page=2&status__in=a&status__in=b');
  });

  it('fails with a protocol error when a next link leads back to a fetched page', async () => {
    server = await startHostileServer((req, res) => {
      const page = req.url?.includes('page=2') ? 2 : 1;
      send(res, { count: 100, current_page: page, results: [{ id: page }], links: [{ href: page === 1 ? '/x?page=2' : '/x?page=1', rel: 'next' }] });
    });
    client = new ApiClient({ baseUrl: server.url });
    const seen: unknown[] = [];
    const error = await collect(records(client, '/x?page=1', undefined, { all: true, onPage: (p) => seen.push(p.envelope.current_page) })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('protocol');
    expect((error as ApiError).message).toBe(`pagination of GET ${server.url}/x?page=2: loop: the next link points back to ${server.url}/x?page=1, which was already fetched`);
    expect(seen).toEqual([1, 2]);
  });

  it('fails with a protocol error when the response is not a list envelope', async () => {
    server = await startHostileServer((_req, res) => send(res, { id: 'not a list' }));
    client = new ApiClient({ baseUrl: server.url });
    const error = await collect(pages(client, '/x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('protocol');
    expect((error as ApiError).message).toBe(`the response to GET ${server.url}/x is not a list (no results array)`);
  });
});

describe('next links a hostile server sends (13.5)', () => {
  /** Every page answers with one result and the next link `linkFor` gives for the request's URL. */
  async function nextServer(linkFor: (url: URL) => string, resultFor: (url: URL) => unknown = (url) => ({ id: url.href })) {
    server = await startHostileServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      send(res, { count: 1, current_page: 1, results: [resultFor(url)], links: [{ href: linkFor(url), rel: 'next' }] });
    });
    client = new ApiClient({ baseUrl: server.url, apiKey: 'k' });
    return server;
  }

  async function paginationFailure(): Promise<ApiError> {
    const error = await collect(records(client!, '/x', undefined, { all: true })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('protocol');
    return error as ApiError;
  }

  it('13.5 a next link that differs only by its fragment or parameter order is a loop', async () => {
    let n = 0;
    const s = await nextServer(() => (++n % 2 ? `/x?b=2&a=1#${n}` : `/x?a=1&b=2#${n}`));
    expect((await paginationFailure()).message).toBe(`pagination of GET ${s.url}/x?b=2&a=1: loop: the next link points back to ${s.url}/x?a=1&b=2, which was already fetched`);
    expect(s.requests.map((r) => r.url)).toEqual(['/x', '/x?b=2&a=1']);
  });

  it('13.5 next links that never repeat but serve the same page again are a loop', async () => {
    let n = 0;
    const s = await nextServer(
      () => `/x?page=1&nonce=${++n}`,
      () => ({ id: 'same' }),
    );
    expect((await paginationFailure()).message).toBe(`pagination of GET ${s.url}/x?page=1&nonce=1: loop: this page repeats the results of a page already fetched, and its next link leads on`);
    expect(s.requests).toHaveLength(2);
  });

  it.each([
    ['another origin', 'http://198.51.100.7/x?page=2', 'the next link points to another origin, http://198.51.100.7; trek follows next links only within'],
    ['a garbage URL', 'http://[not-a-host/x', 'the next link "http://[not-a-host/x" is not a usable URL'],
    ['a file: URL', 'file:///etc/passwd', 'the next link "file:///etc/passwd" is not a usable URL'],
  ])('13.5 a next link to %s is an unusable answer, nothing sent there', async (_name, href, problem) => {
    const s = await nextServer(() => href);
    const error = await paginationFailure();
    expect(error.message).toContain(`pagination of GET ${s.url}/x: ${problem}`);
    expect(s.requests).toHaveLength(1);
  });
});
