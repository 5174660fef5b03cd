/**
 * Cancellation terms and flex plans (spec §3.2, §8): the generic percentage windows of every
 * departure, the two flex tiers with their amount-based windows, and both as served for a
 * departure.
 */
import { LATE_ATTACH_HOURS, stopSellDate, stopSellDays, stopSellPassed } from '../../domain/flex.js';
import { addDays } from '../clock.js';
import { scaleMoney, subtractMoney } from '../money.js';
import { ref } from '../refs.js';
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
export function flexPlanOf(departure: Departure, id: string, tierIndex: number, nowMs: number): Record<string, unknown> {
  const tier = FLEX_TIERS[tierIndex]!;
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
    travel_credit_windows: { booking_window_months: 12, travel_window_months: 24 },
  };
}

/**
 * The cancellation terms `id` of `departure`: its generic (percentage) terms when `tier` is
 * null, else those of flex tier `tier` ('1' or '2', amount-based). Every window carries, per
 * currency, what a cancellation inside it refunds and credits.
 */
export function cancellationTermsOf(departure: Departure, id: string, tier: string | null): Record<string, unknown> {
  const generic = tier === null;
  const windows = generic ? GENERIC_WINDOWS : FLEX_TIERS[Number(tier) - 1]!.windows;
  const start = departure.start_date;
  return {
    id,
    href: `/service_cancellation_terms/${id}/`,
    type: generic ? 'GENERIC' : 'FLEX',
    departure: ref('departures', departure.id, { name: departure.name }),
    ...(generic ? {} : { flex_plan: ref('flex_plans', `${departure.id}-${tier}`), travel_credit_windows: { booking_window_months: 12, travel_window_months: 24 } }),
    windows: windows.map((w) => {
      const penalty = scaleMoney(departure.prices, w.penalty);
      const credit = scaleMoney(departure.prices, w.credit);
      return {
        days_before_departure_from: w.from,
        days_before_departure_to: w.to,
        start_date: w.to === null ? null : addDays(start, -w.to),
        end_date: addDays(start, -w.from),
        ...(generic ? { penalty_percent: Math.round(w.penalty * 100) } : {}),
        penalty_amount: penalty,
        refund_amount: subtractMoney(subtractMoney(departure.prices, penalty), credit),
        travel_credit_amount: credit,
      };
    }),
  };
}
