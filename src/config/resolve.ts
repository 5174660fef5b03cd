import { DEFAULT_MAX_BODY_BYTES, formatBytes, isValidHeaderName, isValidHeaderValue } from '../api/wire.js';
import { UsageError } from '../errors.js';
import { BUILTIN_SANDBOX_PROFILE, pickProfileName, unknownProfileError } from './profile-name.js';
import type { ConfigStore, ProfileRecord } from './store.js';

/** Part of resolving a profile, so offered here too. */
export { BUILTIN_SANDBOX_PROFILE, unknownProfileError };

export const DEFAULT_AUTH_HEADER = 'X-Application-Key';

/** `config` is the config file's current_profile; `profile` a value stored in the profile. */
export type ValueSource = 'flag' | 'env' | 'config' | 'profile' | 'default';

export interface ResolvedProfile {
  name: string;
  /** The embedded in-process sandbox: the built-in profile with no base URL given. */
  builtinSandbox: boolean;
  baseUrl?: string;
  apiKey?: string;
  authHeader: string;
  output?: string;
  agency?: string;
  /** The largest response body to accept (TREK_MAX_BODY, default 64 MiB). */
  maxBodyBytes: number;
  /** Where each value came from, for `trek profile show`. */
  sources: Record<ResolvedField, ValueSource>;
}
export type ResolvedField = 'name' | 'baseUrl' | 'apiKey' | 'authHeader' | 'output' | 'agency';

export interface ResolveInput {
  flags: { profile?: string; baseUrl?: string };
  env: Record<string, string | undefined>;
  store: ConfigStore;
}

/** Precedence: flag > TREK_* environment > profile > defaults. */
export function resolveProfile({ flags, env, store }: ResolveInput): ResolvedProfile {
  const { name, source: nameSource } = resolveProfileName({ flags, env, store });
  const record = name === BUILTIN_SANDBOX_PROFILE ? {} : findProfile(store, name, nameSource);

  const baseUrlPick = first<string>([flags.baseUrl, 'flag'], [env.TREK_BASE_URL, 'env'], [record.base_url, 'profile']);
  if (baseUrlPick) checkBaseUrl(baseUrlPick[0], describeOrigin(baseUrlPick[1], 'base_url', name, store));
  else if (name !== BUILTIN_SANDBOX_PROFILE) {
    throw new UsageError(`profile "${name}" has no base_url (in ${store.path})`, `Set it again with: trek profile add ${name} --base-url URL --force`);
  }

  const apiKeyPick = first<string>([env.TREK_API_KEY, 'env'], [record.api_key, 'profile']);
  if (apiKeyPick) checkApiKey(apiKeyPick[0], apiKeyPick[1] === 'env' ? 'TREK_API_KEY' : `the api_key of profile "${name}" in ${store.path}`);
  if (baseUrlPick && apiKeyPick?.[1] === 'profile') checkKeyDestination(name, record, baseUrlPick, store);
  const authHeaderPick = first<string>([env.TREK_AUTH_HEADER, 'env'], [record.auth_header, 'profile']);
  if (authHeaderPick) checkAuthHeader(authHeaderPick[0], describeOrigin(authHeaderPick[1], 'auth_header', name, store));

  return {
    name,
    builtinSandbox: name === BUILTIN_SANDBOX_PROFILE && !baseUrlPick,
    baseUrl: baseUrlPick?.[0],
    apiKey: apiKeyPick?.[0],
    authHeader: authHeaderPick?.[0] ?? DEFAULT_AUTH_HEADER,
    output: record.output,
    agency: record.agency,
    maxBodyBytes: parseMaxBody(env.TREK_MAX_BODY),
    sources: {
      name: nameSource,
      baseUrl: baseUrlPick?.[1] ?? 'default',
      apiKey: apiKeyPick?.[1] ?? 'default',
      authHeader: authHeaderPick?.[1] ?? 'default',
      output: record.output === undefined ? 'default' : 'profile',
      agency: record.agency === undefined ? 'default' : 'profile',
    },
  };
}

/** Only the name, by the precedence of profile-name.ts; not checked to exist. */
export function resolveProfileName({ flags, env, store }: ResolveInput): { name: string; source: ValueSource } {
  return pickProfileName(flags.profile, env.TREK_PROFILE, () => store.currentProfile());
}

/**
 * Names of new profiles: short, and safe on a command line and in completion. The first
 * character is a letter or digit, which also keeps out names like `__proto__`.
 */
export function checkProfileName(name: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(name)) {
    throw new UsageError(`invalid profile name ${JSON.stringify(name)}: use letters, digits, "-" and "_" (at most 64, starting with a letter or digit)`);
  }
  if (name === BUILTIN_SANDBOX_PROFILE) throw new UsageError(`"${name}" is the built-in profile; choose another name`);
  return name;
}

/** The first candidate with a value; an empty environment variable counts as unset. */
function first<T>(...candidates: Array<[T | undefined, ValueSource]>): [T, ValueSource] | undefined {
  const found = candidates.find(([value]) => value !== undefined && value !== '');
  return found as [T, ValueSource] | undefined;
}

function findProfile(store: ConfigStore, name: string, source: ValueSource): ProfileRecord {
  const record = store.getProfile(name);
  if (record) return record;
  const from = { flag: 'from --profile', env: 'from TREK_PROFILE', config: `current_profile in ${store.path}`, profile: '', default: '' }[source];
  throw unknownProfileError(store, name, from);
}

const ENV_NAMES: Partial<Record<string, string>> = { base_url: 'TREK_BASE_URL', auth_header: 'TREK_AUTH_HEADER' };
const FLAG_NAMES: Partial<Record<string, string>> = { base_url: '--base-url' };

function describeOrigin(source: ValueSource, field: string, profile: string, store: ConfigStore): string {
  if (source === 'flag') return FLAG_NAMES[field] ?? field;
  if (source === 'env') return ENV_NAMES[field] ?? field;
  return `${field} of profile "${profile}" in ${store.path}`;
}

/** Only absolute http(s) URLs, and no credentials: a key belongs in the profile, where it is never printed. */
export function checkBaseUrl(value: string, origin: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  // Checked first so that the error message never repeats a password.
  if (url && (url.username || url.password)) {
    throw new UsageError(`invalid base URL in ${origin}: it must not contain a user name or password`, 'Store the key in a profile with --api-key-stdin instead.');
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || /[\x00-\x20\x7f]/.test(value)) {
    throw new UsageError(`invalid base URL in ${origin}: ${JSON.stringify(value)} is not an absolute http:// or https:// URL`);
  }
  return value;
}

/** A key travels in a header, so it must be a valid header value; the key itself is never shown. */
function checkApiKey(key: string, origin: string): void {
  if (!isValidHeaderValue(key)) {
    throw new UsageError(
      `the API key in ${origin} cannot be sent: it holds control characters or characters beyond Latin-1`,
      'Check that the whole key, and nothing else, was copied; keys are plain ASCII.',
    );
  }
}

/**
 * A profile's key goes only to the origin of the profile's own base_url: a base URL from
 * --base-url or TREK_BASE_URL pointing elsewhere brings its own key in TREK_API_KEY.
 */
function checkKeyDestination(name: string, record: ProfileRecord, [baseUrl, source]: [string, ValueSource], store: ConfigStore): void {
  if (source === 'profile') return;
  const own = originOf(record.base_url);
  if (own !== undefined && own === originOf(baseUrl)) return;
  const target = originOf(baseUrl);
  throw new UsageError(
    `refusing to send the API key of profile "${name}" to ${target} (from ${describeOrigin(source, 'base_url', name, store)}): a profile's key goes only to the origin of its own base_url${own ? `, ${own}` : ''}`,
    `Give the key for ${target} in TREK_API_KEY, or add a profile for that server: trek profile add NAME --base-url ${baseUrl} --api-key-stdin`,
  );
}

/**
 * Before a request: a base URL from --base-url or TREK_BASE_URL on the built-in sandbox profile
 * has no key to send (the built-in sandbox's stays in this process), so it is refused rather
 * than answered 401 by the server. `profile show` still shows such a profile as resolved.
 */
export function checkKeyToSend(profile: ResolvedProfile): void {
  if (profile.name !== BUILTIN_SANDBOX_PROFILE || profile.builtinSandbox || profile.apiKey !== undefined || profile.baseUrl === undefined) return;
  const flag = profile.sources.baseUrl === 'flag';
  throw new UsageError(
    `${flag ? '--base-url' : 'TREK_BASE_URL'} ${profile.baseUrl} with the built-in sandbox profile: no API key to send there (the built-in sandbox's key never leaves this process)`,
    `Give the key in TREK_API_KEY, or add a profile for that server: trek profile add NAME --base-url ${profile.baseUrl} --api-key-stdin`,
    { field: flag ? '--base-url' : 'TREK_BASE_URL' },
  );
}

function originOf(url: string | undefined): string | undefined {
  try {
    return url === undefined ? undefined : new URL(url).origin;
  } catch {
    return undefined;
  }
}

const MAX_BODY_CEILING = 512 * 1024 * 1024;
const SIZE_UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** TREK_MAX_BODY: bytes, or a number with K, M or G (KiB, MiB, GiB: `256M`, `256MiB`). */
export function parseMaxBody(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_MAX_BODY_BYTES;
  const match = /^\s*(\d+)\s*(?:([kmg])(?:i?b)?|b)?\s*$/i.exec(value);
  const bytes = match ? Number(match[1]) * SIZE_UNITS[(match[2] ?? '').toLowerCase()] : NaN;
  // V8 cannot hold a string much larger than 512 MiB, so a larger cap could not be honoured.
  if (!(bytes >= 1024 && bytes <= MAX_BODY_CEILING)) {
    throw new UsageError(`TREK_MAX_BODY must be a size from 1 KiB to ${formatBytes(MAX_BODY_CEILING)}, like 256MiB or 268435456 (got ${JSON.stringify(value)})`);
  }
  return bytes;
}

/** An HTTP header name (RFC 9110 token). */
/**
 * Headers the key cannot travel in: those HTTP itself uses to frame and route a request (the key
 * sent as Host, a Content-Length undici refuses), and those trek sets for every request.
 */
const RESERVED_HEADERS = [
  'Host',
  'Content-Length',
  'Transfer-Encoding',
  'Connection',
  'Keep-Alive',
  'Proxy-Connection',
  'Upgrade',
  'TE',
  'Trailer',
  'Expect',
  'Content-Type',
  'Accept',
  'User-Agent',
  'If-None-Match',
  'If-Modified-Since',
  'X-Sandbox-Operator-Key',
];

export function checkAuthHeader(value: string, origin: string): string {
  if (!isValidHeaderName(value)) throw new UsageError(`invalid header name in ${origin}: ${JSON.stringify(value)}`, 'A header name is letters, digits and - (such as X-Application-Key).');
  const reserved = RESERVED_HEADERS.find((name) => name.toLowerCase() === value.toLowerCase());
  if (reserved !== undefined) {
    throw new UsageError(`${origin} cannot be ${reserved}: HTTP or trek sets that header itself`, `Reserved: ${RESERVED_HEADERS.join(', ')}. The default is X-Application-Key.`);
  }
  return value;
}
