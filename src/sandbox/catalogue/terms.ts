/**
 * Cancellation terms and flex plans (spec §3.2, §8): the generic percentage windows of every
 * departure, the two flex tiers with their amount-based windows, what a cancellation inside a
 * window keeps, refunds and credits, and the terms as served — for a departure (per currency)
 * and for a booked service (routes/flex.ts, in the booking currency).
 */
import { LATE_ATTACH_HOURS, stopSellDate, stopSellDays, stopSellPassed } from '../../domain/flex.js';
import { addDays, DAY_MS } from '../clock.js';
import { moneyOf, parseCents, scaleMoney, splitCents } from '../money.js';
import { ref, type Wire } from '../refs.js';
import type { Departure } from './types.js';

export interface TermsWindow {
  from: number;
  to: number | null;
  penalty: number;
  credit: number;
}

/** Generic terms by days before departure: a rising share of the price is kept. */
export const GENERIC_WINDOWS: readonly TermsWindow[] = [
  { from: 61, to: null, penalty: 0.1, credit: 0 },
  { from: 31, to: 60, penalty: 0.5, credit: 0 },
  { from: 15, to: 30, penalty: 0.75, credit: 0 },
  { from: 0, to: 14, penalty: 1, credit: 0 },
];

/** An activity's terms: one window, whenever it is cancelled, keeping 10 % of its price. */
export const ACTIVITY_WINDOW: TermsWindow = { from: 0, to: null, penalty: 0.1, credit: 0 };

/** What flex travel credit may be used for: new bookings within 12 months, travel within 24. */
export const TRAVEL_CREDIT_BOOKING_WINDOW_MONTHS = 12;
export const TRAVEL_CREDIT_TRAVEL_WINDOW_MONTHS = 24;
export const TRAVEL_CREDIT_WINDOWS = Object.freeze({ booking_window_months: TRAVEL_CREDIT_BOOKING_WINDOW_MONTHS, travel_window_months: TRAVEL_CREDIT_TRAVEL_WINDOW_MONTHS });

export const FLEX_TIERS: ReadonlyArray<{ code: string; name: string; priceFraction: number; windows: readonly TermsWindow[] }> = [
  {
    code: 'FLEX',
    name: 'Flex',
    priceFraction: 0.08,
    windows: [
      { from: 31, to: null, penalty: 0, credit: 1 },
      { from: 15, to: 30, penalty: 0.25, credit: 0.75 },
      { from: 0, to: 14, penalty: 1, credit: 0 },
    ],
  },
  {
    code: 'FLEX_PLUS',
    name: 'Flex Plus',
    priceFraction: 0.12,
    windows: [
      { from: 31, to: null, penalty: 0, credit: 0.5 },
      { from: 15, to: 30, penalty: 0.25, credit: 0.5 },
      { from: 0, to: 14, penalty: 1, credit: 0 },
    ],
  },
];

/**
 * The flex plan `id` (`<departureId>-<tier>`) of `departure`, rendered for `nowMs`: its
 * availability is NOT_BOOKABLE from the stop-sell date on (the departure no longer more than
 * 60/90 days away).
 */
export function flexPlanOf(departure: Departure, id: string, tierIndex: number, nowMs: number): Wire<'FlexPlan'> {
  const tier = FLEX_TIERS[tierIndex];
  const window = stopSellDays(departure.product_line);
  const closedOn = stopSellDate(departure.start_date, window);
  return {
    id,
    href: `/flex_plans/${id}/`,
    name: tier.name,
    tier: { code: tier.code, name: tier.name },
    departure: ref('departures', departure.id, { name: departure.name }),
    product_line: departure.product_line,
    prices: scaleMoney(departure.prices, tier.priceFraction),
    availability: { status: stopSellPassed(nowMs, closedOn) ? 'NOT_BOOKABLE' : 'AVAILABLE' },
    stop_sell_days: window,
    stop_sell_date: closedOn,
    late_attach_hours: LATE_ATTACH_HOURS,
    cancellation_terms: ref('service_cancellation_terms', `flex-${id}`),
    travel_credit_windows: TRAVEL_CREDIT_WINDOWS,
  };
}

/**
 * The cancellation terms `id` of `departure`: its generic (percentage) terms when `tier` is
 * null, else those of flex tier `tier` ('1' or '2', amount-based). Every window carries, per
 * currency, what a cancellation inside it refunds and credits.
 */
export function cancellationTermsOf(departure: Departure, id: string, tier: string | null): Wire<'CancellationTerms'> {
  const generic = tier === null;
  const windows = generic ? GENERIC_WINDOWS : FLEX_TIERS[Number(tier) - 1].windows;
  return {
    id,
    href: `/service_cancellation_terms/${id}/`,
    type: generic ? 'GENERIC' : 'FLEX',
    departure: ref('departures', departure.id, { name: departure.name }),
    ...(generic ? {} : { flex_plan: ref('flex_plans', `${departure.id}-${tier}`), travel_credit_windows: TRAVEL_CREDIT_WINDOWS }),
    windows: windows.map((w) => windowView(w, departure.start_date, generic, (share) => moneyOf((currency) => windowAmounts(parseCents(departure.prices[currency])!, w)[share]))),
  };
}

/** The window containing `date` for a departure starting on `start`; after the start, the last window. */
export function windowOn(windows: readonly TermsWindow[], start: string, date: string): TermsWindow {
  const daysBefore = Math.round((Date.parse(`${start}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / DAY_MS);
  return windows.find((w) => daysBefore >= w.from && (w.to === null || daysBefore <= w.to)) ?? windows[windows.length - 1];
}

export interface WindowAmounts {
  penaltyCents: number;
  refundCents: number;
  travelCreditCents: number;
}

/**
 * A window's shares of a price, to the cent: penalty + refund + credit = price exactly, each
 * within a cent of its percentage. A cent that cannot be shared evenly goes to the share that
 * lost the most by rounding down; on a tie, in the order the terms state them: the penalty (so
 * it is its `penalty_percent` rounded half up, as a client would work it out), then the refund,
 * then the credit — money back before credit (splitCents).
 */
export function windowAmounts(priceCents: number, window: TermsWindow): WindowAmounts {
  const penalty = Math.round(window.penalty * 100);
  const credit = Math.round(window.credit * 100);
  const [penaltyCents, refundCents, travelCreditCents] = splitCents(priceCents, [penalty, 100 - penalty - credit, credit]) as [number, number, number];
  return { penaltyCents, refundCents, travelCreditCents };
}

/**
 * One window as served: its days and dates before `start`, the percentage of generic terms
 * (`withPercent`), and each share of the price as `amount` writes it (one currency, or all).
 */
export function windowView<Amount>(w: TermsWindow, start: string, withPercent: boolean, amount: (share: keyof WindowAmounts) => Amount) {
  return {
    days_before_departure_from: w.from,
    days_before_departure_to: w.to,
    start_date: w.to === null ? null : addDays(start, -w.to),
    end_date: addDays(start, -w.from),
    ...(withPercent ? { penalty_percent: Math.round(w.penalty * 100) } : {}),
    penalty_amount: amount('penaltyCents'),
    refund_amount: amount('refundCents'),
    travel_credit_amount: amount('travelCreditCents'),
  };
}
