/**
 * Server-side search, ordering and paging of list endpoints (spec §4.1, §8).
 *
 * Operators: none (case-insensitive contains), like (contains with `*` wildcards), lt/lte/
 * gt/gte (numeric when both sides are numbers, else ISO string order), in (parameter repeated,
 * case-insensitive equality), null/notnull (value true; false inverts), phrase (the words in
 * that order, whole words, case-insensitive). A dotted path reaching into a list matches when
 * any element matches. Reserved parameters: page, max_per_page, order_by, order_by__asc,
 * order_by__desc (spec §4.1), as_of (the sandbox's paging cut-off); a client's own cache
 * busters are ignored (IGNORED_PARAMETERS). A parameter repeated with the same value counts
 * once: a client that adds its parameters to a next link that already carries them pages on.
 *
 * Nothing here builds a regular expression from input, and every loop over records checks a
 * CPU budget: one request must not stall a sandbox other clients share (SEARCH_LIMITS).
 */
import type { LRUCache } from 'lru-cache';
import { SandboxError, type FieldError } from './errors.js';

export const OPERATORS = ['lt', 'lte', 'gt', 'gte', 'like', 'in', 'null', 'notnull', 'phrase'] as const;
type Operator = (typeof OPERATORS)[number] | 'contains';

const RESERVED = new Set(['page', 'max_per_page', 'order_by', 'order_by__asc', 'order_by__desc', 'as_of']);

/**
 * Parameters a client adds for itself, not for the server: cache busters, `uuid` (the
 * operator's Python client adds a fresh one to every request when asked to) and `_` (jQuery's
 * `cache: false`). No resource has these attributes; they are ignored, never a 400, and left
 * out of next links (the client adds its own again).
 */
export const IGNORED_PARAMETERS: ReadonlySet<string> = new Set(['uuid', '_']);

/** Bounds on one search, each answered with a 400 naming it (docs/sandbox.md, "Request limits"). */
export const SEARCH_LIMITS = {
  /** Characters in one search value. */
  valueLength: 200,
  /** `*` in one like pattern. */
  likeWildcards: 10,
  /** Values of one `in` search. */
  inValues: 100,
  /** CPU time a request may spend searching and ordering, unless the sandbox is started with another. */
  cpuMs: 2000,
} as const;

export const DEFAULT_MAX_PER_PAGE = 50;
export const MIN_MAX_PER_PAGE = 10;
export const MAX_MAX_PER_PAGE = 100;

interface Filter {
  attribute: string;
  operator: Operator;
  values: string[];
}

interface Ordering {
  attribute: string;
  descending: boolean;
}

export interface ListQuery {
  filters: Filter[];
  order: Ordering | null;
  page: number;
  maxPerPage: number;
  /** Paging cut-off: records created after it are left out. */
  asOf: number | null;
  /** Filters and order in a canonical form: equal keys give equal results. */
  key: string;
}

const ATTRIBUTE_RE = /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/;

function invalid(message: string, error: FieldError): SandboxError {
  return new SandboxError(400, message, [error]);
}

function positiveInteger(params: URLSearchParams, name: string, code: string): number | null {
  const values = new Set(params.getAll(name));
  if (values.size === 0) return null;
  const text = [...values].at(-1)!;
  if (values.size > 1 || !/^\d+$/.test(text) || Number(text) < 1) {
    throw invalid(`${name} must be a positive integer.`, { field: name, code, detail: `${name} must be a positive integer`, value: text });
  }
  return Number(text);
}

/** Parses and checks the query of a list request; throws a 400 naming the bad parameter. */
export function parseListQuery(params: URLSearchParams): ListQuery {
  const maxPerPage = positiveInteger(params, 'max_per_page', 'INVALID_MAX_PER_PAGE') ?? DEFAULT_MAX_PER_PAGE;
  if (maxPerPage < MIN_MAX_PER_PAGE || maxPerPage > MAX_MAX_PER_PAGE) {
    const detail = `max_per_page must be between ${MIN_MAX_PER_PAGE} and ${MAX_MAX_PER_PAGE}`;
    throw invalid(`Invalid max_per_page: ${detail}.`, { field: 'max_per_page', code: 'INVALID_MAX_PER_PAGE', detail, value: params.get('max_per_page') });
  }
  const page = positiveInteger(params, 'page', 'INVALID_PAGE') ?? 1;
  const asOf = positiveInteger(params, 'as_of', 'INVALID_AS_OF');

  const orderings = (['order_by', 'order_by__asc', 'order_by__desc'] as const).flatMap((name) => [...new Set(params.getAll(name))].map((value) => ({ name, value })));
  if (orderings.length > 1) {
    throw invalid('Only one ordering parameter may be given.', {
      field: orderings[1].name,
      code: 'INVALID_ORDER_BY',
      detail: 'give one of order_by, order_by__asc, order_by__desc, once',
      value: orderings[1].value,
    });
  }
  let order: Ordering | null = null;
  if (orderings[0]) {
    const { name, value } = orderings[0];
    if (!ATTRIBUTE_RE.test(value)) throw invalid(`${name}: '${value}' is not an attribute name.`, { field: name, code: 'INVALID_ORDER_BY', detail: 'not an attribute name', value });
    order = { attribute: value, descending: name === 'order_by__desc' };
  }

  const byAttribute = new Map<string, Filter>();
  for (const [key, value] of params) {
    if (RESERVED.has(key) || IGNORED_PARAMETERS.has(key)) continue;
    const [attribute = '', operatorText, ...extra] = key.split('__');
    if (!ATTRIBUTE_RE.test(attribute)) {
      throw invalid(`'${key}' is not a search parameter.`, { field: key, code: 'INVALID_PARAMETER', detail: 'expected <attribute> or <attribute>__<operator>', value });
    }
    if (extra.length > 0) {
      throw invalid(`Only one operator per attribute: '${key}'.`, { field: attribute, code: 'DUPLICATE_OPERATOR', detail: 'only one operator per attribute', value: key });
    }
    const operator: Operator = operatorText === undefined ? 'contains' : (operatorText as Operator);
    if (operatorText !== undefined && !(OPERATORS as readonly string[]).includes(operatorText)) {
      throw invalid(`Unknown search operator '${operatorText}'.`, { field: key, code: 'INVALID_OPERATOR', detail: `operators: ${OPERATORS.join(', ')}`, value: operatorText });
    }
    const earlier = byAttribute.get(attribute);
    if (earlier) {
      if (earlier.operator !== operator) {
        throw invalid(`Only one operator per attribute: '${attribute}' has ${earlier.operator} and ${operator}.`, {
          field: attribute,
          code: 'DUPLICATE_OPERATOR',
          detail: 'only one operator per attribute',
          value: key,
        });
      }
      if (earlier.values.includes(value)) continue;
      if (operator !== 'in') {
        throw invalid(`'${key}' is given twice; repeat a parameter only with __in.`, { field: attribute, code: 'DUPLICATE_OPERATOR', detail: 'repeat a parameter only with the in operator', value });
      }
      earlier.values.push(value);
      continue;
    }
    if ((operator === 'null' || operator === 'notnull') && value !== 'true' && value !== 'false') {
      throw invalid(`${key} takes the value true.`, { field: key, code: 'INVALID_VALUE', detail: `${operator} takes the value true (or false to invert)`, value });
    }
    byAttribute.set(attribute, { attribute, operator, values: [value] });
  }
  const filters = [...byAttribute.values()].sort((a, b) => (a.attribute < b.attribute ? -1 : 1));
  for (const filter of filters) checkLimits(filter);
  const key = JSON.stringify([filters.map((f) => [f.attribute, f.operator, f.values]), order]);
  return { filters, order, page, maxPerPage, asOf, key };
}

function checkLimits({ attribute, operator, values }: Filter): void {
  const field = operator === 'contains' ? attribute : `${attribute}__${operator}`;
  if (values.length > SEARCH_LIMITS.inValues) {
    throw invalid(`${field} has ${values.length} values; a search takes up to ${SEARCH_LIMITS.inValues}.`, {
      field,
      code: 'TOO_MANY_VALUES',
      detail: `an in search takes up to ${SEARCH_LIMITS.inValues} values`,
      value: values.length,
    });
  }
  for (const value of values) {
    if (value.length > SEARCH_LIMITS.valueLength) {
      throw invalid(`${field} is ${value.length} characters long; a search value takes up to ${SEARCH_LIMITS.valueLength}.`, {
        field,
        code: 'SEARCH_VALUE_TOO_LONG',
        detail: `a search value is up to ${SEARCH_LIMITS.valueLength} characters`,
        value: value.slice(0, 40) + '…',
      });
    }
  }
  const wildcards = operator === 'like' ? values[0].split('*').length - 1 : 0;
  if (wildcards > SEARCH_LIMITS.likeWildcards) {
    throw invalid(`${field} has ${wildcards} wildcards; a like pattern takes up to ${SEARCH_LIMITS.likeWildcards}.`, {
      field,
      code: 'TOO_MANY_WILDCARDS',
      detail: `a like pattern has up to ${SEARCH_LIMITS.likeWildcards} * wildcards`,
      value: values[0],
    });
  }
}

/**
 * The CPU time a request has left, checked between records. A 400 once it is spent: Node
 * serves every client on one thread, so a request that ran on would stall them all.
 */
export class CpuBudget {
  private readonly started = process.cpuUsage();
  private calls = 0;
  constructor(private readonly limitMs: number) {}

  /** Cheap enough per record: the clock is read every 256th call. */
  check(): void {
    if ((++this.calls & 255) !== 0) return;
    const used = process.cpuUsage(this.started);
    if ((used.user + used.system) / 1000 <= this.limitMs) return;
    throw new SandboxError(400, `The request needs more than ${this.limitMs} ms of CPU time, the sandbox's limit per request: narrow the search.`, [
      { code: 'REQUEST_TOO_COSTLY', detail: `the sandbox stops a request after ${this.limitMs} ms of CPU time`, value: this.limitMs },
    ]);
  }
}

// ---------------------------------------------------------------------------------------

/** Leaf values at a dotted path, flattening lists on the way. */
function valuesAt(record: unknown, path: readonly string[]): unknown[] {
  let current: unknown[] = [record];
  for (const key of path) {
    const next: unknown[] = [];
    for (const value of current) {
      if (value === null || typeof value !== 'object') continue;
      const member = Array.isArray(value) ? value.flatMap((v) => (v !== null && typeof v === 'object' ? [(v as Record<string, unknown>)[key]] : [])) : [(value as Record<string, unknown>)[key]];
      for (const m of member) {
        if (Array.isArray(m)) next.push(...(m as unknown[]));
        else next.push(m);
      }
    }
    current = next;
  }
  return current.filter((v) => v !== undefined);
}

const NO_VALUE = Symbol('no value');

/**
 * The value at `path` when the way there crosses no list (the common case, without
 * allocating); NO_VALUE when it is missing; undefined when a list was met (use valuesAt).
 */
function plainValueAt(record: unknown, path: readonly string[]): unknown {
  let value = record;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return NO_VALUE;
    if (Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value === undefined ? NO_VALUE : Array.isArray(value) ? undefined : value;
}

/** Does any leaf value at `path` pass `test`? */
function someValueAt(record: unknown, path: readonly string[], test: (value: unknown) => boolean): boolean {
  const plain = plainValueAt(record, path);
  if (plain === NO_VALUE) return false;
  if (plain !== undefined) return test(plain);
  return valuesAt(record, path).some(test);
}

/**
 * Whether `path` holds a value: anything but null or missing. An empty list is a value, so
 * `flags__null=true` finds records whose flags are null, not those with `[]`.
 */
function hasValueAt(record: unknown, path: readonly string[]): boolean {
  const last = path[path.length - 1];
  return valuesAt(record, path.slice(0, -1)).some((holder) => holder !== null && typeof holder === 'object' && !Array.isArray(holder) && ((holder as Record<string, unknown>)[last] ?? null) !== null);
}

/** Dotted paths of every leaf (and null member) in the records, lists looked through. */
export function attributePaths(records: Iterable<unknown>, limit = 500): Set<string> {
  const paths = new Set<string>();
  const walk = (value: unknown, prefix: string) => {
    if (Array.isArray(value)) {
      if (value.length === 0 && prefix) paths.add(prefix);
      for (const item of value) walk(item, prefix);
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
      return;
    }
    if (prefix) paths.add(prefix);
  };
  let n = 0;
  for (const record of records) {
    if (n++ >= limit) break;
    walk(record, '');
  }
  return paths;
}

const NUMBER_RE = /^-?\d+(\.\d+)?$/;

function compareScalars(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const sa = String(a);
  const sb = String(b);
  if ((typeof a === 'number' || NUMBER_RE.test(sa)) && (typeof b === 'number' || NUMBER_RE.test(sb))) return Number(sa) - Number(sb);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function containsSequence(haystack: string[], needle: string[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

type ValueOperator = Exclude<Operator, 'null' | 'notnull'>;

function scalarTest(operator: ValueOperator, values: readonly string[]): (value: unknown) => boolean {
  const [first = ''] = values;
  switch (operator) {
    case 'contains': {
      const needle = first.toLowerCase();
      return (v) => String(v).toLowerCase().includes(needle);
    }
    case 'like': {
      // Unanchored, like the default: the pieces between wildcards, in order. Taking each at its
      // first place after the previous one is never wrong and costs one indexOf per piece — a
      // backtracking regex took minutes on `a*a*a*b` against a long text.
      const pieces = first
        .toLowerCase()
        .split('*')
        .filter((piece) => piece !== '');
      return (v) => {
        const text = String(v).toLowerCase();
        let from = 0;
        for (const piece of pieces) {
          const at = text.indexOf(piece, from);
          if (at < 0) return false;
          from = at + piece.length;
        }
        return true;
      };
    }
    case 'lt':
      return (v) => compareScalars(v, first) < 0;
    case 'lte':
      return (v) => compareScalars(v, first) <= 0;
    case 'gt':
      return (v) => compareScalars(v, first) > 0;
    case 'gte':
      return (v) => compareScalars(v, first) >= 0;
    case 'in': {
      const wanted = new Set(values.map((v) => v.toLowerCase()));
      return (v) => wanted.has(String(v).toLowerCase());
    }
    case 'phrase': {
      const phrase = words(first);
      return (v) => containsSequence(words(String(v)), phrase);
    }
  }
}

function compileFilter(filter: Filter): (record: unknown) => boolean {
  const path = filter.attribute.split('.');
  if (filter.operator === 'null' || filter.operator === 'notnull') {
    const wantNull = (filter.operator === 'null') === (filter.values[0] === 'true');
    return (record) => !hasValueAt(record, path) === wantNull;
  }
  const test = scalarTest(filter.operator, filter.values);
  return (record) => someValueAt(record, path, (v) => v !== null && typeof v !== 'object' && test(v));
}

/** Refuses filters and orderings on attributes the records do not have. */
export function checkAttributes(query: ListQuery, known: ReadonlySet<string>): void {
  if (known.size === 0) return; // nothing to check against: an empty collection matches nothing anyway
  const unknown: FieldError[] = [];
  for (const f of query.filters) {
    if (!known.has(f.attribute)) unknown.push({ field: f.attribute, code: 'UNKNOWN_ATTRIBUTE', detail: `'${f.attribute}' is not an attribute of these resources`, value: f.values[0] });
  }
  if (query.order && !known.has(query.order.attribute)) {
    unknown.push({ field: 'order_by', code: 'UNKNOWN_ATTRIBUTE', detail: `'${query.order.attribute}' is not an attribute of these resources`, value: query.order.attribute });
  }
  if (unknown.length > 0) throw new SandboxError(400, `Unknown attribute: ${unknown.map((u) => u.detail.split("'")[1]).join(', ')}.`, unknown);
}

/** Filters then orders (stable: equal keys keep the input's creation order), within `cpuBudgetMs`. */
export function applyQuery<T>(records: readonly T[], query: ListQuery, cpuBudgetMs: number): T[] {
  const budget = new CpuBudget(cpuBudgetMs);
  const tests = query.filters.map(compileFilter);
  const matches = (record: T) => {
    budget.check();
    return tests.every((test) => test(record));
  };
  let result = tests.length === 0 ? records.slice() : records.filter(matches);
  if (query.order) {
    const path = query.order.attribute.split('.');
    const sign = query.order.descending ? -1 : 1;
    const keyed = result.map((record, index) => {
      budget.check();
      return { record, index, key: valuesAt(record, path).find((v) => v !== null && typeof v !== 'object') };
    });
    keyed.sort((a, b) => {
      budget.check();
      // Records without a value go last whichever the direction.
      if (a.key === undefined || b.key === undefined) return a.key === b.key ? a.index - b.index : a.key === undefined ? 1 : -1;
      // Descending is ascending reversed, ties too: the newest of records made in the same second comes first.
      return sign * (compareScalars(a.key, b.key) || a.index - b.index);
    });
    result = keyed.map((k) => k.record);
  }
  return result;
}

/**
 * Search over an immutable collection, memoised per query: catalogue lists are large and
 * asked the same questions page after page.
 */
export function cachedQuery<T>(cache: LRUCache<string, unknown[]>, name: string, records: readonly T[], query: ListQuery, cpuBudgetMs: number): T[] {
  const key = `${name}:${query.key}`;
  let hit = cache.get(key) as T[] | undefined;
  if (!hit) {
    hit = applyQuery(records, query, cpuBudgetMs);
    cache.set(key, hit);
  }
  return hit;
}

export interface ListEnvelope<T> {
  count: number;
  max_per_page: number;
  current_page: number;
  results: T[];
  links: Array<{ href: string; rel: 'next' }>;
}

/**
 * One page of `matches` with its envelope. The next link repeats the request's own
 * parameters with `page` advanced and, for growing collections, the `as_of` cut-off fixed
 * at the first page, so records created while a client pages are not shown and do not shift
 * later pages.
 */
export function page<T>(matches: readonly T[], query: ListQuery, path: string, params: URLSearchParams, asOf: number | null): ListEnvelope<T> {
  const start = (query.page - 1) * query.maxPerPage;
  const results = matches.slice(start, start + query.maxPerPage);
  const links: ListEnvelope<T>['links'] = [];
  if (start + query.maxPerPage < matches.length) {
    const next = new URLSearchParams();
    for (const [k, v] of params) {
      // Each parameter once: repeats would pile up page after page on a client that adds its own.
      if (k !== 'page' && k !== 'as_of' && !IGNORED_PARAMETERS.has(k) && !next.getAll(k).includes(v)) next.append(k, v);
    }
    if (asOf !== null) next.set('as_of', String(asOf));
    next.set('page', String(query.page + 1));
    links.push({ href: `${path}?${next.toString()}`, rel: 'next' });
  }
  return { count: matches.length, max_per_page: query.maxPerPage, current_page: query.page, results, links };
}
