/** The catalogue's resources in wire form (what the API returns), and what their generators share. */
import type { AvailabilityStatus } from '../model.js';
import type { Money } from '../money.js';
import type { Place } from './reference.js';

export interface Ref {
  id: string;
  href: string;
  name?: string;
}

export type NamedRef = Ref & { name: string };

/** A date range; a null end (or start) is open-ended. */
export interface DateRange {
  start_date: string | null;
  end_date: string | null;
}

export interface Departure {
  id: string;
  href: string;
  name: string;
  product_line: string;
  start_date: string;
  finish_date: string;
  /** `total`: places left, the operator's member; `spaces_remaining`: the same count, as the sandbox named it first (kept for scripts that read it). */
  availability: { status: AvailabilityStatus; total: number; spaces_remaining: number };
  nearest_start_airport: { code: string };
  nearest_finish_airport: { code: string };
  tour_dossier: Ref;
  prices: Money;
  lowest_pp2a_prices: Array<{ currency: string; amount: string }>;
  deposits: Money;
  flags: string[];
  rooms: Room[];
  /** The itinerary (and its variation) that applies on the start date. */
  structured_itineraries: Array<Ref & { variation_id: string | null }>;
  flex_plans: Ref[];
  cancellation_terms: Ref;
  /** The exact accommodation (spec §2.10 rule 4): one ACCOMMODATION component per stay. */
  components: DepartureComponent[];
  date_created: string;
  date_last_modified: string;
}

/** A component of one departure: an itinerary component's members, dated, with its own id and name. */
export type DepartureComponent = { id: string; name: string; start_date: string; finish_date: string } & Component;

export interface Room {
  code: string;
  name: string;
  price_adjustment_percent: number;
  flags: string[];
  /** Places left in this room (the operator's client reads a room's availability as a departure's). */
  availability: { status: AvailabilityStatus; total: number };
  price_bands: Array<{
    code: string;
    name: string;
    min_travellers: number;
    max_travellers: number | null;
    min_age: number | null;
    max_age: number | null;
    prices: Array<{ currency: string; amount: string; deposit: string; promotions: ReadonlyArray<Ref> }>;
  }>;
}

export interface TourDossier {
  id: string;
  href: string;
  name: string;
  product_line: string;
  description: string;
  departures_start_date: string | null;
  departures_end_date: string | null;
  /** As the operator sends it: cities as objects, countries as references. */
  geography: {
    start_city: { name: string };
    finish_city: { name: string };
    start_country: NamedRef;
    finish_country: NamedRef;
    primary_country: NamedRef;
    visited_countries: NamedRef[];
  };
  itineraries: Ref[];
  structured_itineraries: Array<Ref & { variation_id: string | null }>;
  valid_during_ranges: Array<{ start_date: string | null; end_date: string | null; itinerary: Ref }>;
  departures: { href: string };
  date_created: string;
}

export interface Activity {
  id: string;
  href: string;
  name: string;
  description: string;
  location: { city: string; country: string };
  duration_hours: number;
  available_from: string;
  available_to: string;
  prices: Money;
  commission_rate: number;
  date_created: string;
}

/** What every generator takes from its catalogue: the seed, and dates relative to the epoch. */
export interface CatalogueBasis {
  readonly seed: number;
  readonly epochMs: number;
  /** The date `offset` days from the epoch. */
  day(offset: number): string;
}

export interface DossierPlan {
  /** Shared by all of the dossier's departures: one object instead of one each. */
  ref: Ref;
  startAirport: { code: string };
  finishAirport: { code: string };
  index: number;
  id: string;
  name: string;
  line: string;
  place: Place;
  finish: Place;
  length: number;
  cadPerDay: number;
  itineraryIds: string[];
}

export interface Location {
  name: string;
}

/** Every member spec §2.10 lists for a component, null when it has none. */
export interface Component {
  type: 'ACCOMMODATION' | 'ACTIVITY' | 'TRANSPORT' | 'FREE_TIME';
  start_location: Location | null;
  end_location: Location | null;
  summary: string | null;
  description: string | null;
  instructions: string | null;
  accommodation: { id: string; name: string; type: { code: string; label: string } } | null;
  activity: { id: string; name: string } | null;
  transport: { id: string; name: string } | null;
  transport_leg: { id: string; name: string } | null;
  duration: { min_hr: string; max_hr: string } | null;
  distance_km: number | null;
  start_time: string | null;
  end_time: string | null;
  time_period: 'MORNING' | 'AFTERNOON' | 'EVENING' | 'FULL_DAY' | null;
  is_overnight: boolean;
}

export type Accommodation = NonNullable<Component['accommodation']>;
