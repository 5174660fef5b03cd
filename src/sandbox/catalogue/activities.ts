/** Activities: one per place and kind, each with its own price and commission. */
import { DAY_MS, isoDateTime } from '../clock.js';
import { moneyFrom } from '../money.js';
import { ACTIVITY_ID_BASE } from './ids.js';
import { mix, Rng, STREAM } from './random.js';
import { ACTIVITY_KINDS, PLACES } from './reference.js';
import type { Activity, CatalogueBasis } from './types.js';

export function makeActivity(basis: CatalogueBasis, j: number): Activity {
  const rng = new Rng(mix(basis.seed, STREAM.activity, j));
  const place = PLACES[j % PLACES.length];
  const kind = ACTIVITY_KINDS[Math.floor(j / PLACES.length) % ACTIVITY_KINDS.length];
  const id = String(ACTIVITY_ID_BASE + 1 + j);
  const hours = rng.int(2, 9);
  return {
    id,
    href: `/activities/${id}/`,
    name: `${kind} in ${place.city}`,
    description: `A ${hours}-hour ${kind.toLowerCase()} with a local guide in ${place.city}, ${place.country}.`,
    location: { city: place.city, country: place.country },
    duration_hours: hours,
    available_from: basis.day(-30),
    available_to: basis.day(730),
    prices: moneyFrom(rng.int(40, 260), 5),
    commission_rate: 10,
    date_created: isoDateTime(basis.epochMs - 200 * DAY_MS),
  };
}
