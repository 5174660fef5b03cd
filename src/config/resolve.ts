import { UsageError } from '../errors.js';
import type { ConfigStore, ProfileRecord } from './store.js';

/** Needs no set-up: with no base URL it runs the sandbox in-process (DESIGN.md §4). */
export const BUILTIN_SANDBOX_PROFILE = 'sandbox';
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

/** Only the name: --profile > TREK_PROFILE > current_profile > the built-in profile. Not checked to exist. */
export function resolveProfileName({ flags, env, store }: ResolveInput): { name: string; source: ValueSource } {
  const [name, source] = first<string>([flags.profile, 'flag'], [env.TREK_PROFILE, 'env'], [store.currentProfile(), 'config']) ?? [
    BUILTIN_SANDBOX_PROFILE,
    'default',
  ];
  return { name, source };
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

/** Lists the profiles that do exist, the built-in one first. `origin` says where the name came from. */
export function unknownProfileError(store: ConfigStore, name: string, origin?: string): UsageError {
  const known = [BUILTIN_SANDBOX_PROFILE, ...Object.keys(store.profiles()).sort()];
  return new UsageError(
    `unknown profile ${JSON.stringify(name)}${origin ? ` (${origin})` : ''}; known profiles: ${known.join(', ')}`,
    `Add it with: trek profile add ${name} --base-url URL --api-key-stdin`,
  );
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

/** An HTTP header name (RFC 9110 token). */
export function checkAuthHeader(value: string, origin: string): string {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(value)) throw new UsageError(`invalid header name in ${origin}: ${JSON.stringify(value)}`);
  return value;
}
