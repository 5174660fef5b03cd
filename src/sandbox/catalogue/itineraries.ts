/**
 * Itineraries (spec §2.10): one per dossier, a second seasonal one for every fourth, each with
 * its variations (editions by date) and its days — days 2 and 3 one two-night stay.
 */
import { ref } from '../refs.js';
import { ACTIVITY_KINDS, BOOKING_COMPANIES, type Place } from './reference.js';
import { itineraryRanges, type DossierPlan } from './dossiers.js';
import { ACTIVITY_ID_BASE, entityIndex, ITINERARY_ID_BASE } from './ids.js';
import { mix, Rng, STREAM } from './random.js';
import type { CatalogueBasis } from './types.js';

/** Itinerary `id` of one of `plans`; null when there is none. */
export function makeItinerary(basis: CatalogueBasis, plans: readonly DossierPlan[], id: string): Record<string, unknown> | null {
  // Two itinerary ids per dossier, the second only for a seasonal one.
  const offset = entityIndex(id, ITINERARY_ID_BASE, 2 * plans.length);
  if (offset === undefined) return null;
  const plan = plans[Math.floor(offset / 2)]!;
  if (!plan.itineraryIds.includes(id)) return null;
  const seasonal = plan.itineraryIds.indexOf(id) === 1;
  const rng = new Rng(mix(basis.seed, STREAM.itinerary, offset));
  const days = makeDays(id, plan, rng);
  const count = (type: string) => days.filter((d) => d.meals.some((m) => m.type === type)).length;
  const range = itineraryRanges(basis, plan)[seasonal ? 1 : 0]!;
  const variationId = (v: number) => String(Number(id) * 10 + v);
  const variations = [
    { id, variation_id: variationId(1), href: `/itineraries/${id}/${variationId(1)}/`, valid_during_ranges: [{ start_date: basis.day(-180), end_date: null }] },
    { id, variation_id: variationId(2), href: `/itineraries/${id}/${variationId(2)}/`, valid_during_ranges: [{ start_date: basis.day(-720), end_date: basis.day(-181) }] },
  ];
  if (offset % 3 === 0) {
    // A future edition: the current one then ends where it starts.
    variations[0]!.valid_during_ranges = [{ start_date: basis.day(-180), end_date: basis.day(399) }];
    variations.splice(1, 0, { id, variation_id: variationId(3), href: `/itineraries/${id}/${variationId(3)}/`, valid_during_ranges: [{ start_date: basis.day(400), end_date: null }] });
  }
  const location = (p: Place) => ({ id: p.airport, name: p.city, country: { id: p.countryCode, name: p.country } });
  return {
    id,
    href: `/itineraries/${id}/`,
    label: seasonal ? `${plan.name} (high season)` : plan.name,
    tour_dossier: ref('tour_dossiers', plan.id, { name: plan.name }),
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
    ripple_score: { score: rng.int(60, 98), start_date: basis.day(-90), end_date: basis.day(275) },
  };
}

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
