/**
 * The service state machine of spec §3.1 and §3.2, stated once as data: every row of the spec's
 * table with what makes the move and, for a move a client cannot ask for, why. The sandbox
 * applies it (sandbox/rules/transitions.ts derives `status_transitions` and PATCH refusals from
 * it, sandbox/rules/lifecycle.ts makes the moves); `trek service status|transition|cancel`
 * explain a refusal from the same rows (explainRefusal); docs/sandbox.md's table is checked
 * against it by a test. A new transition is one row here, its effect in the lifecycle, and a test.
 */
import { ENUMS } from './contract-fields.js';

/** The statuses of spec §3.1, spelled and ordered as the API does (the contract's ServiceStatus). */
export const SERVICE_STATUSES = ENUMS.ServiceStatus;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export type ServiceType = (typeof ENUMS.ServiceType)[number];

/**
 * What makes a move: `patch` — the client, by PATCH of `status` (only these moves are listed
 * in `status_transitions`); `payment` — a payment that leaves enough free money; `expiry` —
 * the clock passing `option_expiry_date`; `office` — the local office (the request is sent
 * when paid in full, and answered a day later); `availability` — the departure reaching
 * REQUEST_SPACE; `space` — a cancellation on the departure freeing seats; `staff` — operator
 * staff (in the sandbox `POST /_sandbox/services/<id>/staff-cancel`); `departure` — the covered
 * departure service lapsing (a flex plan service in Option expires with it).
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
  /** Why a client cannot make this move itself now, in an agent's words: what makes it happen instead, or what it waits for. */
  refusal: string;
}

const TOUR: readonly ServiceType[] = ['departure_services'];
const TOUR_AND_ACTIVITY: readonly ServiceType[] = ['departure_services', 'activity_services'];
const ACTIVITY: readonly ServiceType[] = ['activity_services'];
const FLEX: readonly ServiceType[] = ['flex_plan_services'];

const PAY_TO_CONFIRM = 'the deposit has not been paid; confirming an Option needs the deposit paid first (the payment confirms it)';
const STAFF_COMPLETE = "its cancellation is requested; the operator's staff complete it (fees apply if applicable), in the sandbox with `trek sandbox staff-cancel`";

export const TRANSITIONS: readonly TransitionRow[] = [
  {
    from: 'Option',
    to: 'Confirmed',
    types: TOUR_AND_ACTIVITY,
    triggers: ['patch', 'payment'],
    fees: 'none',
    note: 'the deposit (full price with FULL_PAYMENT_REQUIRED_TO_BOOK; an activity: its price) is covered by money not held by other services',
    refusal: PAY_TO_CONFIRM,
  },
  {
    from: 'Option',
    to: 'Confirmed',
    types: FLEX,
    triggers: ['patch', 'payment'],
    fees: 'none',
    note: 'the full flex price is covered by free money and the covered departure service is Confirmed (listed always, §3.2 rule 1)',
    refusal: 'a flex plan service is confirmed by paying the full flex price; a tour deposit alone does not suffice (the payment confirms it)',
  },
  {
    from: 'Option',
    to: 'Expired',
    types: [...TOUR_AND_ACTIVITY, ...FLEX],
    triggers: ['patch', 'expiry'],
    fees: 'none',
    note: 'automatic when the clock passes option_expiry_date',
    refusal: 'the API does not list Expired for it now',
  },
  {
    from: 'Option',
    to: 'Expired',
    types: FLEX,
    triggers: ['departure'],
    fees: 'none',
    note: 'the covered departure service expired or was cancelled before the plan was paid',
    refusal: 'it expires with the departure service it covers',
  },
  {
    from: 'Option',
    to: 'Cancelled',
    types: ACTIVITY,
    triggers: ['patch'],
    fees: 'none',
    note: "sandbox reading of the spec's activity PATCH example: an unconfirmed activity can be cancelled, without fees",
    refusal: 'the API does not list Cancelled for it now',
  },
  {
    from: 'On Request',
    to: 'Request Confirmation',
    types: TOUR,
    triggers: ['office'],
    fees: 'none',
    note: 'sent to the local office once the full price is covered (REQUEST_SPACE needs full payment)',
    refusal: 'the operator moves an On Request service there when the request is sent to the local office, once the full price is paid',
  },
  { from: 'On Request', to: 'Expired', types: TOUR, triggers: ['patch', 'expiry'], fees: 'none', note: 'no cancellation fees', refusal: 'the API does not list Expired for it now' },
  {
    from: 'Request Confirmation',
    to: 'Confirmed',
    types: TOUR,
    triggers: ['office'],
    fees: 'none',
    note: 'sandbox: the local office confirms 24 hours after the request was sent',
    refusal: 'the request is with the local office, which answers it',
  },
  {
    from: 'Request Confirmation',
    to: 'Request Cancellation',
    types: TOUR_AND_ACTIVITY,
    triggers: ['patch'],
    fees: 'none',
    note: 'fees apply when staff cancel',
    refusal: 'the API does not list Request Cancellation for it now',
  },
  {
    from: 'Request Confirmation',
    to: 'Cancelled',
    types: TOUR_AND_ACTIVITY,
    triggers: ['patch'],
    fees: 'terms',
    note: 'described as cancellable: cancellation fees apply',
    refusal: "it is cancelled by requesting cancellation (Request Cancellation); the operator's staff then cancel it, and cancellation fees may apply",
  },
  {
    from: 'Confirmed',
    to: 'Request Cancellation',
    types: TOUR_AND_ACTIVITY,
    triggers: ['patch'],
    fees: 'none',
    note: 'not for flex plan services',
    refusal: 'the API does not list Request Cancellation for it now',
  },
  {
    from: 'Confirmed',
    to: 'Cancelled',
    types: TOUR_AND_ACTIVITY,
    triggers: ['patch'],
    fees: 'terms',
    note: 'described as cancellable: cancellation fees apply (a covering confirmed flex plan is exercised)',
    refusal: "it is cancelled by requesting cancellation (Request Cancellation); the operator's staff then cancel it, and cancellation fees may apply",
  },
  {
    from: 'Confirmed',
    to: 'Cancelled',
    types: FLEX,
    triggers: ['staff'],
    fees: 'kept',
    note: 'manual staff action only; the flex price is 100 % non-refundable (§3.2 rule 4)',
    refusal: "a flex plan service cannot be cancelled through the API: cancelling a confirmed one is a manual action by the operator's staff, and the flex price is 100% non-refundable",
  },
  {
    from: 'Waitlisted',
    to: 'Expired',
    types: TOUR,
    triggers: ['patch', 'availability'],
    fees: 'none',
    note: 'any time by PATCH; automatic when the departure reaches REQUEST_SPACE',
    refusal: 'the API does not list Expired for it now',
  },
  {
    from: 'Waitlisted',
    to: 'Option',
    types: TOUR,
    triggers: ['space'],
    fees: 'none',
    note: 'a cancellation on the departure frees seats; the oldest waitlisted services that fit move first',
    refusal: 'a Waitlisted service moves to Option by itself when a cancellation frees space on the product',
  },
  {
    from: 'Waitlisted',
    to: 'Cancelled',
    types: TOUR,
    triggers: ['patch'],
    fees: 'none',
    note: 'described as cancellable: no cancellation fees',
    refusal: 'the API does not list Cancelled for it now',
  },
  { from: 'Request Cancellation', to: 'Cancelled', types: TOUR_AND_ACTIVITY, triggers: ['staff'], fees: 'terms', note: 'operator staff; fees applied; date_cancelled set', refusal: STAFF_COMPLETE },
];

/** The statuses a service starts in, and when: the machine's entry points (no row leads there otherwise). */
export const INITIAL_STATUSES: Readonly<Partial<Record<ServiceStatus, string>>> = {
  Option: 'a service is in Option only when it is created, or when a waitlist place frees up',
  'On Request': 'a service is On Request only when it is created on a departure with availability REQUEST_SPACE',
  Waitlisted: 'a service is Waitlisted only when it is created on a product with availability WAIT_LIST',
};

export function rowFor(service: { type: ServiceType; status: ServiceStatus }, to: ServiceStatus, trigger: Trigger): TransitionRow | undefined {
  return TRANSITIONS.find((row) => row.from === service.status && row.to === to && row.types.includes(service.type) && row.triggers.includes(trigger));
}

/** The rows a client may ask for by PATCH from the service's status: what `status_transitions` is drawn from. */
export function patchRows(service: { type: ServiceType; status: ServiceStatus }): TransitionRow[] {
  return TRANSITIONS.filter((row) => row.from === service.status && row.types.includes(service.type) && row.triggers.includes('patch'));
}

function listed(statuses: readonly string[]): string {
  return statuses.length <= 1 ? (statuses[0] ?? '') : `${statuses.slice(0, -1).join(', ')} or ${statuses.at(-1)}`;
}

/**
 * Why a service in `service.status` cannot move to `target` now, from the rows: the row's own
 * refusal when the move exists for its type (a condition unmet, or made by someone else), else
 * the fee-free release where one is open, else the status it passes through first, else which
 * statuses lead there, else how a service comes to be in `target`.
 */
export function explainRefusal(service: { type: ServiceType; status: ServiceStatus; flags?: readonly string[] }, target: ServiceStatus): string {
  const { status: from, type } = service;
  if (from === target) return `it is already ${target}`;
  const fromHere = TRANSITIONS.filter((row) => row.from === from && row.types.includes(type));
  if (fromHere.length === 0) return `${from} is final; nothing follows it`;
  const row = fromHere.find((r) => r.to === target);
  if (row) {
    if (row.refusal === PAY_TO_CONFIRM && service.flags?.includes('FULL_PAYMENT_REQUIRED_TO_BOOK')) {
      return 'the service is flagged FULL_PAYMENT_REQUIRED_TO_BOOK: it needs full payment, more than the deposit, before it can be confirmed (the payment confirms it)';
    }
    return row.refusal;
  }
  const cancelling = target === 'Cancelled' || target === 'Request Cancellation';
  const release = fromHere.find((r) => r.to === 'Expired' && r.triggers.includes('patch') && r.fees === 'none');
  if (cancelling && release) return `a service in ${from} is released, not cancelled: move it to Expired (no cancellation fees)`;
  const flexCancel = TRANSITIONS.find((r) => r.to === 'Cancelled' && r.types.includes(type) && r.fees === 'kept');
  if (cancelling && flexCancel) return flexCancel.refusal;
  for (const first of fromHere) {
    if (TRANSITIONS.some((r) => r.from === first.to && r.to === target && r.types.includes(type))) return `it goes to ${first.to} first: ${first.refusal}`;
  }
  const initial = INITIAL_STATUSES[target];
  const leading = [...new Set(TRANSITIONS.filter((r) => r.to === target && r.types.includes(type) && r.triggers.includes('patch')).map((r) => r.from))];
  if (leading.length) return `only services in ${listed(leading)} move to ${target}`;
  if (initial) return initial;
  return `the API lists no move from ${from} to ${target} for this service`;
}
