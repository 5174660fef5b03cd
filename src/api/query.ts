/**
 * Search and ordering query strings (spec §4.1), built in one place so every
 * list command rejects the same mistakes before anything is sent.
 */
import { UsageError } from '../errors.js';
import { ENUMS, SEARCH_ATTRIBUTES } from '../domain/contract-fields.js';
import { dateParts, isApiDatetime, relativeDate, unrealDate } from '../util/dates.js';
import { nearestMatch } from '../util/nearest.js';

export const SEARCH_OPERATORS: readonly string[] = ['lt', 'lte', 'gt', 'gte', 'like', 'notnull', 'null', 'in', 'phrase'];

/**
 * What a search value must look like: the spec's types (§2.1: Date, Datetime, Decimal; Boolean)
 * or a closed list of values (an enumeration). Text takes anything.
 */
export type FieldType = 'text' | 'date' | 'datetime' | 'decimal' | 'integer' | 'boolean' | { oneOf: readonly string[] };

/** Searchable attributes of one collection and their types; a list that has a table refuses attributes not in it. */
export type FieldTypes = Readonly<Record<string, FieldType>>;

/** Spec §2.11. */
export const AVAILABILITY_STATUSES = ENUMS.AvailabilityStatus;

/**
 * The searchable collections' attributes and their types, derived from the contract
 * (openapi/trek.yaml: each list operation's x-trek-searchable, typed by its results' schema).
 */
export const SEARCH_FIELD_TYPES = SEARCH_ATTRIBUTES satisfies Record<string, FieldTypes>;

export type SearchCollection = keyof typeof SEARCH_FIELD_TYPES;

/** The collections trek knows the searchable attributes of, in the order `trek help filters` lists them. */
export const SEARCH_COLLECTIONS = Object.keys(SEARCH_FIELD_TYPES) as SearchCollection[];

/**
 * The searchable (and orderable) attributes of a collection with their types: the one place
 * lists, completion and `trek help filters` read them from, so their source can change.
 */
export function searchFields(collection: SearchCollection): FieldTypes {
  return SEARCH_FIELD_TYPES[collection];
}

/** An attribute a collection's table does not have: "did you mean" the nearest, and the ones there are. */
function unknownAttribute(attribute: string, fields: FieldTypes, describe: (problem: string, hint?: string) => UsageError): UsageError {
  const known = Object.keys(fields);
  const nearest = nearestMatch(attribute, known);
  return describe(`unknown attribute '${attribute}'${nearest === undefined ? '' : `; did you mean ${nearest}?`}`, `attributes here: ${known.join(', ')} (trek help filters)`);
}

/** Attribute names, nested with dots: `start_date`, `availability.status`. */
const ATTRIBUTE_RE = /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)*$/;

function whereError(expression: string, problem: string, hint?: string): UsageError {
  return new UsageError(`--where '${expression}': ${problem}`, hint, { field: '--where' });
}

/** Query parameters with a meaning of their own: as a --where they would clash with paging and ordering. */
const RESERVED_PARAMETERS = new Set(['page', 'max_per_page', 'order_by', 'as_of']);

function checkAttribute(attribute: string, describe: (problem: string, hint?: string) => UsageError): void {
  if (attribute === '') throw describe('the attribute name is empty');
  if (RESERVED_PARAMETERS.has(attribute)) throw describe(`'${attribute}' is a paging or ordering parameter, not a search attribute`, 'use --page, --max-per-page or --order-by');
  if (!ATTRIBUTE_RE.test(attribute)) throw describe(`'${attribute}' is not an attribute name (letters, digits, _ and . for nesting)`);
}

export interface WhereOptions {
  /** The collection's attribute types: values are checked against them before anything is sent. */
  fields?: FieldTypes;
  /**
   * Flags of the command that ask for a range of one attribute (`--starting`, `--from`/`--to` on
   * start_date): a second condition on that attribute is refused with `hint` naming them.
   */
  range?: { attribute: string; hint: string };
  /** The API's today (YYYY-MM-DD): a date attribute's relative value (`+30d`, `next-month`) is resolved against it. */
  today?: string;
}

const isDateType = (type: FieldType | undefined) => type === 'date' || type === 'datetime';

/** The `--where` values given to date attributes of `fields` (which may be relative dates), each with how to name it. */
export function whereDateValues(expressions: string[], fields: FieldTypes | undefined): Array<[flag: string, value: string]> {
  return expressions.flatMap((expression) => {
    const eq = expression.indexOf('=');
    const [attribute = '', operator] = expression.slice(0, Math.max(eq, 0)).trim().split('__');
    // null and notnull take true, not a date.
    if (eq < 0 || !isDateType(fields?.[attribute]) || operator === 'null' || operator === 'notnull') return [];
    return expression
      .slice(eq + 1)
      .split(',')
      .map((value): [string, string] => [`--where '${expression}'`, value.trim()]);
  });
}

/**
 * `attr=v`, `attr__gte=2027-01-01`, `attr__in=a,b` (one parameter per value),
 * `attr__null=true`. The API allows one condition per attribute, so a second one on the same
 * attribute is refused here rather than silently sent; so is a value its type cannot take.
 */
export function parseWhere(expressions: string[], options: WhereOptions = {}): Array<[string, string]> {
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
    if (options.fields && !Object.hasOwn(options.fields, attribute)) throw unknownAttribute(attribute, options.fields, fail);
    if (extra.length > 0) throw fail(`two operators on '${attribute}' (${[operator, ...extra].join(', ')}); the API allows one operator per attribute`);
    if (operator !== undefined && !SEARCH_OPERATORS.includes(operator)) {
      throw fail(`unknown operator '${operator}'`, `valid operators: ${SEARCH_OPERATORS.join(', ')}`);
    }
    const earlier = seen.get(attribute);
    if (earlier !== undefined) {
      const hint = options.range?.attribute === attribute ? options.range.hint : undefined;
      throw fail(`'${attribute}' already has a condition ('${earlier}'); the API allows one condition per attribute`, hint);
    }
    seen.set(attribute, expression);

    const type = options.fields?.[attribute];
    /** The value to send: checked against the type, a relative date resolved. */
    const check = (written: string) => {
      const relative = isDateType(type) && options.today !== undefined ? relativeDate(written, options.today) : undefined;
      if (relative !== undefined && 'problem' in relative) throw fail(relative.problem);
      const v = relative?.date ?? written;
      const problem = type === undefined ? undefined : valueProblem(attribute, operator, v, type);
      if (problem) throw fail(...problem);
      return v;
    };
    if (operator === 'null' || operator === 'notnull') {
      if (value !== 'true') throw fail(`${operator} takes the value true (got '${value}')`);
      params.push([key, value]);
    } else if (operator === 'in') {
      const values = value
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '');
      if (values.length === 0) throw fail('in needs one or more comma-separated values');
      for (const v of values) params.push([key, check(v)]);
    } else {
      if (value === '') throw fail(`no value after '='`);
      params.push([key, check(value)]);
    }
  }
  return params;
}

const COMPARISONS: ReadonlySet<string> = new Set(['lt', 'lte', 'gt', 'gte']);

/**
 * What is wrong with one value for an attribute of this type, as [problem, hint], or undefined.
 * Comparisons and `in` take whole values; the default operator (contains) and like also take a
 * part of one (a month of a date, the start of a status), as the API matches parts. A like
 * pattern with `*` is the server's to match.
 */
function valueProblem(attribute: string, operator: string | undefined, value: string, type: FieldType): [string, string?] | undefined {
  if (operator === 'like' && value.includes('*')) return undefined;
  const whole = operator === 'in' || (operator !== undefined && COMPARISONS.has(operator));
  if (typeof type === 'object') {
    if (operator !== undefined && COMPARISONS.has(operator)) return undefined;
    const typed = value.toLowerCase();
    const matches = (known: string) => (whole ? known.toLowerCase() === typed : known.toLowerCase().includes(typed));
    if (type.oneOf.some(matches)) return undefined;
    const nearest = nearestMatch(value, type.oneOf);
    return [`no ${attribute} is ${whole ? '' : 'like '}'${value}'${nearest === undefined ? '' : `; did you mean ${nearest}?`}`, `${attribute} is one of ${type.oneOf.join(', ')}`];
  }
  switch (type) {
    case 'date':
      return dateProblem(attribute, value, whole, 'a date as YYYY-MM-DD');
    case 'datetime':
      if (isApiDatetime(value)) return undefined;
      return dateProblem(attribute, value, whole, 'a date (YYYY-MM-DD) or a UTC time (YYYY-MM-DDThh:mm:ssZ)');
    case 'decimal':
      return /^-?\d+(\.\d{1,2})?$/.test(value) ? undefined : [`${attribute} takes an amount such as 607.81, got '${value}'`];
    case 'integer':
      return /^-?\d+$/.test(value) ? undefined : [`${attribute} takes a whole number, got '${value}'`];
    case 'boolean':
      return /^(true|false)$/i.test(value) ? undefined : [`${attribute} takes true or false, got '${value}'`];
    case 'text':
      return undefined;
  }
}

/** A date that must be a real day (or, for contains, a real month or a year). */
function dateProblem(attribute: string, value: string, whole: boolean, form: string): [string, string?] | undefined {
  const takes = `${attribute} takes ${form}${whole ? '' : ', a month (YYYY-MM) or a year'}`;
  if (!whole && /^\d{4}$/.test(value)) return undefined;
  const parts = dateParts(value);
  if (!parts || (whole && parts.day === undefined)) return [`${takes}, got '${value}'`];
  const unreal = unrealDate(parts);
  return unreal === undefined ? undefined : [`'${value}' is not a real date: ${unreal}`, takes];
}

/**
 * `attr` → order_by, `-attr` → order_by__desc, `+attr` → order_by__asc; comma-separated lists
 * allowed. With `fields`, an attribute the collection's table lacks is refused before sending.
 */
export function parseOrderBy(values: string[], fields?: FieldTypes): Array<[string, string]> {
  const params: Array<[string, string]> = [];
  for (const value of values) {
    for (const term of value.split(',').map((t) => t.trim())) {
      const fail = (problem: string, hint = 'use --order-by attribute (ascending) or --order-by -attribute (descending)') =>
        new UsageError(`--order-by '${value}': ${problem}`, hint, { field: '--order-by' });
      const sign = term[0] === '-' || term[0] === '+' ? term[0] : '';
      const attribute = term.slice(sign.length);
      checkAttribute(attribute, fail);
      if (fields && !Object.hasOwn(fields, attribute)) throw unknownAttribute(attribute, fields, fail);
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
