/**
 * The global flags, declared once. The root command builds its options from this table,
 * commands/globals.ts reads their values by its keys, the factory starts from its defaults, and
 * main.ts reads the output flags from the command line with it before commander has (a parse
 * error can come first, and must still be JSON when asked).
 */
import { FORMATS } from '../output/formats.js';

export interface GlobalFlag {
  /** Commander's spelling: `-o, --output <format>`, `--no-pager`. */
  readonly flags: string;
  readonly description: string;
  readonly choices?: readonly string[];
  readonly default?: string;
}

export const GLOBAL_FLAGS = {
  profile: { flags: '--profile <name>', description: 'profile to use (env TREK_PROFILE)' },
  baseUrl: { flags: '--base-url <url>', description: 'API base URL, overriding the profile (env TREK_BASE_URL)' },
  output: { flags: '-o, --output <format>', description: 'output format (default: table on a terminal, json in a pipe)', choices: FORMATS },
  json: { flags: '--json', description: 'shorthand for --output json' },
  fields: { flags: '--fields <list>', description: 'comma-separated fields to show; dotted paths reach nested values (availability.status)' },
  color: { flags: '--color <when>', description: 'colour: auto, always or never (NO_COLOR and FORCE_COLOR are honoured)', choices: ['auto', 'always', 'never'], default: 'auto' },
  verbose: { flags: '--verbose', description: 'trace every HTTP request and response on stderr (keys redacted)' },
  input: { flags: '--no-input', description: 'never prompt; a missing value is an error (env TREK_NO_INPUT)' },
  timeout: { flags: '--timeout <seconds>', description: 'request timeout in seconds (default 30)' },
  jq: { flags: '--jq <expr>', description: 'filter JSON output with a jq program (implies -o json)' },
  pager: { flags: '--no-pager', description: 'never page long output through $PAGER (env TREK_PAGER= does the same)' },
  wide: { flags: '--wide', description: 'keep every table column whole instead of fitting the terminal' },
  tz: { flags: '--tz <zone>', description: "time zone for times shown on a terminal, e.g. Europe/London (JSON keeps the API's values)" },
  cache: { flags: '--no-cache', description: 'read the catalogue from the API, not the local cache' },
  refresh: { flags: '--refresh', description: 'read the catalogue from the API and refresh the local cache' },
} as const satisfies Record<string, GlobalFlag>;

export type GlobalFlagKey = keyof typeof GLOBAL_FLAGS;

/** The values commander gives the global flags: strings for those that take one, booleans (negatable `--no-x` default true) else. */
export type RawGlobals = {
  [K in GlobalFlagKey]: (typeof GLOBAL_FLAGS)[K]['flags'] extends `--no-${string}`
    ? boolean
    : (typeof GLOBAL_FLAGS)[K]['flags'] extends `${string}<${string}`
      ? string | undefined
      : boolean | undefined;
};

/** The words that spell a flag (`-o`, `--output`) and whether it takes a value. */
function spellingsOf(flag: GlobalFlag): { names: string[]; takesValue: boolean } {
  const names = flag.flags.split(/[ ,]+/).filter((word) => word.startsWith('-'));
  return { names, takesValue: flag.flags.includes('<') };
}

/**
 * The last value of each of `keys` on the command line, as commander reads it: `-o json`,
 * `-ojson`, `--output=json`, a bare switch as true; nothing after `--` is a flag.
 */
export function globalFlagsFromArgv<K extends GlobalFlagKey>(argv: readonly string[], keys: readonly K[]): Partial<Record<K, string | true>> {
  const found: Partial<Record<K, string | true>> = {};
  const spelled = keys.map((key) => ({ key, ...spellingsOf(GLOBAL_FLAGS[key]) }));
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === '--') break;
    for (const { key, names, takesValue } of spelled) {
      for (const name of names) {
        if (word === name) found[key] = takesValue ? (argv[++i] ?? '') : true;
        else if (takesValue && name.startsWith('--') && word.startsWith(`${name}=`)) found[key] = word.slice(name.length + 1);
        else if (takesValue && /^-\w$/.test(name) && word.startsWith(name) && word.length > 2 && word[2] !== '-') found[key] = word.slice(2);
      }
    }
  }
  return found;
}
