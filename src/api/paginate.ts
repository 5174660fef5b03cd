/**
 * Pagination (spec §4.1): the `next` link alone says whether another page follows; `count`
 * may be approximate and is never used to decide.
 */
import type { ApiClient, ApiResponse, QueryInput, RequestOptions } from './client.js';
import { ApiError } from './errors.js';

export interface ListEnvelope<T> {
  count: number | string;
  max_per_page?: number | string;
  current_page: number | string;
  results: T[];
  links: Array<{ href: string; rel: string }>;
}

export interface Page<T> {
  envelope: ListEnvelope<T>;
  response: ApiResponse<ListEnvelope<T>>;
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

/**
 * Pages of a list, the first only unless `all`. The spec promises only a `page` parameter
 * in the next href, so search, ordering and page-size parameters of the first request that
 * the href lacks are carried over; otherwise a server that drops them would silently change
 * the result set from page 2 on. A page whose results repeat an earlier page's is a loop too
 * (next links that differ only in a parameter the server ignores).
 */
/** What each page's request carries besides its URL. */
type PageRequest = Pick<RequestOptions, 'headers' | 'revealKeys'>;

export async function* pages<T>(client: ApiClient, path: string, query?: QueryInput, options: { all?: boolean } & PageRequest = {}): AsyncGenerator<Page<T>> {
  const first = client.resolve(path, query);
  const fetched = new Set<string>();
  const seenResults = new Set<string>();
  for (let url: URL | undefined = first; url !== undefined; ) {
    fetched.add(pageKey(url));
    const response = await client.request<ListEnvelope<T>>({
      path: url.href,
      ...(options.headers === undefined ? {} : { headers: options.headers }),
      ...(options.revealKeys === undefined ? {} : { revealKeys: options.revealKeys }),
    });
    const envelope = checkEnvelope(response);
    yield { envelope, response };
    if (!options.all) return;
    const href = nextLink(envelope);
    if (href === undefined) return;
    // node:crypto only here, with --all: completion reads this module's neighbours and must not load it.
    const digest = process.getBuiltinModule('node:crypto').createHash('sha256').update(JSON.stringify(envelope.results)).digest('hex');
    if (seenResults.has(digest)) throw paginationError(response.url, 'loop: this page repeats the results of a page already fetched, and its next link leads on');
    seenResults.add(digest);
    url = nextPageUrl(client, response, href, first, fetched);
  }
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
