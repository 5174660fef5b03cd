/**
 * The moves of a booked service and what each does (spec §3.1–3.3): confirming (dates, locked
 * price, held money, flex addons), payment-driven confirmation, expiry at midnight EST, the
 * local office's answer, cancellation with fees and refunds, flex exercise, waitlist
 * promotion, and the departure availability event. Every function runs inside one
 * `store.mutate` transaction; which moves are allowed is decided by transitions.ts.
 */
import { addDays, estMidnightEnding, isoDate } from '../clock.js';
import { bookingServices, type AvailabilityStatus, type BookingRecord, type PaymentRecord, type ServiceRecord, type ServiceStatus, type State } from '../model.js';
import { Catalogue } from '../catalogue/index.js';
import { ACTIVITY_WINDOW, GENERIC_WINDOWS, windowAmounts, windowOn, type TermsWindow, type WindowAmounts } from '../catalogue/terms.js';
import { cancellationOf, type FeeRule, type WindowShares } from '../../domain/cancellation.js';
import type { Departure } from '../catalogue/types.js';
import { Transaction, type DueHook, type StoreEvent } from '../transaction.js';
import { activeFlexFor, cancelAddons, confirmedFlexFor, createAddons, exercise, flexOptionExpiry, tierOf } from './flex.js';
import {
  allocate,
  amountOwingCents,
  bookingMoney,
  type Allocation,
  balanceDueDate,
  earlyBookingEnds,
  freeCents,
  LIVE_PRICE_STATUSES,
  owingCents,
  paidCents,
  priceOf,
  repriceIfLive,
  SETTLEMENT_HOURS,
  travelDates,
} from './money.js';
import { availabilityOf, PLACE_STATUSES, placesForWaitlist, roomCounts, roomsFitWaitlist, setAvailability, takePlaces } from './places.js';
import { rowFor, type Trigger } from '../../domain/transitions.js';

/** How long a new Option (or On Request) service is held: to midnight EST ending the third day after today (EST). */
export const OPTION_HOLD_DAYS = 3;
/** How long the local office takes to confirm a request (the sandbox's choice; the spec does not say). */
export const OFFICE_ANSWER_HOURS = 24;
const HOUR_MS = 3_600_000;

/** The EST calendar day of an instant (EST read as UTC−05:00 all year, see clock.ts). */
function estDate(ms: number): string {
  return isoDate(ms - 5 * HOUR_MS);
}

/** A new hold's `option_expiry_date`; never after midnight EST before the departure's first day. */
export function optionExpiry(nowMs: number, departure?: Departure): string {
  const hold = estMidnightEnding(addDays(estDate(nowMs), OPTION_HOLD_DAYS));
  if (!departure) return hold;
  const lastChance = estMidnightEnding(addDays(departure.start_date, -1));
  return lastChance < hold ? lastChance : hold;
}

type NewService = Pick<ServiceRecord, 'type' | 'product_id' | 'name' | 'status' | 'customer_ids' | 'start_date' | 'finish_date' | 'flags' | 'option_expiry_date' | 'flex'> &
  Pick<Partial<ServiceRecord>, 'room_codes'>;

/** Inserts a service with the fields every type shares, priced from its product now. */
export function insertService(tx: Transaction, catalogue: Catalogue, booking: BookingRecord, fields: NewService): ServiceRecord {
  const pricing = priceOf(catalogue, fields, booking.currency, tx.nowMs)!;
  return tx.insert('services', {
    ...fields,
    booking_id: booking.id,
    purchase_price_cents: pricing.priceCents,
    commission_cents: pricing.commissionCents,
    deposit_cents: pricing.depositCents,
    promotion: pricing.promotion,
    date_confirmed: null,
    date_cancelled: null,
    date_requested: null,
    held_cents: 0,
    cancellation_charge_cents: 0,
  });
}

/** A new departure service in the status its departure's availability gives (Option, On Request or Waitlisted). */
export function insertDepartureService(
  state: State,
  tx: Transaction,
  catalogue: Catalogue,
  booking: BookingRecord,
  departure: Departure,
  status: ServiceStatus,
  customerIds: string[],
  roomCodes: Record<string, string> = {},
): ServiceRecord {
  if (PLACE_STATUSES.has(status)) takePlaces(state, tx, departure, customerIds.length, roomCounts(roomCodes));
  return insertService(tx, catalogue, booking, {
    ...(Object.keys(roomCodes).length ? { room_codes: roomCodes } : {}),
    type: 'departure_services',
    product_id: departure.id,
    name: departure.name,
    status,
    customer_ids: customerIds,
    start_date: departure.start_date,
    finish_date: departure.finish_date,
    flags: [...departure.flags],
    option_expiry_date: status === 'Waitlisted' ? null : optionExpiry(tx.nowMs, departure),
    flex: null,
  });
}

/** A new flex plan service in Option over a departure service that passed the attach rules (flex.ts). */
export function insertFlexService(tx: Transaction, catalogue: Catalogue, booking: BookingRecord, departureService: ServiceRecord, planId: string): ServiceRecord {
  const departure = catalogue.departure(departureService.product_id)!;
  return insertService(tx, catalogue, booking, {
    type: 'flex_plan_services',
    product_id: planId,
    name: tierOf(planId).name,
    status: 'Option',
    customer_ids: [...departureService.customer_ids],
    // Cover runs from purchase to departure; an exercise ends it early (§3.2 rule 5).
    start_date: isoDate(tx.nowMs),
    finish_date: departure.start_date,
    flags: [],
    option_expiry_date: flexOptionExpiry(departureService, departure),
    flex: { covered_service_id: departureService.id, addon_ids: [], exercise: null },
  });
}

function isOpen(state: State, service: ServiceRecord): boolean {
  return state.collections.bookings[service.booking_id]?.date_closed === null;
}

/**
 * Every change of status goes through here. A departure service entering or leaving the live
 * statuses takes or gives back its travellers' places; places given back go to the waitlist.
 */
function move(state: State, tx: Transaction, service: ServiceRecord, to: ServiceStatus, trigger: Trigger): void {
  const from = service.status;
  service.status = to;
  tx.emit({ type: 'services.status_changed', id: service.id, data: { from, to, trigger } });
  const places = service.type === 'departure_services' ? Number(PLACE_STATUSES.has(to)) - Number(PLACE_STATUSES.has(from)) : 0;
  if (places === 0) return;
  const catalogue = Catalogue.for(state);
  const departure = catalogue.departure(service.product_id);
  if (!departure) return;
  takePlaces(state, tx, departure, places * service.customer_ids.length, roomCounts(service.room_codes));
  if (places < 0) promoteWaitlist(state, tx, catalogue, departure);
}

/** Option (or Request Confirmation) → Confirmed: `date_confirmed`, the price locked, the money it needs held. */
export function confirm(state: State, tx: Transaction, service: ServiceRecord, trigger: Trigger, atIso = tx.now): void {
  if (service.status === 'Option') service.held_cents = service.type === 'flex_plan_services' ? service.purchase_price_cents : service.deposit_cents;
  service.date_confirmed ??= atIso;
  service.option_expiry_date = null;
  move(state, tx, service, 'Confirmed', trigger);
  if (service.type === 'flex_plan_services') createAddons(tx, service);
}

/** On Request → Request Confirmation: paid in full, the request goes to the local office. */
function sendRequest(state: State, tx: Transaction, service: ServiceRecord): void {
  service.held_cents = service.purchase_price_cents;
  service.date_requested = tx.now;
  service.option_expiry_date = null;
  move(state, tx, service, 'Request Confirmation', 'office');
}

/** → Expired (no fees); a flex plan service still in Option on a lapsed departure service expires with it. */
export function expire(state: State, tx: Transaction, service: ServiceRecord, trigger: Trigger): void {
  move(state, tx, service, 'Expired', trigger);
  if (service.type === 'departure_services') releaseFlexOption(state, tx, service);
}

function releaseFlexOption(state: State, tx: Transaction, departureService: ServiceRecord): void {
  const flex = activeFlexFor(state, departureService.id);
  if (flex?.status === 'Option') move(state, tx, flex, 'Expired', 'departure');
}

/**
 * Payment-driven confirmation, after a payment: the booking's free money (paid, minus what
 * confirmed and requested services hold) goes to the services waiting for it as `allocate`
 * shares it out — departure services first (deposit, or full price where required; On Request:
 * full price, which sends the request), then activities, then flex plan services (full price,
 * and only over a Confirmed departure service) — each in creation order, passing over one the
 * money does not cover. Returns the allocation, which the payment's answer reports.
 */
export function settle(state: State, tx: Transaction, bookingId: string): Allocation {
  const allocation = allocate(state, bookingId, freeCents(state, bookingId));
  for (const { service } of allocation.covered) {
    if (service.status === 'On Request') sendRequest(state, tx, service);
    else confirm(state, tx, service, 'payment');
  }
  return allocation;
}

/**
 * → Cancelled, by the client (PATCH) or by staff. Charged by the row of the transition table:
 * departure services by the window of their terms containing today (the confirmed flex plan's
 * when one covers it — the exercise — else the generic ones), activities 10 %, a flex plan
 * service its whole price. What that does to the booking's money — fee, money back, travel
 * credit — is domain/cancellation.ts's, the rule `trek service cancel` previews with; here it
 * is recorded. Then a flex plan in Option on it expires and its places go back (to the
 * waitlist first, see move).
 */
export function cancel(state: State, tx: Transaction, service: ServiceRecord, trigger: 'patch' | 'staff'): void {
  const row = rowFor(service, 'Cancelled', trigger);
  if (!row) throw new Error(`no ${trigger} row from ${service.status} to Cancelled for ${service.type}`);
  const flex = service.type === 'departure_services' && row.fees === 'terms' ? confirmedFlexFor(state, service.id) : undefined;
  const window = row.fees === 'terms' ? cancellationWindow(state, service, flex, tx.nowMs) : undefined;
  const rule: FeeRule = window
    ? { kind: 'terms', shares: sharesOf(windowAmounts(service.purchase_price_cents, window)), ...(flex ? { flex: { id: flex.id } } : {}) }
    : { kind: row.fees === 'kept' ? 'kept' : 'none' };
  const outcome = cancellationOf(bookingMoney(state, service.booking_id), service.id, rule);
  service.cancellation_charge_cents = Number(outcome.charge);
  if (flex && window) exercise(state, tx, service, flex, window, outcome);
  service.held_cents = 0;
  service.date_cancelled = tx.now;
  service.option_expiry_date = null;
  move(state, tx, service, 'Cancelled', trigger);

  if (service.type === 'flex_plan_services') cancelAddons(state, tx, service);
  if (service.type === 'departure_services') releaseFlexOption(state, tx, service);
  if (outcome.overpaid > 0n) tx.insert('refunds', { booking_id: service.booking_id, amount_cents: Number(outcome.overpaid), status: 'APPLIED', service_id: service.id, reason: 'CANCELLATION' });
}

/** The window of the service's terms containing today: the exercised flex plan's, an activity's one window, else the departure's generic ones. */
function cancellationWindow(state: State, service: ServiceRecord, flex: ServiceRecord | undefined, nowMs: number): TermsWindow {
  if (service.type === 'activity_services') return ACTIVITY_WINDOW;
  const start = Catalogue.for(state).departure(service.product_id)!.start_date;
  return windowOn(flex ? tierOf(flex.product_id).windows : GENERIC_WINDOWS, start, isoDate(nowMs));
}

const sharesOf = (amounts: WindowAmounts): WindowShares => ({ penalty: BigInt(amounts.penaltyCents), refund: BigInt(amounts.refundCents), credit: BigInt(amounts.travelCreditCents) });

/**
 * Applies a PATCH of `status` that transitions.ts accepted. Request Cancellation keeps the
 * service's money held until staff cancel it and its fee is known.
 */
export function applyPatch(state: State, tx: Transaction, service: ServiceRecord, to: ServiceStatus): void {
  if (to === 'Confirmed') confirm(state, tx, service, 'patch');
  else if (to === 'Expired') expire(state, tx, service, 'patch');
  else if (to === 'Cancelled') cancel(state, tx, service, 'patch');
  else move(state, tx, service, to, 'patch');
}

/**
 * Places came free on the departure (a cancellation, an expiry, the operator): Waitlisted →
 * Option for the oldest waitlisted services whose travellers fit the places left, each taking
 * its places (spec §3.1 "a cancellation occurs on the product").
 */
function promoteWaitlist(state: State, tx: Transaction, catalogue: Catalogue, departure: Departure): void {
  const waiting = Object.values(state.collections.services)
    .filter((s) => s.type === 'departure_services' && s.product_id === departure.id && s.status === 'Waitlisted' && isOpen(state, s))
    .sort((a, b) => a.seq - b.seq);
  for (const service of waiting) {
    if (service.customer_ids.length > placesForWaitlist(state, departure) || !roomsFitWaitlist(state, departure, roomCounts(service.room_codes))) continue;
    move(state, tx, service, 'Option', 'space');
    service.option_expiry_date = optionExpiry(tx.nowMs, departure);
    repriceIfLive(state, catalogue, service, tx.nowMs);
  }
}

/**
 * The operator changes a departure's availability or places (a sandbox event standing in for
 * what a webhook would announce; see places.ts). Reaching REQUEST_SPACE expires the waitlist on
 * it; places given to it go to the waitlist first.
 */
export function changeAvailability(state: State, tx: Transaction, departure: Departure, status: AvailabilityStatus | undefined, spaces: number | undefined): void {
  setAvailability(state, tx, departure, status, spaces);
  if (availabilityOf(state, departure) === 'REQUEST_SPACE') {
    for (const service of Object.values(state.collections.services)) {
      if (service.type === 'departure_services' && service.product_id === departure.id && service.status === 'Waitlisted' && isOpen(state, service)) expire(state, tx, service, 'availability');
    }
  }
  promoteWaitlist(state, tx, Catalogue.for(state), departure);
}

// ---------------------------------------------------------------------------------------
// Time

/** What falls due as the clock passes: a service's move, a booking's final payment, a payment's settlement. */
type Due =
  | { at: number; kind: 'settlement'; seq: number; payment: PaymentRecord }
  | { at: number; kind: 'office' | 'reprice' | 'expiry'; seq: number; service: ServiceRecord }
  | { at: number; kind: 'final_payment'; seq: number; booking: BookingRecord };

/**
 * What goes first when several fall due at one instant: money that arrives at a deadline counts
 * (settlement); what lapses at the balance due date is not charged for (expiry before the final
 * payment).
 */
const DUE_ORDER: Record<Due['kind'], number> = { settlement: 0, office: 1, reprice: 2, expiry: 3, final_payment: 4 };

/** What falls due for one service: its expiry, the office's answer, a lapsing discount. */
function serviceDue(service: ServiceRecord, catalogue: Catalogue): Due[] {
  const due: Due[] = [];
  const at = (kind: 'office' | 'reprice' | 'expiry', ms: number) => due.push({ at: ms, kind, seq: service.seq, service });
  if ((service.status === 'Option' || service.status === 'On Request') && service.option_expiry_date) at('expiry', Date.parse(service.option_expiry_date));
  if (service.status === 'Request Confirmation' && service.date_requested) at('office', Date.parse(service.date_requested) + OFFICE_ANSWER_HOURS * HOUR_MS);
  if (LIVE_PRICE_STATUSES.has(service.status) && service.promotion) {
    const departure = catalogue.departure(service.product_id);
    if (departure) at('reprice', Date.parse(`${earlyBookingEnds(departure.start_date)}T00:00:00Z`));
  }
  return due;
}

/**
 * When an open booking's final payment falls due, if it is still to be taken: at midnight EST
 * ending the balance due date — or ending the day money came to be owed, when that was later.
 */
function finalPaymentDue(booking: BookingRecord, services: readonly ServiceRecord[], paid: number, taken: boolean): Due | undefined {
  if (booking.date_closed !== null || booking.no_auto_final_payment || taken) return undefined;
  const dueDate = balanceDueDate(booking, travelDates(services).first);
  if (!dueDate || amountOwingCents(services, paid) === 0) return undefined;
  const day = services.reduce((latest, s) => (owingCents(s) > 0 && s.date_created.slice(0, 10) > latest ? s.date_created.slice(0, 10) : latest), dueDate);
  return { at: Date.parse(estMidnightEnding(day)), kind: 'final_payment', seq: booking.seq, booking };
}

function settlementDue(payment: PaymentRecord): Due {
  return { at: Date.parse(payment.date_created) + SETTLEMENT_HOURS * HOUR_MS, kind: 'settlement', seq: payment.seq, payment };
}

/** Everything that falls due in open bookings, in one pass over each collection: linear in the state. */
function dueEvents(state: State, catalogue: Catalogue): Due[] {
  const due: Due[] = [];
  const open = (bookingId: string) => state.collections.bookings[bookingId]?.date_closed === null;
  const servicesOf = new Map<string, ServiceRecord[]>();
  for (const service of Object.values(state.collections.services)) {
    if (!open(service.booking_id)) continue;
    const ofBooking = servicesOf.get(service.booking_id);
    if (ofBooking) ofBooking.push(service);
    else servicesOf.set(service.booking_id, [service]);
    due.push(...serviceDue(service, catalogue));
  }
  const paid = new Map<string, number>();
  const finalPaymentTaken = new Set<string>();
  for (const payment of Object.values(state.collections.payments)) {
    if (payment.reason === 'FINAL_PAYMENT') finalPaymentTaken.add(payment.booking_id);
    if (payment.status === 'APPLIED') paid.set(payment.booking_id, (paid.get(payment.booking_id) ?? 0) + payment.amount_cents);
    else if (open(payment.booking_id)) due.push(settlementDue(payment));
  }
  for (const refund of Object.values(state.collections.refunds)) {
    if (refund.status === 'APPLIED') paid.set(refund.booking_id, (paid.get(refund.booking_id) ?? 0) - refund.amount_cents);
  }
  for (const booking of Object.values(state.collections.bookings)) {
    const final = finalPaymentDue(booking, servicesOf.get(booking.id) ?? [], paid.get(booking.id) ?? 0, finalPaymentTaken.has(booking.id));
    if (final) due.push(final);
  }
  return due;
}

/** What may have come due through what one event did: a service held or sent on, a payment taken or settled. */
function setOff(state: State, catalogue: Catalogue, event: StoreEvent): Due[] {
  const payment = event.type === 'payments.created' || event.type === 'payments.settled' ? state.collections.payments[event.id!] : undefined;
  const to = event.type === 'services.status_changed' ? (event.data as { to: ServiceStatus }).to : undefined;
  const service = to === 'Option' || to === 'On Request' || to === 'Request Confirmation' ? state.collections.services[event.id!] : undefined;
  const booking = state.collections.bookings[(payment ?? service)?.booking_id ?? ''];
  if (!booking || booking.date_closed !== null) return [];
  const final = finalPaymentDue(booking, bookingServices(state, booking.id), paidCents(state, booking.id), finalPaymentTaken(state, booking.id));
  return [...(service ? serviceDue(service, catalogue) : []), ...(payment?.status === 'PENDING' ? [settlementDue(payment)] : []), ...(final ? [final] : [])];
}

/** The earliest due instant, memoised per committed state (isDue runs before every request). */
const nextDue = new WeakMap<State, { generation: number; at: number }>();

function earliestDue(state: State): number {
  const cached = nextDue.get(state);
  if (cached && cached.generation === state.generation) return cached.at;
  const at = dueEvents(state, Catalogue.for(state)).reduce((earliest, d) => Math.min(earliest, d.at), Infinity);
  nextDue.set(state, { generation: state.generation, at });
  return at;
}

/**
 * The automatic final payment (spec §2.2 `no_auto_final_payment`): at midnight EST ending the
 * balance due date (or ending the day a service owing money was added, when that came later),
 * the booking's `amount_owing` is taken — unless the booking was created with
 * `no_auto_final_payment`, owes nothing, or had its final payment already. It is a card charge:
 * PENDING (in `amount_pending`) until it settles SETTLEMENT_HOURS later.
 */
function takeFinalPayment(state: State, tx: Transaction, booking: BookingRecord): void {
  if (finalPaymentTaken(state, booking.id)) return;
  const owing = amountOwingCents(bookingServices(state, booking.id), paidCents(state, booking.id));
  if (owing > 0) tx.insert('payments', { booking_id: booking.id, amount_cents: owing, status: 'PENDING', reason: 'FINAL_PAYMENT' });
}

function finalPaymentTaken(state: State, bookingId: string): boolean {
  return Object.values(state.collections.payments).some((p) => p.booking_id === bookingId && p.reason === 'FINAL_PAYMENT');
}

/** A pending payment settles: it counts as paid from now, and confirms what it pays for (settle). */
function settlePayment(state: State, tx: Transaction, payment: PaymentRecord): void {
  payment.status = 'APPLIED';
  tx.emit({ type: 'payments.settled', id: payment.id });
  settle(state, tx, payment.booking_id);
}

function runDue(state: State, catalogue: Catalogue, tx: Transaction, due: Due): void {
  switch (due.kind) {
    case 'settlement':
      if (due.payment.status === 'PENDING') settlePayment(state, tx, due.payment);
      return;
    case 'office':
      if (due.service.status === 'Request Confirmation') confirm(state, tx, due.service, 'office');
      return;
    case 'reprice':
      if (repriceIfLive(state, catalogue, due.service, tx.nowMs)) tx.emit({ type: 'services.repriced', id: due.service.id });
      return;
    case 'expiry':
      if (due.service.status === 'Option' || due.service.status === 'On Request') expire(state, tx, due.service, 'expiry');
      return;
    case 'final_payment':
      takeFinalPayment(state, tx, due.booking);
  }
}

const dueFirst = (a: Due, b: Due) => a.at - b.at || DUE_ORDER[a.kind] - DUE_ORDER[b.kind] || a.seq - b.seq;

/**
 * Option and On Request services expire at their `option_expiry_date` (midnight EST, or the
 * flex plan's own boundary); a request is answered a day after it was sent; a lapsed
 * early-booking discount raises the price of a service whose price is not locked; the final
 * payment is taken at the balance due date and settles a day later. In time order, each dated
 * when it fell due; what one sets off (a payment taken or settled, a service held or sent to
 * the office) joins the queue when it too is due by now. A queued event whose subject has moved
 * on since does nothing (runDue checks).
 */
export const bookingClock: DueHook = {
  name: 'booking-clock',
  isDue: (state, nowMs) => earliestDue(state) <= nowMs,
  run: (state, nowMs, tx) => {
    const catalogue = Catalogue.for(state);
    const done = new Set<string>();
    const key = (due: Due) => `${due.kind}:${due.seq}:${due.at}`;
    const queue = dueEvents(state, catalogue)
      .filter((due) => due.at <= nowMs)
      .sort(dueFirst);
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (done.has(key(next))) continue;
      done.add(key(next));
      const then = new Transaction(state, next.at);
      runDue(state, catalogue, then, next);
      for (const event of then.events) tx.emit(event);
      const more = then.events.flatMap((event) => setOff(state, catalogue, event)).filter((due) => due.at <= nowMs && !done.has(key(due)));
      if (more.length > 0) {
        queue.push(...more);
        queue.sort(dueFirst);
      }
    }
  },
};
