/**
 * Prices and the booking's money (spec §2.2, §2.4, §3.1): what a service costs, what
 * confirming it needs, what the booking's payments already hold, and what a cancellation
 * keeps. Amounts are integer cents of the booking currency. docs/sandbox.md, "Money", states
 * the same rules in prose.
 */
import { addDays, isoDate } from '../clock.js';
import { bookingServices, type AppliedPromotionRecord, type BookingRecord, type ServiceRecord, type ServiceStatus, type State } from '../model.js';
import type { Catalogue } from '../catalogue/index.js';
import { STANDARD_ROOM } from '../catalogue/departures.js';
import { EARLY_BOOKING } from '../catalogue/promotions.js';
import { DEPARTURE_COMMISSION_PERCENT } from '../catalogue/reference.js';
import { amountOwing, keptFor, OWING_STATUSES as OWING, owedFor, type BookingMoney, type MoneyService } from '../../domain/cancellation.js';
import { parseCents, type Currency } from '../money.js';

export const FLEX_COMMISSION_PERCENT = 10;

/** Statuses whose price still follows the product; every other status has it locked. */
export const LIVE_PRICE_STATUSES: ReadonlySet<ServiceStatus> = new Set(['Option', 'On Request', 'Waitlisted']);
/** Statuses the spec counts in `amount_owing` (§2.2 via issue 4: what the booking would need paid); domain/cancellation.ts states them. */
export const OWING_STATUSES: ReadonlySet<ServiceStatus> = new Set(OWING as ServiceStatus[]);
/** Statuses in which a service holds part of the booking's money. */
export const HOLDING_STATUSES: ReadonlySet<ServiceStatus> = new Set(['Request Confirmation', 'Confirmed', 'Request Cancellation']);
/** Statuses whose departure services give a booking its travel dates (spec §2.2): the tours it may still travel on. */
export const TRAVEL_STATUSES: ReadonlySet<ServiceStatus> = new Set([...OWING_STATUSES, 'Waitlisted']);
/** How many days before the first travel date the balance is due (`balance_due_date`, the sandbox's choice). */
export const BALANCE_DUE_DAYS = 60;
/** How long a pending payment (the automatic final payment) takes to settle, the sandbox's choice. */
export const SETTLEMENT_HOURS = 24;

export interface Pricing {
  priceCents: number;
  commissionCents: number;
  depositCents: number;
  promotion: AppliedPromotionRecord | null;
}

const percentOf = (cents: number, percent: number) => Math.round((cents * percent) / 100);

/** The first day the early-booking discount no longer applies to a departure starting on `start`. */
export function earlyBookingEnds(start: string): string {
  return addDays(start, -EARLY_BOOKING.days);
}

/**
 * The service's price now, from its product, for all its customers, in the booking currency;
 * undefined when the product is unknown. A flex plan's price is per covered customer.
 */
export function priceOf(catalogue: Catalogue, service: Pick<ServiceRecord, 'type' | 'product_id' | 'customer_ids' | 'room_codes'>, currency: string, nowMs: number): Pricing | undefined {
  const travellers = service.customer_ids.length;
  const cents = (money: Record<Currency, string>) => parseCents(money[currency as Currency] ?? '') ?? 0;
  if (service.type === 'departure_services') {
    const departure = catalogue.departure(service.product_id);
    if (!departure) return undefined;
    // Each traveller at the adult price of their room (rooms[].price_bands[].prices[]), as the departure shows it.
    const rooms = departure.rooms;
    const roomCents = (code: string, member: 'amount' | 'deposit') => parseCents(rooms.find((r) => r.code === code)?.price_bands[0]?.prices.find((p) => p.currency === currency)?.[member] ?? '') ?? 0;
    const roomOf = (id: string) => service.room_codes?.[id] ?? STANDARD_ROOM;
    const list = service.customer_ids.reduce((sum, id) => sum + roomCents(roomOf(id), 'amount'), 0);
    const deposits = service.customer_ids.reduce((sum, id) => sum + roomCents(roomOf(id), 'deposit'), 0);
    const early = isoDate(nowMs) < earlyBookingEnds(departure.start_date);
    const discount = early ? percentOf(list, EARLY_BOOKING.percent) : 0;
    const price = list - discount;
    const fullPayment = departure.flags.includes('FULL_PAYMENT_REQUIRED_TO_BOOK');
    return {
      priceCents: price,
      commissionCents: percentOf(price, DEPARTURE_COMMISSION_PERCENT),
      depositCents: fullPayment ? price : Math.min(price, deposits),
      promotion: early ? { code: EARLY_BOOKING.code, discount_cents: discount } : null,
    };
  }
  if (service.type === 'activity_services') {
    const activity = catalogue.activity(service.product_id);
    if (!activity) return undefined;
    const price = cents(activity.prices) * travellers;
    // An activity is sold whole: its "deposit" is the full price.
    return { priceCents: price, commissionCents: percentOf(price, activity.commission_rate), depositCents: price, promotion: null };
  }
  const plan = catalogue.flexPlan(service.product_id, nowMs);
  if (!plan) return undefined;
  const price = cents(plan.prices as Record<Currency, string>) * travellers;
  return { priceCents: price, commissionCents: percentOf(price, FLEX_COMMISSION_PERCENT), depositCents: price, promotion: null };
}

/** Re-reads the price of a service whose price is not locked; true when it changed. */
export function repriceIfLive(state: State, catalogue: Catalogue, service: ServiceRecord, nowMs: number): boolean {
  if (!LIVE_PRICE_STATUSES.has(service.status)) return false;
  const booking = state.collections.bookings[service.booking_id];
  const pricing = booking && priceOf(catalogue, service, booking.currency, nowMs);
  if (!pricing) return false;
  const changed = pricing.priceCents !== service.purchase_price_cents || pricing.depositCents !== service.deposit_cents || (pricing.promotion?.code ?? null) !== (service.promotion?.code ?? null);
  Object.assign(service, { purchase_price_cents: pricing.priceCents, commission_cents: pricing.commissionCents, deposit_cents: pricing.depositCents, promotion: pricing.promotion });
  return changed;
}

/** What confirming (or, On Request, sending the request) needs: an On Request departure needs full payment (§3.1). */
export function requirementCents(service: ServiceRecord): number {
  return service.status === 'On Request' ? service.purchase_price_cents : service.deposit_cents;
}

/** Applied payments minus applied refunds. */
export function paidCents(state: State, bookingId: string): number {
  let total = 0;
  for (const p of Object.values(state.collections.payments)) if (p.booking_id === bookingId && p.status === 'APPLIED') total += p.amount_cents;
  for (const r of Object.values(state.collections.refunds)) if (r.booking_id === bookingId && r.status === 'APPLIED') total -= r.amount_cents;
  return total;
}

/** A service as its money reads (domain/cancellation.ts). */
export function moneyService(service: ServiceRecord): MoneyService {
  return {
    id: service.id,
    type: service.type,
    status: service.status,
    name: service.name,
    price: BigInt(service.purchase_price_cents),
    charge: BigInt(service.cancellation_charge_cents),
    ...(service.flex ? { covers: service.flex.covered_service_id } : {}),
  };
}

/** The booking's money as domain/cancellation.ts reads it. */
export function bookingMoney(state: State, bookingId: string): BookingMoney {
  return { paid: BigInt(paidCents(state, bookingId)), services: bookingServices(state, bookingId).map(moneyService) };
}

/** What the booking owes for a service in `amount_owing`: its price in an owing status, its fee once Cancelled. */
export function owingCents(service: ServiceRecord): number {
  return Number(owedFor(moneyService(service)));
}

/**
 * What the booking's money must keep covering for a service: `owingCents`, and the price of a
 * service whose cancellation staff have yet to complete (its fee is not known before).
 */
export function keptCents(service: ServiceRecord): number {
  return Number(keptFor(moneyService(service)));
}

/**
 * Money not yet holding anything: paid minus what confirmed and requested services hold
 * (their deposit or full price) and what cancelled ones kept. Confirmation draws on it.
 */
export function freeCents(state: State, bookingId: string): number {
  let held = 0;
  for (const s of bookingServices(state, bookingId)) held += HOLDING_STATUSES.has(s.status) ? s.held_cents : s.status === 'Cancelled' ? s.cancellation_charge_cents : 0;
  return paidCents(state, bookingId) - held;
}

/**
 * A booking's travel dates: the earliest start and latest finish of its departure services in
 * Option through Confirmed or Waitlisted. Activities carry no dates; a flex plan service never
 * moves them (spec §2.2).
 */
export function travelDates(services: readonly ServiceRecord[]): { first: string | null; last: string | null } {
  let first: string | null = null;
  let last: string | null = null;
  for (const s of services) {
    if (s.type !== 'departure_services' || !TRAVEL_STATUSES.has(s.status)) continue;
    if (s.start_date !== null && (first === null || s.start_date < first)) first = s.start_date;
    if (s.finish_date !== null && (last === null || s.finish_date > last)) last = s.finish_date;
  }
  return { first, last };
}

/** `balance_due_date`: 60 days before the first travel date, never before the booking was made; null without travel. */
export function balanceDueDate(booking: BookingRecord, firstTravel: string | null): string | null {
  if (firstTravel === null) return null;
  const due = addDays(firstTravel, -BALANCE_DUE_DAYS);
  const created = booking.date_created.slice(0, 10);
  return due < created ? created : due;
}

/** `amount_owing`: what the services cost the booking (owingCents), less what was paid; never below 0. */
export function amountOwingCents(services: readonly ServiceRecord[], paid: number): number {
  return Number(amountOwing(services.map(moneyService), BigInt(paid)));
}

// ---------------------------------------------------------------------------------------
// Payment allocation

/** Why a waiting service is passed over by a payment. */
export type PassedOverReason = 'NOT_COVERED' | 'DEPARTURE_SERVICE_NOT_CONFIRMED';

export interface Allocation {
  /** What the money confirms (or, On Request, sends to the office), in the order it reaches them, each with what it takes. */
  covered: Array<{ service: ServiceRecord; cents: number }>;
  /** What it leaves waiting, with what each would take and why it was passed over. */
  passed: Array<{ service: ServiceRecord; cents: number; reason: PassedOverReason }>;
  /** Free money left after it. */
  freeCents: number;
}

const ALLOCATION_ORDER: Record<ServiceRecord['type'], number> = { departure_services: 0, activity_services: 1, flex_plan_services: 2 };

/**
 * The booking's services waiting for a payment (Option, On Request), in the order a payment
 * reaches them: departure services, then activities, then flex plan services, each kind in
 * creation order.
 */
export function waitingForPayment(state: State, bookingId: string): ServiceRecord[] {
  return bookingServices(state, bookingId)
    .filter((s) => s.status === 'Option' || s.status === 'On Request')
    .sort((a, b) => ALLOCATION_ORDER[a.type] - ALLOCATION_ORDER[b.type] || a.seq - b.seq);
}

/**
 * How `free` cents are shared among the waiting services (docs/sandbox.md, "Payment-driven
 * confirmation"), without changing anything: in the order of waitingForPayment each service
 * whose requirement (requirementCents) the money left covers takes it; one it does not cover
 * is passed over, so a cheaper one after it can still be covered. A flex plan service is
 * covered only over a Confirmed departure service — one confirmed by this same money counts.
 */
export function allocate(state: State, bookingId: string, free: number): Allocation {
  const confirmedNow = new Set<string>();
  const allocation: Allocation = { covered: [], passed: [], freeCents: free };
  for (const service of waitingForPayment(state, bookingId)) {
    const cents = requirementCents(service);
    if (service.type === 'flex_plan_services') {
      const covered = service.flex!.covered_service_id;
      if (state.collections.services[covered]?.status !== 'Confirmed' && !confirmedNow.has(covered)) {
        allocation.passed.push({ service, cents, reason: 'DEPARTURE_SERVICE_NOT_CONFIRMED' });
        continue;
      }
    }
    if (cents > allocation.freeCents) {
      allocation.passed.push({ service, cents, reason: 'NOT_COVERED' });
      continue;
    }
    allocation.freeCents -= cents;
    allocation.covered.push({ service, cents });
    if (service.status === 'Option') confirmedNow.add(service.id);
  }
  return allocation;
}

export interface PaymentToConfirm {
  /** The payment that confirms the service now: what the services reached before it take, plus its own requirement, less free money. */
  cents: number;
  /** The services that payment covers first, each with what it takes. */
  takenFirst: Array<{ service: ServiceRecord; cents: number }>;
}

/**
 * What a payment must be to confirm a waiting service (or send its request) under the
 * allocation rule, paying for every service reached before it; undefined when it is not
 * waiting, or when no payment can confirm it now (a flex plan over an unconfirmed tour).
 */
export function paymentToConfirm(state: State, service: ServiceRecord): PaymentToConfirm | undefined {
  const unlimited = allocate(state, service.booking_id, Number.POSITIVE_INFINITY).covered;
  const at = unlimited.findIndex((entry) => entry.service.id === service.id);
  if (at < 0) return undefined;
  const takenFirst = unlimited.slice(0, at);
  const total = takenFirst.reduce((sum, entry) => sum + entry.cents, 0) + unlimited[at].cents;
  return { cents: Math.max(0, total - freeCents(state, service.booking_id)), takenFirst };
}
