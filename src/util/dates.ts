/**
 * Calendar dates as the API writes them (spec §2.1, `YYYY-MM-DD`), checked as real days: a
 * typed 1985-02-30 is refused as a day February 1985 does not have, not as a badly written
 * date. Year-month (`2027-06`) names a month, for searches and ranges.
 */

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface DateParts {
  year: number;
  month: number;
  /** Undefined for a month (`2027-06`). */
  day?: number;
}

/** `2027-06-13` or `2027-06` as numbers, undefined for any other form; says nothing of whether the day exists. */
export function dateParts(text: string): DateParts | undefined {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
  if (!match) return undefined;
  return { year: Number(match[1]), month: Number(match[2]), ...(match[3] === undefined ? {} : { day: Number(match[3]) }) };
}

export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one (UTC: no zone can move it).
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Why the parts name no real month or day ("there is no month 13", "February 1985 has 28 days"), or undefined. */
export function unrealDate({ year, month, day }: DateParts): string | undefined {
  if (month < 1 || month > 12) return `there is no month ${month}`;
  if (day === undefined) return undefined;
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) return `${MONTH_NAMES[month - 1]} ${year} has ${days} days`;
  return undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The parts as the API writes them: `2027-06-01`, or `2027-06` for a month. */
export function formatDateParts({ year, month, day }: DateParts): string {
  return `${String(year).padStart(4, '0')}-${pad(month)}${day === undefined ? '' : `-${pad(day)}`}`;
}

/** First and last day of a month or of a day's own range (`2027-06` → 2027-06-01 … 2027-06-30). */
export function dateSpan(parts: DateParts): { first: string; last: string } {
  if (parts.day !== undefined) {
    const day = formatDateParts(parts);
    return { first: day, last: day };
  }
  return { first: formatDateParts({ ...parts, day: 1 }), last: formatDateParts({ ...parts, day: daysInMonth(parts.year, parts.month) }) };
}

/** The spec's datetime form (`YYYY-MM-DDThh:mm:ssZ`); the fraction only as some servers add it. */
const API_DATETIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d{1,9})?Z$/;

/** Whether `text` is an API datetime that names a real moment (2027-02-30T… is not one). */
export function isApiDatetime(text: string): boolean {
  const match = API_DATETIME.exec(text);
  if (!match) return false;
  const moment = new Date(text);
  // Date rolls 2027-02-30 over to March 2 and 24:00 to the next day: a real moment reads back the same.
  return !Number.isNaN(moment.getTime()) && moment.toISOString().slice(0, 19) === `${match[1]}T${match[2]}`;
}

/**
 * Dates a user may type relative to today, so that a saved command or an example never expires:
 * `today`, `this-month`, `next-month` (months, for flags that take one), and an offset from
 * today `+30d`, `+2w`, `+6mo`, `+1y` (`-` for before). Months are `mo`, not `m`: the sandbox
 * clock's durations use `m` for minutes.
 */
export const RELATIVE_DATE_FORMS = 'today, this-month, next-month, or days, weeks, months or years from today: +30d, +2w, +6mo, +1y (-30d before)';

const OFFSET = /^([+-])(\d{1,4})(d|w|mo|y)$/;

/** Whether `text` is written as a relative date at all (a word, or a sign and a digit), right or wrong. */
export function looksRelative(text: string): boolean {
  return /^(?:[a-z]|[+-]\d)/i.test(text.trim());
}

/**
 * `text` resolved against `today` (YYYY-MM-DD): a day (`2027-02-09`) or, for this-month and
 * next-month, a month (`2027-02`). Undefined when `text` is not written as a relative date; a
 * problem when it is, but wrongly (`+6m`). A month offset keeps the day, or takes the month's
 * last when it is shorter (January 31 +1mo is February 28).
 */
export function relativeDate(text: string, today: string): { date: string } | { problem: string } | undefined {
  const written = text.trim();
  if (!looksRelative(written)) return undefined;
  const now = dateParts(today);
  if (now?.day === undefined) throw new Error(`today must be a day as YYYY-MM-DD, got "${today}"`);
  const word = written.toLowerCase();
  if (word === 'today') return { date: today };
  if (word === 'this-month' || word === 'next-month') {
    const month = addMonths(now, word === 'next-month' ? 1 : 0);
    return { date: formatDateParts({ year: month.year, month: month.month }) };
  }
  const offset = OFFSET.exec(word);
  if (!offset) {
    const minutes = /^[+-]\d+m$/.test(word) ? ` (months are mo: ${written}o; m is minutes in sandbox clock durations)` : '';
    return { problem: `"${text}" is not a date: use YYYY-MM-DD or ${RELATIVE_DATE_FORMS}${minutes}` };
  }
  const amount = Number(offset[2]) * (offset[1] === '-' ? -1 : 1);
  const unit = offset[3];
  if (unit === 'mo' || unit === 'y') return { date: formatDateParts(addMonths(now, unit === 'y' ? amount * 12 : amount)) };
  const day = new Date(Date.UTC(now.year, now.month - 1, now.day + amount * (unit === 'w' ? 7 : 1)));
  return { date: day.toISOString().slice(0, 10) };
}

/** `parts` moved by whole months, the day kept or cut to the month's last. */
function addMonths({ year, month, day }: DateParts, months: number): Required<DateParts> {
  const index = year * 12 + (month - 1) + months;
  const target = { year: Math.floor(index / 12), month: (index % 12) + 1 };
  return { ...target, day: Math.min(day ?? 1, daysInMonth(target.year, target.month)) };
}

/** The day (YYYY-MM-DD) `instant` falls on in `timeZone` (undefined: the system's). */
export function dayIn(instant: Date, timeZone?: string): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}
