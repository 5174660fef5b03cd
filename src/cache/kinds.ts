/**
 * Which reads the local cache keeps (issue 17): reads of the catalogue — departures, tour
 * dossiers, activities, itineraries and agencies (their TTLs are settings: config/cache-ttl.ts).
 */
import type { CacheKind } from '../config/cache-ttl.js';

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
  if (segments.length === 2) return { kind, item: id };
  if (segments.length === 3 && kind === 'tour_dossiers' && sub === 'departures') return { kind: 'departures' };
  if (segments.length === 3 && kind === 'itineraries') return { kind, item: id };
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

/**
 * Whether a list read is a page after the first (`page` 2 or more). The cache keeps a list's
 * first page, which people read again (a search, a --limit list); later pages come from walks
 * read once (--all, trek api --paginate), which would fill the cache to its cap and push out
 * what is read again (a 100,000-departure walk is 830 MB).
 */
export function laterPage(url: URL): boolean {
  const page = url.searchParams.get('page');
  return page !== null && page.trim() !== '' && page.trim() !== '1';
}
