/**
 * What a cancellation does to a booking's money, stated once (spec §2.2, §3.1, §3.2 rule 5):
 * the fee the terms' window keeps, the money handed back to the customer, the travel credit a
 * flex exercise issues, what the booking owes after, and the activities a cancelled tour leaves
 * on the booking. The sandbox applies it (sandbox/rules/lifecycle.ts); `trek service cancel`
 * previews with it over what the API shows (commands/service/cost.ts). Each side gathers the
 * facts its own way — the sandbox from its records, the CLI from API reads — in the shapes
 * below; what the money does is decided here only.
 *
 * Amounts are exact integer cents (bigint) of the booking currency. Nothing here imports from
 * the CLI or the sandbox: both import it.
 */

/** Statuses in which a service's price counts in `amount_owing` (spec §2.2). */
export const OWING_STATUSES: readonly string[] = ['Option', 'On Request', 'Request Confirmation', 'Confirmed'];

/** Activity statuses a cancelled tour leaves behind: still held or owed for. */
const LIVE_STATUSES: readonly string[] = [...OWING_STATUSES, 'Request Cancellation'];

/** One service of the booking, as its money reads. */
export interface MoneyService {
  id: string;
  /** departure_services, activity_services or flex_plan_services. */
  type: string;
  status: string;
  name?: string;
  /** purchase_price. */
  price: bigint;
  /** What a Cancelled service kept (its `cancellation_fee`: the fee and any travel credit); 0 otherwise. */
  charge: bigint;
  /** A flex plan service: the departure service it covers. */
  covers?: string;
}

/** The booking's money: its services and what it has paid (applied payments less applied refunds, `amount_paid`). */
export interface BookingMoney {
  paid: bigint;
  services: readonly MoneyService[];
}

/** A window's shares of the service's price: penalty + refund + credit = price. */
export interface WindowShares {
  penalty: bigint;
  refund: bigint;
  credit: bigint;
}

/**
 * How the cancellation is charged (the transition's row, sandbox/rules/transitions.ts): by the
 * terms' window (`terms`, with `shares`; `flex` when they are a confirmed flex plan's, which
 * the cancellation exercises), nothing (`none`: a hold or a waitlist place given up), or the
 * whole price (`kept`: a flex plan service cancelled by staff).
 */
export type FeeRule = { kind: 'none' } | { kind: 'kept' } | { kind: 'terms'; shares: WindowShares; flex?: { id: string } };

export interface Cancellation {
  /** The fee the operator keeps (the terms' penalty; the whole price of a flex plan). */
  fee: bigint;
  /** Money back to the customer: the flex exercise's refund plus whatever was paid beyond what the booking still needs. */
  moneyBack: bigint;
  /** Of moneyBack, what the flex exercise refunds (its window's refund less what was not paid for the tour). */
  flexRefund: bigint;
  /** Of moneyBack, what was paid beyond what the booking still needs after the cancellation. */
  overpaid: bigint;
  /** Travel credit issued (a flex exercise only). */
  credit: bigint;
  /** What the cancelled service keeps as its cancellation_fee: the fee and the credit. */
  charge: bigint;
  owingBefore: bigint;
  owingAfter: bigint;
  /** A cancelled tour's activities still on the booking (held or owed for). */
  leftBehind: MoneyService[];
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);
const sum = (items: readonly MoneyService[], cents: (s: MoneyService) => bigint) => items.reduce((total, s) => total + cents(s), 0n);

/** What the booking owes for a service in `amount_owing`: its price in an owing status, what it kept once Cancelled. */
export function owedFor(service: Pick<MoneyService, 'status' | 'price' | 'charge'>): bigint {
  if (OWING_STATUSES.includes(service.status)) return service.price;
  return service.status === 'Cancelled' ? service.charge : 0n;
}

/** What the booking's money must keep covering for a service: owedFor, and the whole price of one whose cancellation staff have yet to complete. */
export function keptFor(service: Pick<MoneyService, 'status' | 'price' | 'charge'>): bigint {
  return service.status === 'Request Cancellation' ? service.price : owedFor(service);
}

/** `amount_owing`: what the services cost the booking less what was paid, never below 0. */
export function amountOwing(services: readonly MoneyService[], paid: bigint): bigint {
  return max(0n, sum(services, owedFor) - paid);
}

/** Paid beyond everything the booking must keep covering (negative when it owes). */
export function overpaid(services: readonly MoneyService[], paid: bigint): bigint {
  return paid - sum(services, keptFor);
}

/** A percentage window's shares of a price: the penalty rounded half up, the rest refunded, no credit. */
export function percentShares(price: bigint, penaltyPercent: number): WindowShares {
  const penalty = (price * BigInt(Math.round(penaltyPercent * 100)) + 5000n) / 10000n;
  return { penalty, refund: price - penalty, credit: 0n };
}

/**
 * Cancelling `serviceId` on the booking, charged by `rule`. A flex exercise (spec §3.2 rule 5)
 * issues its window's refund and credit in full when the booking has paid the tour's price
 * (what it paid less what its other services keep); a shortfall comes off the refund first,
 * then the credit, so nothing is handed back that was not paid in. The tour keeps the penalty
 * and the credit. A flex plan still in Option on the tour expires with it. Then money paid
 * beyond what the booking still needs is refunded.
 */
export function cancellationOf(booking: BookingMoney, serviceId: string, rule: FeeRule): Cancellation {
  const service = booking.services.find((s) => s.id === serviceId);
  if (!service) throw new RangeError(`service ${serviceId} is not on the booking`);
  const others = booking.services.filter((s) => s.id !== serviceId);
  let fee = 0n;
  let credit = 0n;
  let flexRefund = 0n;
  if (rule.kind === 'kept') fee = service.price;
  else if (rule.kind === 'terms') {
    fee = rule.shares.penalty;
    if (rule.flex) {
      const paidForTour = booking.paid - sum(others, keptFor);
      const shortfall = max(0n, service.price - paidForTour);
      flexRefund = max(0n, rule.shares.refund - shortfall);
      credit = max(0n, rule.shares.credit - max(0n, shortfall - rule.shares.refund));
    }
  }
  const charge = fee + credit;
  const after = booking.services.map((s): MoneyService => {
    if (s.id === serviceId) return { ...s, status: 'Cancelled', charge };
    if (service.type === 'departure_services' && s.type === 'flex_plan_services' && s.covers === serviceId && s.status === 'Option') return { ...s, status: 'Expired' };
    return s;
  });
  const paidAfterExercise = booking.paid - flexRefund;
  const over = max(0n, overpaid(after, paidAfterExercise));
  return {
    fee,
    moneyBack: flexRefund + over,
    flexRefund,
    overpaid: over,
    credit,
    charge,
    owingBefore: amountOwing(booking.services, booking.paid),
    owingAfter: amountOwing(after, paidAfterExercise - over),
    leftBehind: service.type === 'departure_services' ? others.filter((s) => s.type === 'activity_services' && LIVE_STATUSES.includes(s.status)) : [],
  };
}
