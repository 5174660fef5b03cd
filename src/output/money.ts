/**
 * Amounts of money as trek shows and counts them. The API writes amounts as Decimal strings in
 * the booking's currency (spec §2.1); they are read into integer cents (BigInt, so nothing is
 * ever rounded through a float), counted, and written back with two fraction digits and the
 * currency: "1234.50 CAD". Every command that shows money with its currency uses `formatMoney`.
 */
import { sanitize } from './sanitize.js';

/** "1234.5", "1234.50", "-3.07" → cents; undefined when the text is not such a Decimal (or has more than two fraction digits). */
export function toCents(amount: unknown): bigint | undefined {
  if (typeof amount !== 'string') return undefined;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return undefined;
  const cents = BigInt(match[2]) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Cents as a Decimal string with two fraction digits: 123456n → "1234.56". */
export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/**
 * An amount with its currency, terminal-safe: "1234.50 CAD". A Decimal is written with two
 * fraction digits; anything else the server sent is shown as it came (sanitized). Empty for
 * no amount; the currency is left out when unknown.
 */
export function formatMoney(amount: unknown, currency?: unknown): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const cents = typeof amount === 'bigint' ? amount : toCents(amount);
  const text = cents === undefined ? sanitize(typeof amount === 'string' ? amount : JSON.stringify(amount)) : fromCents(cents);
  return typeof currency === 'string' && currency !== '' ? `${text} ${sanitize(currency)}` : text;
}

/** The sum of Decimal amounts; undefined when one of them is not a Decimal. */
export function sumCents(amounts: readonly unknown[]): bigint | undefined {
  let total = 0n;
  for (const amount of amounts) {
    const cents = toCents(amount);
    if (cents === undefined) return undefined;
    total += cents;
  }
  return total;
}

export const maxCents = (a: bigint, b: bigint): bigint => (a > b ? a : b);
