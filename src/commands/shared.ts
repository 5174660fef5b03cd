import { Argument, Option } from 'commander';
import type { PhoneNumberInput } from '../api/resources/customers.js';
import { checkId, invalidIdMessage } from '../api/resources/ids.js';
import { CancelError, UsageError } from '../errors.js';
import type { Factory } from '../factory.js';
import { whyNoPrompt, type IOStreams } from '../output/iostreams.js';
import { FORMATS, type Format } from '../output/formats.js';
import { pagerCommand } from '../output/pager.js';
import type { OutputSpec } from '../output/render.js';
import { sanitizeUrl } from '../output/sanitize.js';
import { makeTheme } from '../output/theme.js';
import type { Prompter, Validate } from '../prompt/prompter.js';
import { dateParts, dayIn, looksRelative, relativeDate, unrealDate } from '../util/dates.js';

/** Help text block of examples, shown after the options. */
export function examples(lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  ${line}`).join('\n')}\n`;
}

export function parseFormat(value: string, flag = '--output'): Format {
  if (!(FORMATS as readonly string[]).includes(value)) {
    throw new UsageError(`invalid ${flag} "${value}"; use one of: ${FORMATS.join(', ')}`, undefined, { field: flag });
  }
  return value as Format;
}

/**
 * The output settings of this invocation: -o/--json > --jq (JSON) > the profile's output > the
 * `output` setting > table on a TTY, JSON in a pipe. A --jq program is compiled here, before
 * the command sends anything.
 */
export async function outputSpec(f: Factory): Promise<OutputSpec> {
  let format = f.globals.output;
  const program = f.globals.jq;
  if (program !== undefined && format !== undefined && format !== 'json' && format !== 'ndjson') {
    throw new UsageError(`--jq filters JSON output; it does not go with -o ${format}`, 'Leave -o out (--jq implies -o json), or use -o ndjson to run the program on each record.', { field: '--jq' });
  }
  if (program !== undefined) format ??= 'json';
  if (!format) {
    const profile = await f.profile();
    const configured = profile.output ?? (await f.config()).getSetting('output');
    format = configured ? parseFormat(configured, 'output setting') : f.io.stdoutIsTTY ? 'table' : 'json';
  }
  const pager = f.globals.pager && f.io.stdoutIsTTY ? pagerCommand(f.env) : undefined;
  const jq = program === undefined ? undefined : await (await import('../output/jq.js')).compileJqFilter(program, { terminal: f.io.stdoutIsTTY });
  return { format, fields: f.globals.fields, color: f.io.colorOut, width: f.io.columns, timeZone: f.globals.tz, wide: f.globals.wide, pager, jq };
}

/** Commander collector for repeatable flags. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function parseInteger(value: string, flag: string, range?: { min?: number; max?: number }): number {
  const n = Number(value);
  const field = { field: flag };
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) throw new UsageError(`${flag} must be a whole number, got "${value}"`, undefined, field);
  if (range?.min !== undefined && n < range.min) throw new UsageError(`${flag} must be at least ${range.min}, got ${n}`, undefined, field);
  if (range?.max !== undefined && n > range.max) throw new UsageError(`${flag} must be at most ${range.max}, got ${n}`, undefined, field);
  return n;
}

/** A flag's text, trimmed; blank is a usage error (an empty name or city is never meant). */
export function parseText(value: string, flag: string): string;
export function parseText(value: string | undefined, flag: string): string | undefined;
export function parseText(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === '') throw new UsageError(`${flag} must not be empty`, undefined, { field: flag });
  return text;
}

/** An e-mail address, trimmed: something@domain.tld with no blanks. */
export function parseEmail(value: string, flag: string): string {
  const email = value.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`${flag} must be an e-mail address, got "${value}"`, undefined, { field: flag });
  return email;
}

/**
 * `mobile:+1 (416) 555-0199` → {type: 'MOBILE', number: '+1 (416) 555-0199'}: a type word, a
 * colon and a number of digits, spaces, `( ) . -` (at least three digits, `+` only first).
 */
export function parsePhone(value: string, flag = '--phone'): PhoneNumberInput {
  const match = /^\s*([A-Za-z][A-Za-z_]*)\s*:\s*(\+?[\d ().-]+?)\s*$/.exec(value);
  if (!match || (match[2].match(/\d/g) ?? []).length < 3) throw new UsageError(`${flag} must be TYPE:NUMBER such as MOBILE:+1-416-555-0199, got "${value}"`, undefined, { field: flag });
  return { type: match[1].toUpperCase(), number: match[2] };
}

/**
 * A day as YYYY-MM-DD that exists: 1990-02-30 is refused as a day February 1990 lacks, not as a
 * badly written date. With `today` (see todayFor), a relative day (`+30d`, `today`) too.
 */
export function parseDate(value: string, flag: string, today?: string): string {
  const day = resolveRelative(value, flag, today);
  const parts = dateParts(day);
  if (parts?.day === undefined) throw new UsageError(`${flag} must be a date as YYYY-MM-DD, got "${value}"`, `or a day counted from today: ${RELATIVE_DAY_FORMS}`, { field: flag });
  const unreal = unrealDate(parts);
  if (unreal !== undefined) throw new UsageError(`${flag}: ${day} is not a real date: ${unreal}`, undefined, { field: flag });
  return day;
}

/** A day flag's value, if given, checked as parseDate does, a relative one resolved against the API's today. */
export async function readDate(f: Factory, value: string | undefined, flag: string): Promise<string | undefined> {
  return value === undefined ? undefined : parseDate(value, flag, await todayFor(f, [[flag, value]]));
}

/** What a flag that takes a day (not a month) accepts besides YYYY-MM-DD. */
const RELATIVE_DAY_FORMS = 'today, +30d, +2w, +6mo, +1y (-30d before)';

/**
 * `value` with a relative date (`+30d`, `next-month`) resolved against `today`; any other value
 * as it is. A relative form written wrongly (`+6m`) is a usage error naming `flag`.
 */
export function resolveRelative(value: string, flag: string, today: string | undefined): string {
  // Any day shows whether the form is right, so a mistake is refused even without today.
  const relative = relativeDate(value, today ?? '2000-01-01');
  if (relative === undefined) return value;
  if ('problem' in relative) throw new UsageError(`${flag}: ${relative.problem}`, undefined, { field: flag });
  // todayFor returns a day whenever a value looks relative: without one, the caller forgot to ask.
  if (today === undefined) throw new Error(`${flag} "${value}" is a relative date but no today was given`);
  return relative.date;
}

/**
 * The API's today (YYYY-MM-DD, in the profile's time zone) when one of the `[flag, value]` pairs
 * is a relative date, else undefined without asking anything: relative dates follow the API's
 * calendar, so on a sandbox they follow its virtual clock. One written wrongly is refused first.
 */
export async function todayFor(f: Factory, values: ReadonlyArray<readonly [flag: string, value: string | undefined]>): Promise<string | undefined> {
  const relative = values.filter((pair): pair is readonly [string, string] => pair[1] !== undefined && looksRelative(pair[1]));
  if (relative.length === 0) return undefined;
  // Any day shows whether the form is right: a mistake exits 2 before the API is asked.
  for (const [flag, value] of relative) resolveRelative(value, flag, '2000-01-01');
  return apiToday(f);
}

/**
 * The API's today: the clock of a sandbox (built-in or served: both answer /_sandbox/clock), or
 * this machine's on a real API, which has no clock to ask. The day is the one in the profile's
 * time zone (--tz or the tz setting; the system's without one).
 */
export async function apiToday(f: Factory): Promise<string> {
  const [client, { clockIfSandbox }] = await Promise.all([f.api(), import('../api/resources/sandbox.js')]);
  return dayIn((await clockIfSandbox(client)) ?? f.now(), f.globals.tz);
}

/**
 * A positional id (`<id>`), checked while the command line is parsed: a value that is not an
 * id (empty, `.`/`..`, `/ ? # %`, blanks, control characters) is a usage error naming `what`
 * ("booking id"), and nothing is sent. `more` continues the help text after `what`.
 */
export function idArgument(name: string, what: string, more?: string): Argument {
  return new Argument(name, more === undefined ? what : `${what} ${more}`).argParser((value: string) => checkId(value, what, name));
}

/** An id flag (`--booking <id>`), checked like idArgument and named by its flag; `repeatable` collects every value. */
export function idOption(flags: string, description: string, options: { repeatable?: boolean } = {}): Option {
  const option = new Option(flags, description);
  const flag = option.long ?? flags;
  return options.repeatable ? option.argParser((value: string, previous: string[] = []) => [...previous, checkId(value, flag)]) : option.argParser((value: string) => checkId(value, flag));
}

/**
 * An id typed at a prompt. Enter on nothing takes `default` (the id just made or used) and,
 * without one, is refused as a missing answer; the prompt refuses what idArgument refuses (with
 * the same message), then what `check` finds wrong with a well-formed id (it asks the API: "Booking
 * 20009 does not exist"). Each refusal is said under the question, which stays with the answer
 * still typed. The answer is checked once more whatever the prompter let through.
 */
export async function askId(prompter: Prompter, message: string, what: string, options: { default?: string; check?: (id: string) => Promise<string | undefined> } = {}): Promise<string> {
  const validate: Validate = (value) => {
    if (value === '') return `enter a ${what}`;
    const malformed = invalidIdMessage(value, what);
    if (malformed !== undefined) return malformed;
    return options.check ? options.check(value).then((problem) => problem ?? true) : true;
  };
  const answer = await prompter.input(message, options.default === undefined ? { validate } : { default: options.default, validate });
  return checkId(answer, what);
}

/**
 * A value the command cannot do without: the flag's value, else an answer from a person at a
 * terminal, else a usage error naming the flag (scripts never hang on a prompt).
 */
export async function requireValue<T>(value: T | undefined, flag: string, io: IOStreams, ask: (prompter: Prompter) => Promise<T>, prompter: () => Prompter): Promise<T> {
  if (value !== undefined) return value;
  requireFlagsWithoutTerminal(io, [[flag, value]]);
  return ask(prompter());
}

/**
 * Without a terminal, values left out cannot be asked for: a usage error naming every missing
 * flag at once, exactly why trek cannot ask (stdin or stdout is not a terminal, --no-input,
 * TREK_NO_INPUT, the no_input setting) and what to pass. Commands that read from the API before
 * asking call it first, so nothing is read in vain.
 */
export function requireFlagsWithoutTerminal(io: IOStreams, flags: ReadonlyArray<readonly [flag: string, value: unknown]>): void {
  const cannotAsk = whyNoPrompt(io);
  if (cannotAsk === undefined) return;
  const missing = flags.filter(([, value]) => value === undefined).map(([flag]) => flag);
  if (missing.length === 0) return;
  const names = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)!}`;
  throw new UsageError(
    `${names} ${missing.length === 1 ? 'is' : 'are'} required and trek cannot ask for ${missing.length === 1 ? 'it' : 'them'}: ${cannotAsk.reason}`,
    `Pass ${names} on the command line (${cannotAsk.instead}).`,
    { field: missing[0] },
  );
}

/** What a declined confirmation says (exit 130). */
export const NOTHING_CHANGED = 'Nothing was changed.';

/**
 * Destructive actions ask first; `--yes` skips the question and is required where trek cannot
 * ask (the message says why). A "no" is a declined CancelError: "Nothing was changed." (exit 130).
 */
export async function confirmDestructive(opts: { yes: boolean; io: IOStreams; prompter: () => Prompter }, question: string): Promise<void> {
  if (opts.yes) return;
  const cannotAsk = whyNoPrompt(opts.io);
  if (cannotAsk !== undefined) {
    throw new UsageError(`${question.replace(/\?$/, '')}: refusing without --yes, as trek cannot ask: ${cannotAsk.reason}`, 'Re-run with --yes to confirm.', { field: '--yes' });
  }
  if (!(await opts.prompter().confirm(question, false))) throw new CancelError(NOTHING_CHANGED, { declined: true });
}

/** Everything a stream holds, as text (stdin for --input -, --api-key-stdin, @-). */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The API a command changes things on, as its summary line and its prompts name it: on the
 * built-in sandbox "[sandbox]", plainly (as the Stripe CLI marks test mode), elsewhere the profile
 * and its base URL, so a change on the real service never reads like one on the sandbox.
 */
export interface Destination {
  profile: string;
  /** The built-in sandbox, answered in this process. */
  sandbox: boolean;
  baseUrl?: string;
  /** Where the base URL came from when not from the profile itself (--base-url, TREK_BASE_URL). */
  baseUrlFrom?: string;
}

export async function destinationOf(f: Factory): Promise<Destination> {
  const profile = await f.profile();
  const from = { flag: '--base-url', env: 'TREK_BASE_URL' }[profile.sources.baseUrl as string];
  return { profile: profile.name, sandbox: profile.builtinSandbox, baseUrl: profile.baseUrl, ...(from && { baseUrlFrom: from }) };
}

/** `[sandbox]`, or `on profile work (https://api.example.com)`. */
export function destinationLabel(destination: Destination, color = false): string {
  if (destination.sandbox) return makeTheme(color).warning('[sandbox]');
  const url = [destination.baseUrl && sanitizeUrl(destination.baseUrl), destination.baseUrlFrom && `from ${destination.baseUrlFrom}`].filter(Boolean).join(', ');
  return `on profile ${destination.profile}${url ? ` (${url})` : ''}`;
}

/**
 * The summary of a change, on stderr: `✓ Created booking 200009 [sandbox]`, or `✓ Created
 * booking 200009 on profile work (https://api.example.com)`. `summary` is already safe to print;
 * the destination ends its first line (in place of a full stop), further lines follow as given.
 */
export async function reportChange(opts: { io: IOStreams; destination: () => Promise<Destination> }, summary: string): Promise<void> {
  const color = opts.io.colorErr;
  const label = destinationLabel(await opts.destination(), color);
  const [first, ...more] = summary.split('\n');
  const lines = [`${makeTheme(color).success('✓')} ${first.replace(/\.$/, '')} ${label}`, ...more];
  // On a terminal each line wraps to its width (the first under its text, past the ✓); in a log it stays whole.
  const shown = opts.io.stderrIsTTY ? await wrappedLines(lines, opts.io.columns, (index) => (index === 0 ? 2 : undefined)) : lines;
  opts.io.err.write(shown.join('\n') + '\n');
}

/**
 * Lines for stderr: on a terminal each wraps to its width (the first with `firstHanging`
 * columns of hanging indent, as under a label such as "Readiness now: "); in a log each stays whole.
 */
export async function writeNotes(io: IOStreams, lines: string[], firstHanging?: number): Promise<void> {
  if (lines.length === 0) return;
  const shown = io.stderrIsTTY ? await wrappedLines(lines, io.columns, (index) => (index === 0 ? firstHanging : undefined)) : lines;
  io.err.write(shown.join('\n') + '\n');
}

/**
 * Writes lines of prose to stderr: on a terminal each line wraps to its width (continuations
 * under the line's own indent), in a log each stays whole.
 */
export async function writeWrapped(io: IOStreams, text: string): Promise<void> {
  const lines = text.replace(/\n$/, '').split('\n');
  const shown = io.stderrIsTTY ? await wrappedLines(lines, io.columns, () => undefined) : lines;
  io.err.write(shown.join('\n') + '\n');
}

/** `hanging(index)`: the indent of a wrapped line's continuations; undefined keeps its own. */
async function wrappedLines(lines: string[], columns: number, hanging: (index: number) => number | undefined): Promise<string[]> {
  const { textTools } = await import('../output/text.js');
  const text = await textTools();
  return lines.flatMap((line, index) => (text.width(line) <= columns ? [line] : text.wrap(line, columns, hanging(index))));
}

/**
 * The prompter of a command that works on the API: before its first question it says where the
 * answers will go ("Working on profile work (https://…)", "Working on the built-in sandbox [sandbox]").
 */
export function destinationPrompter(f: Factory, destination: () => Promise<Destination>): () => Prompter {
  let headed = false;
  const header = async () => {
    if (headed) return;
    headed = true;
    const where = await destination();
    const label = destinationLabel(where, f.io.colorErr);
    f.io.err.write(`Working ${where.sandbox ? `on the built-in sandbox ${label}` : label}\n`);
  };
  const headedPrompter: Prompter = {
    select: async (...args) => (await header(), f.prompter().select(...args)),
    input: async (...args) => (await header(), f.prompter().input(...args)),
    password: async (...args) => (await header(), f.prompter().password(...args)),
    confirm: async (...args) => (await header(), f.prompter().confirm(...args)),
    search: async (...args) => (await header(), f.prompter().search(...args)),
  };
  return () => headedPrompter;
}
