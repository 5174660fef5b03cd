import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { clientFor, collectPages, KEYS, useSandboxClient } from '../helpers/sandbox-client.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 400, now: NOW });
const DAY = 86_400_000;
const epoch = Date.parse('2027-01-10T00:00:00Z');
const daysFromEpoch = (date: string) => Math.round((Date.parse(`${date}T00:00:00Z`) - epoch) / DAY);

describe('catalogue', () => {
  it('is the same for the same seed and differs for another', async () => {
    const same = clientFor(await startSandbox({ size: 400, now: NOW }));
    const other = clientFor(await startSandbox({ size: 400, now: NOW, seed: 2 }));
    try {
      const page = '/departures/?max_per_page=100&page=3';
      expect((await same.get(page)).json).toEqual((await client.get(page)).json);
      expect((await same.get('/itineraries/700007/')).json).toEqual((await client.get('/itineraries/700007/')).json);
      expect((await other.get(page)).json.results).not.toEqual((await client.get(page)).json.results);
    } finally {
      await same.sandbox.close();
      await other.sandbox.close();
    }
  });

  it('spreads departures in every availability status from next week to two years out', async () => {
    const all = await collectPages(client, '/departures/?max_per_page=100');
    expect(all).toHaveLength(400);
    const statuses = new Set(all.map((d) => d.availability.status));
    expect([...statuses].sort()).toEqual(['AVAILABLE', 'NOT_BOOKABLE', 'REQUEST_SPACE', 'WAIT_LIST']);
    const offsets = all.map((d) => daysFromEpoch(d.start_date));
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(7);
    expect(Math.max(...offsets)).toBeLessThanOrEqual(730);
    expect(Math.max(...offsets)).toBeGreaterThan(600);
    expect(offsets.filter((o) => o <= 60).length).toBeGreaterThan(5);
    const premiumBetween = all.filter((d) => d.product_line === 'Premium Journeys' && daysFromEpoch(d.start_date) > 60 && daysFromEpoch(d.start_date) <= 90);
    expect(premiumBetween.length).toBeGreaterThan(0);
    expect(all.some((d) => d.flags.includes('FULL_PAYMENT_REQUIRED_TO_BOOK'))).toBe(true);
  });

  it('gives each departure the fields rules need', async () => {
    const d = (await client.get('/departures/100001')).json;
    expect(d.finish_date > d.start_date).toBe(true);
    expect(Object.keys(d.prices).sort()).toEqual(['AUD', 'CAD', 'EUR', 'GBP', 'NZD', 'USD']);
    for (const amount of [...Object.values(d.prices), ...Object.values(d.deposits)]) expect(amount).toMatch(/^\d+\.\d{2}$/);
    expect(Number(d.deposits.CAD)).toBeLessThan(Number(d.prices.CAD));
    expect(d.tour_dossier).toMatchObject({ id: expect.any(String), href: `/tour_dossiers/${d.tour_dossier.id}/`, name: d.name });
    expect((await client.get(d.tour_dossier.href)).json.product_line).toBe(d.product_line);
    expect(d.nearest_finish_airport.code).toMatch(/^[A-Z]{3}$/);
    expect(d.flex_plans).toHaveLength(2);
  });

  it('reports flex plans NOT_BOOKABLE inside the stop-sell window: 60 days, 90 for the premium line', async () => {
    const status = async (plan: string) => (await client.get(`/flex_plans/${plan}/`)).json.availability.status;
    const departure = async (id: string) => (await client.get(`/departures/${id}`)).json;
    expect([daysFromEpoch((await departure('100001')).start_date), await status('100001-1')]).toEqual([200, 'AVAILABLE']);
    expect([daysFromEpoch((await departure('100002')).start_date), await status('100002-1')]).toEqual([30, 'NOT_BOOKABLE']);
    const premium75 = await departure('100003');
    expect([premium75.product_line, daysFromEpoch(premium75.start_date), await status('100003-2')]).toEqual(['Premium Journeys', 75, 'NOT_BOOKABLE']);
    expect(await status('100004-1')).toBe('AVAILABLE');
    expect([daysFromEpoch((await departure('100009')).start_date), await status('100009-1')]).toEqual([61, 'AVAILABLE']);
    expect((await client.get('/flex_plans/100009-1')).json.stop_sell_date).toBe('2027-01-11');
  });

  it('computes the refund and travel credit of every cancellation window from the price', async () => {
    const d = (await client.get('/departures/100001')).json;
    for (const id of [`generic-${d.id}`, `flex-${d.id}-1`, `flex-${d.id}-2`]) {
      const terms = (await client.get(`/service_cancellation_terms/${id}/`)).json;
      expect(terms.windows.length).toBeGreaterThan(2);
      for (const w of terms.windows) {
        for (const currency of Object.keys(d.prices)) {
          const sum = Number(w.penalty_amount[currency]) + Number(w.refund_amount[currency]) + Number(w.travel_credit_amount[currency]);
          expect(sum).toBeCloseTo(Number(d.prices[currency]), 2);
        }
      }
    }
    const generic = (await client.get(`/service_cancellation_terms/generic-${d.id}`)).json;
    expect(generic.windows.map((w: any) => w.penalty_percent)).toEqual([10, 50, 75, 100]);
    expect((await client.get(`/service_cancellation_terms/flex-${d.id}-1`)).json.travel_credit_windows).toEqual({ booking_window_months: 12, travel_window_months: 24 });
  });

  it('links dossiers to itineraries by valid_during_ranges; days 2 and 3 share id and content', async () => {
    const dossiers = await collectPages(client, '/tour_dossiers/?max_per_page=100');
    expect(dossiers.some((d) => d.product_line === 'Premium Journeys')).toBe(true);
    const seasonal = dossiers.find((d) => d.valid_during_ranges.length === 2)!;
    expect(seasonal.valid_during_ranges[1].end_date).toBeNull();
    for (const range of seasonal.valid_during_ranges) {
      const itinerary = (await client.get(range.itinerary.href)).json;
      expect(itinerary.tour_dossier.id).toBe(seasonal.id);
      const [two, three] = [itinerary.days[1], itinerary.days[2]];
      expect(two.id).toBe(three.id);
      expect({ ...two, day: 0 }).toEqual({ ...three, day: 0 });
      expect(two.day).toBe(2);
      expect(three.day).toBe(3);
      expect(itinerary.days[3].id).not.toBe(two.id);
      expect(itinerary.days).toHaveLength(itinerary.length);
    }
  });

  it('serves itinerary variations, the first one current', async () => {
    const itinerary = (await client.get('/itineraries/700001/')).json;
    const [current, ...others] = itinerary.variations;
    const today = '2027-01-10';
    const contains = (r: any) => (r.start_date === null || r.start_date <= today) && (r.end_date === null || r.end_date >= today);
    expect(current.valid_during_ranges.some(contains)).toBe(true);
    for (const v of others) expect(v.valid_during_ranges.some(contains)).toBe(false);
    const variation = (await client.get(current.href)).json;
    expect(variation).toMatchObject({ id: '700001', variation_id: current.variation_id, valid_during_ranges: current.valid_during_ranges });
    expect((await client.get('/itineraries/700001/999/')).status).toBe(404);
    expect((await client.get('/itineraries/700002/')).status).toBe(404);
  });

  it('lists activities and override reasons with details', async () => {
    const activities = (await client.get('/activities/?max_per_page=10')).json;
    expect(activities.results[0]).toMatchObject({ name: expect.any(String), duration_hours: expect.any(Number), prices: { CAD: expect.stringMatching(/^\d+\.\d{2}$/) } });
    expect((await client.get(activities.results[0].href)).json).toEqual(activities.results[0]);
    const reasons = (await client.get('/override_reasons/')).json.results;
    expect(reasons.length).toBeGreaterThan(3);
    expect((await client.get(reasons[0].href)).json).toEqual(reasons[0]);
    expect(reasons[0]).toEqual({ id: expect.any(String), code: expect.any(String), label: expect.any(String), href: `/override_reasons/${reasons[0].id}/` });
  });
});

describe('agencies and keys', () => {
  it('seeds a CEU agency, a flex-disabled chain and agencies with several currencies', async () => {
    const ceu = (await client.get('/agencies/3', KEYS.ceu)).json;
    expect(ceu.address.country.id).toBe('DE');
    const several = (await client.get('/agencies/5', KEYS.prairie)).json;
    expect(several.booking_currencies.length).toBeGreaterThanOrEqual(5);
    for (const field of [
      'name',
      'transactional_email',
      'preferred_display_name',
      'emails',
      'agency_chains',
      'booking_companies',
      'agency_chain_configurations',
      'override_agency_secondary',
      'communication_preferences',
      'passenger_notifications',
      'agent_notifications',
      'abta_number',
      'latitude',
      'longitude',
      'documents',
      'date_created',
    ]) {
      expect(several, field).toHaveProperty(field);
    }
  });

  it('lists keys with their agents and agencies', async () => {
    const keys = (await client.get('/_sandbox/keys', 'operator')).json.results;
    expect(keys[0]).toMatchObject({ key: client.sandbox.apiKey, agent_id: '1', agency_id: '1', agency_name: 'Maple Leaf Travel' });
    expect(new Set(keys.map((k: any) => k.agency_id)).size).toBe(6);
    for (const k of keys) expect((await client.get('/departures/100001', k.key)).status).toBe(200);
    expect(client.sandbox.keys).toEqual(keys);
  });
});

describe('scale', () => {
  // How fast it starts and searches is bench/sandbox.mjs's question; this one is whether it works.
  it('seeds a 100 000-departure sandbox whose ordered search pages in order without repeats', async () => {
    const big = clientFor(await startSandbox({ now: NOW, size: 100_000 }));
    try {
      const first = await big.get('/departures/?availability.status=WAIT_LIST&order_by=start_date&max_per_page=100');
      expect(first.json.count).toBeGreaterThan(10_000);
      const next = await big.get(first.json.links[0].href);
      expect(next.json.results[0].start_date >= first.json.results[99].start_date).toBe(true);
      const seen = new Set([...first.json.results, ...next.json.results].map((d: any) => d.id));
      expect(seen.size).toBe(200);
      expect((await big.get('/departures/200000')).json.id).toBe('200000');
      expect((await big.get('/departures/200001')).status).toBe(404);
    } finally {
      await big.sandbox.close();
    }
  });
});
