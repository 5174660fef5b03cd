/**
 * Deterministic sandbox data. The catalogue (tour dossiers, departures, activities,
 * itineraries, flex plans, cancellation terms) is a pure function of (seed, size, epoch) and
 * is regenerated on every start instead of being persisted; each entity draws from its own
 * PRNG stream, so one can be generated alone (itineraries and flex plans are built on
 * demand) and a larger `size` keeps the smaller catalogue's entities. Agencies, agents and
 * a few bookings are seeded into the mutable state once, when a store is created; only the
 * keys are random.
 *
 * All dates are relative to the epoch: the UTC day of the virtual clock when the store was
 * created. The first departures are fixed showcase cases (SHOWCASE below, listed in
 * docs/sandbox.md) so tests and rules have a known departure for each situation.
 */
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { FLEX_DISABLED_FLAG, LATE_ATTACH_HOURS, PREMIUM_PRODUCT_LINE, stopSellDate, stopSellDays, stopSellPassed } from '../domain/flex.js';
import { addDays, DAY_MS, isoDate, isoDateTime } from './clock.js';
import type { AgencyRecord, AgentRecord, NamedRef, State } from './model.js';
import { immutable } from './json.js';
import { seedScenarios } from './rules/scenarios.js';
import type { Transaction } from './store.js';

// ---------------------------------------------------------------------------------------
// PRNG

/** Hashes integers into a 32-bit seed (murmur3 finaliser). */
function mix(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part | 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for fixtures. */
class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const STREAM = { dossier: 1, departure: 2, activity: 3, itinerary: 4 } as const;

// ---------------------------------------------------------------------------------------
// Reference data

export const CURRENCIES = ['CAD', 'USD', 'GBP', 'EUR', 'AUD', 'NZD'] as const;
export type Currency = (typeof CURRENCIES)[number];
/** Prices are set in CAD and converted with these rates. */
const RATE_FROM_CAD: Record<Currency, number> = { CAD: 1, USD: 0.73, GBP: 0.58, EUR: 0.68, AUD: 1.12, NZD: 1.22 };

export type Money = Record<Currency, string>;

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '12.34' → 1234; null when not a Decimal string. */
export function parseCents(text: string): number | null {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** A CAD amount (whole dollars) in every currency, each rounded to a price-like figure. */
function moneyFrom(cadDollars: number, roundTo: number, minus = 0): Money {
  const whole = (currency: Currency) => `${Math.max(roundTo, Math.round((cadDollars * RATE_FROM_CAD[currency]) / roundTo) * roundTo) - minus}.00`;
  return { CAD: whole('CAD'), USD: whole('USD'), GBP: whole('GBP'), EUR: whole('EUR'), AUD: whole('AUD'), NZD: whole('NZD') };
}

const DEPOSITS = { regular: moneyFrom(250, 10), premium: moneyFrom(500, 10) };

function scaleMoney(money: Money, fraction: number): Money {
  const out = {} as Money;
  for (const currency of CURRENCIES) out[currency] = formatCents(Math.round(parseCents(money[currency])! * fraction));
  return out;
}

function subtractMoney(a: Money, b: Money): Money {
  const out = {} as Money;
  for (const currency of CURRENCIES) out[currency] = formatCents(parseCents(a[currency])! - parseCents(b[currency])!);
  return out;
}

interface Place {
  country: string;
  countryCode: string;
  city: string;
  airport: string;
}

const PLACES: readonly Place[] = [
  ['Peru', 'PE', 'Lima', 'LIM'],
  ['Ecuador', 'EC', 'Quito', 'UIO'],
  ['Costa Rica', 'CR', 'San José', 'SJO'],
  ['Morocco', 'MA', 'Marrakech', 'RAK'],
  ['Egypt', 'EG', 'Cairo', 'CAI'],
  ['Kenya', 'KE', 'Nairobi', 'NBO'],
  ['Tanzania', 'TZ', 'Arusha', 'JRO'],
  ['South Africa', 'ZA', 'Cape Town', 'CPT'],
  ['India', 'IN', 'Delhi', 'DEL'],
  ['Nepal', 'NP', 'Kathmandu', 'KTM'],
  ['Thailand', 'TH', 'Bangkok', 'BKK'],
  ['Vietnam', 'VN', 'Hanoi', 'HAN'],
  ['Cambodia', 'KH', 'Siem Reap', 'REP'],
  ['Japan', 'JP', 'Tokyo', 'HND'],
  ['Indonesia', 'ID', 'Denpasar', 'DPS'],
  ['Australia', 'AU', 'Sydney', 'SYD'],
  ['New Zealand', 'NZ', 'Queenstown', 'ZQN'],
  ['Iceland', 'IS', 'Reykjavík', 'KEF'],
  ['Norway', 'NO', 'Tromsø', 'TOS'],
  ['Italy', 'IT', 'Rome', 'FCO'],
  ['Greece', 'GR', 'Athens', 'ATH'],
  ['Croatia', 'HR', 'Dubrovnik', 'DBV'],
  ['Portugal', 'PT', 'Lisbon', 'LIS'],
  ['Spain', 'ES', 'Barcelona', 'BCN'],
  ['Turkey', 'TR', 'Istanbul', 'IST'],
  ['Jordan', 'JO', 'Amman', 'AMM'],
  ['Mexico', 'MX', 'Oaxaca', 'OAX'],
  ['Argentina', 'AR', 'Ushuaia', 'USH'],
  ['Chile', 'CL', 'Santiago', 'SCL'],
  ['Canada', 'CA', 'Whitehorse', 'YXY'],
  ['Scotland', 'GB', 'Edinburgh', 'EDI'],
  ['Mongolia', 'MN', 'Ulaanbaatar', 'UBN'],
].map(([country, countryCode, city, airport]) => ({ country: country!, countryCode: countryCode!, city: city!, airport: airport! }));

const STYLES = ['Best of', 'Highlights of', 'Explore', 'Trekking in', 'Journey through', 'Discover', 'Wild', 'Classic', 'Grand Tour of', 'Coast to Coast:', 'Hidden', 'Slow Travel in'];

/** With the designated premium line, whose flex stop-sell window is 90 days instead of 60 (domain/flex.ts). */
export const PRODUCT_LINES = ['Classic', PREMIUM_PRODUCT_LINE, 'Active', 'Local Living', 'Family'] as const;

export const AVAILABILITY_STATUSES = ['AVAILABLE', 'NOT_BOOKABLE', 'REQUEST_SPACE', 'WAIT_LIST'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

export const OVERRIDE_REASONS: ReadonlyArray<{ id: string; code: string; label: string }> = [
  { id: '1', code: 'PASSPORT_RENEWAL', label: 'Passport is being renewed' },
  { id: '2', code: 'INFO_AT_CHECKIN', label: 'Customer will provide the information at check-in' },
  { id: '3', code: 'MINOR_TRAVELLER', label: 'Traveller is a minor travelling with a guardian' },
  { id: '4', code: 'AGENT_VERIFIED', label: 'Verified by the agent' },
  { id: '5', code: 'NOT_APPLICABLE', label: 'Requirement does not apply to this traveller' },
];

/** Countries and states agency addresses resolve to (objects with id, href, name). */
export const COUNTRIES: ReadonlyArray<{ id: string; name: string; states: readonly NamedRef[] }> = [
  { id: 'CA', name: 'Canada', states: [{ id: 'CA-ON', name: 'Ontario' }, { id: 'CA-AB', name: 'Alberta' }, { id: 'CA-BC', name: 'British Columbia' }, { id: 'CA-QC', name: 'Quebec' }] },
  { id: 'US', name: 'United States', states: [{ id: 'US-NY', name: 'New York' }, { id: 'US-CA', name: 'California' }, { id: 'US-WA', name: 'Washington' }] },
  { id: 'GB', name: 'United Kingdom', states: [{ id: 'GB-ENG', name: 'England' }, { id: 'GB-SCT', name: 'Scotland' }] },
  { id: 'DE', name: 'Germany', states: [{ id: 'DE-BY', name: 'Bayern' }, { id: 'DE-BE', name: 'Berlin' }] },
  { id: 'AT', name: 'Austria', states: [{ id: 'AT-9', name: 'Wien' }] },
  { id: 'CH', name: 'Switzerland', states: [{ id: 'CH-ZH', name: 'Zürich' }] },
  { id: 'AU', name: 'Australia', states: [{ id: 'AU-NSW', name: 'New South Wales' }, { id: 'AU-VIC', name: 'Victoria' }] },
  { id: 'NZ', name: 'New Zealand', states: [] },
  { id: 'FR', name: 'France', states: [] },
  { id: 'IE', name: 'Ireland', states: [] },
];

export const AGENCY_CHAINS: ReadonlyArray<{ id: string; name: string; flags: readonly string[] }> = [
  { id: '1', name: 'North Star Travel Group', flags: [] },
  /** Flex switched off for the whole chain (spec §4.3 rule 3). */
  { id: '2', name: 'Independent Agents Alliance', flags: [FLEX_DISABLED_FLAG] },
];

export const BOOKING_COMPANIES: readonly NamedRef[] = [
  { id: '1', name: 'Wayfarer Tours Inc.' },
  { id: '2', name: 'Wayfarer Tours UK Ltd.' },
];

// ---------------------------------------------------------------------------------------
// Catalogue resources (wire form: what the API returns)

export interface Ref {
  id: string;
  href: string;
  name?: string;
}

export interface Departure {
  id: string;
  href: string;
  name: string;
  product_line: string;
  start_date: string;
  finish_date: string;
  availability: { status: AvailabilityStatus; spaces_remaining: number };
  nearest_start_airport: { code: string };
  nearest_finish_airport: { code: string };
  tour_dossier: Ref;
  prices: Money;
  deposits: Money;
  flags: string[];
  rooms: Array<{ code: string; name: string; price_adjustment_percent: number }>;
  flex_plans: Ref[];
  cancellation_terms: Ref;
  date_created: string;
  date_last_modified: string;
}

export interface TourDossier {
  id: string;
  href: string;
  name: string;
  product_line: string;
  description: string;
  departures_start_date: string | null;
  departures_end_date: string | null;
  geography: { start_city: string; finish_city: string; primary_country: { id: string; name: string } };
  itineraries: Ref[];
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

const DEPARTURE_ID_BASE = 100_000;
const DOSSIER_ID_BASE = 20_000;
const ACTIVITY_ID_BASE = 500_000;
const ITINERARY_ID_BASE = 700_000;

const ROOMS: Departure['rooms'] = [
  { code: 'STANDARD', name: 'Standard (shared)', price_adjustment_percent: 0 },
  { code: 'SINGLE', name: 'My Own Room', price_adjustment_percent: 25 },
];

/**
 * Fixed departures at the start of every catalogue: one for each case the rules care about.
 * `dossier` indexes the dossier list (dossier 1 is on the premium line).
 */
export const SHOWCASE: ReadonlyArray<{ days: number; dossier: number; status: AvailabilityStatus; fullPayment?: boolean; purpose: string }> = [
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

/** Paths answered with 301 (to the new path) and 410. */
export const MOVED: Readonly<Record<string, string>> = {
  [`/departures/${DEPARTURE_ID_BASE}`]: `/departures/${DEPARTURE_ID_BASE + 1}/`,
  [`/tour_dossiers/${DOSSIER_ID_BASE}`]: `/tour_dossiers/${DOSSIER_ID_BASE + 1}/`,
};
export const GONE: ReadonlySet<string> = new Set([`/departures/${DEPARTURE_ID_BASE - 1}`, `/tour_dossiers/${DOSSIER_ID_BASE - 1}`]);

function ref(collection: string, id: string, name?: string): Ref {
  return name === undefined ? { id, href: `/${collection}/${id}/` } : { id, href: `/${collection}/${id}/`, name };
}

interface DossierPlan {
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

/** Cached per (seed, size, epoch): several stores in one process share one catalogue. */
const catalogues = new Map<string, Catalogue>();

export class Catalogue {
  readonly epochMs: number;
  readonly epochDate: string;
  readonly dossierCount: number;
  readonly activityCount: number;
  /** Memo of search results over immutable collections, by query (search.ts). */
  readonly searchCache = new LRUCache<string, unknown[]>({ max: 64 });
  /** Memo of list replies over immutable collections, by URL, weighed in JSON bytes (list.ts). */
  readonly listCache = new LRUCache<string, object>({ maxSize: 16 * 1024 * 1024 });
  private dossierPlans: DossierPlan[] | undefined;
  private departureList: Departure[] | undefined;
  private dossierList: TourDossier[] | undefined;
  private activityList: Activity[] | undefined;
  private readonly itineraries = new Map<string, Record<string, unknown> | null>();

  private constructor(
    readonly seed: number,
    readonly size: number,
    epoch: string,
  ) {
    this.epochMs = Date.parse(epoch);
    this.epochDate = isoDate(this.epochMs);
    this.dossierCount = Math.max(12, Math.round(size / 20));
    this.activityCount = Math.max(12, Math.round(size / 40));
  }

  static for(state: Pick<State, 'seed' | 'size' | 'epoch'>): Catalogue {
    const key = `${state.seed}:${state.size}:${state.epoch}`;
    let catalogue = catalogues.get(key);
    if (!catalogue) {
      if (catalogues.size >= 4) catalogues.delete(catalogues.keys().next().value!);
      catalogue = new Catalogue(state.seed, state.size, state.epoch);
      catalogues.set(key, catalogue);
    }
    return catalogue;
  }

  private readonly days = new Map<number, string>();

  /** The date `offset` days from the epoch (memoised: 100 000 departures share ~750 days). */
  private day(offset: number): string {
    let date = this.days.get(offset);
    if (date === undefined) {
      date = isoDate(this.epochMs + offset * DAY_MS);
      this.days.set(offset, date);
    }
    return date;
  }

  private get plans(): DossierPlan[] {
    this.dossierPlans ??= Array.from({ length: this.dossierCount }, (_, index) => this.planDossier(index));
    return this.dossierPlans;
  }

  private planDossier(index: number): DossierPlan {
    const rng = new Rng(mix(this.seed, STREAM.dossier, index));
    const place = PLACES[index % PLACES.length]!;
    const cycle = Math.floor(index / (PLACES.length * STYLES.length));
    const style = STYLES[Math.floor(index / PLACES.length) % STYLES.length]!;
    const id = String(DOSSIER_ID_BASE + 1 + index);
    const itineraryIds = [String(ITINERARY_ID_BASE + 1 + 2 * index)];
    // Every fourth dossier has a second, seasonal itinerary (spec §2.10 rule 3).
    if (index % 4 === 3) itineraryIds.push(String(ITINERARY_ID_BASE + 2 + 2 * index));
    const name = `${style} ${place.country}${cycle > 0 ? ` ${cycle + 1}` : ''}`;
    const finish = rng.chance(0.7) ? place : PLACES[(index + 1) % PLACES.length]!;
    return {
      ref: ref('tour_dossiers', id, name),
      startAirport: { code: place.airport },
      finishAirport: { code: finish.airport },
      index,
      id,
      name,
      line: PRODUCT_LINES[index % PRODUCT_LINES.length]!,
      place,
      finish,
      length: rng.int(5, 18),
      cadPerDay: rng.int(140, 330),
      itineraryIds,
    };
  }

  get departures(): readonly Departure[] {
    this.departureList ??= Array.from({ length: this.size }, (_, i) => immutable(this.makeDeparture(i)));
    return this.departureList;
  }

  departure(id: string): Departure | undefined {
    const index = Number(id) - DEPARTURE_ID_BASE - 1;
    return Number.isInteger(index) && index >= 0 && index < this.size && String(Number(id)) === id ? this.departures[index] : undefined;
  }

  private makeDeparture(i: number): Departure {
    const rng = new Rng(mix(this.seed, STREAM.departure, i));
    const showcase = SHOWCASE[i];
    const plan = this.plans[showcase ? showcase.dossier : i % this.dossierCount]!;
    const startOffset = showcase ? showcase.days : rng.int(7, 730);
    const status: AvailabilityStatus = showcase ? showcase.status : pickStatus(rng.next());
    const start = this.day(startOffset);
    const premium = plan.line === PREMIUM_PRODUCT_LINE;
    const cad = plan.cadPerDay * plan.length * (premium ? 1.8 : 1) * (0.95 + rng.next() * 0.1);
    const id = String(DEPARTURE_ID_BASE + 1 + i);
    const created = `${this.day(-rng.int(30, 400))}T09:00:00Z`;
    return {
      id,
      href: `/departures/${id}/`,
      name: plan.name,
      product_line: plan.line,
      start_date: start,
      finish_date: this.day(startOffset + plan.length - 1),
      availability: { status, spaces_remaining: status === 'AVAILABLE' ? rng.int(1, 16) : 0 },
      nearest_start_airport: plan.startAirport,
      nearest_finish_airport: plan.finishAirport,
      tour_dossier: plan.ref,
      prices: moneyFrom(cad, 100, 1),
      deposits: premium ? DEPOSITS.premium : DEPOSITS.regular,
      flags: (showcase ? showcase.fullPayment : rng.chance(0.1)) ? ['FULL_PAYMENT_REQUIRED_TO_BOOK'] : [],
      rooms: ROOMS,
      flex_plans: FLEX_TIERS.map((tier, t) => ref('flex_plans', `${id}-${t + 1}`, tier.name)),
      cancellation_terms: ref('service_cancellation_terms', `generic-${id}`),
      date_created: created,
      date_last_modified: created,
    };
  }

  get tourDossiers(): readonly TourDossier[] {
    this.dossierList ??= this.makeDossiers().map(immutable);
    return this.dossierList;
  }

  tourDossier(id: string): TourDossier | undefined {
    const index = Number(id) - DOSSIER_ID_BASE - 1;
    return Number.isInteger(index) && index >= 0 && index < this.dossierCount && String(Number(id)) === id ? this.tourDossiers[index] : undefined;
  }

  private makeDossiers(): TourDossier[] {
    const ranges = this.plans.map(() => ({ first: null as string | null, last: null as string | null }));
    for (const d of this.departures) {
      const range = ranges[Number(d.tour_dossier.id) - DOSSIER_ID_BASE - 1]!;
      if (range.first === null || d.start_date < range.first) range.first = d.start_date;
      if (range.last === null || d.start_date > range.last) range.last = d.start_date;
    }
    return this.plans.map((plan) => ({
      id: plan.id,
      href: `/tour_dossiers/${plan.id}/`,
      name: plan.name,
      product_line: plan.line,
      description: `${plan.length} days from ${plan.place.city} to ${plan.finish.city}: ${plan.line.toLowerCase()} travel through ${plan.place.country}.`,
      departures_start_date: ranges[plan.index]!.first,
      departures_end_date: ranges[plan.index]!.last,
      geography: { start_city: plan.place.city, finish_city: plan.finish.city, primary_country: { id: plan.place.countryCode, name: plan.place.country } },
      itineraries: plan.itineraryIds.map((id) => ref('itineraries', id)),
      valid_during_ranges: this.itineraryRanges(plan),
      departures: { href: `/departures/?tour_dossier.id=${plan.id}` },
      date_created: isoDateTime(this.epochMs - 500 * DAY_MS),
    }));
  }

  /** A single itinerary applies from a year ago on; a seasonal pair splits at +180 days. */
  private itineraryRanges(plan: DossierPlan): TourDossier['valid_during_ranges'] {
    const [main, seasonal] = plan.itineraryIds.map((id) => ref('itineraries', id));
    if (!seasonal) return [{ start_date: this.day(-365), end_date: null, itinerary: main! }];
    return [
      { start_date: this.day(-365), end_date: this.day(180), itinerary: main! },
      { start_date: this.day(181), end_date: null, itinerary: seasonal },
    ];
  }

  get activities(): readonly Activity[] {
    this.activityList ??= Array.from({ length: this.activityCount }, (_, j) => immutable(this.makeActivity(j)));
    return this.activityList;
  }

  activity(id: string): Activity | undefined {
    const index = Number(id) - ACTIVITY_ID_BASE - 1;
    return Number.isInteger(index) && index >= 0 && index < this.activityCount && String(Number(id)) === id ? this.activities[index] : undefined;
  }

  private makeActivity(j: number): Activity {
    const rng = new Rng(mix(this.seed, STREAM.activity, j));
    const place = PLACES[j % PLACES.length]!;
    const kind = ACTIVITY_KINDS[Math.floor(j / PLACES.length) % ACTIVITY_KINDS.length]!;
    const id = String(ACTIVITY_ID_BASE + 1 + j);
    const hours = rng.int(2, 9);
    return {
      id,
      href: `/activities/${id}/`,
      name: `${kind} in ${place.city}`,
      description: `A ${hours}-hour ${kind.toLowerCase()} with a local guide in ${place.city}, ${place.country}.`,
      location: { city: place.city, country: place.country },
      duration_hours: hours,
      available_from: this.day(-30),
      available_to: this.day(730),
      prices: moneyFrom(rng.int(40, 260), 5),
      commission_rate: 10,
      date_created: isoDateTime(this.epochMs - 200 * DAY_MS),
    };
  }

  /**
   * The flex plan `<departureId>-<tier>`, rendered for `nowMs`: its availability is
   * NOT_BOOKABLE from the stop-sell date on (the departure no longer more than 60/90 days away).
   */
  flexPlan(id: string, nowMs: number): Record<string, unknown> | undefined {
    const m = /^(\d+)-([12])$/.exec(id);
    const departure = m ? this.departure(m[1]!) : undefined;
    if (!departure) return undefined;
    const tierIndex = Number(m![2]) - 1;
    const tier = FLEX_TIERS[tierIndex]!;
    const window = stopSellDays(departure.product_line);
    const closedOn = stopSellDate(departure.start_date, window);
    return {
      id,
      href: `/flex_plans/${id}/`,
      name: tier.name,
      tier: { code: tier.code, name: tier.name },
      departure: ref('departures', departure.id, departure.name),
      product_line: departure.product_line,
      prices: scaleMoney(departure.prices, tier.priceFraction),
      availability: { status: stopSellPassed(nowMs, closedOn) ? 'NOT_BOOKABLE' : 'AVAILABLE' },
      stop_sell_days: window,
      stop_sell_date: closedOn,
      late_attach_hours: LATE_ATTACH_HOURS,
      cancellation_terms: ref('service_cancellation_terms', `flex-${id}`),
      travel_credit_windows: { booking_window_months: 12, travel_window_months: 24 },
    };
  }

  /**
   * `generic-<departureId>` (percentage windows) or `flex-<departureId>-<tier>` (amount-based
   * windows). Every window carries, per currency, what a cancellation inside it refunds and
   * credits.
   */
  cancellationTerms(id: string): Record<string, unknown> | undefined {
    const generic = /^generic-(\d+)$/.exec(id);
    const flex = /^flex-(\d+)-([12])$/.exec(id);
    const departure = this.departure((generic ?? flex)?.[1] ?? '');
    if (!departure) return undefined;
    const windows = generic ? GENERIC_WINDOWS : FLEX_TIERS[Number(flex![2]) - 1]!.windows;
    const start = departure.start_date;
    return {
      id,
      href: `/service_cancellation_terms/${id}/`,
      type: generic ? 'GENERIC' : 'FLEX',
      departure: ref('departures', departure.id, departure.name),
      ...(flex ? { flex_plan: ref('flex_plans', `${departure.id}-${flex[2]}`), travel_credit_windows: { booking_window_months: 12, travel_window_months: 24 } } : {}),
      windows: windows.map((w) => {
        const penalty = scaleMoney(departure.prices, w.penalty);
        const credit = scaleMoney(departure.prices, w.credit);
        return {
          days_before_departure_from: w.from,
          days_before_departure_to: w.to,
          start_date: w.to === null ? null : addDays(start, -w.to),
          end_date: addDays(start, -w.from),
          ...(generic ? { penalty_percent: Math.round(w.penalty * 100) } : {}),
          penalty_amount: penalty,
          refund_amount: subtractMoney(subtractMoney(departure.prices, penalty), credit),
          travel_credit_amount: credit,
        };
      }),
    };
  }

  /** Itinerary `id`, or one of its variations; null/undefined when unknown. */
  itinerary(id: string, variationId?: string): Record<string, unknown> | undefined {
    let base = this.itineraries.get(id);
    if (base === undefined) {
      base = this.makeItinerary(id);
      this.itineraries.set(id, base);
    }
    if (!base) return undefined;
    if (variationId === undefined) return base;
    const variations = base.variations as Array<{ variation_id: string; valid_during_ranges: unknown }>;
    const variation = variations.find((v) => v.variation_id === variationId);
    if (!variation) return undefined;
    const { variations: _all, ...rest } = base;
    return { ...rest, href: `/itineraries/${id}/${variationId}/`, variation_id: variationId, valid_during_ranges: variation.valid_during_ranges };
  }

  private makeItinerary(id: string): Record<string, unknown> | null {
    const offset = Number(id) - ITINERARY_ID_BASE - 1;
    if (!Number.isInteger(offset) || offset < 0 || String(Number(id)) !== id) return null;
    const plan = this.plans[Math.floor(offset / 2)];
    if (!plan || !plan.itineraryIds.includes(id)) return null;
    const seasonal = plan.itineraryIds.indexOf(id) === 1;
    const rng = new Rng(mix(this.seed, STREAM.itinerary, offset));
    const days = makeDays(id, plan, rng);
    const count = (type: string) => days.filter((d) => d.meals.some((m) => m.type === type)).length;
    const range = this.itineraryRanges(plan)[seasonal ? 1 : 0]!;
    const variationId = (v: number) => String(Number(id) * 10 + v);
    const variations = [
      { id, variation_id: variationId(1), href: `/itineraries/${id}/${variationId(1)}/`, valid_during_ranges: [{ start_date: this.day(-180), end_date: null }] },
      { id, variation_id: variationId(2), href: `/itineraries/${id}/${variationId(2)}/`, valid_during_ranges: [{ start_date: this.day(-720), end_date: this.day(-181) }] },
    ];
    if (offset % 3 === 0) {
      // A future edition: the current one then ends where it starts.
      variations[0]!.valid_during_ranges = [{ start_date: this.day(-180), end_date: this.day(399) }];
      variations.splice(1, 0, { id, variation_id: variationId(3), href: `/itineraries/${id}/${variationId(3)}/`, valid_during_ranges: [{ start_date: this.day(400), end_date: null }] });
    }
    const location = (p: Place) => ({ id: p.airport, name: p.city, country: { id: p.countryCode, name: p.country } });
    return {
      id,
      href: `/itineraries/${id}/`,
      label: seasonal ? `${plan.name} (high season)` : plan.name,
      tour_dossier: ref('tour_dossiers', plan.id, plan.name),
      booking_company: BOOKING_COMPANIES[0],
      flags: plan.place.country === 'Peru' ? ['ON_INCA_TRAIL'] : rng.chance(0.2) ? ['PRIVATE_DEPARTURES_NOT_AVAILABLE'] : [],
      length: plan.length,
      start_location: location(plan.place),
      end_location: location(plan.finish),
      meals_included: { breakfasts: count('BREAKFAST'), lunches: count('LUNCH'), dinners: count('DINNER') },
      meal_budget: { min_max: [String(rng.int(15, 30)), String(rng.int(35, 70))], currency: 'USD' },
      details: [
        { body: `Group size: up to ${rng.int(10, 16)} travellers.`, detail_type: { id: '1', label: 'Group size', code: 'GROUP_SIZE' } },
        { body: 'Valid passport and visa where required.', detail_type: { id: '2', label: 'Documents', code: 'DOCUMENTS' } },
      ],
      packing_lists: [{ label: plan.name, body: 'Layers, rain jacket, sturdy walking shoes, refillable water bottle.' }],
      images: [
        { image_href: `https://images.example.com/itineraries/${id}/map.png`, type: 'MAP' },
        { image_href: `https://images.example.com/itineraries/${id}/cover.jpg`, type: 'OTHER' },
      ],
      valid_during_ranges: [{ start_date: range.start_date, end_date: range.end_date }],
      variations,
      days,
      site_links: [
        { type: 'OVERVIEW', href: `https://www.example.com/trips/${plan.id}/` },
        { type: 'DETAILS_PDF', href: `https://www.example.com/trips/${plan.id}/details.pdf` },
      ],
      state: 'PUBLISHED',
      ripple_score: { score: rng.int(60, 98), start_date: this.day(-90), end_date: this.day(275) },
    };
  }
}

function pickStatus(r: number): AvailabilityStatus {
  if (r < 0.55) return 'AVAILABLE';
  if (r < 0.7) return 'REQUEST_SPACE';
  if (r < 0.85) return 'WAIT_LIST';
  return 'NOT_BOOKABLE';
}

const ACTIVITY_KINDS = ['Cooking class', 'Food walk', 'Sunrise hike', 'Kayak tour', 'Cycling tour', 'Museum visit', 'Market tour', 'Wildlife safari', 'Hot-air balloon ride', 'Snorkelling trip'];

export interface TermsWindow {
  from: number;
  to: number | null;
  penalty: number;
  credit: number;
}

/** Generic terms by days before departure: a rising share of the price is kept. */
export const GENERIC_WINDOWS: readonly TermsWindow[] = [
  { from: 61, to: null, penalty: 0.1, credit: 0 },
  { from: 31, to: 60, penalty: 0.5, credit: 0 },
  { from: 15, to: 30, penalty: 0.75, credit: 0 },
  { from: 0, to: 14, penalty: 1, credit: 0 },
];

export const FLEX_TIERS: ReadonlyArray<{ code: string; name: string; priceFraction: number; windows: readonly TermsWindow[] }> = [
  {
    code: 'FLEX',
    name: 'Flex',
    priceFraction: 0.08,
    windows: [
      { from: 31, to: null, penalty: 0, credit: 1 },
      { from: 15, to: 30, penalty: 0.25, credit: 0.75 },
      { from: 0, to: 14, penalty: 1, credit: 0 },
    ],
  },
  {
    code: 'FLEX_PLUS',
    name: 'Flex Plus',
    priceFraction: 0.12,
    windows: [
      { from: 31, to: null, penalty: 0, credit: 0.5 },
      { from: 15, to: 30, penalty: 0.25, credit: 0.5 },
      { from: 0, to: 14, penalty: 1, credit: 0 },
    ],
  },
];

interface Day {
  id: string;
  day: number;
  label: string;
  summary: string;
  description: string;
  instructions: string;
  start_location: { name: string };
  end_location: { name: string };
  meals: Array<{ type: 'BREAKFAST' | 'LUNCH' | 'DINNER'; description: string | null }>;
  components: Array<Record<string, unknown>>;
  optional_activities: Array<{ activity_dossier: { id: string; name: string } }>;
}

const DAY_THEMES = ['Old town walk', 'Mountain hike', 'Market visit', 'Free day', 'Village homestay', 'River cruise', 'Temple visit', 'Cooking workshop', 'Coastal drive', 'Wildlife drive'];

/** Days 2 and 3 share content and one `id` (spec §2.10 rule 1): a two-night stay. */
function makeDays(itineraryId: string, plan: DossierPlan, rng: Rng): Day[] {
  const days: Day[] = [];
  for (let n = 1; n <= plan.length; n++) {
    if (n === 3 && plan.length >= 4) {
      days.push({ ...days[1]!, day: 3 });
      continue;
    }
    const city = n === plan.length ? plan.finish.city : plan.place.city;
    const theme = n === 1 ? 'Arrival' : n === plan.length ? 'Departure' : rng.pick(DAY_THEMES);
    const meals: Day['meals'] = [];
    if (n > 1) meals.push({ type: 'BREAKFAST', description: null });
    if (n > 1 && n < plan.length && rng.chance(0.3)) meals.push({ type: 'LUNCH', description: 'Picnic lunch' });
    if (n === 1 || rng.chance(0.25)) meals.push({ type: 'DINNER', description: n === 1 ? 'Welcome dinner' : null });
    const components: Array<Record<string, unknown>> = [];
    if (n > 1 && n < plan.length) {
      components.push({
        type: 'ACTIVITY',
        summary: theme,
        description: `${theme} near ${city} with your guide.`,
        duration: { min_hr: '2.0', max_hr: '4.0' },
        start_time: '09:00',
        end_time: '12:00',
        time_period: 'MORNING',
        is_overnight: false,
      });
      components.push({ type: 'FREE_TIME', summary: 'Free afternoon', time_period: 'AFTERNOON', is_overnight: false });
    }
    if (n < plan.length) {
      components.push({
        type: 'ACCOMMODATION',
        summary: `Hotel in ${city}`,
        accommodation: { id: `${plan.place.airport}-H${(n % 3) + 1}`, name: `${city} Guesthouse ${(n % 3) + 1}`, type: { code: 'HOTEL', label: 'Hotel' } },
        time_period: 'EVENING',
        is_overnight: false,
      });
    }
    days.push({
      id: `${itineraryId}-${n}`,
      day: n,
      label: `${city}: ${theme}`,
      summary: n === 1 ? `Arrive in ${city} any time; welcome meeting at 6 pm.` : n === plan.length ? 'Depart at any time.' : `${theme} around ${city}.`,
      description: `Day ${n} of ${plan.name}.`,
      instructions: n === 1 ? 'Check the notice board in the hotel lobby for the meeting point.' : '',
      start_location: { name: city },
      end_location: { name: city },
      meals,
      components,
      optional_activities: rng.chance(0.4) ? [{ activity_dossier: { id: String(ACTIVITY_ID_BASE + 1 + (plan.index % 12)), name: `${rng.pick(ACTIVITY_KINDS)} in ${city}` } }] : [],
    });
  }
  // Days 2–3 read "Days 2–3", so day 2's text must not name its own number.
  if (plan.length >= 4) days[1]!.description = days[2]!.description = `Two days in ${plan.place.city} on ${plan.name}.`;
  return days;
}

// ---------------------------------------------------------------------------------------
// Mutable state seeded once per store

interface AgencySeed {
  name: string;
  email: string;
  currencies: string[];
  street: string;
  city: string;
  state: string | null;
  country: string;
  postal: string;
  chains: string[];
  companies: string[];
  abta?: string;
  agents: Array<{ first: string; last: string; note: string; role?: string }>;
}

const AGENCIES: readonly AgencySeed[] = [
  {
    name: 'Maple Leaf Travel',
    email: 'bookings@mapleleaf.example',
    currencies: ['CAD', 'USD'],
    street: '100 King St W',
    city: 'Toronto',
    state: 'CA-ON',
    country: 'CA',
    postal: 'M5X 1A9',
    chains: ['1'],
    companies: ['1'],
    agents: [
      { first: 'Avery', last: 'Tremblay', note: 'default key: Maple Leaf Travel, Toronto (CAD, USD)', role: 'Manager' },
      { first: 'Jordan', last: 'Singh', note: 'second agent of Maple Leaf Travel: sees the same bookings' },
    ],
  },
  {
    name: 'Harbour Lights Holidays',
    email: 'reservations@harbourlights.example',
    currencies: ['GBP', 'EUR', 'USD'],
    street: '12 Wapping High St',
    city: 'London',
    state: 'GB-ENG',
    country: 'GB',
    postal: 'E1W 1NG',
    chains: ['1'],
    companies: ['2'],
    abta: 'P7123',
    agents: [
      { first: 'Imogen', last: 'Clarke', note: 'another agency (London, GBP/EUR/USD): 403 on Maple Leaf data', role: 'Manager' },
      { first: 'Oliver', last: 'Hughes', note: 'Harbour Lights Holidays, second agent' },
    ],
  },
  {
    name: 'Reisebüro Alpenblick',
    email: 'buchung@alpenblick.example',
    currencies: ['EUR', 'USD'],
    street: 'Leopoldstraße 42',
    city: 'München',
    state: 'DE-BY',
    country: 'DE',
    postal: '80802',
    chains: ['1'],
    companies: ['1'],
    agents: [{ first: 'Lena', last: 'Hoffmann', note: 'CEU agency (German address): flex is refused', role: 'Manager' }],
  },
  {
    name: 'Southern Cross Journeys',
    email: 'trips@southerncross.example',
    currencies: ['AUD', 'NZD', 'USD'],
    street: '1 Macquarie Pl',
    city: 'Sydney',
    state: 'AU-NSW',
    country: 'AU',
    postal: '2000',
    chains: ['2'],
    companies: ['1'],
    agents: [{ first: 'Mia', last: 'Nguyen', note: 'agency chain with flex disabled', role: 'Manager' }],
  },
  {
    name: 'Prairie Wanderers',
    email: 'hello@prairiewanderers.example',
    currencies: ['CAD', 'USD', 'GBP', 'EUR', 'AUD'],
    street: '215 8 Ave SW',
    city: 'Calgary',
    state: 'CA-AB',
    country: 'CA',
    postal: 'T2P 1B9',
    chains: ['1'],
    companies: ['1', '2'],
    agents: [
      { first: 'Noah', last: 'Fraser', note: 'five booking currencies; owns the seeded scenarios', role: 'Manager' },
      { first: 'Emma', last: 'Lavoie', note: 'Prairie Wanderers, second agent' },
    ],
  },
];

/**
 * Keys of one store: random (128 bits), made when the store is created and kept by a reset, so
 * nobody can guess them and a key printed once keeps working. `agents` maps agent id to key.
 */
export interface StoreKeys {
  operator: string;
  agents: Record<string, string>;
}

export function newKey(kind: 'agent' | 'operator'): string {
  return `sandbox-${kind}-${randomBytes(16).toString('hex')}`;
}

export function storeKeysOf(state: State): StoreKeys {
  return { operator: state.operator_key, agents: Object.fromEntries(Object.values(state.collections.agents).map((a) => [a.id, a.api_key])) };
}

/** Keys every store had before they were random: a snapshot holding them gets new ones. */
const GUESSABLE_KEY = /^sandbox-key-agent-\d+$/;

/**
 * Gives a snapshot written before stores had an operator key random keys in place of the old
 * constant ones. True when it changed something (the snapshot should be written back).
 */
export function ensureStoreKeys(state: State): boolean {
  if (typeof state.operator_key === 'string' && state.operator_key !== '') return false;
  state.operator_key = newKey('operator');
  for (const agent of Object.values(state.collections.agents)) {
    if (GUESSABLE_KEY.test(agent.api_key)) agent.api_key = newKey('agent');
  }
  return true;
}

function country(id: string): NamedRef {
  const c = COUNTRIES.find((x) => x.id === id)!;
  return { id: c.id, name: c.name };
}

function state(id: string | null): NamedRef | null {
  if (id === null) return null;
  for (const c of COUNTRIES) for (const s of c.states) if (s.id === id) return s;
  return null;
}

/** Agencies, agents (with `keys`, else new random ones), two bookings (one closed, one of another agency) and the rule scenarios (rules/scenarios.ts), once per store. */
export function seedState(target: State, tx: Transaction, keys?: StoreKeys): void {
  const epochDay = target.epoch.slice(0, 10);
  target.operator_key = keys?.operator ?? newKey('operator');
  AGENCIES.forEach((seed, a) => {
    const agency = tx.insert('agencies', {
      name: seed.name,
      transactional_email: seed.email,
      preferred_display_name: seed.name,
      booking_currencies: seed.currencies,
      address: { street: seed.street, city: seed.city, state: state(seed.state), country: country(seed.country), postal_zip: seed.postal },
      latitude: null,
      longitude: null,
      emails: [
        { type: 'TRANSACTIONAL', address: seed.email },
        { type: 'ACCOUNTING', address: seed.email.replace(/^[^@]+/, 'accounts') },
      ],
      agency_chain_ids: seed.chains,
      booking_company_ids: seed.companies,
      override_agency_secondary: a % 2 === 1,
      communication_preferences: ['ATTACH_INVOICES', 'ATTACH_VOUCHERS'],
      passenger_notifications: ['BOOKING_CONFIRMATION', 'PRE_DEPARTURE'],
      agent_notifications: ['BOOKING_CONFIRMATION', 'OPTION_EXPIRY_WARNING', 'PAYMENT_RECEIVED'],
      abta_number: seed.abta ?? null,
      documents: [],
    }) as AgencyRecord;
    for (const person of seed.agents) {
      const agentId = String((target.last_id.agents ?? 0) + 1);
      tx.insert('agents', {
        agency_id: agency.id,
        api_key: keys?.agents[agentId] ?? newKey('agent'),
        role: person.role === 'Manager' ? { id: '1', name: 'Manager' } : { id: '2', name: 'Agent' },
        first_name: person.first,
        last_name: person.last,
        email: `${person.first.toLowerCase()}.${person.last.toLowerCase()}@${seed.email.split('@')[1]}`,
        phone_numbers: [{ number: `+1-555-01${String(a).padStart(2, '0')}`, type: 'BUSINESS' }],
        username: `${person.first[0]!.toLowerCase()}${person.last.toLowerCase()}`,
        active: true,
        note: person.note,
      }) as AgentRecord;
    }
  });
  tx.insert('bookings', {
    currency: 'CAD',
    external_id: 'seed-closed',
    agency_id: '1',
    agent_id: '1',
    no_auto_final_payment: false,
    date_closed: addDays(epochDay, -30),
    linked_booking_ids: [],
  });
  tx.insert('bookings', {
    currency: 'GBP',
    external_id: 'seed-other-agency',
    agency_id: '2',
    agent_id: '3',
    no_auto_final_payment: false,
    date_closed: null,
    linked_booking_ids: [],
  });
  seedScenarios(target, tx);
}
