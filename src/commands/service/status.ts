/**
 * Status changes of booked services (spec §3.1, §3.2): the canonical spelling of a status,
 * the check against `status_transitions` made before anything is sent, and the reason a move
 * is not possible now, in the agent's terms.
 */
import { SERVICE_STATUSES, SERVICE_TYPE_LABELS, isServiceType, type BookedService, type ServiceStatus } from '../../api/resources/services.js';
import { UsageError } from '../../errors.js';
import { sanitize } from '../../output/sanitize.js';

type ServiceState = Pick<BookedService, 'id' | 'type' | 'status' | 'status_transitions' | 'flags'>;

const FULL_PAYMENT_FLAG = 'FULL_PAYMENT_REQUIRED_TO_BOOK';

/** `confirmed`, `on request`, `REQUEST_CANCELLATION`, `request-cancellation` → the API's spelling. */
export function canonicalStatus(text: string): ServiceStatus {
  const key = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, ' ').trim();
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

/** Why the spec does not allow `target` from the service's status now. */
export function whyNot(service: ServiceState, target: ServiceStatus): string {
  const from = service.status;
  const flex = service.type === 'flex_plan_services';
  if (from === target) return `it is already ${target}`;
  if (from === 'Expired' || from === 'Cancelled') return `${from} is final; nothing follows it`;
  if (flex && (target === 'Cancelled' || target === 'Request Cancellation')) {
    return "a flex plan service cannot be cancelled through the API: cancelling a confirmed one is a manual action by the operator's staff, and the flex price is 100% non-refundable";
  }
  switch (target) {
    case 'Confirmed':
      return whyNotConfirmed(service, flex);
    case 'Cancelled':
      if (from === 'Option' || from === 'On Request' || from === 'Waitlisted') return `a service in ${from} is released, not cancelled: move it to Expired (no cancellation fees)`;
      if (from === 'Request Cancellation') return "its cancellation is requested; the operator's staff complete it (fees apply if applicable), in the sandbox with `trek sandbox staff-cancel`";
      return "it is cancelled by requesting cancellation (Request Cancellation); the operator's staff then cancel it, and cancellation fees may apply";
    case 'Request Cancellation':
      if (from === 'Option' || from === 'On Request' || from === 'Waitlisted') return `only Confirmed and Request Confirmation services are cancelled by request; a service in ${from} is released by moving it to Expired`;
      break;
    case 'Expired':
      if (from !== 'Option' && from !== 'On Request' && from !== 'Waitlisted') return 'only services in Option, On Request or Waitlisted expire';
      break;
    case 'Request Confirmation':
      return from === 'On Request'
        ? 'the operator moves an On Request service there when the request is sent to the local office'
        : 'only an On Request service moves to Request Confirmation, when the request is sent to the local office';
    case 'Option':
      return from === 'Waitlisted'
        ? 'a Waitlisted service moves to Option by itself when a cancellation frees space on the product'
        : 'a service is in Option only when it is created, or when a waitlist place frees up';
    case 'On Request':
      return 'a service is On Request only when it is created on a departure with availability REQUEST_SPACE';
    case 'Waitlisted':
      return 'a service is Waitlisted only when it is created on a product with availability WAIT_LIST';
  }
  return `the API lists no move from ${sanitize(from)} to ${target} for this service now`;
}

function whyNotConfirmed(service: ServiceState, flex: boolean): string {
  switch (service.status) {
    case 'Option':
      if (flex) return 'a flex plan service is confirmed by paying the full flex price; a tour deposit alone does not suffice (the payment confirms it)';
      if ((service.flags ?? []).includes(FULL_PAYMENT_FLAG)) {
        return `the service is flagged ${FULL_PAYMENT_FLAG}: it needs full payment, more than the deposit, before it can be confirmed (the payment confirms it)`;
      }
      return 'the deposit has not been paid; confirming an Option needs the deposit paid first (the payment confirms it)';
    case 'On Request':
      return 'an On Request service is first sent to the local office (Request Confirmation) and needs full payment';
    case 'Request Confirmation':
      return 'the request is with the local office, which answers it';
    case 'Waitlisted':
      return 'a Waitlisted service moves to Option when a cancellation frees space, and is confirmed from there once the deposit is paid';
    case 'Request Cancellation':
      return "its cancellation is requested; the operator's staff complete it";
    default:
      return `the API lists no move from ${sanitize(service.status)} to Confirmed for this service now`;
  }
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
