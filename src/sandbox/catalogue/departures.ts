/**
 * Departures: the fixed showcase cases first, then departures drawn from the dossier plans up
 * to two years out, priced from the plan's price per day.
 */
import { PREMIUM_PRODUCT_LINE } from '../../domain/flex.js';
import type { AvailabilityStatus } from '../model.js';
import { CURRENCIES, moneyFrom, scaleMoney, type Money } from '../money.js';
import { ref } from '../refs.js';
import { DEPARTURE_ID_BASE } from './ids.js';
import { component, guesthouse, representativeStay, structuredItineraryOn } from './itineraries.js';
import { roomPromotions } from './promotions.js';
import { mix, Rng, STREAM } from './random.js';
import { FLEX_TIERS } from './terms.js';
import type { CatalogueBasis, Departure, DepartureComponent, DossierPlan, Room } from './types.js';

const DEPOSITS = { regular: moneyFrom(250, 10), premium: moneyFrom(500, 10) };

/**
 * The rooms a departure sells: STANDARD, shared, at the departure's price, and SINGLE, a room of
 * one's own at 25 % more, of which a departure has few (singleRoomsOf). A traveller booked
 * without a room takes STANDARD.
 */
const ROOM_TYPES = [
  { code: 'STANDARD', name: 'Standard (shared)', price_adjustment_percent: 0 },
  { code: 'SINGLE', name: 'My Own Room', price_adjustment_percent: 25 },
] as const;

export const STANDARD_ROOM = 'STANDARD';
export const ROOM_CODES: readonly string[] = ROOM_TYPES.map((type) => type.code);

/**
 * Single rooms a departure has: a tenth of a large departure's places (showcase and group
 * departures), else two to four. What is left of them is also bounded by the departure's places.
 */
export function singleRoomsOf(departure: Pick<Departure, 'id' | 'availability'>): number {
  const places = departure.availability.total;
  return places >= 40 ? Math.floor(places / 10) : 2 + (Number(departure.id) % 3);
}

/**
 * The rooms as a departure with `availability` shows them: each with its price bands and its
 * availability (`total` places left in it), `taken` of the rooms other than the standard one
 * taken (by code).
 */
export function departureRooms(departure: Pick<Departure, 'id' | 'availability' | 'prices' | 'deposits'>, availability: Departure['availability'], taken: Readonly<Record<string, number>>): Room[] {
  return ROOM_TYPES.map((type) => {
    const left = type.code === STANDARD_ROOM ? availability.total : Math.max(0, Math.min(availability.total, singleRoomsOf(departure) - (taken[type.code] ?? 0)));
    const status: AvailabilityStatus = availability.status === 'AVAILABLE' && left === 0 ? 'NOT_BOOKABLE' : availability.status;
    return { ...room(type, departure.prices, departure.deposits), availability: { status, total: left } };
  });
}

/**
 * A room with its price band (the names clients of the operator's API read: `price_bands[]`
 * of `prices[]` by currency, each naming the promotions that may apply to the room). One band,
 * adults, per room: the sandbox prices every traveller alike.
 */
function room(type: (typeof ROOM_TYPES)[number], prices: Money, deposits: Money): Omit<Room, 'availability'> {
  const amounts = type.price_adjustment_percent === 0 ? prices : scaleMoney(prices, 1 + type.price_adjustment_percent / 100);
  const promotions = roomPromotions(type.code);
  return {
    ...type,
    flags: [],
    price_bands: [
      {
        code: 'ADULT',
        name: 'Adult',
        min_travellers: 1,
        max_travellers: null,
        min_age: 18,
        max_age: null,
        prices: CURRENCIES.map((currency) => ({ currency, amount: amounts[currency], deposit: deposits[currency], promotions })),
      },
    ],
  };
}

/**
 * Fixed departures at the start of every catalogue: one for each case the rules care about.
 * `dossier` indexes the dossier list (dossier 1 is on the premium line).
 */
export const SHOWCASE: ReadonlyArray<{ days: number; dossier: number; status: AvailabilityStatus; fullPayment?: boolean; places?: number; purpose: string }> = [
  { days: 200, dossier: 0, status: 'AVAILABLE', purpose: 'bookable, flex can be attached' },
  { days: 30, dossier: 2, status: 'AVAILABLE', purpose: 'inside the 60-day flex stop-sell window' },
  { days: 75, dossier: 1, status: 'AVAILABLE', purpose: 'premium line, inside its 90-day window (outside 60)' },
  { days: 150, dossier: 1, status: 'AVAILABLE', purpose: 'premium line, flex can be attached' },
  { days: 120, dossier: 3, status: 'REQUEST_SPACE', purpose: 'request space: a service starts On Request' },
  { days: 100, dossier: 4, status: 'WAIT_LIST', purpose: 'wait list: a service starts Waitlisted' },
  { days: 90, dossier: 5, status: 'NOT_BOOKABLE', purpose: 'not bookable' },
  { days: 250, dossier: 0, status: 'AVAILABLE', fullPayment: true, purpose: 'FULL_PAYMENT_REQUIRED_TO_BOOK' },
  { days: 61, dossier: 7, status: 'AVAILABLE', purpose: 'one day outside the 60-day window on the epoch day' },
  { days: 8, dossier: 8, status: 'AVAILABLE', purpose: 'departs next week' },
];

/**
 * Places a showcase departure has left: enough to be booked again and again, by tests and by
 * integrators trying the rules. The others have 1 to 16 (a small group's size) and sell out.
 */
export const SHOWCASE_PLACES = 500;

/**
 * Departures for groups (`trek group import`), by index: AVAILABLE, with room for a school
 * trip or a club tour. Not among the first ids, which the seeded scenarios draw from beside
 * the showcase: these two were drawn from nothing (isFixedDeparture keeps scenarios off them).
 */
export const GROUP_DEPARTURES: ReadonlyMap<number, { days: number; dossier: number; status: AvailabilityStatus; places: number; purpose: string }> = new Map([
  [12, { days: 180, dossier: 9, status: 'AVAILABLE', places: 40, purpose: 'group departure: 40 places, so a group of 41 is refused' }],
  [13, { days: 240, dossier: 10, status: 'AVAILABLE', places: 60, purpose: 'group departure: 60 places' }],
]);

/** A showcase or group departure: its case is fixed, so the seeded scenarios book others. */
export function isFixedDeparture(id: string): boolean {
  const index = Number(id) - DEPARTURE_ID_BASE - 1;
  return index < SHOWCASE.length || GROUP_DEPARTURES.has(index);
}

/** A departure's availability with `places` left, under both the operator's name (`total`) and the sandbox's first one. */
export function availabilityWith(status: AvailabilityStatus, places: number): Departure['availability'] {
  return { status, total: places, spaces_remaining: places };
}

/** The places the seed leaves on a departure: none unless it is AVAILABLE (rules/places.ts sells by them). */
function placesLeft(status: AvailabilityStatus, drawn: number, fixed: { places?: number } | undefined): number {
  return status === 'AVAILABLE' && fixed ? (fixed.places ?? SHOWCASE_PLACES) : drawn;
}

export function makeDeparture(basis: CatalogueBasis, plans: readonly DossierPlan[], i: number): Departure {
  const rng = new Rng(mix(basis.seed, STREAM.departure, i));
  const showcase: (typeof SHOWCASE)[number] | undefined = SHOWCASE[i] ?? GROUP_DEPARTURES.get(i);
  const plan = plans[showcase ? showcase.dossier : i % plans.length];
  const startOffset = showcase ? showcase.days : rng.int(7, 730);
  const status: AvailabilityStatus = showcase ? showcase.status : pickStatus(rng.next());
  const start = basis.day(startOffset);
  const premium = plan.line === PREMIUM_PRODUCT_LINE;
  const cad = plan.cadPerDay * plan.length * (premium ? 1.8 : 1) * (0.95 + rng.next() * 0.1);
  const id = String(DEPARTURE_ID_BASE + 1 + i);
  const created = `${basis.day(-rng.int(30, 400))}T09:00:00Z`;
  const prices = moneyFrom(cad, 100, 1);
  const deposits = premium ? DEPOSITS.premium : DEPOSITS.regular;
  const departure: Own = {
    id,
    href: `/departures/${id}/`,
    name: plan.name,
    product_line: plan.line,
    start_date: start,
    finish_date: basis.day(startOffset + plan.length - 1),
    availability: availabilityWith(status, placesLeft(status, status === 'AVAILABLE' ? rng.int(1, 16) : 0, showcase)),
    nearest_start_airport: plan.startAirport,
    nearest_finish_airport: plan.finishAirport,
    tour_dossier: plan.ref,
    prices,
    deposits,
    flags: (showcase ? showcase.fullPayment : rng.chance(0.1)) ? ['FULL_PAYMENT_REQUIRED_TO_BOOK'] : [],
    flex_plans: FLEX_TIERS.map((tier, t) => ref('flex_plans', `${id}-${t + 1}`, { name: tier.name })),
    cancellation_terms: ref('service_cancellation_terms', `generic-${id}`),
    date_created: created,
    date_last_modified: created,
  };
  origins.set(departure, { basis, plan, startOffset });
  return Object.defineProperties(departure, DERIVED) as Departure;
}

/** What a departure's derived members are made from beyond its own: the catalogue and its dossier. */
const origins = new WeakMap<object, Origin>();

interface Origin {
  basis: CatalogueBasis;
  plan: DossierPlan;
  /** Days from the catalogue's epoch to the start date: dates are read from basis.day(), formatted once per day. */
  startOffset: number;
}

type Own = Omit<Departure, 'lowest_pp2a_prices' | 'rooms' | 'structured_itineraries' | 'components'>;

/**
 * The departure's accommodation components (spec §2.10 rule 4): one per stay — the nights its
 * itineraries spend in one hotel in a row — dated from the start date. The itinerary names a
 * representative hotel; the departure names the exact one, a guesthouse of the same city
 * chosen by the departure, so departures of one tour differ.
 */
function accommodationComponents(departure: Own, { basis, plan, startOffset }: Origin): DepartureComponent[] {
  const stays: Array<{ representativeId: string; firstNight: number; lastNight: number }> = [];
  for (let night = 1; night < plan.length; night++) {
    const stay = representativeStay(plan, night);
    if (!stay) continue;
    const previous = stays.at(-1);
    if (previous && previous.representativeId === stay.id && previous.lastNight === night - 1) previous.lastNight = night;
    else stays.push({ representativeId: stay.id, firstNight: night, lastNight: night });
  }
  const here = { name: plan.place.city };
  return stays.map((stay) => {
    const hotel = guesthouse(plan, ((stay.firstNight + Number(departure.id)) % 3) + 1);
    const nights = stay.lastNight - stay.firstNight + 1;
    return {
      id: `${departure.id}-N${stay.firstNight}`,
      name: hotel.name,
      start_date: basis.day(startOffset + stay.firstNight - 1),
      finish_date: basis.day(startOffset + stay.lastNight),
      ...component({
        type: 'ACCOMMODATION',
        start_location: here,
        end_location: here,
        summary: `${nights} ${nights === 1 ? 'night' : 'nights'} at ${hotel.name}`,
        accommodation: hotel,
        start_time: '15:00',
        end_time: '11:00',
        time_period: 'EVENING',
      }),
    };
  });
}

/**
 * Members derived from a departure's prices and dossier, made when read (JSON, a search, a
 * spread) instead of held: 100 000 departures would hold them 100 000 times over. The same
 * accessors on every departure, so they all keep one shape.
 */
const DERIVED: PropertyDescriptorMap = {
  /** Per person sharing a twin room: the standard room's price. */
  lowest_pp2a_prices: {
    enumerable: true,
    get(this: Own) {
      return CURRENCIES.map((currency) => ({ currency, amount: this.prices[currency] }));
    },
  },
  rooms: {
    enumerable: true,
    get(this: Own) {
      return departureRooms(this, this.availability, {});
    },
  },
  /** The itinerary, and its variation, valid on the start date. */
  structured_itineraries: {
    enumerable: true,
    get(this: Own) {
      const { basis, plan } = origins.get(this)!;
      return [structuredItineraryOn(basis, plan, this.start_date)];
    },
  },
  components: {
    enumerable: true,
    get(this: Own) {
      return accommodationComponents(this, origins.get(this)!);
    },
  },
};

function pickStatus(r: number): AvailabilityStatus {
  if (r < 0.55) return 'AVAILABLE';
  if (r < 0.7) return 'REQUEST_SPACE';
  if (r < 0.85) return 'WAIT_LIST';
  return 'NOT_BOOKABLE';
}
