/** How flex resources look in tables: cancellation windows, addons and their products. */
import { amountIn, type Amount, type FlexAddon } from '../../api/resources/flex.js';
import { formatMoney, fromCents, toCents } from '../../output/money.js';
import { type Column } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { sanitizeUrl } from '../../output/sanitize.js';
import { customerLabel } from '../customer/view.js';

/** An amount in the booking currency; a per-currency map without that currency shows as given. */
export function moneyIn(currency: string | undefined): (value: unknown) => string {
  return (value) => amountIn(value as Amount | null | undefined, currency) ?? displayValue(value);
}

/** The plan's price for `travellers`, exactly (cents), in `currency`; empty when the plan has no price in it. */
export function flexTotal(prices: Amount | undefined, currency: string, travellers: number): string {
  const each = toCents(amountIn(prices, currency));
  return each === undefined ? '' : formatMoney(fromCents(each * BigInt(travellers)), currency);
}

/**
 * "2026-07-01 – 2026-12-01", "… – 2026-06-30" for an open start; a window open at both ends
 * (an activity's, told by days before departure) is "any date", not "… – …".
 */
export function windowDates(window: unknown): string {
  const w = (window ?? {}) as { start_date?: unknown; end_date?: unknown };
  if (!w.start_date && !w.end_date) return 'any date';
  return `${w.start_date ? displayValue(w.start_date) : '…'} – ${w.end_date ? displayValue(w.end_date) : '…'}`;
}

/** "31+", "15–30": days before departure the window covers. */
export function daysBefore(window: unknown): string {
  const w = (window ?? {}) as { days_before_departure_from?: unknown; days_before_departure_to?: unknown };
  if (w.days_before_departure_from === undefined || w.days_before_departure_from === null) return '';
  const to = w.days_before_departure_to;
  return to === null || to === undefined ? `${displayValue(w.days_before_departure_from)}+` : `${displayValue(w.days_before_departure_from)}–${displayValue(to)}`;
}

/** One row per cancellation window, amounts in `currency`. */
export function windowColumns(currency: string | undefined): Column[] {
  const amount = moneyIn(currency);
  return [
    { field: 'start_date', header: 'CANCELLED ON', format: (_value, window) => windowDates(window) },
    { field: 'days_before_departure_from', header: 'DAYS BEFORE', format: (_value, window) => daysBefore(window) },
    { field: 'penalty_amount', header: 'PENALTY', format: amount },
    { field: 'refund_amount', header: 'REFUND', format: amount },
    { field: 'travel_credit_amount', header: 'TRAVEL CREDIT', format: amount },
  ];
}

/** "ESIM: Travel eSIM 5 GB; LUGGAGE_PROTECTION: Bag cover" — products grouped by category. */
export function productsByCategory(value: unknown, separator = '; '): string {
  if (!Array.isArray(value)) return displayValue(value);
  const byCategory = new Map<string, string[]>();
  for (const product of value as Array<{ category?: unknown; name?: unknown }>) {
    const category = displayValue(product?.category);
    byCategory.set(category, [...(byCategory.get(category) ?? []), displayValue(product?.name)]);
  }
  return [...byCategory].map(([category, names]) => `${category}: ${names.join(', ')}`).join(separator);
}

/** A URL field escaped for the terminal (spec §2.5: clients escape the three URLs). */
const url = (value: unknown): string => (typeof value === 'string' ? sanitizeUrl(value) : displayValue(value));

/** Whether an addon is still active: the sandbox marks exercised addons; the spec has no status. */
function addonState(_value: unknown, record: unknown): string {
  const addon = record as Partial<FlexAddon>;
  return displayValue(addon.status ?? (addon.date_cancelled ? 'Cancelled' : ''));
}

/** Whether an addon says it was cancelled (not a spec field; the sandbox marks exercised addons). */
export function hasState(addon: Partial<FlexAddon>): boolean {
  return addon.status !== undefined || Boolean(addon.date_cancelled);
}

/** Columns or rows without STATUS when none of the addons has a state to show. */
export function withoutEmptyState(columns: Column[], addons: Array<Partial<FlexAddon>>): Column[] {
  return addons.some(hasState) ? columns : columns.filter((column) => column.field !== 'status');
}

/** The addons section of `flex get`. */
export const ADDON_COLUMNS: Column[] = [
  { field: 'id', header: 'ADDON' },
  { field: 'customer', header: 'CUSTOMER', format: customerLabel },
  { field: 'products', header: 'PRODUCTS', format: (value) => productsByCategory(value) },
  { field: 'status', header: 'STATUS', format: addonState, style: (text, _value, theme) => theme.status(text) },
];

/** `flex addons` on a terminal: one block of rows per addon, URLs in full. */
export const ADDON_ROWS: Column[] = [
  { field: 'id', header: 'ADDON' },
  { field: 'customer', header: 'CUSTOMER', format: customerLabel },
  { field: 'products', header: 'PRODUCTS', format: (value) => productsByCategory(value, '\n') },
  { field: 'status', header: 'STATUS', format: addonState, style: (text, _value, theme) => theme.status(text) },
  { field: 'order_url', header: 'ORDER', format: url },
  { field: 'support_url', header: 'SUPPORT', format: url },
  { field: 'terms_url', header: 'TERMS', format: url },
];

/** `flex addons` in csv/tsv: the raw values, one line per addon. */
export const ADDON_LIST_COLUMNS: Column[] = [{ field: 'id' }, { field: 'customer.id' }, { field: 'products' }, { field: 'order_url' }, { field: 'support_url' }, { field: 'terms_url' }];
