/**
 * Catalogue records read by id (spec §2.11; their detail endpoints are "not shown", so trek
 * reads `/<collection>/<id>/` as it does every other resource): tour dossiers, activities,
 * and a dossier's departures. Departures are read with flex.ts's getDeparture.
 */
import type { ApiClient } from '../client.js';
import { fetchJson, itemPath } from './common.js';
import type { components } from '../../domain/contract.js';

export const TOUR_DOSSIERS = 'tour_dossiers';
export const ACTIVITIES = 'activities';

export type TourDossier = components['schemas']['TourDossier'];
export type Activity = components['schemas']['Activity'];

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
