/**
 * What every paged list command shares (`trek search …`, and any list of an API collection):
 * the flags --where, --order-by, --limit, --all, --page, --max-per-page (and --starting, --from,
 * --to on a list with a date range), their checks before anything is sent, and the run: records
 * stream to the output page by page; on a terminal, --all draws a progress line that is cleared
 * however the run ends, and a list cut at --limit says so ("showing 50 of 400").
 */
import { Option, type Command } from 'commander';
import type { ApiClient } from '../api/client.js';
import type { Page } from '../api/paginate.js';
import { parseOrderBy, parseWhere, validateMaxPerPage, whereDateValues, type FieldTypes } from '../api/query.js';
import { registerListCompleters } from '../completion/values.js';
import { CancelError, UsageError } from '../errors.js';
import { getPath } from '../output/fields.js';
import type { IOStreams } from '../output/iostreams.js';
import { JsonLine, renderList, type Column, type OutputSpec } from '../output/render.js';
import { dateParts, dateSpan, unrealDate } from '../util/dates.js';
import type { Factory } from '../factory.js';
import { resolveRelative, todayFor } from './dates.js';
import { collect, parseInteger } from './flags.js';
import { processSignals, type SignalHook } from './signals.js';

export const DEFAULT_LIMIT = 50;

/** What a list command knows about its collection. */
export interface ListSpec {
  /** What the records are called, plural: "departures". */
  noun: string;
  columns: Column[];
  /** Attribute types --where values are checked against (query.ts SEARCH_FIELD_TYPES). */
  fields?: FieldTypes;
  /** --order-by when none is given (`start_date`; `-date_created` for newest first). */
  defaultOrder?: string;
  /** A date attribute the list can be asked a range of with --starting, --from and --to. */
  range?: string;
}

export interface ListFlags {
  where: string[];
  orderBy: string[];
  limit?: string;
  all?: boolean;
  page?: string;
  maxPerPage?: string;
  starting?: string;
  from?: string;
  to?: string;
}

/** The list asked for, checked: what goes to the API and where the output stops. */
export interface ListRequest {
  query: Array<[string, string]>;
  /** Records to print; undefined with --all. */
  limit?: number;
  all: boolean;
  /**
   * The API allows one condition per attribute, so a range of two bounds sends the first and
   * reads in ascending order: the first record past `last` ends the list.
   */
  until?: { attribute: string; last: string };
}

/** Adds the list flags to `command`; the help names the default order and, with a range, its flags. */
export function addListOptions(command: Command, spec: ListSpec): Command {
  const rangeOrder = spec.range === undefined || spec.range === spec.defaultOrder ? '' : `; ${spec.range} with --starting/--from/--to`;
  const order = spec.defaultOrder === undefined ? '' : ` (default: ${spec.defaultOrder}${rangeOrder})`;
  command
    .option('-w, --where <condition>', 'filter: attr=value (contains), attr__op=value with op lt|lte|gt|gte|like|in|null|notnull|phrase; repeatable', collect, [])
    .option('--order-by <attr>', `sort by attr; -attr for descending${order}`, collect, []);
  if (spec.range !== undefined) {
    const range = spec.range;
    command
      .addOption(new Option('--starting <month|day>', `${range} in this month (2027-06, next-month) or on this day (2027-06-13, +30d)`).conflicts(['from', 'to']))
      .option('--from <date>', `${range} on or after this day (a month: from its first day; today, +2w: trek help filters)`)
      .option('--to <date>', `${range} on or before this day (a month: to its last day; +6mo: trek help filters)`);
  }
  registerListCompleters(command, spec.fields);
  return command
    .option('-L, --limit <n>', `print at most N records (default ${DEFAULT_LIMIT})`)
    .option('--all', 'fetch every page (ignores --limit)')
    .option('--page <n>', 'start at page N')
    .option('--max-per-page <n>', 'page size asked of the API, 10–100 (default: fitted to --limit)');
}

/** `--starting 2027-06 --from 2027-06-01 --to 2027-06-30` for `attribute`: the refusal of a second --where condition names them. */
function rangeHint(attribute: string): string {
  return `for a range of ${attribute} use --starting 2027-06 (a month or a day), or --from 2027-06-01 --to 2027-06-30`;
}

/** A day, or a month standing for its first (`first`) or last day; relative ones resolved against `today`. */
function parseRangeDate(value: string, flag: string, end: 'first' | 'last' | 'span', today: string | undefined): { first: string; last: string } {
  const text = resolveRelative(value.trim(), flag, today);
  const parts = dateParts(text);
  if (!parts) throw new UsageError(`${flag} must be a day (2027-06-13) or a month (2027-06), or relative (today, next-month, +30d, +6mo), got "${value}"`, undefined, { field: flag });
  const unreal = unrealDate(parts);
  if (unreal) throw new UsageError(`${flag}: ${text} is not a real date: ${unreal}`, undefined, { field: flag });
  const span = dateSpan(parts);
  return end === 'span' ? span : { first: span[end], last: span[end] };
}

/** The range of --starting, or --from and --to, as first and last day (either may be open). */
function parseRange(flags: ListFlags, today: string | undefined): { first?: string; last?: string } | undefined {
  if (flags.starting !== undefined) return parseRangeDate(flags.starting, '--starting', 'span', today);
  if (flags.from === undefined && flags.to === undefined) return undefined;
  const first = flags.from === undefined ? undefined : parseRangeDate(flags.from, '--from', 'first', today).first;
  const last = flags.to === undefined ? undefined : parseRangeDate(flags.to, '--to', 'last', today).last;
  if (first !== undefined && last !== undefined && first > last) throw new UsageError(`--from ${first} is after --to ${last}: no day is in that range`, undefined, { field: '--from' });
  return { ...(first === undefined ? {} : { first }), ...(last === undefined ? {} : { last }) };
}

/**
 * parseListFlags with relative dates (--starting next-month, --where start_date__lte=+6mo)
 * resolved against the API's today, which is asked only when one is given.
 */
export async function readListFlags(f: Factory, flags: ListFlags, spec: ListSpec): Promise<ListRequest> {
  const dates = [
    ...(spec.range === undefined
      ? []
      : ([
          ['--starting', flags.starting],
          ['--from', flags.from],
          ['--to', flags.to],
        ] as const)),
    ...whereDateValues(flags.where, spec.fields),
  ];
  return parseListFlags(flags, spec, await todayFor(f, dates));
}

/**
 * Checks the list flags and builds the request; every mistake is a usage error before anything
 * is sent. `today` (YYYY-MM-DD) resolves relative dates; readListFlags gives it when one is used.
 */
export function parseListFlags(flags: ListFlags, spec: ListSpec, today?: string): ListRequest {
  if (flags.all && flags.limit !== undefined) throw new UsageError('use either --all or --limit, not both');
  const limit = flags.all ? undefined : flags.limit === undefined ? DEFAULT_LIMIT : parseInteger(flags.limit, '--limit', { min: 1 });
  const attribute = spec.range;
  const where = parseWhere(flags.where, { fields: spec.fields, ...(attribute === undefined ? {} : { range: { attribute, hint: rangeHint(attribute) } }), ...(today === undefined ? {} : { today }) });
  const range = attribute === undefined ? undefined : parseRange(flags, today);
  const query: Array<[string, string]> = [...where];
  let until: ListRequest['until'];
  let orderBy = flags.orderBy.length > 0 ? flags.orderBy : spec.defaultOrder === undefined ? [] : [spec.defaultOrder];
  if (attribute !== undefined && range !== undefined) {
    const flag = flags.starting !== undefined ? '--starting' : '--from/--to';
    if (where.some(([key]) => key.split('__')[0] === attribute)) {
      throw new UsageError(`${flag} and --where on ${attribute} both set ${attribute}; the API allows one condition per attribute`, 'give the range with --starting or --from/--to alone', {
        field: '--where',
      });
    }
    if (range.first !== undefined) query.push([`${attribute}__gte`, range.first]);
    else query.push([`${attribute}__lte`, range.last!]);
    if (range.first !== undefined && range.last !== undefined) {
      // Paging stops at the first record past the last day, which holds only in ascending order.
      if (flags.orderBy.length > 0 && !(flags.orderBy.length === 1 && [attribute, `+${attribute}`].includes(flags.orderBy[0].trim()))) {
        throw new UsageError(`${flag} reads ${spec.noun} in ${attribute} order; --order-by cannot change it`, `leave out --order-by, or give one bound (--from or --to) to sort otherwise`, {
          field: '--order-by',
        });
      }
      until = { attribute, last: range.last };
    }
    if (flags.orderBy.length === 0) orderBy = [attribute];
  }
  query.push(...parseOrderBy(orderBy, spec.fields));
  const maxPerPage = flags.maxPerPage === undefined ? undefined : validateMaxPerPage(parseInteger(flags.maxPerPage, '--max-per-page'));
  // Ask for no more than needed: a --limit 5 list fetches one page of 10, not 50.
  const pageSize = maxPerPage ?? (limit === undefined ? 100 : Math.min(100, Math.max(10, limit)));
  query.push(['max_per_page', String(pageSize)]);
  if (flags.page !== undefined) query.push(['page', String(parseInteger(flags.page, '--page', { min: 1 }))]);
  return { query, limit, all: Boolean(flags.all), ...(until === undefined ? {} : { until }) };
}

export interface ListRunOptions {
  io: IOStreams;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
  /** The collection's path (`/departures`). */
  path: string;
  spec: ListSpec;
  request: ListRequest;
  /** Note on stderr when a table has no rows. */
  empty: string;
  /** Ctrl-C while the --all progress line shows (tests pass their own). */
  signals?: SignalHook;
  /** Reads what a page's records need beside them (for columns the records do not hold), before they are printed. */
  beforePage?: (records: readonly unknown[]) => Promise<void>;
}

/** Prints the list; returns how many records were printed. */
export async function listRun(opts: ListRunOptions): Promise<number> {
  const { io, request } = opts;
  const client = await opts.api();
  const { pages, nextLink, toCount } = await import('../api/paginate.js');
  const progress = request.all && io.stderrIsTTY ? progressLine(io, opts.spec.noun, request.until === undefined ? toCount : () => undefined) : undefined;
  const cut = { shown: 0, more: false, total: undefined as number | undefined };

  async function* records(): AsyncGenerator<unknown> {
    const pagesWanted = request.all || request.limit !== undefined || request.until !== undefined;
    // A walk read to its end asks each page while the one before is written out.
    const toTheEnd = request.all && request.limit === undefined && request.until === undefined;
    // Records are parsed one at a time as they are written (raw: false), unless a page's are all needed first.
    const lazy = opts.beforePage === undefined;
    // Whole records as JSON lines, nothing chosen of them: a plain record is printed as sent, unparsed.
    const asSent = lazy && opts.output.format === 'ndjson' && opts.output.fields === undefined && opts.output.jq === undefined && request.until === undefined;
    for await (const page of pages<unknown>(client, opts.path, request.query, { all: pagesWanted, ahead: toTheEnd, raw: !lazy })) {
      if (cut.shown === 0) cut.total = toCount(page.envelope.count);
      progress?.onPage(page);
      const { results } = page;
      if (opts.beforePage) await opts.beforePage(page.envelope.results);
      for (let index = 0; index < results.length; index++) {
        const line = asSent ? results.line?.(index) : undefined;
        const record = line === undefined ? results.at(index) : new JsonLine(line, () => results.written?.());
        if (request.until && pastRange(record, request.until)) return;
        yield record;
        if (++cut.shown === request.limit) {
          // More follow when this page holds another record (inside the range), or another page does.
          cut.more = index < results.length - 1 ? !(request.until && pastRange(results.at(index + 1), request.until)) : nextLink(page.envelope) !== undefined;
          return;
        }
      }
    }
  }

  // On one terminal, stdout would print after the progress text on its line: clear it first.
  const out: IOStreams =
    progress && io.stdoutIsTTY ? { ...io, out: { write: (chunk: string | Uint8Array, callback?: (error?: Error | null) => void) => (progress.clear(), io.out.write(chunk, callback)) } } : io;
  const stop = progress
    ? interruption(
        opts.signals ?? processSignals,
        () => progress.end(),
        () => `interrupted after fetching ${progress.fetched()} ${opts.spec.noun}`,
      )
    : undefined;
  try {
    const source = stop ? stop.guard(records()) : records();
    const printed = await renderList(out, source, opts.output, { columns: opts.spec.columns, empty: opts.empty });
    if (cut.more && io.stdoutIsTTY && io.stderrIsTTY) io.err.write(cutNote(cut.shown, request.until === undefined ? cut.total : undefined));
    return printed;
  } finally {
    stop?.unsubscribe();
    progress?.end();
  }
}

/** "showing 50 of 400 — --all or --limit N": the first page's count, when it says more are left. */
function cutNote(shown: number, total: number | undefined): string {
  return total !== undefined && total > shown ? `showing ${shown} of ${total} — --all or --limit N\n` : `showing the first ${shown} — --all or --limit N for more\n`;
}

/** Whether a record lies past the range's last day (a record without the date is kept). */
function pastRange(record: unknown, until: NonNullable<ListRequest['until']>): boolean {
  const value = getPath(record, until.attribute);
  return typeof value === 'string' && value.slice(0, 10) > until.last;
}

/**
 * Ctrl-C (or SIGTERM) while pages arrive: `cleanUp` runs at once (the progress line goes), and
 * the list being read ends with a CancelError (exit 130). A second Ctrl-C ends trek the default way.
 */
function interruption(signals: SignalHook, cleanUp: () => void, message: () => string) {
  let interrupt: (error: CancelError) => void = () => undefined;
  const interrupted = new Promise<never>((_, reject) => (interrupt = reject));
  // Nobody may be reading when the signal comes (the output is being written): no unhandled rejection.
  interrupted.catch(() => undefined);
  const unsubscribe = signals(() => {
    cleanUp();
    interrupt(new CancelError(message()));
  });
  async function* guard<T>(items: AsyncGenerator<T>): AsyncGenerator<T> {
    while (true) {
      const next = await Promise.race([items.next(), interrupted]);
      if (next.done) return;
      yield next.value;
    }
  }
  return { guard, unsubscribe };
}

/**
 * "fetched 300 of ~1200 departures" on a terminal's stderr while --all pages arrive. `clear`
 * takes it away until the next page; `end` for good, since a page under way when the list
 * was interrupted may still arrive.
 */
function progressLine(io: IOStreams, noun: string, totalOf: (count: number | string | undefined) => number | undefined) {
  let fetched = 0;
  let shown = false;
  let ended = false;
  const clear = () => {
    if (shown) io.err.write('\r\x1b[2K');
    shown = false;
  };
  return {
    onPage(page: Page<unknown>) {
      if (ended) return;
      fetched += page.results.length;
      // count is server text: only a number is shown.
      const total = totalOf(page.envelope.count);
      io.err.write(`\r\x1b[2Kfetched ${fetched}${total === undefined ? '' : ` of ~${total}`} ${noun}`);
      shown = true;
    },
    fetched: () => fetched,
    clear,
    end() {
      clear();
      ended = true;
    },
  };
}
