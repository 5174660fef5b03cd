/**
 * Issue 16: every href resolves, members have the shapes the spec and the operator's clients
 * expect (names, types, null rather than absent), and the seed has every documented flag.
 */
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { clientFor, KEYS, useSandboxClient, type Client, type Key } from '../helpers/sandbox-client.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ now: NOW });
const EPOCH = '2027-01-10';
const day = (offset: number) => new Date(Date.parse(`${EPOCH}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

async function bookingId(external: string, key: Key): Promise<string> {
  const found = (await client.get(`/bookings/?external_id=${external}`, key)).json.results;
  expect(found).toHaveLength(1);
  return found[0].id;
}

/** Every string member named `href` in a body, at any depth. */
function hrefsIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) hrefsIn(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (key === 'href' && typeof member === 'string') into.push(member);
      else hrefsIn(member, into);
    }
  }
  return into;
}

/**
 * Follows hrefs breadth-first from `start` as `key`, each once, up to `limit` requests; returns
 * the status of each path fetched and the absolute URLs met (links to the operator's website).
 */
async function walk(sandbox: Client, start: string[], key: Key, limit: number) {
  const statuses = new Map<string, number>();
  const external = new Set<string>();
  const queue = [...start];
  while (queue.length > 0 && statuses.size < limit) {
    const path = queue.shift()!;
    if (statuses.has(path)) continue;
    const answer = await sandbox.get(path, key);
    statuses.set(path, answer.status);
    if (answer.status !== 200) continue;
    for (const href of hrefsIn(answer.json)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) external.add(href);
      else if (!statuses.has(href)) queue.push(href);
    }
  }
  return { statuses, external, exhausted: queue.every((path) => statuses.has(path)) };
}

describe('16 hrefs', () => {
  it('16 every href in a booking graph answers 200', async () => {
    const start = [await bookingId('seed-service-flags', KEYS.prairie), await bookingId('seed-flex-confirmed', KEYS.prairie)].map((id) => `/bookings/${id}/`);
    const { statuses, external, exhausted } = await walk(client, start, KEYS.prairie, 1500);
    const failed = [...statuses].filter(([, status]) => status !== 200);
    expect(failed).toEqual([]);
    expect(exhausted).toBe(true);
    // Every kind the issue names was reached.
    const kinds = new Set([...statuses.keys()].map((path) => path.split('/')[1]));
    for (const kind of [
      'bookings',
      'departure_services',
      'flex_plan_services',
      'customers',
      'agencies',
      'agents',
      'agency_chains',
      'booking_companies',
      'promotions',
      'departures',
      'tour_dossiers',
      'itineraries',
      'flex_plans',
      'service_cancellation_terms',
      'flex_plan_addons',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    // The only absolute URLs are the itineraries' links to the operator's website.
    for (const url of external) expect(url).toMatch(/^https:\/\/www\.example\.com\/trips\//);
  });

  it('16 agency chains, booking companies and promotions are resources of their own', async () => {
    expect((await client.get('/agency_chains/2/')).json).toEqual({ id: '2', href: '/agency_chains/2/', name: 'Independent Agents Alliance', flags: ['FLEX_DISABLED'] });
    expect((await client.get('/booking_companies/2')).json).toEqual({ id: '2', href: '/booking_companies/2/', name: 'Wayfarer Tours UK Ltd.' });
    expect((await client.get('/promotions/1/')).json).toEqual({
      id: '1',
      href: '/promotions/1/',
      name: 'Early booking: 5 % off',
      promotion_code: 'EARLY_BOOKING_5',
      discount_amount: null,
      discount_percent: 5,
      commission_rate: 12,
      terms_and_conditions: expect.stringContaining('180 days'),
      currencies: ['CAD', 'USD', 'GBP', 'EUR', 'AUD', 'NZD'],
      room_codes: ['STANDARD', 'SINGLE'],
      min_travellers: 1,
      flags: [],
      sale_start_date: day(-400),
      sale_finish_date: null,
      booking_companies: [
        { id: '1', href: '/booking_companies/1/', name: 'Wayfarer Tours Inc.' },
        { id: '2', href: '/booking_companies/2/', name: 'Wayfarer Tours UK Ltd.' },
      ],
      date_created: `${day(-400)}T00:00:00Z`,
      date_last_modified: `${day(-400)}T00:00:00Z`,
    });
    for (const path of ['/agency_chains/9/', '/booking_companies/0/', '/promotions/99/']) expect((await client.get(path)).status, path).toBe(404);
  });

  it("16 a booked service's applied promotion is the promotion resource, with the amount it took off", async () => {
    const flags = await bookingId('seed-service-flags', KEYS.prairie);
    const services = (await client.get(`/bookings/${flags}/services/`, KEYS.prairie)).json.results;
    const service = (await client.get(services[0].href, KEYS.prairie)).json;
    const departure = (await client.get(service.product.href)).json;
    // More than 180 days out when it was priced: the early-booking discount.
    expect(departure.start_date > day(180)).toBe(true);
    expect(service.applied_promotion).toEqual({
      id: '1',
      href: '/promotions/1/',
      name: 'Early booking: 5 % off',
      promotion_code: 'EARLY_BOOKING_5',
      discount_amount: expect.stringMatching(/^\d+\.\d{2}$/),
      commission_rate: 12,
      terms_and_conditions: expect.any(String),
    });
    expect(service.applied_promotions).toEqual([service.applied_promotion]);
    // Spec §2.4: original price = purchase_price + discount_amount.
    const original = Number(departure.prices.CAD) * service.customers.length;
    expect(Number(service.purchase_price) + Number(service.applied_promotion.discount_amount)).toBeCloseTo(original, 2);
    expect((await client.get(service.applied_promotion.href)).json.promotion_code).toBe('EARLY_BOOKING_5');
  });

  it('16 an agency lists the promotions on sale for its booking companies, newest first, and a lapsed one drops out', async () => {
    const sandbox = clientFor(await startSandbox({ now: NOW }));
    try {
      const codes = async (agency: string, key: Key) => (await sandbox.get(`/agencies/${agency}/promotions/`, key)).json.results.map((p: any) => p.promotion_code);
      // Prairie Wanderers contracts with both companies, Harbour Lights with the UK one; the winter sale has ended.
      expect(await codes('5', KEYS.prairie)).toEqual(['SOLO_SAVER_50', 'EARLY_BOOKING_5']);
      expect(await codes('2', KEYS.harbourLights)).toEqual(['EARLY_BOOKING_5']);
      expect((await sandbox.get('/promotions/2/')).json).toMatchObject({ promotion_code: 'WINTER_FLASH_10', sale_finish_date: day(-60) });
      expect((await sandbox.get('/agencies/5/promotions/', KEYS.harbourLights)).status).toBe(403);
      // The solo saver's sale ends on day 335.
      expect((await sandbox.post('/_sandbox/clock', { set: `${day(336)}T12:00:00Z` }, 'operator')).status).toBe(200);
      expect(await codes('5', KEYS.prairie)).toEqual(['EARLY_BOOKING_5']);
    } finally {
      await sandbox.sandbox.close();
    }
  });
});

describe('16 member shapes', () => {
  it('16 sub_type is lower case: tour, product, flex', async () => {
    const flex = await bookingId('seed-flex-confirmed', KEYS.prairie);
    const summary = (await client.get(`/bookings/${flex}/services/`, KEYS.prairie)).json.results;
    expect(summary.map((s: any) => [s.type, s.sub_type])).toEqual([
      ['departure_services', 'tour'],
      ['flex_plan_services', 'flex'],
    ]);
    const departureService = summary[0];
    const activity = await client.post('/activity_services/', { booking: flex, product: '500001', customers: [departureService.customers[0].id] }, KEYS.prairie);
    expect(activity.status).toBe(201);
    expect(activity.json.sub_type).toBe('product');
    expect((await client.get(departureService.href, KEYS.prairie)).json.sub_type).toBe('tour');
  });

  it('16 flags__null tells a null member from an empty list', async () => {
    const count = async (query: string) => (await client.get(`/departures/?${query}`)).json.count;
    const all = await count('max_per_page=10');
    expect(await count('flags__null=true')).toBe(0);
    expect(await count('flags__notnull=true')).toBe(all);
    expect(await count('flags__null=false')).toBe(all);
    // A list that is empty on some departures and not on others: null on none of them.
    expect(await count('flags=FULL_PAYMENT')).toBeGreaterThan(0);
    expect(await count('flags=FULL_PAYMENT')).toBeLessThan(all);
    const bookings = async (query: string) => (await client.get(`/bookings/?${query}`, KEYS.prairie)).json.count;
    expect(await bookings('linked_bookings__null=true')).toBe(0);
    // A member that is null on some records still is.
    expect(await bookings('associated_agency__null=true')).toBe(await bookings('max_per_page=10'));
  });

  it('16 itinerary day components carry every member the spec lists, null when empty; meal budgets are numbers', async () => {
    const itineraries = await Promise.all(Array.from({ length: 12 }, async (_, i) => (await client.get(`/itineraries/${700001 + 2 * i}/`)).json));
    const dayMembers = ['id', 'day', 'label', 'summary', 'description', 'instructions', 'start_location', 'end_location', 'meals', 'components', 'optional_activities'];
    const componentMembers = [
      'type',
      'start_location',
      'end_location',
      'summary',
      'description',
      'instructions',
      'accommodation',
      'activity',
      'transport',
      'transport_leg',
      'duration',
      'distance_km',
      'start_time',
      'end_time',
      'time_period',
      'is_overnight',
    ];
    const types = new Set<string>();
    for (const d of itineraries.flatMap((itinerary) => itinerary.days)) {
      expect(Object.keys(d).sort()).toEqual([...dayMembers].sort());
      expect(d.instructions === null || d.instructions !== '').toBe(true);
      for (const c of d.components) {
        expect(Object.keys(c).sort(), `day ${d.day} ${c.type}`).toEqual([...componentMembers].sort());
        for (const [member, value] of Object.entries(c)) expect(value, `${member} of a ${c.type} component`).not.toBe('');
        expect(typeof c.is_overnight).toBe('boolean');
        types.add(c.type);
      }
    }
    expect([...types].sort()).toEqual(['ACCOMMODATION', 'ACTIVITY', 'FREE_TIME', 'TRANSPORT']);
    const transport = itineraries.flatMap((itinerary) => itinerary.days.flatMap((d: any) => d.components)).find((c: any) => c.type === 'TRANSPORT');
    expect(transport).toMatchObject({ is_overnight: true, distance_km: expect.any(Number), transport: { id: expect.any(String), name: expect.any(String) } });
    const [itinerary] = itineraries;
    expect(itinerary.meals_budget).toEqual({ min_max: [expect.any(Number), expect.any(Number)], currency: 'USD' });
    expect(itinerary.meal_budget).toEqual(itinerary.meals_budget);
    expect(itinerary.meals_budget.min_max[0]).toBeLessThan(itinerary.meals_budget.min_max[1]);
  });

  it('16 the seed has every documented flag: services, itineraries, agency chains', async () => {
    const flags = await bookingId('seed-service-flags', KEYS.prairie);
    const summary = (await client.get(`/bookings/${flags}/services/`, KEYS.prairie)).json.results;
    const serviceFlags = new Set<string>();
    for (const s of summary) for (const flag of (await client.get(s.href, KEYS.prairie)).json.flags) serviceFlags.add(flag);
    expect([...serviceFlags].sort()).toEqual(['CUZCO_STAY', 'INCA_TRAIL_UNKNOWN', 'ON_INCA_TRAIL', 'ON_LARES_TREK', 'REQUESTING_INCA_TRAIL', 'SUSPENDED']);
    // The seventh service flag comes with its departure.
    expect((await client.get('/departures/100008/')).json.flags).toEqual(['FULL_PAYMENT_REQUIRED_TO_BOOK']);
    const full = await client.post('/departure_services/', { booking: flags, product: '100008', customers: [summary[0].customers[0].id] }, KEYS.prairie);
    expect(full.json.flags).toEqual(['FULL_PAYMENT_REQUIRED_TO_BOOK']);

    const peru = (await client.get('/itineraries/700001/')).json;
    const editions = await Promise.all(peru.variations.map(async (v: any) => (await client.get(v.href)).json.flags));
    expect(editions.flat().sort()).toEqual(['CUZCO_STAY', 'ON_INCA_TRAIL', 'ON_LARES_TREK']);
    const itineraryFlags = new Set<string>(peru.flags);
    for (let id = 700003; id <= 700040 && !itineraryFlags.has('PRIVATE_DEPARTURES_NOT_AVAILABLE'); id += 2) {
      for (const flag of (await client.get(`/itineraries/${id}/`)).json.flags ?? []) itineraryFlags.add(flag);
    }
    expect(itineraryFlags).toContain('PRIVATE_DEPARTURES_NOT_AVAILABLE');
    expect((await client.get('/agency_chains/2/')).json.flags).toEqual(['FLEX_DISABLED']);
  });

  it('16 flight details, ticket numbers and heights are filled where the seed has them', async () => {
    const flags = await bookingId('seed-service-flags', KEYS.prairie);
    const summary = (await client.get(`/bookings/${flags}/services/`, KEYS.prairie)).json.results;
    const services = await Promise.all(summary.map(async (s: any) => (await client.get(s.href, KEYS.prairie)).json));
    const inca = services.find((s: any) => s.flags.includes('ON_INCA_TRAIL'));
    const [first, second] = inca.customers;
    const customer = (c: any) => ({ id: c.id, href: `/customers/${c.id}/`, name: c.name });
    expect(inca.arrival_flight_details).toEqual([
      { arrival_flight_number: 'AC 80', arrival_flight_date_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T22:35:00$/), customer: customer(first) },
      { arrival_flight_number: 'LA 2471', arrival_flight_date_time: expect.stringMatching(/T14:10:00$/), customer: customer(second) },
    ]);
    expect(inca.arrival_flight_details[0].arrival_flight_date_time.slice(0, 10) < inca.start_date).toBe(true);
    expect(inca.departure_flight_details.map((f: any) => [f.departure_flight_number, f.customer.id])).toEqual([
      ['AC 81', first.id],
      ['AC 81', second.id],
    ]);
    expect(inca.departure_flight_details[0].departure_flight_date_time.slice(0, 10) > inca.finish_date).toBe(true);
    expect(inca.international_ticket_numbers.map((t: any) => [t.ticket_number, t.customer.id])).toEqual([
      [expect.stringMatching(/^014-\d{10}$/), first.id],
      [expect.stringMatching(/^014-\d{10}$/), second.id],
    ]);
    expect(inca.traveller_heights).toEqual([
      { height: '188 cm', customer: customer(first) },
      { height: '152 cm', customer: customer(second) },
    ]);
    // Services without them keep the lists, empty.
    const other = services.find((s: any) => s.flags.includes('SUSPENDED'));
    expect([other.arrival_flight_details, other.departure_flight_details, other.international_ticket_numbers, other.traveller_heights]).toEqual([[], [], [], []]);
  });

  it('16 preferred_display_name null is accepted on agency update', async () => {
    const sandbox = clientFor(await startSandbox({ now: NOW }));
    try {
      const cleared = await sandbox.patch('/agencies/5/', { preferred_display_name: null }, KEYS.prairie);
      expect(cleared.status).toBe(200);
      expect(cleared.json.preferred_display_name).toBeNull();
      expect((await sandbox.get('/agencies/5/', KEYS.prairie)).json.preferred_display_name).toBeNull();
      expect((await sandbox.patch('/agencies/5/', { preferred_display_name: 'Prairie Wanderers Travel' }, KEYS.prairie)).json.preferred_display_name).toBe('Prairie Wanderers Travel');
      expect((await sandbox.patch('/agencies/5/', { name: null }, KEYS.prairie)).status).toBe(400);
    } finally {
      await sandbox.sandbox.close();
    }
  });
});

describe("16 names the operator's clients read", () => {
  it('16 dossiers and departures carry structured_itineraries, served at /structured_itineraries/<id>', async () => {
    const dossier = (await client.get('/tour_dossiers/20004/')).json;
    expect(dossier.structured_itineraries).toEqual(
      dossier.itineraries.map((i: any) => ({ id: i.id, href: expect.stringMatching(new RegExp(`^/itineraries/${i.id}/${i.id}\\d/$`)), variation_id: expect.any(String) })),
    );
    for (const s of dossier.structured_itineraries) {
      const itinerary = (await client.get(`/itineraries/${s.id}/`)).json;
      expect(s.variation_id).toBe(itinerary.variations[0].variation_id);
      expect((await client.get(`/structured_itineraries/${s.id}/`)).json).toEqual(itinerary);
      expect((await client.get(`/structured_itineraries/${s.id}/${s.variation_id}`)).json).toEqual((await client.get(s.href)).json);
    }
    expect((await client.get('/structured_itineraries/700002/')).status).toBe(404);

    // A departure names the itinerary and the variation valid on its start date.
    const departures = (await client.get('/tour_dossiers/20004/departures/?max_per_page=100')).json.results;
    for (const departure of departures) {
      const [structured] = departure.structured_itineraries;
      const range = dossier.valid_during_ranges.find((r: any) => r.start_date <= departure.start_date && (r.end_date === null || departure.start_date <= r.end_date));
      expect(structured.id).toBe(range.itinerary.id);
      const variation = (await client.get(structured.href)).json;
      expect(variation.variation_id).toBe(structured.variation_id);
      expect(variation.valid_during_ranges.some((r: any) => r.start_date <= departure.start_date && (r.end_date === null || departure.start_date <= r.end_date))).toBe(true);
    }
  });

  it("16 a dossier's departures are served at /tour_dossiers/<id>/departures, searchable", async () => {
    const dossier = (await client.get('/tour_dossiers/20003/')).json;
    expect(dossier.departures).toEqual({ href: '/tour_dossiers/20003/departures/' });
    const listed = (await client.get(`${dossier.departures.href}?max_per_page=100`)).json;
    const searched = (await client.get('/departures/?tour_dossier.id=20003&max_per_page=100')).json;
    expect(listed.count).toBeGreaterThan(1);
    expect(listed.results.map((d: any) => d.id)).toEqual(searched.results.filter((d: any) => d.tour_dossier.id === '20003').map((d: any) => d.id));
    const available = (await client.get(`${dossier.departures.href}?availability.status=AVAILABLE&max_per_page=100`)).json.results;
    expect(available.every((d: any) => d.availability.status === 'AVAILABLE' && d.tour_dossier.id === '20003')).toBe(true);
    expect((await client.get('/tour_dossiers/29999/departures/')).status).toBe(404);
  });

  it('16 departures carry lowest_pp2a_prices and rooms[].price_bands with the promotions that may apply', async () => {
    const d = (await client.get('/departures/100004/')).json;
    expect(d.lowest_pp2a_prices).toEqual(Object.entries(d.prices).map(([currency, amount]) => ({ currency, amount })));
    expect(d.rooms.map((r: any) => r.code)).toEqual(['STANDARD', 'SINGLE']);
    const [standard, single] = d.rooms;
    expect(standard.price_bands).toEqual([
      {
        code: 'ADULT',
        name: 'Adult',
        min_travellers: 1,
        max_travellers: null,
        min_age: 18,
        max_age: null,
        prices: Object.entries(d.prices).map(([currency, amount]) => ({
          currency,
          amount,
          deposit: d.deposits[currency],
          promotions: [{ id: '1', href: '/promotions/1/' }],
        })),
      },
    ]);
    const singleCad = single.price_bands[0].prices.find((p: any) => p.currency === 'CAD');
    expect(Number(singleCad.amount)).toBeCloseTo(Number(d.prices.CAD) * 1.25, 2);
    // The winter sale ended before the catalogue's epoch; the solo saver is for single rooms only.
    expect(singleCad.promotions.map((p: any) => p.id)).toEqual(['1', '3']);
  });

  it('16 itineraries carry duration, meals_budget, details[].type {id, code, name} and images[].file.url', async () => {
    const itinerary = (await client.get('/itineraries/700001/')).json;
    expect(itinerary.duration).toBe(itinerary.days.length);
    expect(itinerary.length).toBe(itinerary.duration);
    for (const detail of itinerary.details) expect(detail).toEqual({ body: expect.any(String), type: { id: expect.any(String), code: expect.stringMatching(/^[A-Z_]+$/), name: expect.any(String) } });
    expect(itinerary.images.map((i: any) => i.type)).toEqual(['MAP', 'OTHER']);
    for (const image of itinerary.images) expect(image.file).toEqual({ url: expect.stringMatching(/^https:\/\//), mime_type: expect.stringMatching(/^image\//) });
    expect(itinerary.booking_company).toEqual({ id: '1', href: '/booking_companies/1/', name: 'Wayfarer Tours Inc.' });
    expect(itinerary.booking_companies).toEqual([itinerary.booking_company]);
  });
});
