/**
 * Money as the API writes it: a Decimal string (`'1234.50'`) per currency, read into and
 * written from the integer cents the rules count in. What a booking owes, holds and keeps is
 * rules/money.ts.
 */

export const CURRENCIES = ['CAD', 'USD', 'GBP', 'EUR', 'AUD', 'NZD'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Prices are set in CAD and converted with these rates. */
const RATE_FROM_CAD: Record<Currency, number> = { CAD: 1, USD: 0.73, GBP: 0.58, EUR: 0.68, AUD: 1.12, NZD: 1.22 };

export type Money = Record<Currency, string>;

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '12.34' → 1234; null when not a Decimal string. */
export function parseCents(text: string): number | null {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** A CAD amount (whole dollars) in every currency, each rounded to a price-like figure. */
export function moneyFrom(cadDollars: number, roundTo: number, minus = 0): Money {
  const whole = (currency: Currency) => `${Math.max(roundTo, Math.round((cadDollars * RATE_FROM_CAD[currency]) / roundTo) * roundTo) - minus}.00`;
  return { CAD: whole('CAD'), USD: whole('USD'), GBP: whole('GBP'), EUR: whole('EUR'), AUD: whole('AUD'), NZD: whole('NZD') };
}

/** An amount in every currency, from its cents in each, written in the order of CURRENCIES. */
export function moneyOf(cents: (currency: Currency) => number): Money {
  const out = {} as Money;
  for (const currency of CURRENCIES) out[currency] = formatCents(cents(currency));
  return out;
}

/**
 * `totalCents` shared out in proportion to integer `weights` (percentages, say), every cent
 * accounted for: each share is its exact part rounded down, and the cents left over go one
 * each to the shares that lost the largest fractions (largest remainder), ties to the earlier
 * share. So the shares always add up to the total and each is within a cent of its exact part.
 */
export function splitCents(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!Number.isInteger(totalCents) || totalCents < 0 || sum <= 0 || weights.some((w) => !Number.isInteger(w) || w < 0)) {
    throw new RangeError(`cannot split ${totalCents} cents by ${weights.join(':')}`);
  }
  // Integer arithmetic: total × weight stays exact well past any price (2^53 / 100 / 10^9).
  const shares = weights.map((w) => Math.floor((totalCents * w) / sum));
  const remainders = weights.map((w, i) => ({ i, rest: totalCents * w - shares[i] * sum }));
  remainders.sort((a, b) => b.rest - a.rest || a.i - b.i);
  let left = totalCents - shares.reduce((a, b) => a + b, 0);
  for (const { i } of remainders) {
    if (left-- <= 0) break;
    shares[i] += 1;
  }
  return shares;
}

export function scaleMoney(money: Money, fraction: number): Money {
  return moneyOf((currency) => Math.round(parseCents(money[currency])! * fraction));
}
