/**
 * The sandbox's side of the service state machine (src/domain/transitions.ts): `status_transitions`
 * is derived from its rows — the moves a client may ask for by PATCH now, no more and no less —
 * and so is the refusal of any other PATCH. The moves themselves (fees, dates, side effects) are
 * in lifecycle.ts.
 */
import { patchRows, SERVICE_STATUSES } from '../../domain/transitions.js';
import { SandboxError } from '../errors.js';
import type { ServiceRecord, ServiceStatus, State } from '../model.js';
import { formatCents } from '../money.js';
import { freeCents, requirementCents } from './money.js';

/**
 * Whether the booking's free money covers confirming a departure or activity service now.
 * Flex plan services list Confirmed regardless (§3.2 rule 1) and are judged on PATCH.
 */
function payable(state: State, service: ServiceRecord): boolean {
  return freeCents(state, service.booking_id) >= requirementCents(service);
}

/** `status_transitions`: exactly the statuses a PATCH would be accepted for now. */
export function statusTransitions(state: State, service: ServiceRecord): ServiceStatus[] {
  const targets = new Set<ServiceStatus>();
  for (const row of patchRows(service)) {
    if (row.to === 'Confirmed' && service.type !== 'flex_plan_services' && !payable(state, service)) continue;
    targets.add(row.to);
  }
  return SERVICE_STATUSES.filter((status) => targets.has(status));
}

function statusError(code: string, message: string, detail: string, value: string): SandboxError {
  return new SandboxError(400, message, [{ field: 'status', code, detail, value }]);
}

/**
 * Why a PATCH to `target` is refused, or undefined when it is accepted. A move that is not
 * listed is INVALID_STATUS_TRANSITION, except for the cases a client most needs told apart:
 * an unpaid confirmation names the deposit (DEPOSIT_REQUIRED / FULL_PAYMENT_REQUIRED), a flex
 * plan confirmation names its price (FLEX_FULL_PAYMENT_REQUIRED), a flex cancellation is
 * FLEX_CANCELLATION_NOT_ALLOWED.
 */
export function patchRefusal(state: State, service: ServiceRecord, target: ServiceStatus, currency: string): SandboxError | undefined {
  const allowed = statusTransitions(state, service);
  const free = Math.max(0, freeCents(state, service.booking_id));
  const money = (cents: number) => `${formatCents(cents)} ${currency}`;
  const listed = allowed.length ? allowed.join(', ') : 'none';
  if (service.type === 'flex_plan_services') {
    if (target === 'Cancelled' || target === 'Request Cancellation') {
      return statusError(
        'FLEX_CANCELLATION_NOT_ALLOWED',
        `A flex plan service cannot be cancelled through the API: cancelling a confirmed one is a manual staff action and the flex price is 100 % non-refundable. Allowed now: ${listed}.`,
        `${target} is never accepted for a flex plan service; to use the plan, cancel the departure service it covers`,
        target,
      );
    }
    if (target === 'Confirmed' && allowed.includes('Confirmed')) {
      const departure = state.collections.services[service.flex!.covered_service_id];
      if (departure?.status !== 'Confirmed') {
        return statusError(
          'DEPARTURE_SERVICE_NOT_CONFIRMED',
          `The covered departure service ${departure?.id ?? ''} is not Confirmed.`,
          'a flex plan service is confirmed only while the departure service it covers is Confirmed',
          target,
        );
      }
      if (free < service.purchase_price_cents) {
        return statusError(
          'FLEX_FULL_PAYMENT_REQUIRED',
          `Flex plan service ${service.id} is confirmed by paying its full price of ${money(service.purchase_price_cents)}; the booking has ${money(free)} not held by other services (a tour deposit does not count).`,
          `pay ${money(service.purchase_price_cents - free)} more (POST /_sandbox/payments): the payment confirms it`,
          target,
        );
      }
      return undefined;
    }
  }
  if (allowed.includes(target)) return undefined;
  if (target === 'Confirmed' && service.status === 'Option') {
    const full = service.deposit_cents === service.purchase_price_cents;
    const what = service.type === 'activity_services' ? 'its full price' : full ? 'full payment (FULL_PAYMENT_REQUIRED_TO_BOOK)' : 'the deposit';
    return statusError(
      full ? 'FULL_PAYMENT_REQUIRED' : 'DEPOSIT_REQUIRED',
      `Service ${service.id} cannot be confirmed before ${what} of ${money(service.deposit_cents)} is paid; the booking has ${money(free)} not held by other services. Allowed now: ${listed}.`,
      `the deposit to confirm is ${money(service.deposit_cents)}; pay ${money(service.deposit_cents - free)} more (POST /_sandbox/payments) and the payment confirms it`,
      target,
    );
  }
  return statusError(
    'INVALID_STATUS_TRANSITION',
    `Service ${service.id} cannot move from ${service.status} to ${target}. Allowed now: ${listed}.`,
    `status must be one of status_transitions: ${listed}`,
    target,
  );
}
