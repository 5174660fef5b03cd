import { UsageError } from '../errors.js';

/**
 * `--fields` paths: dot-separated keys, with array indexes as plain numbers
 * (`availability.status`, `links.0.href`).
 */

function segments(path: string): string[] {
  return path.split('.');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function child(value: unknown, key: string): unknown {
  if (Array.isArray(value)) return /^\d+$/.test(key) ? value[Number(key)] : undefined;
  // Own properties only, so `constructor` or `__proto__` never reach into prototypes.
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

export function getPath(value: unknown, path: string): unknown {
  return segments(path).reduce<unknown>((current, key) => child(current, key), value);
}

function isPrefix(prefix: string[], path: string[]): boolean {
  return prefix.length <= path.length && prefix.every((key, i) => key === path[i]);
}

/**
 * The record cut down to `fields`, nesting kept: ['a.b', 'c'] → {a: {b: …}, c: …}. A field the
 * record lacks is null, so every selected record has the same shape. Index segments build
 * arrays where the record has arrays ('links.1.href' → {links: [null, {href: …}]}).
 */
export function selectFields(record: unknown, fields: string[]): Record<string, unknown> {
  const paths = [...new Set(fields)].map(segments);
  // A field inside another requested field is already covered by it; skipping it also means a
  // value copied from the record is never written into (the record stays untouched).
  const needed = paths.filter((path) => !paths.some((other) => other !== path && other.length < path.length && isPrefix(other, path)));
  const result: Record<string, unknown> = {};
  const builtArrays: unknown[][] = [];
  for (const path of needed) {
    let target: Record<string, unknown> = result;
    let source: unknown = record;
    path.forEach((key, i) => {
      source = child(source, key);
      if (i === path.length - 1) {
        target[key] = source === undefined ? null : source;
        return;
      }
      if (target[key] === undefined) {
        const container = Array.isArray(source) ? [] : {};
        if (Array.isArray(container)) builtArrays.push(container);
        target[key] = container;
      }
      target = target[key] as Record<string, unknown>;
    });
  }
  // Index segments can leave holes ('links.1.href' alone); JSON prints them as null, YAML would not.
  for (const array of builtArrays) for (let i = 0; i < array.length; i++) array[i] ??= null;
  return result;
}

/**
 * Dotted paths present in sample records: objects are recursed (up to `depth` keys deep),
 * arrays, scalars, nulls and empty objects are leaves. Sorted, without duplicates.
 */
export function fieldPaths(records: unknown[], depth = 4): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, prefix: string, level: number): void => {
    const entries = isObject(value) ? Object.entries(value) : [];
    if (prefix && (entries.length === 0 || level >= depth)) {
      found.add(prefix);
      return;
    }
    for (const [key, v] of entries) walk(v, prefix ? `${prefix}.${key}` : key, level + 1);
  };
  for (const record of records) walk(record, '', 0);
  return [...found].sort();
}

/**
 * The dotted path of every scalar (null included) in a value, array items by index, in the
 * value's own order: what a single record is in csv/tsv, every member a column.
 */
export function scalarPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return prefix ? [prefix] : [];
  const entries = Array.isArray(value) ? value.map((item, i) => [String(i), item] as const) : Object.entries(value);
  return entries.flatMap(([key, member]) => scalarPaths(member, prefix ? `${prefix}.${key}` : key));
}

/**
 * A requested path is valid when it is known, leads into a known path (selects a whole
 * sub-object), or goes further into a known leaf (an array index, an object past the sampled
 * depth, a field of a value that was null in the sample). With nothing known there is nothing
 * to check against (an empty list), so everything passes.
 */
export function validateFields(requested: string[], known: readonly string[]): void {
  if (known.length === 0) return;
  const knownPaths = known.map(segments);
  for (const field of requested) {
    const path = segments(field);
    if (!knownPaths.some((k) => isPrefix(path, k) || isPrefix(k, path))) {
      throw new UsageError(`unknown field "${field}" for --fields; valid fields: ${known.join(', ')}`, undefined, { field: '--fields' });
    }
  }
}

/** 'a, b,c.d' → ['a', 'b', 'c.d']. */
export function parseFieldsFlag(value: string): string[] {
  const fields = value.split(',').map((f) => f.trim());
  for (const field of fields) {
    if (field === '') throw new UsageError(`--fields has an empty entry in "${value}"; separate field names with single commas`, undefined, { field: '--fields' });
    if (segments(field).includes('')) throw new UsageError(`--fields entry "${field}" has an empty part; use paths like availability.status`, undefined, { field: '--fields' });
  }
  return fields;
}
