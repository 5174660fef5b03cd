/**
 * The cache's settings (issue 17): which kinds of catalogue read it keeps and for how long by
 * default, and the durations `trek config set cache.ttl.<kind>` takes. Settings, so they live
 * with the settings; the cache (src/cache/) reads them.
 */

export const CACHE_KINDS = ['departures', 'tour_dossiers', 'activities', 'itineraries', 'agencies'] as const;
export type CacheKind = (typeof CACHE_KINDS)[number];

/**
 * Seconds an answer is used without asking the API again. Departures are short: their
 * availability changes as places sell. Dossiers, activities and agencies change rarely, and
 * an itinerary is fixed once published. Past its TTL an answer is revalidated, not dropped.
 */
export const DEFAULT_TTL_SECONDS: Readonly<Record<CacheKind, number>> = {
  departures: 60,
  tour_dossiers: 3600,
  activities: 3600,
  itineraries: 86_400,
  agencies: 600,
};

const UNIT_SECONDS = { s: 1, m: 60, h: 3600, d: 86_400 } as const;
/** Longer than anything worth caching for, and far from the limits of a Date. */
const MAX_TTL_SECONDS = 365 * 86_400;

/** Seconds of a duration such as 30s, 5m, 1h, 1d or 0 (a bare number is seconds); undefined otherwise. */
export function parseDuration(value: string): number | undefined {
  const match = /^(\d{1,9})\s*([smhd]?)$/i.exec(value.trim());
  if (match === null) return undefined;
  const seconds = Number(match[1]) * UNIT_SECONDS[(match[2].toLowerCase() || 's') as keyof typeof UNIT_SECONDS];
  return seconds <= MAX_TTL_SECONDS ? seconds : undefined;
}

/** A duration as people write it back: 90 → 90s, 300 → 5m, 3600 → 1h. */
export function formatDuration(seconds: number): string {
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
  ] as const) {
    if (seconds >= size && seconds % size === 0) return `${seconds / size}${unit}`;
  }
  return `${seconds}s`;
}
