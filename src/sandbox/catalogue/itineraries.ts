/**
 * Itineraries (spec §2.10): one per dossier, a second seasonal one for every fourth, each with
 * its variations (editions by date) and its days — days 2 and 3 one two-night stay.
 *
 * The spec names few members; the others carry the names clients written for the operator's
 * API read (`duration`, `meals_budget`, `details[].type`, `images[].file.url`, …), and every
 * member the spec lists is present, null when empty. `length` and `meal_budget` are kept
 * beside `duration` and `meals_budget` because trek's itinerary commands read them.
 */
import { ref, type Wire } from '../refs.js';
import { ACTIVITY_KINDS, BOOKING_COMPANIES, type Place } from './reference.js';
import { ACTIVITY_ID_BASE, entityIndex, ITINERARY_ID_BASE } from './ids.js';
import { mix, Rng, STREAM } from './random.js';
import type { Accommodation, CatalogueBasis, Component, DateRange, DossierPlan, Location, Ref, TourDossier } from './types.js';

export interface Variation {
  id: string;
  variation_id: string;
  href: string;
  valid_during_ranges: DateRange[];
}

/**
 * The variations of itinerary `id` (offset `offset` among the ids): the current edition first,
 * then a past one, and for every third itinerary a future one between them.
 */
export function variationsOf(basis: CatalogueBasis, id: string, offset: number): Variation[] {
  const variationId = (v: number) => String(Number(id) * 10 + v);
  const variation = (v: number, start: number, end: number | null): Variation => ({
    id,
    variation_id: variationId(v),
    href: `/itineraries/${id}/${variationId(v)}/`,
    valid_during_ranges: [{ start_date: basis.day(start), end_date: end === null ? null : basis.day(end) }],
  });
  const past = variation(2, -720, -181);
  // A future edition: the current one then ends where it starts.
  if (offset % 3 === 0) return [variation(1, -180, 399), variation(3, 400, null), past];
  return [variation(1, -180, null), past];
}

const inRange = (range: DateRange, date: string) => (range.start_date === null || range.start_date <= date) && (range.end_date === null || date <= range.end_date);

/**
 * The itinerary of `plan` that applies on `date` (the dossier's `valid_during_ranges`), as the
 * reference `structured_itineraries` holds: with the variation valid on that date.
 */
export function structuredItineraryOn(basis: CatalogueBasis, plan: DossierPlan, date: string): Ref & { variation_id: string | null } {
  const range = itineraryRanges(basis, plan).find((r) => inRange(r, date)) ?? itineraryRanges(basis, plan)[0];
  const id = range.itinerary.id;
  const variation = variationsOf(basis, id, Number(id) - ITINERARY_ID_BASE - 1).find((v) => v.valid_during_ranges.some((r) => inRange(r, date)));
  return { id, href: variation?.href ?? range.itinerary.href, variation_id: variation?.variation_id ?? null };
}

/**
 * Machu Picchu editions (spec §2.10 flags): the current one takes the Inca Trail, the past one
 * hiked the Lares Trek and the future one stays in Cusco, so each of the three flags occurs.
 */
const MACHU_PICCHU_EDITIONS: Readonly<Record<string, readonly string[]>> = { '1': ['ON_INCA_TRAIL'], '2': ['ON_LARES_TREK'], '3': ['CUZCO_STAY'] };

/** Variation `variationId` of `itinerary`: the itinerary with that variation's id, href, ranges and flags. */
export function variationOf(itinerary: Wire<'Itinerary'>, variationId: string): Wire<'Itinerary'> | undefined {
  const variations = itinerary.variations ?? [];
  const variation = variations.find((v) => v.variation_id === variationId);
  if (!variation) return undefined;
  const { variations: _all, ...rest } = itinerary;
  const flags = itinerary.flags ?? [];
  const edition = flags.includes('ON_INCA_TRAIL') ? MACHU_PICCHU_EDITIONS[variationId.slice(-1)] : undefined;
  return { ...rest, href: variation.href, variation_id: variationId, valid_during_ranges: variation.valid_during_ranges, flags: edition ? [...edition] : flags };
}

/** Itinerary `id` of one of `plans`; null when there is none. */
export function makeItinerary(basis: CatalogueBasis, plans: readonly DossierPlan[], id: string): Wire<'Itinerary'> | null {
  // Two itinerary ids per dossier, the second only for a seasonal one.
  const offset = entityIndex(id, ITINERARY_ID_BASE, 2 * plans.length);
  if (offset === undefined) return null;
  const plan = plans[Math.floor(offset / 2)];
  if (!plan.itineraryIds.includes(id)) return null;
  const seasonal = plan.itineraryIds.indexOf(id) === 1;
  const rng = new Rng(mix(basis.seed, STREAM.itinerary, offset));
  const days = makeDays(id, plan, rng);
  const count = (type: string) => days.filter((d) => d.meals.some((m) => m.type === type)).length;
  const range = itineraryRanges(basis, plan)[seasonal ? 1 : 0];
  const location = (p: Place) => ({ id: p.airport, name: p.city, country: { id: p.countryCode, name: p.country } });
  const company = BOOKING_COMPANIES[0];
  // Meals not included, per day: a number pair (spec §2.10), not Decimal strings.
  const mealBudget = { min_max: [rng.int(15, 30), rng.int(35, 70)], currency: 'USD' };
  return {
    id,
    href: `/itineraries/${id}/`,
    label: seasonal ? `${plan.name} (high season)` : plan.name,
    tour_dossier: ref('tour_dossiers', plan.id, { name: plan.name }),
    booking_company: ref('booking_companies', company.id, { name: company.name }),
    booking_companies: [ref('booking_companies', company.id, { name: company.name })],
    flags: plan.place.country === 'Peru' ? ['ON_INCA_TRAIL'] : rng.chance(0.2) ? ['PRIVATE_DEPARTURES_NOT_AVAILABLE'] : [],
    duration: plan.length,
    length: plan.length,
    start_location: location(plan.place),
    end_location: location(plan.finish),
    meals_included: { breakfasts: count('BREAKFAST'), lunches: count('LUNCH'), dinners: count('DINNER') },
    meals_budget: mealBudget,
    meal_budget: mealBudget,
    details: [
      { body: `Group size: up to ${rng.int(10, 16)} travellers.`, type: { id: '1', code: 'GROUP_SIZE', name: 'Group size' } },
      { body: 'Valid passport and visa where required.', type: { id: '2', code: 'DOCUMENTS', name: 'Documents' } },
    ],
    packing_lists: [{ label: plan.name, body: 'Layers, rain jacket, sturdy walking shoes, refillable water bottle.' }],
    images: [
      { type: 'MAP', file: { url: `https://images.example.com/itineraries/${id}/map.png`, mime_type: 'image/png' } },
      { type: 'OTHER', file: { url: `https://images.example.com/itineraries/${id}/cover.jpg`, mime_type: 'image/jpeg' } },
    ],
    valid_during_ranges: [{ start_date: range.start_date, end_date: range.end_date }],
    variations: variationsOf(basis, id, offset),
    days,
    site_links: [
      { type: 'OVERVIEW', href: `https://www.example.com/trips/${plan.id}/` },
      { type: 'DETAILS_PDF', href: `https://www.example.com/trips/${plan.id}/details.pdf` },
    ],
    state: 'PUBLISHED',
    ripple_score: { score: rng.int(60, 98), start_date: basis.day(-90), end_date: basis.day(275) },
  } satisfies Wire<'Itinerary'>;
}

export function component(fields: Partial<Component> & Pick<Component, 'type'>): Component {
  return {
    start_location: null,
    end_location: null,
    summary: null,
    description: null,
    instructions: null,
    accommodation: null,
    activity: null,
    transport: null,
    transport_leg: null,
    duration: null,
    distance_km: null,
    start_time: null,
    end_time: null,
    time_period: null,
    is_overnight: false,
    ...fields,
  };
}

/** Guesthouse `number` (1–3) of the city a tour starts in: the hotels its nights are spent in. */
export function guesthouse(plan: DossierPlan, number: number): Accommodation {
  return { id: `${plan.place.airport}-H${number}`, name: `${plan.place.city} Guesthouse ${number}`, type: { code: 'HOTEL', label: 'Hotel' } };
}

/**
 * The representative accommodation of night `n` (after day `n`) of `plan`, as its itineraries
 * show it; null for the last day and for a night spent on the overnight transport. Night 3
 * repeats night 2 (days 2 and 3 are one two-night stay).
 */
export function representativeStay(plan: DossierPlan, n: number): Accommodation | null {
  const day = n === 3 && plan.length >= 4 ? 2 : n;
  if (day >= plan.length) return null;
  if (plan.finish.city !== plan.place.city && day === plan.length - 1) return null;
  return guesthouse(plan, (day % 3) + 1);
}

interface Day {
  id: string;
  day: number;
  label: string;
  summary: string;
  description: string;
  instructions: string | null;
  start_location: Location;
  end_location: Location;
  meals: Array<{ type: 'BREAKFAST' | 'LUNCH' | 'DINNER'; description: string | null }>;
  components: Component[];
  optional_activities: Array<{ activity_dossier: { id: string; name: string } }>;
}

const DAY_THEMES = ['Old town walk', 'Mountain hike', 'Market visit', 'Free day', 'Village homestay', 'River cruise', 'Temple visit', 'Cooking workshop', 'Coastal drive', 'Wildlife drive'];

/**
 * Days 2 and 3 share content and one `id` (spec §2.10 rule 1): a two-night stay. A tour that
 * ends in another city travels there overnight on the evening before its last day.
 */
function makeDays(itineraryId: string, plan: DossierPlan, rng: Rng): Day[] {
  const days: Day[] = [];
  const travels = plan.finish.city !== plan.place.city;
  for (let n = 1; n <= plan.length; n++) {
    if (n === 3 && plan.length >= 4) {
      days.push({ ...days[1], day: 3 });
      continue;
    }
    const city = n === plan.length ? plan.finish.city : plan.place.city;
    const here = { name: city };
    const theme = n === 1 ? 'Arrival' : n === plan.length ? 'Departure' : rng.pick(DAY_THEMES);
    const meals: Day['meals'] = [];
    if (n > 1) meals.push({ type: 'BREAKFAST', description: null });
    if (n > 1 && n < plan.length && rng.chance(0.3)) meals.push({ type: 'LUNCH', description: 'Picnic lunch' });
    if (n === 1 || rng.chance(0.25)) meals.push({ type: 'DINNER', description: n === 1 ? 'Welcome dinner' : null });
    const components: Component[] = [];
    if (n > 1 && n < plan.length) {
      components.push(
        component({
          type: 'ACTIVITY',
          start_location: here,
          end_location: here,
          summary: theme,
          description: `${theme} near ${city} with your guide.`,
          duration: { min_hr: '2.0', max_hr: '4.0' },
          start_time: '09:00',
          end_time: '12:00',
          time_period: 'MORNING',
        }),
      );
      components.push(component({ type: 'FREE_TIME', start_location: here, end_location: here, summary: 'Free afternoon', time_period: 'AFTERNOON' }));
    }
    const overnightTransfer = travels && n === plan.length - 1;
    if (overnightTransfer) {
      const there = { name: plan.finish.city };
      const transport = { id: `${plan.place.airport}-${plan.finish.airport}-BUS`, name: `Overnight bus ${plan.place.city} – ${plan.finish.city}` };
      components.push(
        component({
          type: 'TRANSPORT',
          start_location: here,
          end_location: there,
          summary: `Overnight bus to ${plan.finish.city}`,
          description: `A sleeper bus from ${city} to ${plan.finish.city}.`,
          instructions: 'Keep a warm layer and your passport in your day bag.',
          transport,
          transport_leg: { id: `${transport.id}-1`, name: `${city} – ${plan.finish.city}` },
          duration: { min_hr: '9.0', max_hr: '11.0' },
          distance_km: rng.int(300, 700),
          start_time: '20:00',
          end_time: '07:00',
          time_period: 'EVENING',
          is_overnight: true,
        }),
      );
    } else {
      const stay = representativeStay(plan, n);
      if (stay) components.push(component({ type: 'ACCOMMODATION', start_location: here, end_location: here, summary: `Hotel in ${city}`, accommodation: stay, time_period: 'EVENING' }));
    }
    days.push({
      id: `${itineraryId}-${n}`,
      day: n,
      label: `${city}: ${theme}`,
      summary: n === 1 ? `Arrive in ${city} any time; welcome meeting at 6 pm.` : n === plan.length ? 'Depart at any time.' : `${theme} around ${city}.`,
      description: `Day ${n} of ${plan.name}.`,
      instructions: n === 1 ? 'Check the notice board in the hotel lobby for the meeting point.' : null,
      start_location: here,
      end_location: overnightTransfer ? { name: plan.finish.city } : here,
      meals,
      components,
      optional_activities: rng.chance(0.4) ? [{ activity_dossier: { id: String(ACTIVITY_ID_BASE + 1 + (plan.index % 12)), name: `${rng.pick(ACTIVITY_KINDS)} in ${city}` } }] : [],
    });
  }
  // Days 2–3 read "Days 2–3", so day 2's text must not name its own number.
  if (plan.length >= 4) days[1].description = days[2].description = `Two days in ${plan.place.city} on ${plan.name}.`;
  return days;
}

/** A single itinerary applies from a year ago on; a seasonal pair splits at +180 days. */
export function itineraryRanges(basis: CatalogueBasis, plan: DossierPlan): TourDossier['valid_during_ranges'] {
  const [main, seasonal] = plan.itineraryIds.map((id) => ref('itineraries', id));
  if (!seasonal) return [{ start_date: basis.day(-365), end_date: null, itinerary: main }];
  return [
    { start_date: basis.day(-365), end_date: basis.day(180), itinerary: main },
    { start_date: basis.day(181), end_date: null, itinerary: seasonal },
  ];
}
