/**
 * `trek help <topic>`: what no single command's help can say. The options, operator, format and
 * exit-code lists come from the code that defines them, so a topic cannot fall behind it.
 */
import type { TopicName } from '../../domain/help-topics.js';
import type { Command } from 'commander';
import { SEARCH_COLLECTIONS, SEARCH_OPERATORS, searchFields, type SearchCollection } from '../../api/query.js';
import { EXIT_CODE_TABLE } from '../../errors.js';
import { DEFAULT_PAGER } from '../../output/pager.js';
import { FORMATS, type Format } from '../../output/formats.js';
import { RELATIVE_DATE_FORMS } from '../../util/dates.js';

/** A topic's text for `program` (the root command), at `width` columns. */
type Topic = (program: Command, width: number) => string;

/** Commander's help layout at `width` columns, as every command's help has it. */
function helpAt(program: Command, width: number) {
  const help = program.createHelp();
  help.prepareContext({ helpWidth: width });
  return help;
}

/** Two aligned columns, the second wrapped under itself. */
export function itemList(program: Command, width: number, items: ReadonlyArray<readonly [term: string, description: string]>): string {
  const help = helpAt(program, width);
  const termWidth = Math.max(...items.map(([term]) => term.length));
  return items.map(([term, description]) => help.formatItem(term, termWidth, description, help)).join('\n');
}

/** Prose wrapped to the terminal, at most 80 columns wide to stay readable. */
function paragraph(program: Command, width: number, text: string): string {
  return helpAt(program, width).boxWrap(text, Math.min(width, 80));
}

/** The root command's options but its own (--help, --version): the flags every command takes. */
export function globalOptions(program: Command) {
  return program.options.filter((option) => !['--help', '--version'].includes(option.long ?? ''));
}

const options: Topic = (program, width) => {
  const help = program.createHelp();
  return [
    paragraph(program, width, 'Global options: every command takes them, before or after its name (trek --json booking get B is trek booking get B --json).'),
    '',
    itemList(
      program,
      width,
      globalOptions(program).map((option) => [help.optionTerm(option), help.optionDescription(option)]),
    ),
    '',
    paragraph(program, width, 'Settings apply when a flag is not given: trek config list (output, color, timeout, no_input, tz, pager). Variables: trek help environment.'),
    '',
  ].join('\n');
};

/** Spec §4.1: each operator, what it matches and a search that uses it. */
const OPERATORS: Readonly<Record<string, readonly [meaning: string, example: string]>> = {
  lt: ['less than', 'trek search departures --where start_date__lt=+30d'],
  lte: ['less than or equal', 'trek search departures --where finish_date__lte=+3mo'],
  gt: ['greater than', 'trek search departures --where start_date__gt=+6mo'],
  gte: ['greater than or equal', 'trek search departures --where start_date__gte=+2w'],
  like: ['contains, with * as a wildcard', "trek search departures --where 'name__like=Best of *'"],
  notnull: ['has a value (the value is true)', 'trek search departures --where nearest_start_airport.code__notnull=true'],
  null: ['has no value (the value is true)', 'trek search departures --where nearest_finish_airport.code__null=true'],
  in: ['any of several values, comma-separated', 'trek search departures --where availability.status__in=AVAILABLE,REQUEST_SPACE'],
  phrase: ['the words in this order', "trek search departures --where 'name__phrase=Best of Peru'"],
};

/** The examples of `trek help filters`, one per operator and the default: each runs as written. */
export const FILTER_EXAMPLES: readonly string[] = [
  'trek search departures --where name=peru',
  ...SEARCH_OPERATORS.map((operator) => OPERATORS[operator][1]),
  'trek search departures --starting next-month',
  'trek search departures --from today --to +6mo',
];

/** The list each collection's attributes are searched with. */
const SEARCHED_BY: Readonly<Record<SearchCollection, string>> = {
  departures: 'search departures',
  tour_dossiers: 'search tour-dossiers',
  activities: 'search activities',
  bookings: 'booking list',
};

const filters: Topic = (program, width) =>
  [
    paragraph(program, width, 'Filters: --where on every list and search (spec §4.1).'),
    '',
    itemList(program, width, [
      ['--where ATTRIBUTE=VALUE', 'contains VALUE, ignoring case (not an exact match)'],
      ['--where ATTRIBUTE__OPERATOR=VALUE', 'with one of these operators:'],
    ]),
    '',
    itemList(
      program,
      width,
      SEARCH_OPERATORS.map((operator) => [`  ${operator}`, OPERATORS[operator][0]]),
    ),
    '',
    paragraph(program, width, 'Attributes each list takes in --where and --order-by (another is refused before anything is sent, naming the nearest):'),
    itemList(
      program,
      width,
      SEARCH_COLLECTIONS.map((collection) => [`  ${SEARCHED_BY[collection]}`, Object.keys(searchFields(collection)).join(', ')]),
    ),
    '',
    paragraph(
      program,
      width,
      'Nested attributes take a dot (availability.status). Conditions on several attributes all apply; the API takes one ' +
        'condition per attribute, so for a range of dates use --starting 2027-06, or --from and --to, where a list offers ' +
        'them (departures: start_date). Values are checked before anything is sent: dates as YYYY-MM-DD, decimals, ' +
        'true/false, and the values of a closed list (availability.status); a wrong one exits 2 and names the nearest. ' +
        "--order-by ATTRIBUTE sorts (-ATTRIBUTE: descending); each list's help gives its default.",
    ),
    '',
    paragraph(
      program,
      width,
      `Dates, wherever you type one (--where on a date, --starting, --from, --to, --date, the customer's dates, sandbox clock set): ` +
        `YYYY-MM-DD (a month YYYY-MM where a month is taken), or relative: ${RELATIVE_DATE_FORMS}. ` +
        "Relative dates count from the API's today: the sandbox clock's on a sandbox, this machine's on a real API, in the " +
        'time zone of --tz or the tz setting. Months are mo, not m (m is minutes in sandbox clock durations); next-month is ' +
        'a month (--starting next-month: all of it). A mistake exits 2 naming the flag.',
    ),
    '',
    'Examples:',
    ...FILTER_EXAMPLES.map((example) => `  ${example}`),
    '',
  ].join('\n');

const FORMAT_TEXT: Readonly<Record<Format, string>> = {
  table: 'for people, the default on a terminal: columns fitted to its width (cut with …, --wide keeps them whole), records as aligned label and value, long output through the pager',
  json: "the default in a pipe: a list as one JSON array of its records (not the API's envelope), a record as an object; --jq EXPR filters it",
  ndjson: 'one compact JSON record a line, written as the pages arrive (with --all, a long list streams)',
  csv: "RFC 4180 with a header of field paths; nested values as JSON; text a spreadsheet would run as a formula starts with '",
  tsv: 'tab-separated, with tab, line break and backslash written as \\t \\n \\\\',
  yaml: 'the same records as json, as YAML',
  xml: 'asks the API for XML and prints it as sent; lists under <results>',
};

const formats: Topic = (program, width) =>
  [
    paragraph(program, width, "Output formats: -o FORMAT (--json is -o json). Without -o: the profile's output, else the output setting, else table on a terminal and json in a pipe."),
    '',
    itemList(
      program,
      width,
      FORMATS.map((format) => [format, FORMAT_TEXT[format]]),
    ),
    '',
    paragraph(
      program,
      width,
      '--fields id,name,availability.status picks the columns (table, csv, tsv) or the keys (json, yaml…). Data goes to ' +
        'stdout; status, progress, notes and errors to stderr. Text from the server is made safe for the terminal in every format.',
    ),
    '',
  ].join('\n');

const environment: Topic = (program, width) =>
  [
    paragraph(program, width, 'Environment variables:'),
    '',
    itemList(program, width, [
      ['TREK_PROFILE', 'profile to use (like --profile)'],
      ['TREK_BASE_URL', "API base URL (like --base-url); another origin than the profile's needs TREK_API_KEY"],
      ['TREK_API_KEY', "API key, overriding the profile's (never pass keys as flags)"],
      ['TREK_AUTH_HEADER', 'header that carries the key (default X-Application-Key)'],
      ['TREK_NO_INPUT', 'never prompt (like --no-input)'],
      ['TREK_PAGER', `pager for long terminal output, before PAGER (default ${DEFAULT_PAGER}); empty: no pager (like --no-pager)`],
      ['PAGER', 'pager when TREK_PAGER is not set; empty or cat: no pager'],
      ['LESS', 'options of less; FRX when not set (quit if one screen, keep colours, leave the text on screen)'],
      ['TREK_MAX_BODY', 'largest response body accepted, e.g. 256MiB (default 64MiB, at most 512MiB)'],
      ['TREK_LOCK_WAIT_MS', 'how long a change waits for another trek holding a lock (default 20000)'],
      ['TREK_SANDBOX_OPERATOR_KEY', 'operator key of a served sandbox, for trek sandbox clock|reset|faults|keys|staff-cancel'],
      ['HTTPS_PROXY', 'proxy for https:// APIs (a CONNECT tunnel); HTTP_PROXY for http:// ones; lower case too'],
      ['NO_PROXY', 'hosts, domains, host:port or CIDR ranges reached directly, comma-separated; * for all'],
      ['NODE_EXTRA_CA_CERTS', "PEM file of extra CA certificates, e.g. a TLS-inspecting proxy's"],
      ['TREK_HOME', 'one directory for config, data, cache and state (default: the XDG directories)'],
      ['XDG_CONFIG_HOME', 'where the config is kept, and XDG_DATA_HOME, XDG_CACHE_HOME, XDG_STATE_HOME the rest (without TREK_HOME)'],
      ['NO_COLOR', 'no colour; FORCE_COLOR forces it, TERM=dumb turns it off (--color wins over all three)'],
      ['COLUMNS', 'width tables fit when stdout is no terminal (default 80)'],
    ]),
    '',
  ].join('\n');

const exitCodes: Topic = (program, width) =>
  [
    'Exit codes:',
    '',
    itemList(
      program,
      width,
      EXIT_CODE_TABLE.map(([code, meaning]) => [String(code).padStart(3), meaning]),
    ),
    '',
  ].join('\n');

const sandbox: Topic = (program, width) => {
  const command = program.commands.find((c) => c.name() === 'sandbox');
  const verbs = (command?.commands ?? []).map((verb): [string, string] => [`trek sandbox ${verb.name()}`, verb.summary() || verb.description()]);
  return [
    paragraph(
      program,
      width,
      "The built-in sandbox: a stateful simulator of the operator's API that runs inside trek. With no profile configured " +
        "(or with --profile sandbox) every command talks to it: no network, no account, its state kept in trek's data " +
        "folder. It keeps the spec's rules (places, payments, options that expire, the final payment) and fails on purpose " +
        "when asked, to test your own code's error handling.",
    ),
    '',
    ...(verbs.length ? [itemList(program, width, verbs), ''] : []),
    paragraph(
      program,
      width,
      'Served (trek sandbox serve), its operator controls need TREK_SANDBOX_OPERATOR_KEY, which serve prints. Seeded scenarios ' +
        'and choices where the spec is silent: docs/sandbox.md; every rule with its test: docs/sandbox-rules.md.',
    ),
    '',
  ].join('\n');
};

/** Every topic of TOPIC_NAMES (topic-names.ts), and no other: the type says so. */
export const TOPICS: Readonly<Record<TopicName, Topic>> = {
  options,
  filters,
  formats,
  environment,
  'exit-codes': exitCodes,
  sandbox,
};
