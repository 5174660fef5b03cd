/**
 * Static value lists and the completers for values with inner structure: comma lists
 * (`--fields a,b`), search conditions (`--where attr__op=value`) and orderings (`--order-by -attr`).
 * Each completer made here is data in disguise: it keeps the ValuesSpec it was made from, which
 * completion's manifest stores in its place and makes it again from (manifest.ts).
 */
import type { Command } from 'commander';
import { AVAILABILITY_STATUSES, SEARCH_OPERATORS, type FieldTypes } from '../api/query.js';
import { Directive, type Candidate, type Completer, type Completion } from './protocol.js';
import { registerCompleter } from './registry.js';

export { AVAILABILITY_STATUSES };

/** What a completer of this module was made from: its kind and the values it was given. */
export interface ValuesSpec {
  kind: 'list' | 'fields' | 'order-by' | 'where';
  values: string[];
}

const specs = new WeakMap<Completer, ValuesSpec>();

/** The spec `completer` was made from, when this module made it. */
export function specOf(completer: Completer): ValuesSpec | undefined {
  return specs.get(completer);
}

/** The completer a spec describes: the same as the one it was taken from. */
export function completerOf(spec: ValuesSpec): Completer {
  return MAKERS[spec.kind](spec.values);
}

function described(kind: ValuesSpec['kind'], values: readonly string[], completer: Completer): Completer {
  specs.set(completer, { kind, values: [...values] });
  return completer;
}

/**
 * `--where`, `--order-by` and `--fields` of a list command complete the attributes of its
 * field table (src/api/query.ts SEARCH_FIELD_TYPES, which --where values are checked against):
 * one list of a collection's fields, wherever they are offered or checked. `--fields` also
 * offers the objects holding nested attributes (`availability` beside `availability.status`).
 */
export function registerListCompleters(command: Command, fields: FieldTypes | undefined): void {
  if (!fields) return;
  const attributes = Object.keys(fields);
  registerCompleter(command, '--where', whereCondition(attributes));
  registerCompleter(command, '--order-by', orderByList(attributes));
  registerCompleter(command, '--fields', fieldList(withParents(attributes)));
}

/** `availability.status` → `availability`, `availability.status`; each name once, parents first. */
function withParents(attributes: readonly string[]): string[] {
  const paths = new Set<string>();
  for (const attribute of attributes) {
    const parts = attribute.split('.');
    for (let length = 1; length <= parts.length; length++) paths.add(parts.slice(0, length).join('.'));
  }
  return [...paths];
}

/** Spec §4.1. */
const OPERATOR_MEANINGS: Readonly<Record<string, string>> = {
  lt: 'less than',
  lte: 'less than or equal',
  gt: 'greater than',
  gte: 'greater than or equal',
  like: 'contains, with * wildcards',
  notnull: 'is not null (value true)',
  null: 'is null (value true)',
  in: 'any of several comma-separated values',
  phrase: 'the words in this order',
};

export function plain(values: readonly string[], description?: string): Candidate[] {
  return values.map((value) => ({ value, description }));
}

/**
 * Completes the item after the last comma of `typed`, keeping everything before it, so
 * `name,sta` offers `name,start_date`. Items already in the list are not offered again.
 */
export function commaList(typed: string, items: readonly Candidate[]): Candidate[] {
  const cut = typed.lastIndexOf(',') + 1;
  const head = typed.slice(0, cut);
  const taken = new Set(head.split(','));
  return items.filter((item) => !taken.has(item.value)).map((item) => ({ ...item, value: head + item.value }));
}

/** A fixed list of values (`--method GET|POST…`). */
export function valueList(values: readonly string[]): Completer {
  return described('list', values, () => plain(values));
}

/** `--fields`: names comma by comma; no space after, so the next `,name` can follow. */
export function fieldList(fields: readonly string[]): Completer {
  return described('fields', fields, ({ toComplete }) => ({ candidates: commaList(toComplete, plain(fields)), directive: Directive.noSpace | Directive.noFileComp }));
}

/** `--order-by`: a field ascending, or `-field` descending. */
export function orderByList(fields: readonly string[]): Completer {
  return described('order-by', fields, () =>
    fields.flatMap((field) => [
      { value: field, description: 'ascending' },
      { value: `-${field}`, description: 'descending' },
    ]),
  );
}

/**
 * `--where`: before `=` the attribute names (`name=`) and, once something is typed, the
 * operator forms (`name__` then `name__like=`); after `=` the values trek knows: the
 * availability statuses (also inside `__in=` lists) and `true` for null/notnull.
 */
export function whereCondition(fields: readonly string[]): Completer {
  return described('where', fields, ({ toComplete }): Completion => {
    const eq = toComplete.indexOf('=');
    if (eq >= 0) return whereValue(toComplete.slice(0, eq), toComplete.slice(eq + 1));
    const continues = Directive.noSpace | Directive.noFileComp;
    const operatorAt = toComplete.indexOf('__');
    if (operatorAt >= 0) {
      const attribute = toComplete.slice(0, operatorAt);
      return { candidates: SEARCH_OPERATORS.map((op) => ({ value: `${attribute}__${op}=`, description: OPERATOR_MEANINGS[op] })), directive: continues };
    }
    const candidates = fields.map((field) => ({ value: `${field}=`, description: 'contains (case-insensitive)' }));
    if (toComplete !== '') candidates.push(...fields.map((field) => ({ value: `${field}__`, description: 'with an operator' })));
    return { candidates, directive: continues };
  });
}

function whereValue(key: string, typed: string): Completion {
  const [attribute, operator] = key.split('__');
  const full = (values: Candidate[]) => values.map((candidate) => ({ ...candidate, value: `${key}=${candidate.value}` }));
  if (operator === 'null' || operator === 'notnull') return { candidates: full(plain(['true'])) };
  if (attribute === 'availability.status') {
    if (operator === 'in') return { candidates: full(commaList(typed, plain(AVAILABILITY_STATUSES))), directive: Directive.noSpace | Directive.noFileComp };
    if (operator === undefined || operator === 'like' || operator === 'phrase') return { candidates: full(plain(AVAILABILITY_STATUSES)) };
  }
  return { candidates: [] };
}

const MAKERS: Readonly<Record<ValuesSpec['kind'], (values: readonly string[]) => Completer>> = {
  list: valueList,
  fields: fieldList,
  'order-by': orderByList,
  where: whereCondition,
};
