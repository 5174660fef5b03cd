/**
 * What the local cache keeps (issue 17): reads of the catalogue — departures, tour dossiers,
 * activities, itineraries and agencies — and for how long by default. Nothing here touches the
 * disk, so the settings module can import it on every command.
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
  const seconds = Number(match[1]) * UNIT_SECONDS[(match[2]!.toLowerCase() || 's') as keyof typeof UNIT_SECONDS];
  return seconds <= MAX_TTL_SECONDS ? seconds : undefined;
}

/** A duration as people write it back: 90 → 90s, 300 → 5m, 3600 → 1h. */
export function formatDuration(seconds: number): string {
  for (const [unit, size] of [['d', 86_400], ['h', 3600], ['m', 60]] as const) {
    if (seconds >= size && seconds % size === 0) return `${seconds / size}${unit}`;
  }
  return `${seconds}s`;
}

/** A cacheable read: its kind, and the item it is about (undefined for a list or search). */
export interface CatalogueRead {
  kind: CacheKind;
  item?: string;
}

const KIND_BY_SEGMENT: Readonly<Record<string, CacheKind>> = {
  departures: 'departures',
  tour_dossiers: 'tour_dossiers',
  activities: 'activities',
  itineraries: 'itineraries',
  structured_itineraries: 'itineraries',
  agencies: 'agencies',
};

/**
 * What a path (below the API's base path) reads, or undefined when it is not a catalogue read.
 * A dossier's departures are a list of departures (their availability changes with them); an
 * itinerary's variation belongs to the itinerary. An agency's bookings, agents and credits are
 * not catalogue: they are never cached.
 */
export function catalogueRead(path: string): CatalogueRead | undefined {
  const segments = path.split('/').filter((segment) => segment !== '');
  const kind = KIND_BY_SEGMENT[segments[0] ?? ''];
  if (kind === undefined) return undefined;
  const [, id, sub] = segments;
  if (segments.length === 1) return { kind };
  if (segments.length === 2) return { kind, item: id! };
  if (segments.length === 3 && kind === 'tour_dossiers' && sub === 'departures') return { kind: 'departures' };
  if (segments.length === 3 && kind === 'itineraries') return { kind, item: id! };
  return undefined;
}

/**
 * Writes that cannot change the catalogue: the sandbox's webhook subscriptions, their deliveries
 * and test events (docs/sandbox.md, "Webhooks"). Starting `trek webhooks listen` (which
 * subscribes) or triggering a test event must not empty the cached departures.
 */
export function writeLeavesCatalogue(path: string): boolean {
  return /^\/_sandbox\/(?:webhooks|webhook_deliveries)(?:\/|$)/.test(path);
}
