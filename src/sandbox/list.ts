/** List responses: search, order and page a collection into the spec's envelope. */
import { immutable, toJsonBytes } from './json.js';
import type { BaseRecord } from './model.js';
import type { BaseContext, Reply } from './router.js';
import { applyQuery, attributePaths, cachedQuery, checkAttributes, IGNORED_PARAMETERS, page, parseListQuery, type ListQuery } from './search.js';

const knownPaths = new WeakMap<object, Set<string>>();

/**
 * A catalogue collection: immutable, so its attributes, results and replies are memoised by
 * `name` and URL — a URL always gets the same page, encoded once. Nothing here may depend on
 * the state, except through `name`: records that change with it (departures and their
 * availability) come under a name of their version (rules/places.ts, departuresKey).
 */
export function listCatalogue<T extends object>(ctx: BaseContext, name: string, records: readonly T[]): Reply {
  const replies = ctx.store.catalogue.listCache;
  const key = `${name} ${pageKey(ctx)}`;
  let body = replies.get(key);
  if (!body) {
    body = immutable(cataloguePage(ctx, name, records));
    replies.set(key, body, { size: toJsonBytes(body).length });
  }
  return { status: 200, body };
}

/**
 * What names a page: the path and its parameters, less those a client adds for itself (a fresh
 * `uuid` on every request must not make every answer a cache miss).
 */
function pageKey(ctx: BaseContext): string {
  const kept = [...ctx.query].filter(([name]) => !IGNORED_PARAMETERS.has(name));
  return `${ctx.path}?${new URLSearchParams(kept).toString()}`;
}

/**
 * Refuses filters and order_by on attributes the records do not have. Finding the records'
 * attributes walks every one of them (5 ms for the departures, of a 70 ms `trek search`), so
 * it is done only for a query that names an attribute.
 */
function checkQueryAttributes(query: ListQuery, known: () => ReadonlySet<string>): void {
  if (query.filters.length > 0 || query.order !== null) checkAttributes(query, known());
}

function cataloguePage<T extends object>(ctx: BaseContext, name: string, records: readonly T[]): object {
  const query = parseListQuery(ctx.query);
  checkQueryAttributes(query, () => {
    let known = knownPaths.get(records);
    if (!known) {
      known = attributePaths(records);
      knownPaths.set(records, known);
    }
    return known;
  });
  const matches = cachedQuery(ctx.store.catalogue.searchCache, name, records, query, ctx.cpuBudgetMs);
  return page(matches, query, ctx.path, ctx.query, null);
}

/**
 * A growing collection: records created after the first page (seq above the `as_of`
 * cut-off carried by the next link) are left out, so paging neither repeats nor skips.
 */
export function listRecords<R extends BaseRecord>(ctx: BaseContext, records: Iterable<R>, render: (record: R) => object): Reply {
  const query = parseListQuery(ctx.query);
  const asOf = query.asOf ?? ctx.state.last_seq;
  const visible = [...records]
    .filter((r) => r.seq <= asOf)
    .sort((a, b) => a.seq - b.seq)
    .map(render);
  checkQueryAttributes(query, () => attributePaths(visible));
  return { status: 200, body: page(applyQuery(visible, query, ctx.cpuBudgetMs), query, ctx.path, ctx.query, asOf) };
}

/** A list with nothing in it yet, still searchable and paged like the others. */
export function listEmpty(ctx: BaseContext): Reply {
  return listRecords<BaseRecord>(ctx, [], () => ({}));
}

/**
 * A short list made for the request (it may depend on the state or the clock, and is never
 * paged while it grows), searched, ordered and paged like the others, in the order given.
 */
export function listComputed(ctx: BaseContext, records: readonly object[]): Reply {
  const query = parseListQuery(ctx.query);
  checkAttributes(query, attributePaths(records));
  return { status: 200, body: page(applyQuery(records, query, ctx.cpuBudgetMs), query, ctx.path, ctx.query, null) };
}
