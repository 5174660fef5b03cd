/**
 * Itineraries (spec §2.10, §4.2) and the tour dossier that chooses between them. The spec
 * names only `days`, `id`, `day`, `summary` and the dossier's `valid_during_ranges`; the other
 * member names are those the trek sandbox serves (docs/sandbox.md), and every one of them is
 * optional here so an itinerary with fewer members still reads.
 */
import type { ApiClient } from '../client.js';
import { fetchJson, fetchReferenced, itemPath, type Reference } from './common.js';

/** A date range; a null end (or start) is open-ended. */
export interface DateRange {
  start_date: string | null;
  end_date: string | null;
}

export const TIME_PERIODS = ['MORNING', 'AFTERNOON', 'EVENING', 'FULL_DAY'] as const;
export const COMPONENT_TYPES = ['ACCOMMODATION', 'ACTIVITY', 'TRANSPORT', 'FREE_TIME'] as const;

export interface ItineraryComponent {
  type?: string;
  summary?: string | null;
  description?: string | null;
  instructions?: string | null;
  start_location?: { name?: string } | null;
  end_location?: { name?: string } | null;
  accommodation?: { id?: string; name?: string; type?: { code?: string; label?: string } } | null;
  activity?: Reference | null;
  transport?: Reference | null;
  duration?: { min_hr?: string | null; max_hr?: string | null } | null;
  distance_km?: number | null;
  start_time?: string | null;
  end_time?: string | null;
  time_period?: string | null;
  is_overnight?: boolean;
}

export interface ItineraryDay {
  id: string;
  day: number;
  label?: string | null;
  summary?: string | null;
  description?: string | null;
  instructions?: string | null;
  start_location?: { name?: string } | null;
  end_location?: { name?: string } | null;
  meals?: Array<{ type?: string; description?: string | null }>;
  components?: ItineraryComponent[];
  optional_activities?: Array<{ activity_dossier?: { id?: string; name?: string } }>;
}

export interface ItineraryVariation {
  id: string;
  variation_id: string;
  href?: string;
  valid_during_ranges?: DateRange[];
}

export interface Itinerary {
  id: string;
  href: string;
  /** Set when this is one variation of the itinerary. */
  variation_id?: string;
  label?: string | null;
  tour_dossier?: Reference | null;
  booking_company?: Reference | null;
  flags?: string[];
  /** Days: `duration` is the operator's member (its Python client reads it), `length` what trek's sandbox first sent. */
  duration?: unknown;
  length?: unknown;
  start_location?: { name?: string } | null;
  end_location?: { name?: string } | null;
  /** Counts of breakfasts, lunches, dinners (spec §2.10); read by meaning, whatever the members are called. */
  meals_included?: unknown;
  /** Two numbers (minimum, maximum) and a currency (spec §2.10): `meals_budget` the operator's name, `meal_budget` the sandbox's first. */
  meals_budget?: unknown;
  meal_budget?: unknown;
  details?: Array<{ body?: string; detail_type?: { label?: string; code?: string } }>;
  valid_during_ranges?: DateRange[];
  variations?: ItineraryVariation[];
  days?: ItineraryDay[];
  state?: string | null;
  ripple_score?: { score?: number; start_date?: string | null; end_date?: string | null } | null;
}

export interface TourDossier {
  id: string;
  href: string;
  name?: string;
  itineraries?: Reference[];
  valid_during_ranges?: Array<DateRange & { itinerary?: Reference | null }>;
  /** Spec §2.11; what the flex pre-flight reads for departures that do not carry their own. */
  product_line?: string;
}

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
