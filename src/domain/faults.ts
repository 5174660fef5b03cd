/**
 * Fault injection, as trek and its sandbox both know it (docs/sandbox.md, "Fault injection"):
 * what a fault is on the wire (`/_sandbox/faults`) and the bounds of its members, so
 * `trek sandbox faults add` refuses what the sandbox would refuse before sending anything.
 * Nothing here imports from the CLI or the sandbox: both import it.
 */
import type { components } from './contract.js';

/** The error statuses of spec §7.1 a fault may answer with. */
export const FAULT_STATUSES = [400, 401, 403, 404, 405, 406, 410, 424, 429, 500, 502, 503, 504] as const;

/** Methods a fault may be limited to (HEAD is answered as GET and PUT as PATCH, as the sandbox routes them). */
export const FAULT_METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

export const FAULT_LIMITS = {
  /** Faults held at once. */
  faults: 100,
  /** Characters of a path pattern, and `*` in it. */
  pathLength: 200,
  pathWildcards: 10,
  count: 1_000_000,
  /** Seconds of a Retry-After. */
  retryAfter: 86_400,
  /** Past trek's 30 s timeout, short of holding a sandbox's shutdown for long. */
  delayMs: 120_000,
} as const;

/** A fault as `GET /_sandbox/faults` lists it (the contract describes each member). */
export type Fault = components['schemas']['Fault'];

/** What a fault does: the members of `POST /_sandbox/faults` (null: not set). */
export type FaultRule = Omit<Fault, 'id' | 'href' | 'remaining' | 'date_created'>;

/** What is wrong with a path pattern, or null. */
export function faultPathProblem(path: string): string | null {
  if (path !== '*' && !path.startsWith('/')) return "a path pattern starts with / (or is *), such as '/bookings*'";
  if (path.length > FAULT_LIMITS.pathLength) return `a path pattern has up to ${FAULT_LIMITS.pathLength} characters`;
  if (path.split('*').length - 1 > FAULT_LIMITS.pathWildcards) return `a path pattern has up to ${FAULT_LIMITS.pathWildcards} * wildcards`;
  return null;
}

/**
 * What is wrong with a combination of members, or null (each member's own bounds are checked
 * apart). `name` says a member as the caller's user knows it: the member itself, or a flag.
 */
export function faultRuleProblem(
  rule: Pick<FaultRule, 'status' | 'count' | 'rate' | 'retry_after' | 'delay_ms' | 'drop'>,
  name: (member: keyof FaultRule) => string = (member) => member,
): { field: keyof FaultRule; detail: string } | null {
  if (rule.count !== null && rule.rate !== null) return { field: 'rate', detail: `give ${name('count')} or ${name('rate')}, not both` };
  if (rule.drop && rule.status !== null) return { field: 'drop', detail: `a dropped connection answers no status: give ${name('drop')} or ${name('status')}, not both` };
  if (rule.retry_after !== null && rule.status === null) return { field: 'retry_after', detail: `${name('retry_after')} goes with a ${name('status')}` };
  if (rule.status === null && !rule.drop && rule.delay_ms === null) {
    return { field: 'status', detail: `a fault answers a status, drops the connection or delays the answer: give ${name('status')}, ${name('drop')} or ${name('delay_ms')}` };
  }
  return null;
}
