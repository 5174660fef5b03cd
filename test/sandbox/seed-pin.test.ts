/**
 * The catalogue and the seeded state are pure functions of (seed, size, epoch) and the store's
 * keys. These hashes pin them, so moving the code that makes them (catalogue, money, fixtures)
 * is proven to change nothing a store holds or serves. A deliberate change to the catalogue or
 * the fixtures updates the hashes in the same commit.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Catalogue } from '../../src/sandbox/catalogue/index.js';
import { createState } from '../../src/sandbox/store.js';

const NOW_MS = Date.parse('2027-01-10T12:34:56Z');
/** Fixed keys: the only random part of a new store. Nine agents are seeded. */
const KEYS = { operator: 'operator-key', agents: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [String(i + 1), `agent-key-${i + 1}`])) };

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** Everything the catalogue serves: every list, and every item made on demand. */
function wholeCatalogue(catalogue: Catalogue) {
  const itineraries = catalogue.tourDossiers.flatMap((d) =>
    d.itineraries.map((ref) => {
      const itinerary = catalogue.itinerary(ref.id)!;
      const variations = (itinerary.variations as Array<{ variation_id: string }>).map((v) => catalogue.itinerary(ref.id, v.variation_id));
      return { itinerary, variations };
    }),
  );
  const perDeparture = catalogue.departures.map((d) => ({
    flexPlans: [1, 2].map((tier) => catalogue.flexPlan(`${d.id}-${tier}`, NOW_MS)),
    terms: [`generic-${d.id}`, `flex-${d.id}-1`, `flex-${d.id}-2`].map((id) => catalogue.cancellationTerms(id)),
  }));
  return { departures: catalogue.departures, dossiers: catalogue.tourDossiers, activities: catalogue.activities, itineraries, perDeparture };
}

describe('seed pin', () => {
  it('gives byte-identical catalogues and seeded states for the same seed, size, clock and keys', () => {
    const state = createState(1, 400, NOW_MS, 0, KEYS);
    const catalogue = Catalogue.for(state);
    const fixtureIds = Object.fromEntries(Object.entries(state.collections).map(([name, records]) => [name, Object.keys(records)]));
    expect(fixtureIds.agents).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
    expect({ catalogue: sha256(wholeCatalogue(catalogue)), state: sha256(state), fixtureIds: sha256(fixtureIds) }).toEqual({
      catalogue: '37abe21b368e1dec59f2c784ac7fc272e3ba3cb9a1e9b7abf6c97dcd312fbe92',
      state: '3f09e5ecd146c608f8cc19ee0f2405f58a52d7ffde0151968d02dd2321cb63e4',
      fixtureIds: '08191b6cc01a526c683ec89b339c4a84a01804ded99455125d87750d68e7c8f4',
    });
  });

  it('gives another catalogue for another seed (the pin is not blind)', () => {
    const one = Catalogue.for({ seed: 1, size: 50, epoch: '2027-01-10T00:00:00Z' });
    const two = Catalogue.for({ seed: 2, size: 50, epoch: '2027-01-10T00:00:00Z' });
    expect(sha256(wholeCatalogue(two))).not.toBe(sha256(wholeCatalogue(one)));
  });
});
