/** How travel credits look in table view: amounts in their currency, and the windows with how long each has left. */
import { bookingWindowEnd, travelWindowEnd, type TravelCredit } from '../../api/resources/credits.js';
import { formatMoney } from '../../output/money.js';
import { type Column } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import type { Theme } from '../../output/theme.js';

/** Days within which a credit "expires soon" and stands out in a table. */
export const EXPIRING_SOON_DAYS = 30;

const DAY_MS = 86_400_000;

/** Whole days from `today` to `day` (both YYYY-MM-DD); undefined when either is not a date. */
export function daysUntil(day: string | undefined, today: string): number | undefined {
  const end = day === undefined ? Number.NaN : Date.parse(`${day}T00:00:00Z`);
  const start = Date.parse(`${today}T00:00:00Z`);
  return Number.isNaN(end) || Number.isNaN(start) ? undefined : Math.round((end - start) / DAY_MS);
}

/** The API's day (YYYY-MM-DD) from an answer's Date header, else by `now`: the sandbox's clock may not be the machine's. */
export function apiDay(dateHeader: string | undefined, now: () => Date): string {
  const served = dateHeader === undefined ? Number.NaN : Date.parse(dateHeader);
  return new Date(Number.isNaN(served) ? now().getTime() : served).toISOString().slice(0, 10);
}

/** When a credit can no longer be used: its booking window ends (the travel window ends later). */
export function expiryOf(credit: TravelCredit): string | undefined {
  return bookingWindowEnd(credit) ?? travelWindowEnd(credit);
}

/** "2027-02-01 (in 12 days)", "2027-02-01 (today)", "2026-12-01 (ended)"; later days as they are. */
function windowEnd(day: string | undefined, today: string): string {
  if (day === undefined) return '';
  const days = daysUntil(day, today);
  if (days === undefined || days > EXPIRING_SOON_DAYS) return day;
  if (days < 0) return `${day} (ended)`;
  return `${day} (${days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`})`;
}

/** A window end that is near stands out in yellow, one that has passed is dimmed (their text says which: windowEnd). */
function windowStyle(text: string, _value: unknown, theme: Theme): string {
  if (text.endsWith('(ended)')) return theme.dim(text);
  return /\((?:today|tomorrow|in \d+ days)\)$/.test(text) ? theme.warning(text) : text;
}

function amount(value: unknown, record: unknown): string {
  return formatMoney(value, (record as TravelCredit).currency);
}

/** Columns of a credit list or detail view; `today` is the API's day (its clock), against which windows are measured. */
export function creditColumns(today: string): Column[] {
  return [
    { field: 'id', header: 'ID' },
    { field: 'booking.id', header: 'BOOKING' },
    { field: 'amount', header: 'AMOUNT', format: amount },
    { field: 'remaining_amount', header: 'LEFT', format: amount },
    { field: 'issue_date', header: 'ISSUED', format: (value, record) => displayValue(value ?? (record as TravelCredit).date_created) },
    { field: 'booking_window.end_date', header: 'BOOK BY', format: (_v, record) => windowEnd(bookingWindowEnd(record as TravelCredit), today), style: windowStyle },
    { field: 'travel_window.end_date', header: 'TRAVEL BY', format: (_v, record) => windowEnd(travelWindowEnd(record as TravelCredit), today), style: windowStyle },
  ];
}

/** Label kept with a credit id for completion menus: "1187.02 CAD left · book by 2028-01-10". */
export function creditLabel(credit: TravelCredit): string {
  const left = formatMoney(credit.remaining_amount ?? credit.amount, credit.currency);
  const end = bookingWindowEnd(credit);
  return [left && `${left} left`, end && `book by ${end}`].filter(Boolean).join(' · ');
}
