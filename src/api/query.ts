/**
 * Search and ordering query strings (spec §4.1, DESIGN.md §3), built in one place so every
 * list command rejects the same mistakes before anything is sent.
 */
import { UsageError } from '../errors.js';

export const SEARCH_OPERATORS: readonly string[] = ['lt', 'lte', 'gt', 'gte', 'like', 'notnull', 'null', 'in', 'phrase'];

/** Attribute names, nested with dots: `start_date`, `availability.status`. */
const ATTRIBUTE_RE = /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/;

function whereError(expression: string, problem: string, hint?: string): UsageError {
  return new UsageError(`--where '${expression}': ${problem}`, hint);
}

/** Query parameters with a meaning of their own: as a --where they would clash with paging and ordering. */
const RESERVED_PARAMETERS = new Set(['page', 'max_per_page', 'order_by', 'as_of']);

function checkAttribute(attribute: string, describe: (problem: string, hint?: string) => UsageError): void {
  if (attribute === '') throw describe('the attribute name is empty');
  if (RESERVED_PARAMETERS.has(attribute)) throw describe(`'${attribute}' is a paging or ordering parameter, not a search attribute`, 'use --page, --max-per-page or --order-by');
  if (!ATTRIBUTE_RE.test(attribute)) throw describe(`'${attribute}' is not an attribute name (letters, digits, _ and . for nesting)`);
}

/**
 * `attr=v`, `attr__gte=2027-01-01`, `attr__in=a,b` (one parameter per value),
 * `attr__null=true`. The API allows one condition per attribute, so a second one on the same
 * attribute is refused here rather than silently sent.
 */
export function parseWhere(expressions: string[]): Array<[string, string]> {
  const params: Array<[string, string]> = [];
  const seen = new Map<string, string>();
  for (const expression of expressions) {
    const fail = (problem: string, hint?: string) => whereError(expression, problem, hint);
    const eq = expression.indexOf('=');
    if (eq < 0) throw fail("missing '='", "use --where 'attribute=value' or --where 'attribute__operator=value'");
    const key = expression.slice(0, eq).trim();
    const value = expression.slice(eq + 1);
    const [attribute = '', operator, ...extra] = key.split('__');
    checkAttribute(attribute, fail);
    if (extra.length > 0) throw fail(`two operators on '${attribute}' (${[operator, ...extra].join(', ')}); the API allows one operator per attribute`);
    if (operator !== undefined && !SEARCH_OPERATORS.includes(operator)) {
      throw fail(`unknown operator '${operator}'`, `valid operators: ${SEARCH_OPERATORS.join(', ')}`);
    }
    const earlier = seen.get(attribute);
    if (earlier !== undefined) {
      throw fail(`'${attribute}' already has a condition ('${earlier}'); the API allows one condition per attribute`);
    }
    seen.set(attribute, expression);

    if (operator === 'null' || operator === 'notnull') {
      if (value !== 'true') throw fail(`${operator} takes the value true (got '${value}')`);
      params.push([key, value]);
    } else if (operator === 'in') {
      const values = value.split(',').map((v) => v.trim()).filter((v) => v !== '');
      if (values.length === 0) throw fail('in needs one or more comma-separated values');
      for (const v of values) params.push([key, v]);
    } else {
      if (value === '') throw fail(`no value after '='`);
      params.push([key, value]);
    }
  }
  return params;
}

/** `attr` → order_by, `-attr` → order_by__desc, `+attr` → order_by__asc; comma-separated lists allowed. */
export function parseOrderBy(values: string[]): Array<[string, string]> {
  const params: Array<[string, string]> = [];
  for (const value of values) {
    for (const term of value.split(',').map((t) => t.trim())) {
      const fail = (problem: string) => new UsageError(`--order-by '${value}': ${problem}`, 'use --order-by attribute (ascending) or --order-by -attribute (descending)');
      const sign = term[0] === '-' || term[0] === '+' ? term[0] : '';
      const attribute = term.slice(sign.length);
      checkAttribute(attribute, fail);
      params.push([sign === '-' ? 'order_by__desc' : sign === '+' ? 'order_by__asc' : 'order_by', attribute]);
    }
  }
  return params;
}

/** The API answers 400 outside 10–100 (spec §8); catch it before sending. */
export function validateMaxPerPage(value: number, flag = '--max-per-page'): number {
  if (!Number.isInteger(value)) throw new UsageError(`${flag} must be a whole number between 10 and 100 (got ${value})`);
  if (value < 10 || value > 100) throw new UsageError(`${flag} must be between 10 and 100 (got ${value})`);
  return value;
}
