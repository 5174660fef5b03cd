/**
 * Fault injection (docs/sandbox.md, "Fault injection"): answers the sandbox never gives on its
 * own — 424, 429 with Retry-After, 500, 502, 503, 504, slow answers, dropped connections — so
 * integrators can test their error handling. Faults are operator controls kept in the store's
 * state (`state.faults`), so one added by `trek sandbox faults add` reaches the embedded sandbox
 * of the next command and a served sandbox on the same file. The sandbox's own `/_sandbox/`
 * controls are never faulted (or rate limited): faults can always be listed and cleared.
 *
 * Also here: the per-key rate limit of `trek sandbox serve --rate-limit N/s`, which lives in
 * the serving process only.
 */
import { STATUS_CODES, type IncomingHttpHeaders } from 'node:http';
import type { Fault, FaultRule } from '../domain/faults.js';
import { apiKeyFrom, OPERATOR_KEY_HEADER } from './auth.js';
import { SandboxError } from './errors.js';
import type { FaultRecord, State } from './model.js';
import { withoutTrailingSlashes } from './router.js';
import type { Store } from './store.js';
import type { Transaction } from './transaction.js';

/** A fault as the state keeps it. */
export const FAULTS_PATH = '/_sandbox/faults';
const CONTROLS_PREFIX = '/_sandbox';

export function faultView(fault: FaultRecord): Fault {
  return {
    id: fault.id,
    href: `${FAULTS_PATH}/${encodeURIComponent(fault.id)}`,
    status: fault.status,
    path: fault.path,
    method: fault.method,
    count: fault.count,
    remaining: fault.remaining,
    rate: fault.rate,
    retry_after: fault.retry_after,
    delay_ms: fault.delay_ms,
    drop: fault.drop,
    date_created: fault.date_created,
  };
}

export function faultsOf(state: State): FaultRecord[] {
  return state.faults?.list ?? [];
}

/** Adds a fault after the others (the first that fires wins). */
export function addFault(state: State, tx: Transaction, rule: FaultRule): FaultRecord {
  const faults = (state.faults ??= { last_id: 0, list: [] });
  faults.last_id += 1;
  const fault: FaultRecord = { id: String(faults.last_id), seq: tx.nextSeq(), date_created: tx.now, ...rule, remaining: rule.count };
  faults.list.push(fault);
  return fault;
}

/** Removes every fault, or the one with `id`; the faults removed. */
export function removeFaults(state: State, id?: string): FaultRecord[] {
  const faults = state.faults;
  if (!faults) return [];
  const removed = faults.list.filter((fault) => id === undefined || fault.id === id);
  if (removed.length > 0) faults.list = faults.list.filter((fault) => !removed.includes(fault));
  return removed;
}

/** Whether a `*` pattern matches the whole of `text` (no RegExp is built from a request). */
export function patternMatches(pattern: string, text: string): boolean {
  const pieces = pattern.split('*');
  if (pieces.length === 1) return pattern === text;
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  if (text.length < first.length + last.length || !text.startsWith(first) || !text.endsWith(last)) return false;
  // Taking each middle piece at its first place after the one before is never wrong.
  const end = text.length - last.length;
  let from = first.length;
  for (const piece of pieces.slice(1, -1)) {
    if (piece === '') continue;
    const at = text.indexOf(piece, from);
    if (at < 0 || at + piece.length > end) return false;
    from = at + piece.length;
  }
  return true;
}

const routedMethod = (method: string) => (method === 'HEAD' ? 'GET' : method === 'PUT' ? 'PATCH' : method);

function applies(fault: FaultRecord, method: string, path: string): boolean {
  if (fault.method !== null && routedMethod(fault.method) !== routedMethod(method)) return false;
  // Trailing slashes are not significant, as for the routes: `/bookings` and `/bookings/` are one path.
  return patternMatches(fault.path, path) || patternMatches(withoutTrailingSlashes(fault.path), withoutTrailingSlashes(path));
}

/** The sandbox's own controls, which no fault and no rate limit touches. */
export function isControlPath(path: string): boolean {
  return path === CONTROLS_PREFIX || path.startsWith(`${CONTROLS_PREFIX}/`);
}

/**
 * The fault that answers this request, if any: the first, in the order they were added, that
 * matches and fires (a `rate` is drawn per request). A `count` fault is used up inside a store
 * mutation, so each of its answers is given once across requests and processes.
 */
export async function faultFor(store: Store, state: State, method: string, path: string, random: () => number = Math.random): Promise<FaultRecord | undefined> {
  const faults = faultsOf(state);
  if (faults.length === 0 || isControlPath(path)) return undefined;
  const firing = faults.filter((fault) => applies(fault, method, path) && (fault.rate === null || random() < fault.rate));
  if (firing.length === 0) return undefined;
  if (firing[0].remaining === null) return firing[0];
  return store.mutate((state) => {
    for (const candidate of firing) {
      const fault = faultsOf(state).find((f) => f.id === candidate.id);
      if (!fault) continue; // cleared, or used up by another request meanwhile
      if (fault.remaining === null) return { ...fault };
      fault.remaining -= 1;
      const answered = { ...fault };
      if (fault.remaining <= 0) removeFaults(state, fault.id);
      return answered;
    }
    return undefined;
  });
}

/**
 * At most `perSecond` requests per key in each second of real time (not the virtual clock:
 * the limit is about the server's load). Past it, the seconds to wait for the next window.
 */
export class RateLimiter {
  private second = Number.NaN;
  private counts = new Map<string, number>();

  constructor(
    readonly perSecond: number,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** Counts a request; undefined when it is within the limit, else the Retry-After in seconds. */
  take(key: string): number | undefined {
    const now = this.nowMs();
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.second = second;
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count <= this.perSecond ? undefined : Math.max(1, Math.ceil(((second + 1) * 1000 - now) / 1000));
  }
}

/** Waits `ms`, or less when the client goes away (its answer would be dropped anyway). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

export interface Injection {
  rateLimiter?: RateLimiter;
  /** Aborted when the client goes away; asked for only when a delay is due. */
  signal: () => AbortSignal | undefined;
}

/** Whether `inject` has anything to do: cheap, for every request. */
export function mayInject(state: State, rateLimiter: RateLimiter | undefined): boolean {
  return rateLimiter !== undefined || faultsOf(state).length > 0;
}

/**
 * What the pipeline does to a request before routing it: the rate limit (429), then the first
 * fault that fires — its delay, then its status (thrown as the §7.2 error answer) or 'drop' (the
 * connection is closed unanswered). Undefined: answer the request as usual.
 */
export async function inject(store: Store, state: State, method: string, path: string, headers: IncomingHttpHeaders, options: Injection): Promise<'drop' | undefined> {
  if (isControlPath(path)) return undefined;
  if (options.rateLimiter) {
    const operatorKey = headers[OPERATOR_KEY_HEADER];
    const wait = options.rateLimiter.take(apiKeyFrom(headers) ?? (typeof operatorKey === 'string' ? operatorKey : ''));
    if (wait !== undefined) {
      throw new SandboxError(429, `Too many requests: this sandbox answers ${options.rateLimiter.perSecond} a second per key; retry after ${wait} s.`, [], { 'retry-after': String(wait) });
    }
  }
  const fault = await faultFor(store, state, method, path);
  if (!fault) return undefined;
  if (fault.delay_ms !== null) await pause(fault.delay_ms, options.signal());
  if (fault.drop) return 'drop';
  if (fault.status === null) return undefined;
  const headersOut: Record<string, string> = fault.retry_after === null ? {} : { 'retry-after': String(fault.retry_after) };
  throw new SandboxError(fault.status, `${STATUS_CODES[fault.status] ?? 'Error'} (injected by sandbox fault ${fault.id}; trek sandbox faults clear removes it).`, [], headersOut);
}
