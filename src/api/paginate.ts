/**
 * Pagination (spec §4.1): the `next` link alone says whether another page follows; `count`
 * may be approximate and is never used to decide.
 */
import type { ApiClient, ApiResponse, QueryInput } from './client.js';
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
 * Pages of a list, the first only unless `all`. The spec promises only a `page` parameter
 * in the next href, so search, ordering and page-size parameters of the first request that
 * the href lacks are carried over; otherwise a server that drops them would silently change
 * the result set from page 2 on.
 */
export async function* pages<T>(client: ApiClient, path: string, query?: QueryInput, options: { all?: boolean } = {}): AsyncGenerator<Page<T>> {
  const first = client.resolve(path, query);
  const fetched = new Set<string>();
  for (let url: URL | undefined = first; url !== undefined; ) {
    fetched.add(url.href);
    const response = await client.get<ListEnvelope<T>>(url.href);
    const envelope = checkEnvelope(response);
    yield { envelope, response };
    if (!options.all) return;
    const href = nextLink(envelope);
    if (href === undefined) return;
    const next = client.resolve(href);
    const missing = [...first.searchParams].filter(([k]) => !next.searchParams.has(k));
    for (const [k, v] of missing) next.searchParams.append(k, v);
    if (fetched.has(next.href)) {
      throw new ApiError({
        kind: 'protocol',
        message: `pagination loop: the next link of ${response.url} points back to ${next.href}, which was already fetched`,
        method: 'GET',
        url: next.href,
      });
    }
    url = next;
  }
}

/** Records across pages, fetching the next page only when the previous one is used up. */
export async function* records<T>(
  client: ApiClient,
  path: string,
  query?: QueryInput,
  options: { limit?: number; all?: boolean; onPage?: (page: Page<T>) => void } = {},
): AsyncGenerator<T> {
  const { limit } = options;
  if (limit !== undefined && limit <= 0) return;
  let yielded = 0;
  for await (const page of pages<T>(client, path, query, { all: options.all === true || limit !== undefined })) {
    options.onPage?.(page);
    for (const record of page.envelope.results) {
      yield record;
      if (++yielded === limit) return;
    }
  }
}
