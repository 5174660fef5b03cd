/**
 * Any value the API sends, as text for a table cell or a detail view. The operator's payloads
 * hold more shapes than the spec names (references, money objects, lists of them, objects
 * trek has no view for); each is shown by what it means, never as raw JSON, `[object Object]`,
 * `undefined` or `NaN`, and never as nothing when the payload had something.
 */
import { formatMoney } from './money.js';

/** Shown for a value that is there but has nothing printable in it (an object of empty members). */
export const NOTHING_SHOWN = '—';

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const isText = (value: unknown): value is string | number => (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));

/** A money object (`{amount, currency}`, as `lowest_pp2a_prices[]` and `prices[]` items are). */
export function isMoney(value: unknown): value is { amount: string | number; currency: string } {
  return isPlain(value) && isText(value.amount) && typeof value.currency === 'string';
}

/** A person's name object (spec §2.3): "Ms Ada Lovelace". */
function personName(value: Plain): string | undefined {
  if (!('legal_last_name' in value || 'legal_first_name' in value)) return undefined;
  const parts = [value.title, value.legal_first_name, value.legal_middle_name, value.legal_last_name].filter(isText);
  return parts.length ? parts.join(' ') : undefined;
}

/**
 * What a reference (spec §2.1: `id`, `href`, and some carry `name`, `code` or `label`) is
 * called: its name, else its code or label; a name that is itself an object (a customer's) is
 * written out. Undefined for an object that names nothing.
 */
export function referenceName(value: unknown): string | undefined {
  if (!isPlain(value)) return undefined;
  for (const key of ['name', 'code', 'label']) {
    const member = value[key];
    if (isText(member)) return String(member);
    if (isPlain(member)) {
      const name = personName(member) ?? referenceName(member);
      if (name) return name;
    }
  }
  return undefined;
}

/** `key: value` for each member with something to show; nested objects in parentheses. */
function members(value: Plain, skip: ReadonlySet<string>): string[] {
  return Object.entries(value).flatMap(([key, member]) => {
    if (skip.has(key)) return [];
    const text = displayValue(member);
    if (text === '') return [];
    return [isPlain(member) && !isMoney(member) && referenceName(member) === undefined ? `${key} (${text})` : `${key}: ${text}`];
  });
}

const REFERENCE_MEMBERS = new Set(['id', 'href']);
const MONEY_MEMBERS = new Set(['amount', 'currency', 'href']);
const MONEY_AND_DEPOSIT = new Set([...MONEY_MEMBERS, 'deposit']);

/**
 * Text for any value: a scalar as it is; a reference as its name (or code, label, or its id
 * when it names nothing); a money object as "1234.50 CAD"; a list as its items' texts,
 * comma-separated; any other object as compact `key: value` text. Empty only for no value
 * (null, undefined, '', an empty list); an object with nothing printable is "—".
 */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) {
    const items = value.map(displayValue).filter((text) => text !== '');
    return items.length ? items.join(', ') : value.length ? NOTHING_SHOWN : '';
  }
  if (!isPlain(value)) return NOTHING_SHOWN;
  if (isMoney(value)) {
    const { deposit } = value as Plain;
    // A price's deposit (rooms[].price_bands[].prices[]) is in the price's currency.
    const depositText = isText(deposit) ? [`deposit ${formatMoney(String(deposit), value.currency)}`] : [];
    const rest = members(value, isText(deposit) ? MONEY_AND_DEPOSIT : MONEY_MEMBERS);
    return [formatMoney(String(value.amount), value.currency), ...depositText, ...rest].join(', ');
  }
  const name = personName(value) ?? referenceName(value);
  if (name !== undefined) return name;
  const rest = members(value, REFERENCE_MEMBERS);
  if (rest.length) return rest.join(', ');
  if (isText(value.id)) return String(value.id);
  return Object.keys(value).length ? NOTHING_SHOWN : '';
}

/** Whether a value has something to show: not null, undefined or ''. */
export function hasValue(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '';
}

/** The parts that have a value, as displayValue writes them, joined by `separator` ("Toronto, ON"). */
export function joinValues(parts: unknown[], separator: string): string {
  return parts
    .filter(hasValue)
    .map(displayValue)
    .filter((text) => text !== '')
    .join(separator);
}
