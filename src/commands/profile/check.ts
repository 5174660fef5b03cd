/**
 * `trek profile list --check` and `trek profile show --check`, as `gh auth status` does: which
 * profile is in use and why, and whether each key still works, by one authenticated request.
 */
import type { ApiClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import { ExitCode, TrekError, type ExitCodeValue } from '../../errors.js';
import { checkKeyToSend, resolveProfile, type ResolvedProfile, type ResolveInput, type ValueSource } from '../../config/resolve.js';
import type { Factory } from '../../factory.js';
import type { Column } from '../../output/render.js';

/** The request each check sends: the smallest page of the catalogue (spec §8: 10), which every key may read (spec §4.2). */
export const CHECK_REQUEST = { path: '/departures/', query: { max_per_page: 10 }, headers: { 'Cache-Control': 'no-cache' } };
export const CHECK_REQUEST_TEXT = 'GET /departures/?max_per_page=10';

/**
 * works · unauthorized (401) · forbidden (403) · unreachable (no answer: refused, timed out) ·
 * failed (any other answer: a 5xx, a 404 for a wrong base URL, an answer that is not JSON) ·
 * unusable (the profile cannot be resolved: no base URL, a key trek will not send there).
 */
export type CheckResult = 'works' | 'unauthorized' | 'forbidden' | 'unreachable' | 'failed' | 'unusable';

export interface KeyCheck {
  result: CheckResult;
  ok: boolean;
  http_status: number | null;
  /** What happened, for people; may hold the server's message (sanitised where printed). */
  message: string;
  /** The proxy the request went through (HTTPS_PROXY, HTTP_PROXY), its credentials as ***; null when it went direct. */
  proxy: string | null;
}

/** How a profile is checked: the client for it (or why there is none). */
export type CheckTarget = { client: () => Promise<ApiClient>; hasKey: boolean } | { unusable: string };

/** The target for profile `name` as `trek --profile NAME` would use it in this environment. */
export function checkTarget(f: Factory, input: ResolveInput, name: string): CheckTarget {
  try {
    return targetFor(f, resolveProfile({ ...input, flags: { ...input.flags, profile: name } }));
  } catch (error) {
    return { unusable: (error as Error).message };
  }
}

export function targetFor(f: Factory, profile: ResolvedProfile): CheckTarget {
  try {
    checkKeyToSend(profile);
  } catch (error) {
    return { unusable: (error as Error).message };
  }
  return { client: () => f.apiFor(profile), hasKey: profile.builtinSandbox || profile.apiKey !== undefined };
}

export async function checkKey(target: CheckTarget): Promise<KeyCheck> {
  if ('unusable' in target) return { result: 'unusable', ok: false, http_status: null, message: `cannot be used: ${target.unusable}`, proxy: null };
  const noKey = target.hasKey ? '' : ' (no key is set for this profile)';
  let proxy: string | undefined;
  const outcome = (result: CheckResult, httpStatus: number | null, message: string): KeyCheck => ({
    result,
    ok: result === 'works',
    http_status: httpStatus,
    // An error about the proxy names it already.
    message: proxy === undefined || message.includes(proxy) ? message : `${message} through the proxy ${proxy}`,
    proxy: proxy ?? null,
  });
  try {
    const client = await target.client();
    proxy = client.proxyFor();
    const response = await client.request(CHECK_REQUEST);
    return outcome('works', response.status, `key works (HTTP ${response.status})`);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const said = error.body?.message ?? error.message;
    if (error.kind === 'network' || error.kind === 'timeout') return outcome('unreachable', null, `unreachable: ${error.message}`);
    if (error.status === 401) return outcome('unauthorized', 401, `key refused (HTTP 401)${noKey}: ${said}`);
    if (error.status === 403) return outcome('forbidden', 403, `key not allowed (HTTP 403)${noKey}: ${said}`);
    const status = error.status === undefined ? '' : ` (HTTP ${error.status})`;
    return outcome('failed', error.status ?? null, `${CHECK_REQUEST_TEXT} failed${status}: ${said}`);
  }
}

/** A check as a table cell, `✓ key works` or `✗ key refused (HTTP 401): …`, green or red; the table makes the server's words safe. */
export const checkCell = {
  format: (check) => `${(check as KeyCheck).ok ? '✓' : '✗'} ${(check as KeyCheck).message}`,
  style: (text, check, theme) => ((check as KeyCheck).ok ? theme.success(text) : theme.error(text)),
} satisfies Pick<Column, 'format' | 'style'>;

/** Why the profile in use is the one in use, in words. */
export function whyInUse(source: ValueSource, configFile: string): string {
  switch (source) {
    case 'flag':
      return 'from --profile';
    case 'env':
      return 'from TREK_PROFILE';
    case 'config':
      return `current_profile in ${configFile}`;
    default:
      return 'the built-in default: no --profile, TREK_PROFILE or current_profile';
  }
}

/**
 * Some key did not work: exit 3 if a server refused one (401/403), else 7 if a server could not
 * be asked or answered badly, else 2 (a profile that cannot be used as configured).
 */
export class ProfileCheckError extends TrekError {
  override name = 'ProfileCheckError';
  readonly jsonCode = 'profile_check_failed';
  readonly refused: boolean;
  readonly unreachable: boolean;
  readonly exitCode: ExitCodeValue;
  constructor(readonly failed: Array<{ name: string } & KeyCheck>) {
    const names = failed.map((check) => `${check.name} (${check.result})`).join(', ');
    super(failed.length === 1 ? `the key check of profile ${names} did not pass` : `the key checks of ${failed.length} profiles did not pass: ${names}`);
    this.refused = failed.some((check) => check.result === 'unauthorized' || check.result === 'forbidden');
    this.unreachable = failed.some((check) => check.result === 'unreachable' || check.result === 'failed');
    this.exitCode = this.refused ? ExitCode.auth : this.unreachable ? ExitCode.server : ExitCode.usage;
  }
  protected override jsonDetails(): Record<string, unknown> {
    return { profiles: this.failed };
  }
}

/** Throws ProfileCheckError when any check failed. */
export function requireAllPassed(checks: Array<{ name: string } & KeyCheck>): void {
  const failed = checks.filter((check) => !check.ok);
  if (failed.length > 0) throw new ProfileCheckError(failed);
}
