/**
 * Completions that ask the API. Only dynamic completers use the network, and only through
 * `fromApi`: a short deadline, no output, no candidates rather than an error, and only values
 * that read as one plain word.
 */
import type { ApiClient } from '../api/client.js';
import type { Candidate, CompletionContext } from './protocol.js';

/** Long enough for a nearby server, short enough that a TAB never feels stuck. */
export const NETWORK_TIMEOUT_MS = 1500;

/**
 * What a value from the server must look like to be offered: letters, digits, space, `.`, `_`
 * and `-`, starting with a letter or digit. Nothing in it means anything to a shell (the
 * scripts quote every value besides), and it cannot pass for one of trek's flags.
 */
export const SAFE_SERVER_VALUE = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,127}$/;

/**
 * Runs `lookup` with the API client of the profile in use (--profile on the line, else as the
 * command would resolve it) and returns its candidates that match SAFE_SERVER_VALUE (the rest
 * are dropped without a word), or [] when it fails or takes longer than `timeoutMs`. The
 * client's own timeout is set to the same deadline so the abandoned request ends soon after.
 *
 * A `--base-url` typed on the line is never asked: text being typed is not a place to send a
 * profile's key to, and the profile's own server would answer for a different API. Such a
 * line completes nothing from the API.
 */
export async function fromApi(ctx: CompletionContext, lookup: (api: ApiClient) => Promise<Candidate[]>, timeoutMs = NETWORK_TIMEOUT_MS): Promise<Candidate[]> {
  if (ctx.flags['base-url']) return [];
  ctx.f.globals.timeoutMs = timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Candidate[]>((resolve) => {
    timer = setTimeout(() => resolve([]), timeoutMs);
  });
  try {
    const candidates = await Promise.race([ctx.f.api().then(lookup), deadline]);
    return candidates.filter((candidate) => SAFE_SERVER_VALUE.test(candidate.value));
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** `trek service transition <id> <status>`: the statuses that service can move to now (its `status_transitions`). */
export async function serviceTransitions(ctx: CompletionContext): Promise<Candidate[]> {
  const id = ctx.args[0];
  if (!id) return [];
  return fromApi(ctx, async (api) => {
    const { findService } = await import('../api/resources/services.js');
    const service: unknown = await findService(api, id);
    if (!isObject(service)) return [];
    const from = typeof service.status === 'string' ? `from ${service.status}` : undefined;
    return strings(service.status_transitions).map((status) => ({ value: status, description: from }));
  });
}

/** `--reason` of overrides: the reason codes with their labels. */
export async function overrideReasons(ctx: CompletionContext): Promise<Candidate[]> {
  return fromApi(ctx, async (api) => {
    const page: unknown = (await api.get('/override_reasons/', { max_per_page: 100 })).data;
    const results = isObject(page) && Array.isArray(page.results) ? page.results : [];
    return results.flatMap((reason) =>
      isObject(reason) && typeof reason.code === 'string' ? [{ value: reason.code, description: typeof reason.label === 'string' ? reason.label : undefined }] : [],
    );
  });
}
