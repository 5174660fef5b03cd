/**
 * A traveller's age on a day, stated once: the sandbox judges AGE_RESTRICTED by it
 * (sandbox/rules/checkins.ts) and trek warns before booking a minor on an adults-only band
 * (commands/service/age-warning.ts). Nothing here imports from the CLI or the sandbox.
 */

/** Whole years between a birth date and a day, both YYYY-MM-DD. */
export function ageOn(birth: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(birth.slice(0, 4));
  return day.slice(5) < birth.slice(5) ? years - 1 : years;
}
