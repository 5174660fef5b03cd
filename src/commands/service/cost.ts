/**
 * What cancelling a service costs, worked out before it is sent: the window of its
 * cancellation terms that contains today (the server's clock), the fee, refund and travel
 * credit it gives, and what the booking will owe afterwards — and, once cancelled, what was
 * actually kept. Amounts are exact cents (output/money.ts).
 */
import type { ApiClient } from '../../api/client.js';
import { getBooking, type Booking } from '../../api/resources/bookings.js';
import type { Reference } from '../../api/resources/common.js';
import { amountIn, getCancellationTerms, getDeparture, type Amount } from '../../api/resources/flex.js';
import type { BookedService } from '../../api/resources/services.js';
import { formatMoney, fromCents, maxCents, toCents } from '../../output/money.js';
import { sanitize } from '../../output/sanitize.js';
import { daysBefore, windowDates } from '../flex/columns.js';
import { windowOn, type TermsWindow } from '../flex/terms.js';
import { unlessNotFound } from '../../api/errors.js';
import { serviceLabel } from './status.js';

export type CancellationTarget = 'Cancelled' | 'Request Cancellation' | 'Expired';

export interface CancellationCost {
  /** YYYY-MM-DD, by the server's clock when it sent one. */
  today: string;
  byServerClock: boolean;
  currency?: string;
  booking?: Booking;
  price?: bigint;
  /** Why no fee applies (a hold released, a waitlist place given up); the amounts are then 0. */
  free?: string;
  terms?: { id: string; type?: string };
  window?: TermsWindow;
  /** Why the amounts are not known (no terms, no window for today). */
  unknown?: string;
  penalty?: bigint;
  penaltyPercent?: number;
  refund?: bigint;
  travelCredit?: bigint;
  /** What the booking owes before and, by these amounts, after. */
  owingNow?: bigint;
  owingAfter?: bigint;
}

/** Statuses the booking's amount_owing counts a service's price in (spec §2.2). */
const OWING_STATUSES = new Set(['Option', 'On Request', 'Request Confirmation', 'Confirmed']);

/** The terms linked to the service; for a departure service that links none, its departure's. */
async function termsRef(client: ApiClient, service: BookedService): Promise<Reference | undefined> {
  if (service.cancellation_terms) return service.cancellation_terms;
  if (service.type !== 'departure_services' || service.product?.id === undefined) return undefined;
  return (await unlessNotFound(getDeparture(client, String(service.product.id))))?.cancellation_terms;
}

/** The window containing `today`; past every window (the tour has started), the latest one. */
function windowToday(windows: TermsWindow[], today: string): TermsWindow | undefined {
  const found = windowOn(windows, today);
  if (found) return found;
  const dated = windows.filter((w) => w.end_date);
  const last = dated.reduce<TermsWindow | undefined>((latest, w) => (!latest || w.end_date! > latest.end_date! ? w : latest), undefined);
  return last && today > last.end_date! ? last : undefined;
}

/** A window's amount in the booking currency, as cents. */
const centsIn = (amount: Amount | undefined, currency: string | undefined) => toCents(amountIn(amount, currency));

export async function cancellationCost(client: ApiClient, service: BookedService, target: CancellationTarget, serverNow: Date | undefined, localNow: Date): Promise<CancellationCost> {
  const now = serverNow ?? localNow;
  const cost: CancellationCost = { today: now.toISOString().slice(0, 10), byServerClock: serverNow !== undefined, price: toCents(service.purchase_price) };
  const bookingId = service.booking?.id;
  const booking = bookingId === undefined ? undefined : await unlessNotFound(getBooking(client, String(bookingId)));
  if (booking) Object.assign(cost, { booking, currency: booking.currency, owingNow: toCents(booking.amount_owing) });

  if (target === 'Expired') cost.free = 'a hold that was never confirmed is released without cancellation fees';
  else if (service.status === 'Waitlisted' || service.status === 'Option') cost.free = `a service in ${sanitize(service.status)} is cancelled without fees`;
  if (cost.free) {
    Object.assign(cost, { penalty: 0n, refund: 0n, travelCredit: 0n });
  } else {
    const ref = await termsRef(client, service);
    const terms = ref && (await unlessNotFound(getCancellationTerms(client, ref)));
    if (!terms) cost.unknown = 'the API links no cancellation terms to it';
    else {
      cost.terms = { id: String(terms.id), ...(terms.type ? { type: terms.type } : {}) };
      cost.window = windowToday(terms.windows ?? [], cost.today);
      if (!cost.window) cost.unknown = `no window of terms ${sanitize(String(terms.id))} contains ${cost.today}`;
      else readWindow(cost, cost.window);
    }
  }
  const kept = keptBy(cost);
  if (cost.owingNow !== undefined && kept !== undefined && cost.price !== undefined) {
    // amount_owing is what the services cost less what was paid, never below 0: the service's price leaves it and what it keeps comes in.
    const counted = OWING_STATUSES.has(service.status) ? cost.price : 0n;
    cost.owingAfter = maxCents(0n, cost.owingNow - counted + kept);
  }
  return cost;
}

/**
 * The window's shares of the price in the booking currency: amounts the terms resolve on this
 * service; else (a departure's terms, per traveller) its penalty percentage of the price.
 */
function readWindow(cost: CancellationCost, window: TermsWindow): void {
  const penalty = centsIn(window.penalty_amount, cost.currency);
  const refund = centsIn(window.refund_amount, cost.currency);
  const credit = centsIn(window.travel_credit_amount, cost.currency) ?? 0n;
  cost.penaltyPercent = typeof window.penalty_percent === 'number' ? window.penalty_percent : undefined;
  const sumsToPrice = penalty !== undefined && refund !== undefined && cost.price !== undefined && penalty + refund + credit === cost.price;
  if (sumsToPrice) {
    Object.assign(cost, { penalty, refund, travelCredit: credit });
  } else if (cost.penaltyPercent !== undefined && cost.price !== undefined) {
    // Half up, as the terms round a penalty (docs/sandbox.md, "To the cent").
    const fee = (cost.price * BigInt(Math.round(cost.penaltyPercent * 100)) + 5000n) / 10000n;
    Object.assign(cost, { penalty: fee, refund: cost.price - fee, travelCredit: 0n });
  } else {
    cost.unknown = `terms ${sanitize(cost.terms?.id ?? '')} give no amounts for this service's price`;
  }
}

/** What the service keeps once cancelled: the penalty, and a travel credit (money the booking keeps as credit). */
export function keptBy(cost: CancellationCost): bigint | undefined {
  return cost.penalty === undefined ? undefined : cost.penalty + (cost.travelCredit ?? 0n);
}

const money = (cost: CancellationCost, cents: bigint | undefined) => (cents === undefined ? 'unknown' : formatMoney(fromCents(cents), cost.currency));

/** The lines shown before the question (and with --dry-run), on stderr. */
export function describeCost(service: BookedService, target: CancellationTarget, cost: CancellationCost): string {
  const clock = cost.byServerClock ? "by the server's clock" : "by this machine's clock";
  const lines: string[] = [];
  if (cost.free) {
    lines.push(`${capital(serviceLabel(service))}: no cancellation fee — ${cost.free}.`);
  } else {
    const when = target === 'Request Cancellation' ? "if the operator's staff cancel it today" : 'cancelling it today';
    const window = cost.window ? ` falls in the window ${windowDates(cost.window)}${daysBefore(cost.window) ? ` (${daysBefore(cost.window)} days before departure)` : ''}` : '';
    const terms = cost.terms ? ` of its ${cost.terms.type ? `${sanitize(cost.terms.type.toLowerCase())} ` : ''}terms ${sanitize(cost.terms.id)}` : '';
    lines.push(`${capital(serviceLabel(service))}, ${when} (${cost.today}, ${clock})${window}${terms}:`);
    if (cost.unknown) lines.push(`  the cost is not known: ${cost.unknown}.`);
    else {
      const percent = cost.penaltyPercent === undefined ? '' : ` (${cost.penaltyPercent} %)`;
      const rows: Array<[string, string]> = [
        ['Price', money(cost, cost.price)],
        ['Fee', `${money(cost, cost.penalty)}${percent}`],
        ['Refund', money(cost, cost.refund)],
        ['Travel credit', money(cost, cost.travelCredit)],
      ];
      for (const [label, value] of rows) lines.push(`  ${label.padEnd(14)}${value}`);
    }
  }
  if (cost.booking) {
    const id = sanitize(String(cost.booking.id));
    const after = cost.owingAfter === undefined ? '' : `, ${money(cost, cost.owingAfter)} after`;
    lines.push(`Booking ${id} owes ${money(cost, cost.owingNow)} now${after}.`);
    if (!cost.free && cost.owingNow !== undefined && cost.owingNow > 0n && (cost.refund ?? 0n) > 0n) {
      lines.push('It has not paid in full: a refund is first set against what it owes.');
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * After the change: what the service kept (the API's cancellation_fee where it sends one, else
 * the terms' amount) and what the booking owes and was refunded now.
 */
export async function describeOutcome(client: ApiClient, updated: BookedService, cost: CancellationCost): Promise<string> {
  const parts: string[] = [];
  if (updated.status === 'Cancelled') {
    const kept = toCents(updated.cancellation_fee ?? undefined) ?? keptBy(cost);
    const source = updated.cancellation_fee ? '' : ' (by the terms; the API states none)';
    parts.push(kept === undefined ? 'The API states no fee kept, and the terms gave none.' : `Fee kept: ${money(cost, kept)}${source}.`);
  } else if (updated.status === 'Request Cancellation' && !cost.free && !cost.unknown) {
    parts.push(`Cancellation requested: the operator's staff will cancel it; by today's terms the fee would be ${money(cost, cost.penalty)}.`);
  } else if (updated.status === 'Request Cancellation') {
    parts.push("Cancellation requested: the operator's staff will cancel it (fees may apply).");
  } else if (updated.status === 'Expired') {
    parts.push('The hold is released, without cancellation fees.');
  }
  if (cost.booking) {
    const booking = await unlessNotFound(getBooking(client, String(cost.booking.id)));
    if (booking) {
      const refunded = (toCents(cost.booking.amount_paid) ?? 0n) - (toCents(booking.amount_paid) ?? 0n);
      const refund = refunded > 0n ? ` (${money(cost, refunded)} refunded)` : '';
      parts.push(`Booking ${sanitize(String(booking.id))} now owes ${formatMoney(booking.amount_owing, booking.currency)}${refund}.`);
    }
  }
  return parts.join(' ');
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
