/**
 * Catalogue records read by id (spec §2.11; their detail endpoints are "not shown", so trek
 * reads `/<collection>/<id>/` as it does every other resource): tour dossiers, activities,
 * and a dossier's departures. Departures are read with flex.ts's getDeparture.
 */
import type { ApiClient } from '../client.js';
import { fetchJson, itemPath, type Reference } from './common.js';

export const TOUR_DOSSIERS = 'tour_dossiers';
export const ACTIVITIES = 'activities';

export interface TourDossier {
  id: string;
  href: string;
  name?: string;
  product_line?: string;
  description?: string;
  departures_start_date?: string | null;
  departures_end_date?: string | null;
  /** Cities are objects (`{name}`) in the operator's payloads; the sandbox once sent bare names. */
  geography?: { start_city?: unknown; finish_city?: unknown; primary_country?: { id?: string; name?: string } };
  itineraries?: Reference[];
  valid_during_ranges?: Array<{ start_date?: string | null; end_date?: string | null; itinerary?: Reference }>;
  /** The dossier's departures, as a sub-collection searchable like `/departures`. */
  departures?: { href?: string };
}

export interface Activity {
  id: string;
  href: string;
  name?: string;
  description?: string;
  location?: { city?: string; country?: string };
  duration_hours?: number;
  available_from?: string | null;
  available_to?: string | null;
  prices?: Record<string, string>;
}

export function getTourDossier(client: ApiClient, id: string): Promise<TourDossier> {
  return fetchJson<TourDossier>(client, itemPath(TOUR_DOSSIERS, id));
}

export function getActivity(client: ApiClient, id: string): Promise<Activity> {
  return fetchJson<Activity>(client, itemPath(ACTIVITIES, id));
}

/**
 * Where a dossier's departures are listed: the `departures.href` it carries, else the
 * departures searched by their dossier (`/departures?tour_dossier.id=<id>`).
 */
export function dossierDeparturesList(dossier: Pick<TourDossier, 'id' | 'departures'>): { path: string; query: Array<[string, string]> } {
  const href = dossier.departures?.href;
  return typeof href === 'string' && href !== '' ? { path: href, query: [] } : { path: '/departures', query: [['tour_dossier.id', String(dossier.id)]] };
}
