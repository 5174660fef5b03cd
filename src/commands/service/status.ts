/**
 * Status changes of booked services (spec §3.1, §3.2): the canonical spelling of a status,
 * the check against `status_transitions` made before anything is sent, and the reason a move
 * is not possible now, in the agent's terms.
 */
import { SERVICE_STATUSES, SERVICE_TYPE_LABELS, isServiceType, type BookedService, type ServiceStatus } from '../../api/resources/services.js';
import { explainRefusal } from '../../domain/transitions.js';
import { UsageError } from '../../errors.js';
import { sanitize } from '../../output/sanitize.js';

type ServiceState = Pick<BookedService, 'id' | 'type' | 'status' | 'status_transitions' | 'flags'>;

/** `confirmed`, `on request`, `REQUEST_CANCELLATION`, `request-cancellation` → the API's spelling. */
export function canonicalStatus(text: string): ServiceStatus {
  const key = (s: string) =>
    s
      .toLowerCase()
      .replace(/[\s_-]+/g, ' ')
      .trim();
  const found = SERVICE_STATUSES.find((status) => key(status) === key(text));
  if (!found) throw new UsageError(`unknown status "${text}"; use one of: ${SERVICE_STATUSES.join(', ')}`);
  return found;
}

export function serviceLabel(service: Pick<BookedService, 'id' | 'type'>): string {
  return `${isServiceType(service.type) ? SERVICE_TYPE_LABELS[service.type] : 'service'} ${sanitize(String(service.id))}`;
}

function transitions(service: ServiceState): string[] {
  return Array.isArray(service.status_transitions) ? service.status_transitions : [];
}

export function canMove(service: ServiceState, target: ServiceStatus): boolean {
  return transitions(service).includes(target);
}

/** "Possible now: Confirmed, Expired." */
export function possibleNow(service: ServiceState): string {
  const list = transitions(service).map((s) => sanitize(s));
  return list.length ? `Possible now: ${list.join(', ')}.` : `No status change is possible now.`;
}

/** Throws the usage error explaining why `target` is not among the service's transitions. */
export function checkTransition(service: ServiceState, target: ServiceStatus): void {
  if (canMove(service, target)) return;
  throw new UsageError(`cannot move ${serviceLabel(service)} from ${sanitize(service.status)} to ${target}: ${whyNot(service, target)}`, possibleNow(service));
}

/** Why the spec does not allow `target` from the service's status now: from the state machine's rows (src/domain/transitions.ts). */
export function whyNot(service: ServiceState, target: ServiceStatus): string {
  const status = SERVICE_STATUSES.find((known) => known === service.status);
  if (!status || !isServiceType(service.type)) return `the API lists no move from ${sanitize(service.status)} to ${target} for this service now`;
  return explainRefusal({ type: service.type, status, flags: service.flags ?? [] }, target);
}

/**
 * Where `trek service cancel` takes a service: Cancelled when its transitions allow it,
 * otherwise Request Cancellation (staff then cancel it); a hold that was never confirmed
 * (Option, On Request, Waitlisted) is released by moving it to Expired, which costs no
 * cancellation fees. Undefined when none of these is possible now.
 */
export function cancellationTarget(service: ServiceState): 'Cancelled' | 'Request Cancellation' | 'Expired' | undefined {
  if (canMove(service, 'Cancelled')) return 'Cancelled';
  if (canMove(service, 'Request Cancellation')) return 'Request Cancellation';
  if (canMove(service, 'Expired')) return 'Expired';
  return undefined;
}
