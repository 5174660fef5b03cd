/**
 * A group manifest: one traveller per row, as CSV with a header row (read by csv-parse) or as
 * NDJSON (one object a line). Columns are the customer fields of spec §2.3 in trek's dotted
 * --fields form (`name.legal_first_name`). Every cell is checked by the very parsers `trek
 * customer create` runs on its flags (commands/customer/flags.ts), one cell at a time so a
 * problem is pinned to its line and column; the whole manifest is checked before anything is
 * sent, and every problem is reported at once.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { CustomerCreate, PhoneNumber } from '../../api/resources/customers.js';
import { FLAG_OF_FIELD, parseCustomerFlags, type CustomerCreateField, type CustomerFields, type CustomerFlags } from '../customer/flags.js';
import { REQUIRED_FIELDS, RESOURCE_FIELDS } from '../../domain/contract-fields.js';
import { UsageError } from '../../errors.js';
import { firstUnsafeChar, sanitize } from '../../output/sanitize.js';
import { nearestMatch } from '../../util/nearest.js';

/** The columns: each field path of the contract's customer creation body, in its order (title first, as a name reads). */
export const COLUMN_NAMES: readonly ManifestColumn[] = RESOURCE_FIELDS.CustomerCreate;
export type ManifestColumn = CustomerCreateField;
/** The members every body must have (spec §2.3's name members): every row must have them. */
export const REQUIRED_COLUMNS: readonly ManifestColumn[] = REQUIRED_FIELDS.CustomerCreate;
/** Columns holding a list of phone numbers, written `TYPE:NUMBER; TYPE:NUMBER` in one cell. */
const PHONE_COLUMNS: ReadonlySet<ManifestColumn> = new Set(['phone_numbers', 'emergency_contacts.phone_numbers']);
export const PHONE_SEPARATOR = '; ';
/** Read-only customer fields a manifest may not set (an export of `trek customer list` has them). */
const READ_ONLY = new Set(['id', 'href', 'bookings.href', 'bookings']);

/** Manifests larger than this are refused before they are read: a group is a few hundred people. */
export const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;
export const MAX_ROWS = 10_000;
/** A cell longer than this is no traveller's detail (the API keeps names to 100 and notes to 1000 characters). */
const MAX_CELL_CHARS = 2000;
/** Problems listed before the rest are counted only. */
const MAX_PROBLEMS_SHOWN = 20;

/** One traveller: where it is in the manifest, the body that creates it and that body's digest. */
export interface ManifestRow {
  /** 1-based line of the manifest the row starts on. */
  line: number;
  customer: CustomerCreate;
  /** SHA-256 of the body with its keys sorted: the same traveller however the columns are ordered or spaced. */
  digest: string;
}

export interface Manifest {
  format: 'csv' | 'ndjson';
  /** The columns the manifest has, in the canonical order. */
  columns: ManifestColumn[];
  rows: ManifestRow[];
}

interface Problem {
  line: number;
  /** "column C (name.title)" for CSV, "name.title" for NDJSON; undefined for the whole line. */
  where?: string;
  message: string;
}

/** CSV unless the name says NDJSON (.ndjson, .jsonl) or, for any other name, the text starts with `{`. */
export function manifestFormat(file: string, text: string): 'csv' | 'ndjson' {
  if (/\.(ndjson|jsonl)$/i.test(file)) return 'ndjson';
  if (/\.(csv|txt)$/i.test(file)) return 'csv';
  return text.trimStart().startsWith('{') ? 'ndjson' : 'csv';
}

/**
 * Parses and checks a whole manifest; a UsageError listing every problem (line and column)
 * when anything is wrong. `today` bounds dates of birth, as `customer create` does.
 */
export function parseManifest(file: string, text: string, today: string): Manifest {
  const name = sanitize(file);
  const format = manifestFormat(file, text);
  const problems: Problem[] = [];
  const cells = format === 'csv' ? csvCells(text, problems) : ndjsonCells(text, problems);
  const rows: ManifestRow[] = [];
  const used = new Set<ManifestColumn>();
  for (const { line, values, label } of cells) {
    const customer = rowCustomer(values, today, (column, message) => problems.push({ line, where: label(column), message }));
    for (const column of values.keys()) used.add(column);
    if (customer) rows.push({ line, customer, digest: digestOf(customer) });
  }
  if (problems.length === 0 && rows.length === 0) {
    throw new UsageError(`${name} has no travellers: ${format === 'csv' ? 'a header row and one row per traveller' : 'one JSON object a line'} are expected`, columnsHint(), { field: '<manifest>' });
  }
  if (rows.length > MAX_ROWS) problems.push({ line: rows[MAX_ROWS].line, message: `more than ${MAX_ROWS} travellers: split the group into several manifests` });
  if (problems.length > 0) {
    problems.sort((a, b) => a.line - b.line);
    const shown = problems.slice(0, MAX_PROBLEMS_SHOWN).map((p) => `  ${name}:${p.line}: ${p.where ? `${p.where}: ` : ''}${sanitize(p.message)}`);
    const more = problems.length > MAX_PROBLEMS_SHOWN ? [`  … and ${problems.length - MAX_PROBLEMS_SHOWN} more`] : [];
    throw new UsageError(
      `${name}: ${problems.length} problem${problems.length === 1 ? '' : 's'}; nothing was sent\n${[...shown, ...more].join('\n')}`,
      problems.some((p) => p.message.startsWith('unknown column')) ? columnsHint() : undefined,
      { field: '<manifest>' },
    );
  }
  return { format, columns: COLUMN_NAMES.filter((c) => used.has(c)), rows };
}

function columnsHint(): string {
  return `Columns: ${COLUMN_NAMES.join(', ')} (${REQUIRED_COLUMNS.join(', ')} required). See: trek group import --help`;
}

/** The cells of one row by column (blank cells left out), and how to name a column of it in a message. */
interface RowCells {
  line: number;
  values: Map<ManifestColumn, string | string[]>;
  label: (column: ManifestColumn) => string;
}

/** Spreadsheet column letters: A … Z, AA … */
function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/**
 * The line (1-based) each record starts on, from the byte offsets csv-parse reports (a quoted
 * cell may span lines). \n, \r\n and a lone \r each end a line; counted once, as records come.
 */
function lineCounter(bytes: Uint8Array): (byte: number) => number {
  let at = 0;
  let line = 1;
  return (byte) => {
    for (; at < byte; at++) if (bytes[at] === 10 || (bytes[at] === 13 && bytes[at + 1] !== 10)) line++;
    return line;
  };
}

/**
 * What the export wrote to keep a spreadsheet from running a cell as a formula (`'=…`, see
 * output/render.ts) is read back as the text it was: the round trip gives the same traveller.
 */
function fromSpreadsheet(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

function csvCells(text: string, problems: Problem[]): RowCells[] {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  const bytes = Buffer.from(body, 'utf8');
  let records: Array<{ record: string[]; info: { bytes: number } }>;
  try {
    records = parse(bytes, { info: true, relax_column_count: true, skip_empty_lines: false, max_record_size: 1024 * 1024 }) as never;
  } catch (error) {
    const e = error as { message: string; lines?: number };
    problems.push({ line: e.lines ?? 1, message: `not readable as CSV: ${e.message.replace(/^Invalid Record Length: |^[A-Za-z ]+: /, '')}` });
    return [];
  }
  const lineAt = lineCounter(bytes);
  let startByte = 0;
  const located = records.map(({ record, info }) => {
    const line = lineAt(startByte);
    startByte = info.bytes;
    return { record, line };
  });
  const blank = (record: string[]) => record.every((cell) => cell.trim() === '');
  const headerIndex = located.findIndex(({ record }) => !blank(record));
  if (headerIndex < 0) return [];
  const { record: header, line: headerLine } = located[headerIndex];
  const columns = header.map((cell, i) => headerColumn(cell.trim(), `column ${columnLetter(i)}`, headerLine, problems));
  const seen = new Map<ManifestColumn, number>();
  columns.forEach((column, i) => {
    if (column === undefined) return;
    if (seen.has(column)) problems.push({ line: headerLine, where: `column ${columnLetter(i)}`, message: `${column} is also column ${columnLetter(seen.get(column)!)}` });
    else seen.set(column, i);
  });
  const label = (column: ManifestColumn) => `column ${columnLetter(seen.get(column) ?? 0)} (${column})`;
  const rows: RowCells[] = [];
  for (const { record, line } of located.slice(headerIndex + 1)) {
    if (blank(record)) continue;
    if (record.length > header.length) {
      problems.push({ line, message: `${record.length} cells, but the header has ${header.length} columns` });
      continue;
    }
    const values = new Map<ManifestColumn, string | string[]>();
    record.forEach((cell, i) => {
      const column = columns[i];
      if (column === undefined || cell.trim() === '') return;
      const value = fromSpreadsheet(cell);
      const unsafe = unsafeText(value);
      if (unsafe) problems.push({ line, where: `column ${columnLetter(i)} (${column})`, message: unsafe });
      else values.set(column, PHONE_COLUMNS.has(column) ? splitPhones(value) : value);
    });
    rows.push({ line, values, label });
  }
  return rows;
}

function splitPhones(cell: string): string[] {
  return cell
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** The column a header names; a problem (and undefined) for a name that is no writable customer field. */
function headerColumn(name: string, where: string, line: number, problems: Problem[]): ManifestColumn | undefined {
  if (Object.hasOwn(FLAG_OF_FIELD, name)) return name as ManifestColumn;
  const shown = JSON.stringify(name);
  if (name === '') problems.push({ line, where, message: 'a column without a name' });
  else if (READ_ONLY.has(name)) problems.push({ line, where, message: `${shown} is read-only: the API gives it` });
  else {
    const near = nearestMatch(name, COLUMN_NAMES);
    problems.push({ line, where, message: `unknown column ${shown}${near ? ` — did you mean ${near}?` : ''}` });
  }
  return undefined;
}

/**
 * Text no traveller's detail holds: what trek never prints raw (controls, a line break in a cell
 * included, bidirectional overrides that make a name read differently than it is stored,
 * invisible format characters and fillers; output/sanitize.ts), and cells too long to be a detail.
 */
function unsafeText(value: string): string | undefined {
  if (value.length > MAX_CELL_CHARS) return `longer than ${MAX_CELL_CHARS} characters`;
  const bad = firstUnsafeChar(value);
  if (bad !== undefined) return `holds the control character U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return undefined;
}

function ndjsonCells(text: string, problems: Problem[]): RowCells[] {
  const body = text.startsWith('\ufeff') ? text.slice(1) : text;
  const rows: RowCells[] = [];
  body.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let object: unknown;
    try {
      object = JSON.parse(raw);
    } catch (error) {
      problems.push({ line, message: `not a JSON object: ${(error as Error).message}` });
      return;
    }
    if (object === null || typeof object !== 'object' || Array.isArray(object)) {
      problems.push({ line, message: 'not a JSON object' });
      return;
    }
    const members = flatten(object as Record<string, unknown>);
    if (members === 'too deep') {
      problems.push({ line, message: `nests objects deeper than ${MAX_NDJSON_DEPTH} levels; a traveller's columns are at most ${COLUMN_DEPTH} deep (name.title)` });
      return;
    }
    const values = new Map<ManifestColumn, string | string[]>();
    for (const [path, value] of members) {
      const column = headerColumn(path, path, line, problems);
      if (column === undefined || value === null || value === '') continue;
      const cell = ndjsonValue(column, value);
      if (typeof cell === 'object' && 'problem' in cell) {
        problems.push({ line, where: column, message: cell.problem });
        continue;
      }
      const unsafe = (Array.isArray(cell) ? cell : [cell]).map(unsafeText).find(Boolean);
      if (unsafe) problems.push({ line, where: column, message: unsafe });
      else values.set(column, cell);
    }
    rows.push({ line, values, label: (column) => column });
  });
  return rows;
}

/** How deep the manifest's columns go (`name.title`: 2). */
const COLUMN_DEPTH = Math.max(...COLUMN_NAMES.map((column) => column.split('.').length));
/** Deeper than this a line is refused whole, before it is walked: no column is there, and any depth must be safe. */
const MAX_NDJSON_DEPTH = 8;

/**
 * `{"name": {"title": "Ms"}}` and `{"name.title": "Ms"}` alike give `name.title`. Own keys only
 * (Object.entries): a `__proto__` key is a column like any other, refused as unknown. A line
 * nesting objects deeper than MAX_NDJSON_DEPTH is 'too deep'.
 */
function flatten(object: Record<string, unknown>, prefix = '', depth = 1): Array<[string, unknown]> | 'too deep' {
  if (depth > MAX_NDJSON_DEPTH) return 'too deep';
  const members: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(object)) {
    const path = prefix + key;
    const nested = value !== null && typeof value === 'object' && !Array.isArray(value) && !Object.hasOwn(FLAG_OF_FIELD, path);
    if (!nested) {
      members.push([path, value]);
      continue;
    }
    const inner = flatten(value as Record<string, unknown>, `${path}.`, depth + 1);
    if (inner === 'too deep') return inner;
    members.push(...inner);
  }
  return members;
}

/** A JSON value as the text a CSV cell would hold: strings and numbers; phone lists as strings or {type, number}. */
function ndjsonValue(column: ManifestColumn, value: unknown): string | string[] | { problem: string } {
  if (PHONE_COLUMNS.has(column)) {
    if (typeof value === 'string') return splitPhones(value);
    if (!Array.isArray(value)) return { problem: 'a list of phone numbers, or TYPE:NUMBER; TYPE:NUMBER, is expected' };
    const phones: string[] = [];
    for (const item of value) {
      if (typeof item === 'string') phones.push(item);
      else if (item && typeof item === 'object' && typeof (item as PhoneNumber).number === 'string') phones.push(`${(item as PhoneNumber).type ?? 'HOME'}:${(item as PhoneNumber).number}`);
      else return { problem: 'each phone number is TYPE:NUMBER or {"type", "number"}' };
    }
    return phones;
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return { problem: `text is expected, got ${Array.isArray(value) ? 'a list' : typeof value}` };
}

/** `--date-of-birth` → `date_of_birth`: the flags of commands/customer/flags.ts as this manifest's columns. */
const COLUMN_OF_FLAG = new Map(COLUMN_NAMES.map((column) => [`--${FLAG_OF_FIELD[column].replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, column]));

/** A parser's message about flags, about columns instead: "--title must be one of …" → "must be one of …". */
function asColumnMessage(message: string, column: ManifestColumn): string {
  const named = message.replace(/--[a-z-]+/g, (flag) => COLUMN_OF_FLAG.get(flag) ?? flag);
  return named.startsWith(`${column} `) ? named.slice(column.length + 1) : named.startsWith(`${column}: `) ? named.slice(column.length + 2) : named;
}

function flagsOf(values: ReadonlyMap<ManifestColumn, string | string[]>): CustomerFlags {
  const flags: Record<string, string | string[]> = {};
  for (const [column, value] of values) flags[FLAG_OF_FIELD[column]] = value;
  return flags;
}

/**
 * The POST /customers/ body of one row, checked by `customer create`'s parsers: each cell on
 * its own first (so a problem names its column), then the row whole (a passport that expires
 * before it was issued); undefined after reporting its problems.
 */
function rowCustomer(values: ReadonlyMap<ManifestColumn, string | string[]>, today: string, report: (column: ManifestColumn, message: string) => void): CustomerCreate | undefined {
  let ok = true;
  for (const column of REQUIRED_COLUMNS) {
    if (!values.has(column)) {
      report(column, 'required, and empty');
      ok = false;
    }
  }
  for (const [column, value] of values) {
    try {
      parseCustomerFlags(flagsOf(new Map([[column, value]])), today);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      report(column, asColumnMessage(error.message, column));
      ok = false;
    }
  }
  if (!ok) return undefined;
  let fields: CustomerFields;
  try {
    fields = parseCustomerFlags(flagsOf(values), today);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const column = COLUMN_OF_FLAG.get(/--[a-z-]+/.exec(error.message)?.[0] ?? '') ?? REQUIRED_COLUMNS[0];
    report(column, asColumnMessage(error.message, column));
    return undefined;
  }
  return fields as CustomerCreate;
}

/** JSON with every object's keys sorted: one text per value, however it was built. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export function digestOf(customer: CustomerCreate): string {
  return createHash('sha256').update(canonical(customer)).digest('hex');
}
