/**
 * The sandbox's virtual clock: real time plus a persisted offset, so `advance 30d` survives
 * restarts and every process on one data file agrees on "now"; and the date arithmetic of
 * the rules. Rules that act when time passes are due hooks (transaction.ts).
 */
export class Clock {
  constructor(private readonly offsetMs: () => number) {}

  nowMs(): number {
    return Date.now() + this.offsetMs();
  }

  now(): Date {
    return new Date(this.nowMs());
  }
}

const DAY_MS = 86_400_000;
const UNIT_MS: Record<string, number> = { w: 7 * DAY_MS, d: DAY_MS, h: 3_600_000, m: 60_000, s: 1000 };

/** `30d`, `12h`, `1d12h`, `2w`, `90m`, `45s` → milliseconds; null when not of that form. */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  if (!/^(\d+[wdhms])+$/.test(trimmed)) return null;
  let total = 0;
  for (const [, amount, unit] of trimmed.matchAll(/(\d+)([wdhms])/g)) total += Number(amount) * UNIT_MS[unit];
  return total;
}

/** ISO datetime without milliseconds, the spec's `YYYY-MM-DDThh:mm:ssZ`. */
export function isoDateTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

export function addDays(date: string, days: number): string {
  return isoDate(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
}

/** `date` plus whole months, the day clamped to the month's length. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Whole days from `fromMs` to the start of `date` (UTC), negative when the date is past. */
export function daysUntil(date: string, fromMs: number): number {
  return Math.floor((Date.parse(`${date}T00:00:00Z`) - fromMs) / DAY_MS);
}

/**
 * The instant "midnight EST at the end of `date`". EST is taken literally as UTC−05:00 all
 * year (no daylight saving), so it is `date + 1 day` at 05:00:00Z.
 */
export function estMidnightEnding(date: string): string {
  return isoDateTime(Date.parse(`${date}T00:00:00Z`) + DAY_MS + 5 * 3_600_000);
}

export { DAY_MS };
