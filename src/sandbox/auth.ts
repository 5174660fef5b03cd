/**
 * API keys and tenancy. The spec leaves the mechanism "not shown"; the sandbox takes the key
 * from `X-Application-Key` (or `Authorization: Bearer <key>`). Keys belong to agents; an agent
 * acts for its own agency and sees only that agency's bookings, customers and services.
 * Controls whose effects reach beyond one agency (reset, clock, availability, staff actions,
 * the key list) take the store's operator key instead, in `X-Sandbox-Operator-Key`.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SandboxError, forbidden } from './errors.js';
import type { State } from './model.js';
import type { Caller } from './router.js';

export const API_KEY_HEADER = 'x-application-key';
export const OPERATOR_KEY_HEADER = 'x-sandbox-operator-key';

export function apiKeyFrom(headers: IncomingHttpHeaders): string | undefined {
  const key = headers[API_KEY_HEADER];
  if (typeof key === 'string' && key.trim() !== '') return key.trim();
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return bearer?.[1];
}

export function authenticate(state: State, headers: IncomingHttpHeaders): Caller {
  const key = apiKeyFrom(headers);
  if (key === undefined) throw new SandboxError(401, 'Authentication required: send your key in the X-Application-Key header.');
  const agent = Object.values(state.collections.agents).find((a) => a.api_key === key);
  if (!agent) throw new SandboxError(401, 'The application key is not valid.');
  if (!agent.active) throw new SandboxError(401, 'The agent of this application key is not active.');
  const agency = state.collections.agencies[agent.agency_id];
  if (!agency) throw new SandboxError(401, 'The agency of this application key no longer exists.');
  return { agent, agency };
}

/** 403 unless the record belongs to the caller's agency. */
export function assertOwnAgency(caller: Caller, agencyId: string, what: string): void {
  if (caller.agency.id !== agencyId) throw forbidden(what);
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Lets an operator control through: the operator key is required, whatever agent key comes
 * with it. 401 for a wrong operator key or no valid key at all; 403 for an agent's key alone.
 */
export function authenticateOperator(state: State, headers: IncomingHttpHeaders): void {
  const given = headers[OPERATOR_KEY_HEADER];
  if (typeof given === 'string' && given.trim() !== '') {
    if (sameKey(given.trim(), state.operator_key)) return;
    throw new SandboxError(401, 'The operator key is not valid.');
  }
  authenticate(state, headers);
  throw new SandboxError(403, "This sandbox control acts beyond your agency: send the sandbox's operator key in the X-Sandbox-Operator-Key header.");
}
