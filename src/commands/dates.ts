/**
 * Days given to a command: YYYY-MM-DD checked to exist, or counted from today (`+30d`, `today`),
 * where today is the API's, so that on a sandbox relative days follow its virtual clock.
 */
import { UsageError } from '../errors.js';
import type { Factory } from '../factory.js';
import { dateParts, dayIn, looksRelative, relativeDate, unrealDate } from '../util/dates.js';

/**
 * A day as YYYY-MM-DD that exists: 1990-02-30 is refused as a day February 1990 lacks, not as a
 * badly written date. With `today` (see todayFor), a relative day (`+30d`, `today`) too.
 */
export function parseDate(value: string, flag: string, today?: string): string {
  const day = resolveRelative(value, flag, today);
  const parts = dateParts(day);
  if (parts?.day === undefined) throw new UsageError(`${flag} must be a date as YYYY-MM-DD, got "${value}"`, `or a day counted from today: ${RELATIVE_DAY_FORMS}`, { field: flag });
  const unreal = unrealDate(parts);
  if (unreal !== undefined) throw new UsageError(`${flag}: ${day} is not a real date: ${unreal}`, undefined, { field: flag });
  return day;
}

/** A day flag's value, if given, checked as parseDate does, a relative one resolved against the API's today. */
export async function readDate(f: Factory, value: string | undefined, flag: string): Promise<string | undefined> {
  return value === undefined ? undefined : parseDate(value, flag, await todayFor(f, [[flag, value]]));
}

/** What a flag that takes a day (not a month) accepts besides YYYY-MM-DD. */
const RELATIVE_DAY_FORMS = 'today, +30d, +2w, +6mo, +1y (-30d before)';

/**
 * `value` with a relative date (`+30d`, `next-month`) resolved against `today`; any other value
 * as it is. A relative form written wrongly (`+6m`) is a usage error naming `flag`.
 */
export function resolveRelative(value: string, flag: string, today: string | undefined): string {
  // Any day shows whether the form is right, so a mistake is refused even without today.
  const relative = relativeDate(value, today ?? '2000-01-01');
  if (relative === undefined) return value;
  if ('problem' in relative) throw new UsageError(`${flag}: ${relative.problem}`, undefined, { field: flag });
  // todayFor returns a day whenever a value looks relative: without one, the caller forgot to ask.
  if (today === undefined) throw new Error(`${flag} "${value}" is a relative date but no today was given`);
  return relative.date;
}

/**
 * The API's today (YYYY-MM-DD, in the profile's time zone) when one of the `[flag, value]` pairs
 * is a relative date, else undefined without asking anything: relative dates follow the API's
 * calendar, so on a sandbox they follow its virtual clock. One written wrongly is refused first.
 */
export async function todayFor(f: Factory, values: ReadonlyArray<readonly [flag: string, value: string | undefined]>): Promise<string | undefined> {
  const relative = values.filter((pair): pair is readonly [string, string] => pair[1] !== undefined && looksRelative(pair[1]));
  if (relative.length === 0) return undefined;
  // Any day shows whether the form is right: a mistake exits 2 before the API is asked.
  for (const [flag, value] of relative) resolveRelative(value, flag, '2000-01-01');
  return apiToday(f);
}

/**
 * The API's today: the clock of a sandbox (built-in or served: both answer /_sandbox/clock), or
 * this machine's on a real API, which has no clock to ask. The day is the one in the profile's
 * time zone (--tz or the tz setting; the system's without one).
 */
export async function apiToday(f: Factory): Promise<string> {
  const [client, { clockIfSandbox }] = await Promise.all([f.api(), import('../api/resources/sandbox.js')]);
  return dayIn((await clockIfSandbox(client)) ?? f.now(), f.globals.tz);
}
