import { fieldPaths, getPath, scalarPaths, selectFields, validateFields } from './fields.js';
import type { Format } from './formats.js';
import type { IOStreams, Sink } from './iostreams.js';
import type { PagerCommand } from './pager.js';
import { sanitize, sanitizeDeep, sanitizeXml, toSafeJson } from './sanitize.js';
import { COLUMN_GAP, drawColumns } from './grid.js';
import { textTools } from './text.js';
import { loadTheme, type Theme } from './theme.js';
import { localTime } from './time.js';
import { displayValue } from './value.js';

export interface OutputSpec {
  format: Format;
  /** --fields: dotted paths; replaces the columns in table/csv/tsv, selects keys elsewhere. */
  fields?: string[];
  /** Colour on stdout (table only). */
  color: boolean;
  /** Terminal width the table must fit. */
  width: number;
  /** IANA zone the table and detail views show API datetimes in (time.ts); undefined: the system's. */
  timeZone?: string;
  /** --jq: what the program makes of each JSON document (jq.ts), printed instead of the document. */
  jq?: (document: unknown) => string;
  /** --wide: table columns as wide as their widest cell, nothing cut (longer lines than the terminal). */
  wide?: boolean;
  /** The pager for views longer than the screen; undefined when output is not paged (not a terminal, --no-pager, TREK_PAGER=). */
  pager?: PagerCommand;
}

export interface Column {
  /** Dotted path of the value in the record; csv/tsv print the raw value found there. */
  field: string;
  /** Default: the field upper-cased, with `_` and `.` as spaces. */
  header?: string;
  /** Plain text for a table cell (sanitised afterwards). Default: displayValue (value.ts). */
  format?: (value: unknown, record: unknown) => string;
  /** Colour for a table cell, given the full cell text; called only when colour is on. */
  style?: (text: string, value: unknown, theme: Theme) => string;
  maxWidth?: number;
  /**
   * When the table is too narrow for the cell, it breaks onto more lines at spaces instead of
   * being cut with '…' (for text read whole, like lists of codes). Its column is kept at least
   * as wide as its longest word when the table can afford it.
   */
  wrap?: boolean;
  /** Never cut while the table can afford it: a value people copy, like an API key, is useless cut short. */
  whole?: boolean;
  /** An amount of money: never cut at any width; a table too narrow for it runs past the width rather than show part of a sum. */
  money?: boolean;
}

export interface ListOptions {
  /**
   * Table/csv/tsv columns. A function is called once with the first record (undefined for an
   * empty list), for output whose shape is only known when data arrives (`trek api`).
   */
  columns: Column[] | ((firstRecord: unknown) => Column[]);
  /** Note on stderr when a table has no rows. */
  empty?: string;
}

export interface ItemOptions {
  /** The `Label  value` rows of the table view; default: every top-level scalar field. */
  rows?: Column[];
  /** Tables printed under the rows in table view (e.g. a booking's services). */
  sections?: Array<{ title: string; columns: Column[]; records: unknown[] }>;
  /** Root element when XML is built from the record (no raw XML body available). */
  xmlRoot?: string;
}

/** Narrowest a shrunk column gets, so it still shows a couple of characters and the '…'. */
const MIN_COLUMN_WIDTH = 3;

/** A value as csv/tsv write it: exact data for a program, so arrays and objects are compact JSON. */
function rawText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- objects returned above: only scalars reach this line
  return String(value);
}

function defaultHeader(field: string): string {
  return field.toUpperCase().replace(/[_.]/g, ' ');
}

function fieldColumns(fields: string[]): Column[] {
  return fields.map((field) => ({ field, header: field }));
}

function scalarColumns(record: unknown): Column[] {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return [];
  return Object.entries(record)
    .filter(([, value]) => value === null || typeof value !== 'object')
    .map(([field]) => ({ field }));
}

function checkFields(fields: string[] | undefined, sample: unknown): void {
  if (fields) validateFields(fields, fieldPaths([sample]));
}

function select(record: unknown, fields: string[] | undefined): unknown {
  return fields ? selectFields(record, fields) : record;
}

// ---- fitting the terminal ------------------------------------------------------------------

/** A view as text, and whether something in it was cut to fit (then `--wide` is suggested). */
export interface View {
  text: string;
  cut: boolean;
}

/** Value column of a detail view is never narrower, however long the labels: a word a line is unreadable. */
const MIN_VALUE_WIDTH = 20;

const sum = (numbers: number[]) => numbers.reduce((a, b) => a + b, 0);

/**
 * Column widths that fit `available`. Each column first gets its minimum (MIN_COLUMN_WIDTH for
 * all when the minimums alone do not fit); what is left goes first to the columns that cut
 * their text, then to those that wrap it (a cut loses text, a wrap only takes more lines). In
 * each group, columns needing less than an equal share of what is left get all they need, the
 * others split the rest, so the widest column gives up most.
 */
function fitWidths(natural: number[], minimums: number[], wraps: boolean[], available: number, money: boolean[]): number[] {
  if (sum(natural) <= available) return natural;
  const floor = sum(minimums) <= available ? minimums : minimums.map((minimum, i) => (money[i] ? minimum : MIN_COLUMN_WIDTH));
  const widths = natural.map((width, i) => Math.min(width, floor[i]));
  const need = (i: number) => natural[i] - widths[i];
  let extra = available - sum(widths);
  for (const wrapping of [false, true]) {
    const group = natural
      .map((_, i) => i)
      .filter((i) => wraps[i] === wrapping)
      .sort((a, b) => need(a) - need(b));
    group.forEach((column, done) => {
      const grown = Math.min(need(column), Math.max(0, Math.floor(extra / (group.length - done))));
      widths[column] += grown;
      extra -= grown;
    });
  }
  return widths;
}

// ---- table --------------------------------------------------------------------------------

function cellText(column: Column, record: unknown, spec: OutputSpec, theme: Theme): string {
  const value = getPath(record, column.field);
  const text = sanitize(localTime(column.format ? column.format(value, record) : displayValue(value), spec.timeZone));
  return spec.color && column.style ? column.style(text, value, theme) : text;
}

/**
 * A gh-like table: header row, columns two spaces apart, no borders, fitted to `width` (with
 * --wide, every column as wide as its widest cell). A cell too long for its column is cut with
 * '…', or broken onto more lines at spaces when its column wraps. trek fits the cells and
 * cli-table3 draws them (grid.ts).
 */
async function formatTable(columns: Column[], records: unknown[], spec: OutputSpec, theme: Theme): Promise<View> {
  const text = await textTools();
  const headers = columns.map((c) => sanitize(c.header ?? defaultHeader(c.field)));
  const rows = records.map((record) => columns.map((c) => cellText(c, record, spec, theme)));
  const widest = (i: number) => rows.reduce((widest, row) => Math.max(widest, text.width(row[i])), text.width(headers[i]));
  let widths: number[];
  if (spec.wide) widths = columns.map((_, i) => widest(i));
  else {
    const natural = columns.map((c, i) => Math.min(c.maxWidth ?? Infinity, widest(i)));
    const longestWord = (cell: string) => Math.max(0, ...cell.split(/\s+/).map(text.width));
    const minimums = columns.map((c, i) => (c.wrap ? Math.max(longestWord(headers[i]), ...rows.map((row) => longestWord(row[i]))) : c.whole || c.money ? natural[i] : MIN_COLUMN_WIDTH));
    widths = fitWidths(
      natural,
      minimums,
      columns.map((c) => Boolean(c.wrap)),
      spec.width - COLUMN_GAP.length * (columns.length - 1),
      columns.map((c) => Boolean(c.money)),
    );
  }
  let cut = false;
  const cellLines = (cell: string, i: number): string[] => {
    if (columns[i].wrap) return text.wrap(cell, widths[i]);
    const fitted = text.cut(cell, widths[i]);
    if (fitted !== cell) cut = true;
    return [fitted];
  };
  const fitted = [headers.map((header) => theme.header(header)), ...rows].map((row) => row.map(cellLines));
  return { text: await drawColumns(fitted, widths, text), cut };
}

/**
 * `Label  value` lines with the labels aligned. Values wrap to the terminal under their value
 * column (multi-line values keep their lines); a row with a maxWidth is cut to it unless --wide.
 */
async function formatDetailRows(rows: Column[], record: unknown, spec: OutputSpec, theme: Theme): Promise<View> {
  const text = await textTools();
  const labels = rows.map((c) => sanitize(c.header ?? defaultHeader(c.field)));
  const labelWidth = Math.max(0, ...labels.map(text.width));
  const valueWidth = Math.max(MIN_VALUE_WIDTH, spec.width - labelWidth - COLUMN_GAP.length);
  let cut = false;
  const grid = rows.map((column, i) => {
    const value = getPath(record, column.field);
    const plain = localTime(column.format ? column.format(value, record) : displayValue(value), spec.timeZone);
    const valueLines = sanitize(plain, { multiline: true })
      .replace(/\t/g, ' ')
      .split('\n')
      .flatMap((line) => {
        const fitted = column.maxWidth && !spec.wide ? text.cut(line, column.maxWidth) : line;
        if (fitted !== line) cut = true;
        return text.wrap(spec.color && column.style ? column.style(fitted, value, theme) : fitted, valueWidth);
      });
    return [[theme.header(labels[i])], valueLines];
  });
  const widest = Math.max(0, ...grid.flatMap(([, valueLines]) => valueLines.map(text.width)));
  return { text: await drawColumns(grid, [labelWidth, Math.min(valueWidth, widest)], text), cut };
}

// ---- csv / tsv ------------------------------------------------------------------------------

function csvQuote(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function tsvEscape(text: string): string {
  return sanitize(text.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!));
}

/** What a spreadsheet takes for the start of a formula (OWASP, "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell's text: sanitised, then, when it is text a spreadsheet would run as a formula,
 * prefixed with `'` (OWASP's advice), which a spreadsheet shows as text. A JSON number is a
 * number, not a formula, so -12.5 stays as it is; a string "-12.50" gets the `'`.
 */
function delimitedCell(format: 'csv' | 'tsv', value: unknown): string {
  const text = format === 'csv' ? sanitize(rawText(value), { multiline: true }) : tsvEscape(rawText(value));
  const inert = typeof value !== 'number' && FORMULA_START.test(text) ? `'${text}` : text;
  return format === 'csv' ? csvQuote(inert) : inert;
}

/** One csv/tsv line; values are the raw values at each column's path. */
function delimitedLine(format: 'csv' | 'tsv', values: unknown[]): string {
  return values.map((value) => delimitedCell(format, value)).join(format === 'csv' ? ',' : '\t') + '\n';
}

function delimitedRecord(format: 'csv' | 'tsv', columns: Column[], record: unknown): string {
  return delimitedLine(
    format,
    columns.map((c) => getPath(record, c.field)),
  );
}

/** Nothing when there are no columns (an empty list whose columns come from its records). */
function delimitedHeader(format: 'csv' | 'tsv', columns: Column[]): string {
  return columns.length
    ? delimitedLine(
        format,
        columns.map((c) => c.field),
      )
    : '';
}

// ---- lists and items ---------------------------------------------------------------------

/** One JSON document as -o json/ndjson prints it or, with --jq, what the program makes of it. */
function jsonText(value: unknown, spec: OutputSpec, indent = 0): string {
  return spec.jq ? spec.jq(value) : toSafeJson(value, indent) + '\n';
}

async function toYaml(value: unknown): Promise<string> {
  const { stringify } = await import('yaml');
  // lineWidth 0: long values stay on one line instead of being folded.
  return stringify(sanitizeDeep(value, { multiline: true }), { lineWidth: 0 });
}

async function xmlDocument(value: unknown, root: string): Promise<string> {
  const { toXml } = await import('../util/xml.js');
  return sanitizeXml(toXml(value, root));
}

/**
 * Writes `text`, then, when the sink says its buffer is full (stdout a pipe read more slowly
 * than trek writes), waits until it has drained: a long listing then holds a page or two in
 * memory, not everything written so far.
 */
async function written(sink: Sink, text: string | Uint8Array, done?: () => void): Promise<void> {
  gather(sink);
  if ((done === undefined ? sink.write(text) : sink.write(text, () => done())) !== false || !isEmitter(sink)) return;
  // A run gathers up to GATHERED_BYTES (Node 20's buffer is 16 KiB) before it waits to drain.
  if (corked.has(sink) && ((sink as { writableLength?: number }).writableLength ?? Infinity) < GATHERED_BYTES) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      sink.off('drain', done);
      sink.off('close', done);
      resolve();
    };
    sink.on('drain', done);
    sink.on('close', done);
  });
}

/** How much a run of writes gathers at most: two pipe buffers' worth, so each write fills the pipe. */
const GATHERED_BYTES = 128 * 1024;

/** Streams corked by gather() until the writes under way end. */
const corked = new WeakSet<Sink>();

/**
 * Writes that follow one another without a wait (a page's records) go out together once they
 * end, in one writev: a reader at the other end of a pipe then wakes once for them rather than
 * once a record, 20 000 times for a walk of 20 000 departures. The wait for a full buffer to
 * drain ends the run too, so at most a buffer's worth is held back.
 */
function gather(sink: Sink): void {
  const stream = sink as Sink & Partial<{ cork(): void; uncork(): void }>;
  if (typeof stream.cork !== 'function' || typeof stream.uncork !== 'function' || corked.has(sink)) return;
  stream.cork();
  corked.add(sink);
  process.nextTick(() => release(sink));
}

/** Sends what gather() held back now: before anything else is said (on stderr) of the list. */
function release(sink: Sink): void {
  if (corked.delete(sink)) (sink as Sink & { uncork(): void }).uncork();
}

const isEmitter = (sink: Sink): sink is Sink & Pick<NodeJS.EventEmitter, 'on' | 'off'> =>
  typeof (sink as Partial<NodeJS.EventEmitter>).on === 'function' && typeof (sink as Partial<NodeJS.EventEmitter>).off === 'function';

/**
 * A record already in the form `-o ndjson` prints it, without --fields or --jq: compact JSON
 * holding no character toSafeJson would escape, and a line feed (src/api/list-body.ts), written
 * as it is. Only an ndjson listing is given one.
 */
export class JsonLine {
  /** `written`: called once the bytes have been written out (or failed to be), when they may be reused. */
  constructor(
    readonly bytes: Uint8Array,
    readonly written: () => void,
  ) {}
}

/**
 * Writes records in the chosen format and returns how many were written. ndjson, csv and tsv
 * stream (each record is written as it arrives, e.g. page by page); the other formats need the
 * whole list first (one JSON/YAML/XML document; table column widths).
 * --fields are checked against the first record before anything is written.
 */
export async function renderList(io: IOStreams, records: AsyncIterable<unknown> | Iterable<unknown>, spec: OutputSpec, options: ListOptions): Promise<number> {
  const { format, fields } = spec;
  const columnsFor = (first: unknown): Column[] => (fields ? fieldColumns(fields) : typeof options.columns === 'function' ? options.columns(first) : options.columns);
  let columns: Column[] = [];
  const collected: unknown[] = [];
  let count = 0;
  try {
    for await (const record of records) {
      if (count === 0) {
        checkFields(fields, record);
        columns = columnsFor(record);
      }
      count++;
      if (record instanceof JsonLine) await written(io.out, record.bytes, record.written);
      else if (format === 'ndjson') await written(io.out, jsonText(select(record, fields), spec));
      else if (format === 'csv' || format === 'tsv') {
        if (count === 1) io.out.write(delimitedHeader(format, columns));
        await written(io.out, delimitedRecord(format, columns, record));
      } else collected.push(record);
    }
  } finally {
    release(io.out);
  }
  if (count === 0) columns = columnsFor(undefined);

  switch (format) {
    case 'json':
      await writeDocument(
        io,
        jsonText(
          collected.map((r) => select(r, fields)),
          spec,
          2,
        ),
        spec,
      );
      break;
    case 'csv':
    case 'tsv':
      if (count === 0) io.out.write(delimitedHeader(format, columns));
      break;
    case 'yaml':
      if (count > 0) await writeDocument(io, await toYaml(collected.map((r) => select(r, fields))), spec);
      break;
    case 'xml':
      if (count > 0)
        await writeDocument(
          io,
          await xmlDocument(
            collected.map((r) => select(r, fields)),
            'results',
          ),
          spec,
        );
      break;
    case 'table':
      if (count > 0) await writeView(io, await formatTable(columns, collected, spec, await loadTheme(spec.color)), spec);
      else if (options.empty) io.err.write(options.empty + '\n');
      break;
    case 'ndjson':
      break;
  }
  return count;
}

/** Writes one record. In table view: aligned `Label  value` rows, then each section as a table. */
export async function renderItem(io: IOStreams, record: unknown, spec: OutputSpec, options: ItemOptions = {}): Promise<void> {
  const { format, fields } = spec;
  checkFields(fields, record);
  const selected = select(record, fields);
  const columns = fields ? fieldColumns(fields) : (options.rows ?? scalarColumns(record));
  switch (format) {
    case 'json':
      await writeDocument(io, jsonText(selected, spec, 2), spec);
      return;
    case 'ndjson':
      io.out.write(jsonText(selected, spec));
      return;
    case 'yaml':
      await writeDocument(io, await toYaml(selected), spec);
      return;
    case 'xml':
      await writeDocument(io, await xmlDocument(selected, options.xmlRoot ?? 'response'), spec);
      return;
    case 'csv':
    case 'tsv': {
      // Every scalar of the record, each in its own column (a view's rows would hide some or nest them).
      const cells = fields ? columns : scalarPaths(record).map((field) => ({ field }));
      io.out.write(delimitedHeader(format, cells) + delimitedRecord(format, cells, record));
      return;
    }
    case 'table': {
      const theme = await loadTheme(spec.color);
      const blocks = [await formatDetailRows(columns, record, spec, theme)];
      // --fields asks for exactly those values, so the sections are left out.
      for (const section of fields ? [] : (options.sections ?? [])) {
        const title = theme.bold(sanitize(section.title));
        const body = section.records.length ? await formatTable(section.columns, section.records, spec, theme) : { text: theme.dim('(none)') + '\n', cut: false };
        blocks.push({ text: `${title}\n${body.text}`, cut: body.cut });
      }
      const shown = blocks.filter((block) => block.text);
      await writeView(io, { text: shown.map((block) => block.text).join('\n'), cut: shown.some((block) => block.cut) }, spec);
      return;
    }
  }
}

/** Said on stderr (short enough for any terminal) when a table cut text to fit. */
export const CUT_NOTE = 'Cut to fit the terminal: --wide shows all.';

/** The streams that were already told about --wide: once a run is enough. */
const toldAboutWide = new WeakSet<IOStreams>();

/**
 * Writes a whole view for people (a table, a record, an itinerary): through the pager when it
 * is longer than the screen and spec.pager is set (a terminal, paging not turned off), else
 * straight to stdout. When something was cut to fit, says once on stderr that --wide shows it.
 */
export async function writeView(io: IOStreams, view: View, spec: OutputSpec): Promise<void> {
  if (!spec.pager || !(await pageIfLong(io, view.text, spec.pager))) io.out.write(view.text);
  if (view.cut && !toldAboutWide.has(io)) {
    toldAboutWide.add(io);
    io.err.write(`${CUT_NOTE}\n`);
  }
}

/** A whole JSON, YAML or XML document: paged like a view when it is longer than the screen. */
function writeDocument(io: IOStreams, text: string, spec: OutputSpec): Promise<void> {
  return writeView(io, { text, cut: false }, spec);
}

/** Whether `text` went through the pager: only text taller than the screen does, as the terminal will wrap it. */
async function pageIfLong(io: IOStreams, text: string, pager: PagerCommand): Promise<boolean> {
  if (io.rows === undefined) return false;
  const lines = text.split('\n').slice(0, -1);
  if (lines.length < io.rows) {
    const { width } = await textTools();
    const screenRows = lines.reduce((rows, line) => rows + Math.max(1, Math.ceil(width(line) / io.columns)), 0);
    if (screenRows < io.rows) return false;
  }
  const { runPager } = await import('./pager.js');
  return runPager(pager, text);
}

/**
 * A response body printed as the server sent it (XML with `-o xml`), made terminal-safe:
 * characters a terminal could act on become XML character references (the same text to an
 * XML parser). Ends with a newline.
 */
export function writeRaw(io: IOStreams, raw: string): void {
  const safe = sanitizeXml(raw);
  io.out.write(safe.endsWith('\n') ? safe : safe + '\n');
}
