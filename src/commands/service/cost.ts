/**
 * What cancelling a service does to its booking's money, worked out before it is sent and
 * told after: the window of its cancellation terms that contains today (the server's clock),
 * the fee, the money back to the customer, the travel credit issued and what the booking owes
 * after — computed by domain/cancellation.ts, the rule the sandbox applies, over what the API
 * shows (the booking, its services, the terms). Against a server that is not the sandbox the
 * figures are an estimate: the server applies its own rules. Amounts are exact cents.
 */
import type { ApiClient } from '../../api/client.js';
import { getBooking, listBookingRecords, listBookingServices, type Booking, type BookingMoneyRecord } from '../../api/resources/bookings.js';
import type { Reference } from '../../api/resources/common.js';
import type { TravelCredit } from '../../api/resources/credits.js';
import { amountIn, getCancellationTerms, getDeparture, type Amount } from '../../api/resources/flex.js';
import { whoami } from '../../api/resources/sandbox.js';
import { getService, isServiceType, type BookedService } from '../../api/resources/services.js';
import { cancellationOf, percentShares, type BookingMoney, type Cancellation, type FeeRule, type MoneyService, type WindowShares } from '../../domain/cancellation.js';
import { formatMoney, fromCents, toCents } from '../../output/money.js';
import { sanitize } from '../../output/sanitize.js';
import { daysBefore, windowDates } from '../flex/columns.js';
import { windowOn, type TermsWindow } from '../flex/terms.js';
import { unlessNotFound } from '../../api/errors.js';
import { toArray } from '../../api/paginate.js';
import { serviceLabel } from './status.js';
import { shellCommand } from '../../util/shell.js';

export type CancellationTarget = 'Cancelled' | 'Request Cancellation' | 'Expired';

export interface CancellationCost {
  /** YYYY-MM-DD, by the server's clock when it sent one. */
  today: string;
  byServerClock: boolean;
  /** Not the sandbox: the figures are trek's reading of what the API shows. */
  estimate: boolean;
  target: CancellationTarget;
  currency?: string;
  booking?: Booking;
  price?: bigint;
  /** Why no fee applies (a hold released, a waitlist place given up). */
  free?: string;
  terms?: { id: string; type?: string };
  window?: TermsWindow;
  penaltyPercent?: number;
  /** Why the figures are not known (no terms, no window for today, no booking). */
  unknown?: string;
  /** What the cancellation does, by domain/cancellation.ts. */
  outcome?: Cancellation;
  /** `amount_owing` as the API states it now. */
  owingNow?: bigint;
  /** Refunds and travel credits on the booking before the change: the ones after it that are new were made by it. */
  refundsBefore: Set<string>;
  creditsBefore: Set<string>;
}

/** The terms linked to the service; for a departure service that links none, its departure's. */
async function termsRef(client: ApiClient, service: BookedService): Promise<Reference | undefined> {
  if (service.cancellation_terms) return service.cancellation_terms;
  if (service.type !== 'departure_services' || service.product?.id === undefined) return undefined;
  return (await unlessNotFound(getDeparture(client, String(service.product.id))))?.cancellation_terms;
}

/** The window containing `today` (a window without dates, an activity's, always); past every window (the tour has started), the latest one. */
function windowToday(windows: TermsWindow[], today: string): TermsWindow | undefined {
  const found = windowOn(windows, today);
  if (found) return found;
  const dated = windows.filter((w) => w.end_date);
  const last = dated.reduce<TermsWindow | undefined>((latest, w) => (!latest || w.end_date! > latest.end_date! ? w : latest), undefined);
  return last && today > last.end_date! ? last : undefined;
}

/** A window's amount in the booking currency, as cents. */
const centsIn = (amount: Amount | undefined, currency: string | undefined) => toCents(amountIn(amount, currency));

/** A service as its money reads, from the API's full form. */
function moneyService(service: BookedService): MoneyService {
  const covers = service.type === 'flex_plan_services' ? service.associated_services?.find((s) => s.type === undefined || s.type === 'departure_services')?.id : undefined;
  return {
    id: String(service.id),
    type: service.type,
    status: service.status,
    name: service.name ?? undefined,
    price: toCents(service.purchase_price) ?? 0n,
    charge: service.status === 'Cancelled' ? (toCents(service.cancellation_fee ?? undefined) ?? 0n) : 0n,
    ...(covers === undefined ? {} : { covers: String(covers) }),
  };
}

/** Every service of a booking in full (`known` as already read); none when the API serves no services list. */
export async function servicesInFull(client: ApiClient, bookingId: string, known?: BookedService): Promise<BookedService[]> {
  const summaries = (await unlessNotFound(toArray(listBookingServices(client, bookingId)))) ?? [];
  const full = await Promise.all(
    summaries.map(async (s) => (known && String(s.id) === String(known.id) ? known : isServiceType(s.type) ? unlessNotFound(getService(client, s.type, String(s.id))) : undefined)),
  );
  return full.filter((s): s is BookedService => s !== undefined);
}

/** The booking's money as the API shows it: amount_paid and every service in full (the one being cancelled as already read). */
async function bookingMoneyOf(client: ApiClient, booking: Booking, service: BookedService): Promise<BookingMoney | undefined> {
  const paid = toCents(booking.amount_paid);
  if (paid === undefined) return undefined;
  const services = (await servicesInFull(client, String(booking.id), service)).map(moneyService);
  if (!services.some((s) => s.id === String(service.id))) services.push(moneyService(service));
  return { paid, services };
}

async function ids(client: ApiClient, bookingId: string, sub: 'refunds' | 'travel_credits'): Promise<Set<string>> {
  const records = (await unlessNotFound(toArray(listBookingRecords<{ id: unknown }>(client, bookingId, sub)))) ?? [];
  return new Set(records.map((r) => String(r.id)));
}

export async function cancellationCost(client: ApiClient, service: BookedService, target: CancellationTarget, serverNow: Date | undefined, localNow: Date): Promise<CancellationCost> {
  const now = serverNow ?? localNow;
  const bookingId = service.booking?.id === undefined ? undefined : String(service.booking.id);
  const [booking, sandbox, refundsBefore, creditsBefore] = await Promise.all([
    bookingId === undefined ? undefined : unlessNotFound(getBooking(client, bookingId)),
    whoami(client),
    bookingId === undefined ? new Set<string>() : ids(client, bookingId, 'refunds'),
    bookingId === undefined ? new Set<string>() : ids(client, bookingId, 'travel_credits'),
  ]);
  const cost: CancellationCost = {
    today: now.toISOString().slice(0, 10),
    byServerClock: serverNow !== undefined,
    estimate: sandbox === undefined,
    target,
    price: toCents(service.purchase_price),
    refundsBefore,
    creditsBefore,
  };
  if (booking) Object.assign(cost, { booking, currency: booking.currency, owingNow: toCents(booking.amount_owing) });

  if (target === 'Expired') cost.free = 'a hold that was never confirmed is released without cancellation fees';
  else if (service.status === 'Waitlisted' || service.status === 'Option') cost.free = `a service in ${sanitize(service.status)} is cancelled without fees`;
  const rule = cost.free ? ({ kind: 'none' } as const) : await ruleOf(client, service, cost);
  const money = booking && (await bookingMoneyOf(client, booking, service));
  if (!money) cost.unknown ??= 'the API does not show the booking it is on';
  if (rule && money && !cost.unknown) cost.outcome = cancellationOf(money, String(service.id), rule);
  return cost;
}

/** How the terms charge the cancellation: the window containing today, its shares of the price; a flex plan's terms are exercised. */
async function ruleOf(client: ApiClient, service: BookedService, cost: CancellationCost): Promise<FeeRule | undefined> {
  const ref = await termsRef(client, service);
  const terms = ref && (await unlessNotFound(getCancellationTerms(client, ref)));
  if (!terms) {
    cost.unknown = 'the API links no cancellation terms to it';
    return undefined;
  }
  cost.terms = { id: String(terms.id), ...(terms.type ? { type: terms.type } : {}) };
  cost.window = windowToday(terms.windows ?? [], cost.today);
  if (!cost.window) {
    cost.unknown = `no window of terms ${sanitize(String(terms.id))} contains ${cost.today}`;
    return undefined;
  }
  const shares = sharesOf(cost, cost.window);
  if (!shares) {
    cost.unknown = `terms ${sanitize(cost.terms.id)} give no amounts for this service's price`;
    return undefined;
  }
  const flex = terms.type === 'FLEX' ? (terms as { flex_plan_service?: Reference | null }).flex_plan_service : undefined;
  return { kind: 'terms', shares, ...(terms.type === 'FLEX' ? { flex: { id: String(flex?.id ?? '') } } : {}) };
}

/**
 * The window's shares of the price in the booking currency: the amounts the terms resolve on
 * this service when they add up to its price; else (a departure's terms, per traveller) its
 * penalty percentage of the price.
 */
function sharesOf(cost: CancellationCost, window: TermsWindow): WindowShares | undefined {
  const w = window;
  const penalty = centsIn(w.penalty_amount, cost.currency);
  const refund = centsIn(w.refund_amount, cost.currency);
  const credit = centsIn(w.travel_credit_amount, cost.currency) ?? 0n;
  cost.penaltyPercent = typeof window.penalty_percent === 'number' ? window.penalty_percent : undefined;
  if (penalty !== undefined && refund !== undefined && cost.price !== undefined && penalty + refund + credit === cost.price) return { penalty, refund, credit };
  if (cost.penaltyPercent !== undefined && cost.price !== undefined) return percentShares(cost.price, cost.penaltyPercent);
  return undefined;
}

const money = (cost: CancellationCost, cents: bigint | undefined) => (cents === undefined ? 'unknown' : formatMoney(fromCents(cents), cost.currency));

/** The four figures a clerk reads out, as `-o json` gives them: Decimal strings, null when not known. */
export function costJson(service: BookedService, cost: CancellationCost): Record<string, unknown> {
  const o = cost.outcome;
  const decimal = (cents: bigint | undefined) => (cents === undefined ? null : fromCents(cents));
  return {
    service: { id: String(service.id), type: service.type, name: service.name, status: service.status },
    booking: cost.booking ? String(cost.booking.id) : null,
    action: cost.target,
    estimate: cost.estimate,
    today: cost.today,
    currency: cost.currency ?? null,
    terms: cost.terms ?? null,
    window: cost.window ? { start_date: cost.window.start_date ?? null, end_date: cost.window.end_date ?? null, days_before_departure: daysBefore(cost.window) || null } : null,
    free: cost.free ?? null,
    unknown: cost.unknown ?? null,
    price: decimal(cost.price),
    fee: decimal(o?.fee),
    money_back: decimal(o?.moneyBack),
    travel_credit: decimal(o?.credit),
    owing_now: decimal(cost.owingNow),
    owing_after: decimal(o?.owingAfter),
    left_behind: (o?.leftBehind ?? []).map((s) => ({ id: s.id, type: s.type, name: s.name ?? null, status: s.status, price: fromCents(s.price) })),
  };
}

/** The lines shown before the question (and with --dry-run), on stderr. */
export function describeCost(service: BookedService, target: CancellationTarget, cost: CancellationCost): string {
  const clock = cost.byServerClock ? "by the server's clock" : "by this machine's clock";
  const lines: string[] = [];
  if (cost.free) {
    lines.push(`${capital(serviceLabel(service))}: no cancellation fee — ${cost.free}.`);
  } else {
    const when = target === 'Request Cancellation' ? "if the operator's staff cancel it today" : 'cancelling it today';
    const days = cost.window && daysBefore(cost.window);
    const window = cost.window && (cost.window.start_date || cost.window.end_date) ? ` falls in the window ${windowDates(cost.window)}${days ? ` (${days} days before departure)` : ''}` : '';
    const terms = cost.terms ? ` of its ${cost.terms.type ? `${sanitize(cost.terms.type.toLowerCase())} ` : ''}terms ${sanitize(cost.terms.id)}` : '';
    lines.push(`${capital(serviceLabel(service))}, ${when} (${cost.today}, ${clock})${window}${terms}:`);
  }
  const o = cost.outcome;
  if (cost.unknown || !o) lines.push(`  What it costs is not known: ${cost.unknown ?? 'the API does not show the booking'}.`);
  else {
    const percent = cost.penaltyPercent === undefined || cost.free ? '' : ` (${cost.penaltyPercent} %)`;
    const owes = cost.booking ? `Booking ${sanitize(String(cost.booking.id))} owes` : 'The booking owes';
    const rows: Array<[string, bigint | undefined, string]> = [
      ['Price', cost.price, ''],
      ['Fee the operator keeps', o.fee, percent],
      ['Money back to customer', o.moneyBack, ''],
      ['Travel credit issued', o.credit, ''],
      [owes, o.owingAfter, ` after, ${money(cost, cost.owingNow)} now`],
    ];
    // Amounts right-aligned in one column, so the figures read down; never cut.
    const label = Math.max(...rows.map(([l]) => l.length)) + 2;
    const amount = Math.max(...rows.map(([, cents]) => money(cost, cents).length));
    for (const [l, cents, note] of rows) lines.push(`  ${l.padEnd(label)}${money(cost, cents).padStart(amount)}${note}`);
    if (cost.estimate) lines.push('  An estimate: trek works these out from what the API shows; the server applies its own rules.');
    if (o.leftBehind.length > 0) lines.push(...leftBehindLines(o.leftBehind, cost));
  }
  return `${lines.join('\n')}\n`;
}

/** A cancelled tour's activities stay on the booking, owed for: named, with the command that cancels them too. */
function leftBehindLines(left: MoneyService[], cost: CancellationCost): string[] {
  const named = left.map((s) => `activity service ${sanitize(s.id)}${s.name ? ` "${sanitize(s.name)}"` : ''} (${sanitize(s.status)}, ${money(cost, s.price)})`);
  const command = left.map((s) => shellCommand(['trek', 'service', 'cancel', s.id])).join(' && ');
  return [`Its activities stay on the booking and are still owed for: ${named.join(', ')}.`, `Cancel ${left.length === 1 ? 'it' : 'them'} too with: ${sanitize(command)}`];
}

/** What the change did, read back from the API: the four figures, and the ids of the refunds and credits it made. */
export interface CancellationDone {
  fee?: bigint;
  moneyBack: bigint;
  credit: bigint;
  owing?: bigint;
  refunds: string[];
  credits: string[];
}

async function doneBy(client: ApiClient, updated: BookedService, cost: CancellationCost): Promise<CancellationDone | undefined> {
  if (!cost.booking) return undefined;
  const id = String(cost.booking.id);
  const [booking, refunds, credits] = await Promise.all([
    unlessNotFound(getBooking(client, id)),
    unlessNotFound(toArray(listBookingRecords<BookingMoneyRecord>(client, id, 'refunds'))),
    unlessNotFound(toArray(listBookingRecords<TravelCredit>(client, id, 'travel_credits'))),
  ]);
  const newRefunds = (refunds ?? []).filter((r) => !cost.refundsBefore.has(String(r.id)));
  const newCredits = (credits ?? []).filter((c) => !cost.creditsBefore.has(String(c.id)));
  const total = (records: Array<{ amount: unknown }>) => records.reduce((sum, r) => sum + (toCents(r.amount) ?? 0n), 0n);
  const credit = total(newCredits);
  // A hold released keeps nothing: the API states no fee for it.
  const charge = updated.status === 'Expired' ? 0n : toCents(updated.cancellation_fee ?? undefined);
  return {
    ...(charge === undefined ? {} : { fee: charge - credit }),
    moneyBack: total(newRefunds),
    credit,
    ...(booking && toCents(booking.amount_owing) !== undefined ? { owing: toCents(booking.amount_owing)! } : {}),
    refunds: newRefunds.map((r) => String(r.id)),
    credits: newCredits.map((c) => String(c.id)),
  };
}

/** After the change: the same four figures as the API now states them, with the refunds and credits made. */
export async function describeOutcome(client: ApiClient, updated: BookedService, cost: CancellationCost): Promise<string> {
  const parts: string[] = [];
  if (updated.status === 'Request Cancellation') {
    const would = cost.outcome && !cost.free ? `; by today's terms the fee would be ${money(cost, cost.outcome.fee)}` : ' (fees may apply)';
    parts.push(`Cancellation requested: the operator's staff will cancel it${would}.`);
  } else if (updated.status === 'Expired') {
    parts.push('The hold is released, without cancellation fees.');
  }
  const done = await doneBy(client, updated, cost);
  if (done) {
    const ids = (kind: string, list: string[]) => (list.length ? ` (${kind} ${list.map((id) => sanitize(id)).join(', ')})` : '');
    if (updated.status !== 'Request Cancellation') {
      parts.push(
        `Fee the operator keeps: ${done.fee === undefined ? 'not stated by the API' : money(cost, done.fee)}; money back to the customer: ${money(cost, done.moneyBack)}${ids('refund', done.refunds)}; ` +
          `travel credit issued: ${money(cost, done.credit)}${ids('credit', done.credits)}.`,
      );
    }
    if (done.owing !== undefined) parts.push(`Booking ${sanitize(String(cost.booking!.id))} now owes ${money(cost, done.owing)}.`);
  } else if (updated.status === 'Cancelled') {
    const charge = toCents(updated.cancellation_fee ?? undefined);
    parts.push(charge === undefined ? 'The API states no fee kept.' : `Fee kept: ${money(cost, charge)}.`);
  }
  return parts.join(' ');
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
