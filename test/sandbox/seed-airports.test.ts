/** Issue 29.13: a tour flies in and out of airports of its own country, and ends in one of its cities. */
import { describe, expect, it } from 'vitest';
import { Catalogue } from '../../src/sandbox/catalogue/index.js';
import { PLACES, SECOND_CITIES } from '../../src/sandbox/catalogue/reference.js';

describe('29.13 seed airports match the tour', () => {
  it("every departure's airports are its dossier's country's, and every dossier finishes in a city of its country", () => {
    const catalogue = Catalogue.for({ seed: 1, size: 400, epoch: '2027-01-10T00:00:00Z' });
    const airportsOf = new Map(PLACES.map((p, i) => [p.country, new Set([p.airport, SECOND_CITIES[i].airport])]));
    const citiesOf = new Map(PLACES.map((p, i) => [p.countryCode, new Set([p.city, SECOND_CITIES[i].city])]));
    let apart = 0;
    for (const departure of catalogue.departures) {
      const country = [...airportsOf.keys()].find((name) => departure.name.endsWith(name) || departure.name.includes(`${name} `))!;
      expect(country, departure.name).toBeDefined();
      const airports = [departure.nearest_start_airport.code, departure.nearest_finish_airport.code];
      for (const code of airports) expect([departure.name, airportsOf.get(country)!.has(code)]).toEqual([departure.name, true]);
      if (airports[0] !== airports[1]) apart++;
    }
    // Some tours end elsewhere than they begin, still in their country.
    expect(apart).toBeGreaterThan(0);
    for (const dossier of catalogue.tourDossiers) {
      const { start_city, finish_city, primary_country } = dossier.geography;
      expect([dossier.name, citiesOf.get(primary_country.id)!.has(start_city.name), citiesOf.get(primary_country.id)!.has(finish_city.name)]).toEqual([dossier.name, true, true]);
    }
    const named = (name: string) => catalogue.departures.filter((d) => d.name === name).flatMap((d) => [d.nearest_start_airport.code, d.nearest_finish_airport.code]);
    expect(named('Best of Morocco')).not.toContain('CAI');
    expect(named('Best of New Zealand')).not.toContain('KEF');
    expect(named('Best of Japan')).not.toContain('DPS');
  });
});
