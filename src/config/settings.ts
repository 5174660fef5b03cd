import { UsageError } from '../errors.js';
import { FORMATS } from '../output/formats.js';
import { CACHE_KINDS, DEFAULT_TTL_SECONDS, formatDuration, parseDuration, type CacheKind } from './cache-ttl.js';

/** One top-level setting of config.json: what `trek config set KEY VALUE` accepts. */
export interface SettingSpec {
  description: string;
  /** The allowed values, when they are a fixed list. */
  choices?: readonly string[];
  /** Normalises a valid value; returns undefined for an invalid one. */
  parse?: (value: string) => string | undefined;
  /** Shown after "must be" when the value is invalid and there is no fixed list. */
  expected?: string;
}

export const TIMEOUT_MIN_SECONDS = 1;
/** Longer than any sane request, and far below what timers can hold (2^31 ms, else Node fires at once). */
export const TIMEOUT_MAX_SECONDS = 600;

/** Seconds from the `timeout` setting or the --timeout flag; undefined outside 1–600 or not a number. */
export function parseTimeoutSeconds(value: string): number | undefined {
  const text = value.trim();
  const seconds = Number(text);
  return text !== '' && Number.isFinite(seconds) && seconds >= TIMEOUT_MIN_SECONDS && seconds <= TIMEOUT_MAX_SECONDS ? seconds : undefined;
}

/** The canonical name of an IANA time zone (as Intl knows it), or undefined for an unknown one. */
export function timeZoneName(value: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value.trim() }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export const SETTINGS = {
  output: { description: 'output format when -o is not given and the profile sets none', choices: FORMATS },
  color: { description: 'colour when --color is not given', choices: ['auto', 'always', 'never'] },
  timeout: {
    description: `request timeout in seconds (${TIMEOUT_MIN_SECONDS}–${TIMEOUT_MAX_SECONDS}) when --timeout is not given`,
    expected: `a number of seconds from ${TIMEOUT_MIN_SECONDS} to ${TIMEOUT_MAX_SECONDS}`,
    parse: (value) => {
      const seconds = parseTimeoutSeconds(value);
      return seconds === undefined ? undefined : String(seconds);
    },
  },
  no_input: { description: 'never prompt, as if --no-input were always given', choices: ['true', 'false'] },
  tz: {
    description: "time zone for times shown on a terminal when --tz is not given (default: the system's)",
    expected: 'an IANA time zone such as Europe/London or UTC',
    parse: (value) => timeZoneName(value),
  },
  currency: {
    description: 'currency departure prices are shown in when --currency is not given (default: the first the departure lists)',
    expected: 'a 3-letter currency code such as CAD',
    parse: (value) => (/^[A-Za-z]{3}$/.test(value.trim()) ? value.trim().toUpperCase() : undefined),
  },
  pager: {
    description: 'page long terminal output: "auto" through $PAGER (default less -FRX), "never" as --no-pager does',
    choices: ['auto', 'never'],
  },
  ...cacheTtlSettings(),
} as const satisfies Record<string, SettingSpec>;

/** `cache.ttl.<kind>`: how long the local cache answers reads of that kind without asking the API. */
function cacheTtlSettings(): Record<`cache.ttl.${CacheKind}`, SettingSpec> {
  const entries = CACHE_KINDS.map((kind) => [
    `cache.ttl.${kind}`,
    {
      description: `how long cached ${kind.replace('_', ' ')} are used before asking the API again; 0 turns their caching off (default ${formatDuration(DEFAULT_TTL_SECONDS[kind])})`,
      expected: 'a duration such as 30s, 5m, 1h or 1d (0 turns caching off), at most 365d',
      parse: (value: string) => {
        const seconds = parseDuration(value);
        return seconds === undefined ? undefined : formatDuration(seconds);
      },
    },
  ]);
  return Object.fromEntries(entries) as Record<`cache.ttl.${CacheKind}`, SettingSpec>;
}

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

export function assertSettingKey(key: string): SettingKey {
  if (!isSettingKey(key)) throw new UsageError(`unknown setting "${key}"; valid settings: ${SETTING_KEYS.join(', ')}`);
  return key;
}

/** The value as it will be stored, or a reason why it is not acceptable. */
export function checkSettingValue(key: SettingKey, value: string): { value: string } | { problem: string } {
  const spec: SettingSpec = SETTINGS[key];
  if (spec.choices) {
    return spec.choices.includes(value) ? { value } : { problem: `${key} must be one of: ${spec.choices.join(', ')} (got ${JSON.stringify(value)})` };
  }
  const parsed = spec.parse?.(value);
  return parsed === undefined ? { problem: `${key} must be ${spec.expected} (got ${JSON.stringify(value)})` } : { value: parsed };
}
