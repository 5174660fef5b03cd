/**
 * Itineraries (spec §2.10, §4.2) and the tour dossier that chooses between them. The spec
 * names only `days`, `id`, `day`, `summary` and the dossier's `valid_during_ranges`; the contract
 * takes the other member names from the operator's client, and leaves most of them optional so
 * an itinerary with fewer members still reads.
 */
import type { ApiClient } from '../client.js';
import { fetchJson, fetchReferenced, itemPath, type Reference } from './common.js';
import type { components } from '../../domain/contract.js';

export type Itinerary = components['schemas']['Itinerary'];
export type ItineraryDay = NonNullable<Itinerary['days']>[number];
export type ItineraryComponent = NonNullable<ItineraryDay['components']>[number];
export type ItineraryVariation = NonNullable<Itinerary['variations']>[number];
export type TourDossier = components['schemas']['TourDossier'];

/** A date range; a null (or absent) end or start is open-ended. */
export type DateRange = NonNullable<Itinerary['valid_during_ranges']>[number];

export function itineraryPath(id: string, variationId?: string): string {
  return itemPath('itineraries', id, variationId);
}

export function getItinerary(client: ApiClient, id: string, variationId?: string): Promise<Itinerary> {
  return fetchJson<Itinerary>(client, itineraryPath(id, variationId));
}

/**
 * GET /tour_dossiers/<id>/ (a detail endpoint the spec does not show; the sandbox serves it),
 * by id or by the reference a departure holds.
 */
export function getTourDossier(client: ApiClient, dossier: string | Pick<Reference, 'id' | 'href'>): Promise<TourDossier> {
  return typeof dossier === 'string' ? fetchJson<TourDossier>(client, itemPath('tour_dossiers', dossier)) : fetchReferenced<TourDossier>(client, 'tour_dossiers', dossier);
}

/** Whether `date` (YYYY-MM-DD) falls in the range; null ends are open. */
export function inRange(range: DateRange, date: string): boolean {
  return (range.start_date === null || range.start_date === undefined || range.start_date <= date) && (range.end_date === null || range.end_date === undefined || date <= range.end_date);
}
