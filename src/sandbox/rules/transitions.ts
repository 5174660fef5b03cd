/**
 * The service state machine of spec §3.1 and §3.2 as data: every row of the spec's table,
 * with who or what makes the move. `status_transitions` is derived from it — the moves a
 * client may ask for by PATCH now, no more and no less — and so is the refusal of any other
 * PATCH. The moves themselves (fees, dates, side effects) are in lifecycle.ts.
 */
import { SandboxError } from '../errors.js';
import type { ServiceRecord, ServiceStatus, ServiceType, State } from '../model.js';
import { formatCents } from '../money.js';
import { freeCents, requirementCents } from './money.js';

/**
 * What makes a move: `patch` — the client, by PATCH of `status` (only these moves are listed
 * in `status_transitions`); `payment` — a payment that leaves enough free money; `expiry` —
 * the clock passing `option_expiry_date`; `office` — the local office (the request is sent
 * when paid in full, and answered a day later); `availability` — the departure reaching
 * REQUEST_SPACE; `space` — a cancellation on the departure freeing seats; `staff` — operator
 * staff (`POST /_sandbox/services/<id>/staff-cancel`); `departure` — the covered departure
 * service lapsing (a flex plan service in Option expires with it).
 */
export type Trigger = 'patch' | 'payment' | 'expiry' | 'office' | 'availability' | 'space' | 'staff' | 'departure';

export interface TransitionRow {
  from: ServiceStatus;
  to: ServiceStatus;
  types: readonly ServiceType[];
  triggers: readonly Trigger[];
  /** `terms`: cancellation fees by the service's terms; `none`: no fees; `kept`: the price is kept (flex). */
  fees: 'none' | 'terms' | 'kept';
  /** The spec's condition, or the sandbox's reading where it is silent. */
  note: string;
}

const TOUR: readonly ServiceType[] = ['departure_services'];
const TOUR_AND_ACTIVITY: readonly ServiceType[] = ['departure_services', 'activity_services'];
const ACTIVITY: readonly ServiceType[] = ['activity_services'];
const FLEX: readonly ServiceType[] = ['flex_plan_services'];

export const TRANSITIONS: readonly TransitionRow[] = [
  { from: 'Option', to: 'Confirmed', types: TOUR_AND_ACTIVITY, triggers: ['patch', 'payment'], fees: 'none', note: 'the deposit (full price with FULL_PAYMENT_REQUIRED_TO_BOOK; an activity: its price) is covered by money not held by other services' },
  { from: 'Option', to: 'Confirmed', types: FLEX, triggers: ['patch', 'payment'], fees: 'none', note: 'the full flex price is covered by free money and the covered departure service is Confirmed (listed always, §3.2 rule 1)' },
  { from: 'Option', to: 'Expired', types: [...TOUR_AND_ACTIVITY, ...FLEX], triggers: ['patch', 'expiry'], fees: 'none', note: 'automatic when the clock passes option_expiry_date' },
  { from: 'Option', to: 'Expired', types: FLEX, triggers: ['departure'], fees: 'none', note: 'the covered departure service expired or was cancelled before the plan was paid' },
  { from: 'Option', to: 'Cancelled', types: ACTIVITY, triggers: ['patch'], fees: 'none', note: "sandbox reading of the spec's activity PATCH example: an unconfirmed activity can be cancelled, without fees" },
  { from: 'On Request', to: 'Request Confirmation', types: TOUR, triggers: ['office'], fees: 'none', note: 'sent to the local office once the full price is covered (REQUEST_SPACE needs full payment)' },
  { from: 'On Request', to: 'Expired', types: TOUR, triggers: ['patch', 'expiry'], fees: 'none', note: 'no cancellation fees' },
  { from: 'Request Confirmation', to: 'Confirmed', types: TOUR, triggers: ['office'], fees: 'none', note: 'sandbox: the local office confirms 24 hours after the request was sent' },
  { from: 'Request Confirmation', to: 'Request Cancellation', types: TOUR_AND_ACTIVITY, triggers: ['patch'], fees: 'none', note: 'fees apply when staff cancel' },
  { from: 'Request Confirmation', to: 'Cancelled', types: TOUR_AND_ACTIVITY, triggers: ['patch'], fees: 'terms', note: 'described as cancellable: cancellation fees apply' },
  { from: 'Confirmed', to: 'Request Cancellation', types: TOUR_AND_ACTIVITY, triggers: ['patch'], fees: 'none', note: 'not for flex plan services' },
  { from: 'Confirmed', to: 'Cancelled', types: TOUR_AND_ACTIVITY, triggers: ['patch'], fees: 'terms', note: 'described as cancellable: cancellation fees apply (a covering confirmed flex plan is exercised)' },
  { from: 'Confirmed', to: 'Cancelled', types: FLEX, triggers: ['staff'], fees: 'kept', note: 'manual staff action only; the flex price is 100 % non-refundable (§3.2 rule 4)' },
  { from: 'Waitlisted', to: 'Expired', types: TOUR, triggers: ['patch', 'availability'], fees: 'none', note: 'any time by PATCH; automatic when the departure reaches REQUEST_SPACE' },
  { from: 'Waitlisted', to: 'Option', types: TOUR, triggers: ['space'], fees: 'none', note: 'a cancellation on the departure frees seats; the oldest waitlisted services that fit move first' },
  { from: 'Waitlisted', to: 'Cancelled', types: TOUR, triggers: ['patch'], fees: 'none', note: 'described as cancellable: no cancellation fees' },
  { from: 'Request Cancellation', to: 'Cancelled', types: TOUR_AND_ACTIVITY, triggers: ['staff'], fees: 'terms', note: 'operator staff; fees applied; date_cancelled set' },
];

/** The order statuses are listed in, the spec's own. */
const STATUS_ORDER: readonly ServiceStatus[] = ['Option', 'On Request', 'Request Confirmation', 'Confirmed', 'Waitlisted', 'Expired', 'Request Cancellation', 'Cancelled'];

export function rowFor(service: Pick<ServiceRecord, 'type' | 'status'>, to: ServiceStatus, trigger: Trigger): TransitionRow | undefined {
  return TRANSITIONS.find((row) => row.from === service.status && row.to === to && row.types.includes(service.type) && row.triggers.includes(trigger));
}

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
  for (const row of TRANSITIONS) {
    if (row.from !== service.status || !row.types.includes(service.type) || !row.triggers.includes('patch')) continue;
    if (row.to === 'Confirmed' && service.type !== 'flex_plan_services' && !payable(state, service)) continue;
    targets.add(row.to);
  }
  return STATUS_ORDER.filter((status) => targets.has(status));
}

export const STATUSES: readonly ServiceStatus[] = STATUS_ORDER;

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
        return statusError('DEPARTURE_SERVICE_NOT_CONFIRMED', `The covered departure service ${departure?.id ?? ''} is not Confirmed.`, 'a flex plan service is confirmed only while the departure service it covers is Confirmed', target);
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
