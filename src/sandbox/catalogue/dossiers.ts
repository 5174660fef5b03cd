/**
 * Tour dossiers: one plan per dossier (place, product line, length, price per day,
 * itineraries) that its departures and itineraries are made from, and the dossiers as served.
 */
import { isoDateTime, DAY_MS } from '../clock.js';
import { ref } from '../refs.js';
import { DOSSIER_ID_BASE, ITINERARY_ID_BASE } from './ids.js';
import { itineraryRanges, variationsOf } from './itineraries.js';
import { mix, Rng, STREAM } from './random.js';
import { PLACES, PRODUCT_LINES, SECOND_CITIES, type Place } from './reference.js';
import type { CatalogueBasis, Departure, DossierPlan, TourDossier } from './types.js';

const STYLES = ['Best of', 'Highlights of', 'Explore', 'Trekking in', 'Journey through', 'Discover', 'Wild', 'Classic', 'Grand Tour of', 'Coast to Coast:', 'Hidden', 'Slow Travel in'];

export function planDossier(seed: number, index: number): DossierPlan {
  const rng = new Rng(mix(seed, STREAM.dossier, index));
  const place = PLACES[index % PLACES.length];
  const cycle = Math.floor(index / (PLACES.length * STYLES.length));
  const style = STYLES[Math.floor(index / PLACES.length) % STYLES.length];
  const id = String(DOSSIER_ID_BASE + 1 + index);
  const itineraryIds = [String(ITINERARY_ID_BASE + 1 + 2 * index)];
  // Every fourth dossier has a second, seasonal itinerary (spec §2.10 rule 3).
  if (index % 4 === 3) itineraryIds.push(String(ITINERARY_ID_BASE + 2 + 2 * index));
  const name = `${style} ${place.country}${cycle > 0 ? ` ${cycle + 1}` : ''}`;
  // Tours stay in their country: most end where they began, the others in its second city.
  const finish = rng.chance(0.7) ? place : SECOND_CITIES[index % PLACES.length];
  return {
    ref: ref('tour_dossiers', id, { name }),
    startAirport: { code: place.airport },
    finishAirport: { code: finish.airport },
    index,
    id,
    name,
    line: PRODUCT_LINES[index % PRODUCT_LINES.length],
    place,
    finish,
    length: rng.int(5, 18),
    cadPerDay: rng.int(140, 330),
    itineraryIds,
  };
}

const country = (place: Place) => ref('countries', place.countryCode, { name: place.country });

/** The dossiers, each with the first and last start date of its departures. */
export function makeDossiers(basis: CatalogueBasis, plans: readonly DossierPlan[], departures: readonly Departure[]): TourDossier[] {
  const ranges = plans.map(() => ({ first: null as string | null, last: null as string | null }));
  for (const d of departures) {
    const range = ranges[Number(d.tour_dossier.id) - DOSSIER_ID_BASE - 1];
    if (range.first === null || d.start_date < range.first) range.first = d.start_date;
    if (range.last === null || d.start_date > range.last) range.last = d.start_date;
  }
  return plans.map((plan) => ({
    id: plan.id,
    href: `/tour_dossiers/${plan.id}/`,
    name: plan.name,
    product_line: plan.line,
    description: `${plan.length} days from ${plan.place.city} to ${plan.finish.city}: ${plan.line.toLowerCase()} travel through ${plan.place.country}.`,
    departures_start_date: ranges[plan.index].first,
    departures_end_date: ranges[plan.index].last,
    geography: {
      start_city: { name: plan.place.city },
      finish_city: { name: plan.finish.city },
      start_country: country(plan.place),
      finish_country: country(plan.finish),
      primary_country: country(plan.place),
      visited_countries: [country(plan.place)],
    },
    itineraries: plan.itineraryIds.map((id) => ref('itineraries', id)),
    // The name clients of the operator's API read: each itinerary with its current variation.
    structured_itineraries: plan.itineraryIds.map((id) => {
      const current = variationsOf(basis, id, Number(id) - ITINERARY_ID_BASE - 1)[0];
      return { id, href: current.href, variation_id: current.variation_id };
    }),
    valid_during_ranges: itineraryRanges(basis, plan),
    departures: { href: `/tour_dossiers/${plan.id}/departures/` },
    date_created: isoDateTime(basis.epochMs - 500 * DAY_MS),
  }));
}
