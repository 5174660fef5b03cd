/**
 * Pagination (spec §4.1): the `next` link alone says whether another page follows; `count`
 * may be approximate and is never used to decide.
 */
import type { ApiClient, ApiResponse, QueryInput, RequestOptions } from './client.js';
import { ApiError } from './errors.js';
import type { components } from '../domain/contract.js';
import { LazyResults, type Results } from './list-body.js';

/** The §2.1 list envelope, as the looser of the contract's two has it (the overrides list sends its counts as text). */
export type ListEnvelope<T> = Omit<components['schemas']['OverrideListEnvelope'], 'results'> & { results: T[] };

export interface Page<T> {
  /** Its `results` are empty for a page read record by record (`raw: false`): read `results` beside it. */
  envelope: ListEnvelope<T>;
  response: ApiResponse<ListEnvelope<T>>;
  /** The page's records: the envelope's, or, read record by record, each parsed as it is read. */
  results: Results<T>;
}

/** Accepts 7 and "7" (the overrides list sends strings); anything else is unknown. */
export function toCount(value: number | string | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

export function nextLink(envelope: ListEnvelope<unknown>): string | undefined {
  const links: unknown = envelope.links;
  if (!Array.isArray(links)) return undefined;
  const next = links.find((l: unknown) => typeof l === 'object' && l !== null && (l as { rel?: unknown }).rel === 'next') as { href?: unknown } | undefined;
  return typeof next?.href === 'string' && next.href !== '' ? next.href : undefined;
}

function checkEnvelope<T>(response: ApiResponse<ListEnvelope<T>>): ListEnvelope<T> {
  const data: unknown = response.data;
  if (typeof data !== 'object' || data === null || !Array.isArray((data as { results?: unknown }).results)) {
    throw new ApiError({
      kind: 'protocol',
      message: `the response to GET ${response.url} is not a list (no results array)`,
      method: 'GET',
      url: response.url,
      status: response.status,
    });
  }
  return data as ListEnvelope<T>;
}

/**
 * One key per page a request can fetch: the fragment is never sent and parameter order does
 * not change the answer, so neither may disguise a page already fetched.
 */
function pageKey(url: URL): string {
  const params = [...url.searchParams].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return `${url.origin}${url.pathname}?${new URLSearchParams(params).toString()}`;
}

function paginationError(pageUrl: string, problem: string): ApiError {
  return new ApiError({ kind: 'protocol', message: `pagination of GET ${pageUrl}: ${problem}`, method: 'GET', url: pageUrl });
}

/**
 * The URL of the page after `response`, from its next link: on the API's own origin, and never
 * one already fetched (a loop would otherwise run for ever). Unusable links are protocol errors.
 */
function nextPageUrl(client: ApiClient, response: ApiResponse<unknown>, href: string, first: URL, fetched: Set<string>): URL {
  let next: URL;
  try {
    next = client.resolve(href);
  } catch {
    throw paginationError(response.url, `the next link ${JSON.stringify(href)} is not a usable URL`);
  }
  const origin = new URL(client.baseUrl).origin;
  if (next.origin !== origin) throw paginationError(response.url, `the next link points to another origin, ${next.origin}; trek follows next links only within ${origin}`);
  next.hash = '';
  const missing = [...first.searchParams].filter(([k]) => !next.searchParams.has(k));
  for (const [k, v] of missing) next.searchParams.append(k, v);
  if (fetched.has(pageKey(next))) throw paginationError(response.url, `loop: the next link points back to ${next.href}, which was already fetched`);
  return next;
}

/** What each page's request carries besides its URL. */
type PageRequest = Pick<RequestOptions, 'headers' | 'revealKeys'>;

/** How pages() walks a list. */
export interface PagesOptions extends PageRequest {
  /** Follow next links; else the first page only. */
  all?: boolean;
  /**
   * With `all`, for a walk read to its end: the next page is asked for before this one is
   * handed on, so the server prepares it while this one is written out, and a walk takes about
   * as long as the slower of the two instead of both (one page ahead, no more). Not for a walk
   * that may stop early (--limit), which would ask a page nobody reads.
   */
  ahead?: boolean;
  /**
   * False for a caller that reads only the records, in order: a page's text is never made, and
   * each record is parsed when it is read (`lazyResults`, src/api/list-body.ts). A page's text
   * (830 kB of departures) and its records, alive while they are written out, outlived the
   * young generation's collections and made it grow.
   */
  raw?: boolean;
}

/**
 * Pages of a list, the first only unless `all`. The spec promises only a `page` parameter
 * in the next href, so search, ordering and page-size parameters of the first request that
 * the href lacks are carried over; otherwise a server that drops them would silently change
 * the result set from page 2 on. A page whose results repeat an earlier page's is a loop too
 * (next links that differ only in a parameter the server ignores).
 */
export async function* pages<T>(client: ApiClient, path: string, query?: QueryInput, options: PagesOptions = {}): AsyncGenerator<Page<T>> {
  const first = client.resolve(path, query);
  const fetched = new Set<string>();
  const seenResults = new Set<string>();
  const request = (url: URL) => {
    fetched.add(pageKey(url));
    return client.request<ListEnvelope<T>>({
      path: url.href,
      ...(options.headers === undefined ? {} : { headers: options.headers }),
      ...(options.revealKeys === undefined ? {} : { revealKeys: options.revealKeys }),
      ...(options.raw === false ? { lazyResults: true } : {}),
    });
  };
  let pending: Promise<ApiResponse<ListEnvelope<T>>> | undefined = request(first);
  while (pending !== undefined) {
    const response = await pending;
    pending = undefined;
    const envelope = checkEnvelope(response);
    const results = (response.results as Results<T> | undefined) ?? envelope.results;
    // What follows this page, found before it is handed on; a broken next link is said after it, as its records are good.
    let next: URL | undefined;
    let broken: { error: unknown } | undefined;
    try {
      next = options.all ? following(client, response, envelope, results, first, fetched, seenResults) : undefined;
    } catch (error) {
      broken = { error };
    }
    if (next !== undefined && options.ahead) {
      pending = request(next);
      // Its failure is thrown when it is awaited, if the walk gets that far.
      pending.catch(() => undefined);
    }
    try {
      yield { envelope, response, results };
    } finally {
      // Its records read (or the walk left), a page read record by record frees its bytes.
      if (results instanceof LazyResults) results.release();
    }
    if (broken !== undefined) throw broken.error;
    if (next !== undefined) pending ??= request(next);
  }
}

/**
 * What a record is, for telling a page that repeats an earlier one: its href or id when it has
 * one (API records do), else all of it. Writing out every record of a long walk again only to
 * hash it doubled the garbage a page leaves, and with it the walk's peak memory.
 */
function identity(record: unknown): string {
  if (typeof record === 'object' && record !== null) {
    const { href, id } = record as { href?: unknown; id?: unknown };
    if (typeof href === 'string') return `href ${href}`;
    if (typeof id === 'string' || typeof id === 'number') return `id ${id}`;
  }
  return `json ${JSON.stringify(record)}`;
}

/**
 * The URL of the page after this one, or undefined at the last page; a loop is a protocol error.
 * A page is told from the pages before it by its records' identities; a page read record by
 * record, whose records are not parsed yet, by their bytes as sent.
 */
function following<T>(
  client: ApiClient,
  response: ApiResponse<ListEnvelope<T>>,
  envelope: ListEnvelope<T>,
  results: Results<T>,
  first: URL,
  fetched: Set<string>,
  seenResults: Set<string>,
): URL | undefined {
  const href = nextLink(envelope);
  if (href === undefined) return undefined;
  // node:crypto only here, with --all: completion reads this module's neighbours and must not load it.
  const hash = process.getBuiltinModule('node:crypto').createHash('sha256');
  if (results instanceof LazyResults) hash.update(results.sent());
  else for (const record of envelope.results) hash.update(`${identity(record)}\n`);
  const digest = hash.digest('hex');
  if (seenResults.has(digest)) throw paginationError(response.url, 'loop: this page repeats the results of a page already fetched, and its next link leads on');
  seenResults.add(digest);
  return nextPageUrl(client, response, href, first, fetched);
}

/** Records across pages, fetching the next page only when the previous one is used up. */
export async function* records<T>(
  client: ApiClient,
  path: string,
  query?: QueryInput,
  options: { limit?: number; all?: boolean; onPage?: (page: Page<T>) => void } & PageRequest = {},
): AsyncGenerator<T> {
  const { limit } = options;
  if (limit !== undefined && limit <= 0) return;
  let yielded = 0;
  const { headers, revealKeys } = options;
  for await (const page of pages<T>(client, path, query, { all: options.all === true || limit !== undefined, headers, revealKeys })) {
    options.onPage?.(page);
    for (const record of page.envelope.results) {
      yield record;
      if (++yielded === limit) return;
    }
  }
}

/** Every item of an async iterable (Array.fromAsync arrives with Node 22). */
export async function toArray<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}
