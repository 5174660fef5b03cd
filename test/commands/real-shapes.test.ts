/**
 * Issue 28, "The real shapes on screen": trek pointed at a server that answers with the shapes
 * the operator's own Python client reads (a departure's rooms, price bands, deposits and
 * lowest_pp2a_prices, a dossier's city objects, a departure service's deposit and rooms, a
 * customer's reference nationality and country, an itinerary's duration and meals, a
 * promotion), and the same views on the sandbox. Each view must show what the payload holds —
 * never raw JSON, `[object Object]`, `undefined` or `NaN` — at 80 and 120 columns, and a single
 * record in csv has every scalar of the payload.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { testFactory } from '../helpers/factory.js';
import { useHostileServers } from '../helpers/hostile-server.js';
import { useTrekSandbox } from '../helpers/trek-sandbox.js';

const price = (currency: string, amount: string, deposit: string) => ({ promotions: [{ id: '18336', href: '/promotions/18336' }], currency, amount, deposit });

const DEPARTURE = {
  id: '419504',
  href: '/departures/419504',
  sku: 'GAPPPP270406-O1',
  name: 'Peru Panorama',
  product_line: 'PPP',
  tour_dossier: { id: '21346', href: '/tour_dossiers/21346', name: 'Peru Panorama' },
  tour: { id: '21346', href: '/tours/21346' },
  start_date: '2027-04-06',
  finish_date: '2027-04-20',
  date_created: '2026-01-26T20:29:07Z',
  date_last_modified: '2026-06-10T19:12:04Z',
  latest_arrival_time: '2027-04-06T23:59:59',
  earliest_departure_time: '2027-04-20T00:00:00',
  flags: [],
  availability: { status: 'AVAILABLE', total: 8 },
  nearest_start_airport: { code: 'LIM' },
  nearest_finish_airport: { code: 'LIM' },
  start_address: { city: 'Lima', street: 'Av. Larco 1101', country: { id: 'PE', href: '/countries/PE', name: 'Peru' } },
  lowest_pp2a_prices: [
    { currency: 'USD', amount: '3099.00' },
    { currency: 'CAD', amount: '3299.00' },
    { currency: 'GBP', amount: '1749.00' },
  ],
  rooms: [
    {
      code: 'STANDARD',
      name: 'Standard',
      flags: [],
      availability: { status: 'AVAILABLE', total: 8, male: null, female: null },
      price_bands: [
        {
          code: 'ADULT',
          name: 'Adult',
          min_age: 12,
          max_age: 100,
          min_travellers: 1,
          max_travellers: 16,
          prices: [price('USD', '3099.00', '250.00'), price('CAD', '3299.00', '250.00'), price('GBP', '1749.00', '100.00')],
        },
      ],
      addons: [{ product: { id: 'T419504', href: '/single_supplements/T419504', name: 'My Own Room', type: 'single_supplements', sub_type: 'Single Supplement' }, min_days: 14, max_days: 14 }],
    },
    {
      code: 'SINGLE',
      name: 'My Own Room',
      flags: [],
      availability: { status: 'AVAILABLE', total: 2, male: null, female: null },
      price_bands: [{ code: 'ADULT', name: 'Adult', min_age: 12, max_age: 100, prices: [price('USD', '3873.75', '250.00'), price('CAD', '4123.75', '250.00')] }],
    },
  ],
  addons: [
    {
      product: { id: '54', href: '/accommodations/54', name: 'San Agustin Colonial', type: 'accommodations', sub_type: 'Hotel' },
      start_date: '2027-04-02',
      finish_date: '2027-04-06',
      min_days: 1,
      max_days: 5,
    },
  ],
  structured_itineraries: [{ id: '1001', href: '/itineraries/1001/1001001/', variation_id: '1001001' }],
  components: [],
};

const DOSSIER = {
  id: '21346',
  href: '/tour_dossiers/21346',
  name: 'Peru Panorama',
  product_line: 'PPP',
  departures_start_date: '2027-01-01',
  departures_end_date: '2027-12-31',
  description: 'Spot macaws in the jungle and sail Lake Titicaca.',
  departures: { href: '/tour_dossiers/21346/departures' },
  geography: {
    start_city: { name: 'Lima' },
    finish_city: { name: 'Cusco' },
    start_country: { id: 'PE', href: '/countries/PE', name: 'Peru' },
    finish_country: { id: 'PE', href: '/countries/PE', name: 'Peru' },
    primary_country: { id: 'PE', href: '/countries/PE', name: 'Peru' },
    region: { name: 'South America' },
    visited_countries: [{ id: 'PE', href: '/countries/PE', name: 'Peru' }],
  },
  categories: [{ category_type: { id: '1', label: 'Activity' }, name: 'Trekking/Hiking' }],
};

const PROMOTION = {
  id: '18336',
  href: '/promotions/18336',
  name: '10% off Peru',
  promotion_code: 'BZ-PERU10',
  discount_amount: '329.90',
  commission_rate: 0,
  terms_and_conditions: 'Book by August 27.',
};

const CUSTOMER = {
  id: '300021',
  href: '/customers/300021',
  name: { legal_first_name: 'María', legal_middle_name: null, legal_last_name: 'García', common_name: null, title: 'Ms' },
  date_of_birth: '1990-03-02',
  place_of_birth: 'Lima',
  nationality: { id: 'PE', href: '/nationalities/PE', name: 'Peruvian' },
  gender: 'FEMALE',
  passport: { number: 'P123', issue_date: '2020-01-01', expiry_date: '2030-01-01', place_of_issue: 'Lima' },
  account_email: 'maria@example.com',
  phone_numbers: [{ number: '+51 1 555 0101', type: 'MOBILE' }],
  address: {
    street: 'Av. Arequipa 1',
    city: 'Lima',
    state: { id: 'PE-LIM', href: '/states/PE-LIM', name: 'Lima Region' },
    country: { id: 'PE', href: '/countries/PE', name: 'Peru' },
    postal_zip: '15001',
  },
  emergency_contacts: { first_name: 'Jorge', last_name: 'García', phone_numbers: [] },
  bookings: { href: '/customers/300021/bookings' },
};

const SERVICE = {
  id: '500001',
  href: '/departure_services/500001',
  type: 'departure_services',
  sub_type: 'Tour',
  name: 'Peru Panorama',
  status: 'Option',
  status_transitions: ['Confirmed', 'Expired'],
  start_date: '2027-04-06',
  finish_date: '2027-04-20',
  option_expiry_date: '2027-01-20T05:00:00Z',
  purchase_price: '3793.85',
  commission: '455.26',
  deposit: '250.00',
  booking: { id: '200001', href: '/bookings/200001' },
  product: { id: '419504', href: '/departures/419504', name: 'Peru Panorama', type: 'departures' },
  customers: [{ id: '300021', href: '/customers/300021', name: CUSTOMER.name }],
  rooms: [{ code: 'SINGLE', name: 'My Own Room', customers: [{ id: '300021', href: '/customers/300021', name: CUSTOMER.name }] }],
  applied_promotion: PROMOTION,
  applied_promotions: [PROMOTION],
  flags: [],
  itinerary: { id: '1001', href: '/itineraries/1001' },
  arriving_flights: [],
  departing_flights: [],
  requirements: [],
};

const ITINERARY = {
  id: '1001',
  href: '/itineraries/1001',
  name: 'Peru Panorama',
  variation_id: '1001001',
  duration: 15,
  meals_included: { breakfasts: 14, lunches: 3, dinners: 2 },
  meals_budget: { min_max: [15, 40], currency: 'USD' },
  tour_dossier: { id: '21346', href: '/tour_dossiers/21346', name: 'Peru Panorama' },
  start_location: { id: '1', href: '/places/1', name: 'Lima' },
  end_location: { id: '2', href: '/places/2', name: 'Cusco' },
  days: [
    { id: 'd1', day: 1, label: 'Lima', summary: 'Arrive at any time.', meals: [] },
    { id: 'd2', day: 2, label: 'Puno', summary: 'Fly to Juliaca.', meals: [{ type: 'BREAKFAST' }, { type: 'LUNCH' }, { type: 'DINNER' }] },
  ],
};

const BOOKING = { id: '200001', href: '/bookings/200001', currency: 'CAD', amount_owing: '3793.85', amount_paid: '0.00' };

const envelope = (results: unknown[]) => ({ count: results.length, max_per_page: 50, current_page: 1, results, links: [] });

/** What the stub answers, by path (trailing slash or not). */
const ROUTES: Record<string, unknown> = {
  '/departures/419504': DEPARTURE,
  '/departures': envelope([DEPARTURE]),
  '/tour_dossiers/21346': DOSSIER,
  '/tour_dossiers/21346/departures': envelope([DEPARTURE]),
  '/departure_services/500001': SERVICE,
  '/bookings/200001': BOOKING,
  '/customers/300021': CUSTOMER,
  '/itineraries/1001': ITINERARY,
};

const servers = useHostileServers();

async function operator() {
  const server = await servers.start((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/\/$/, '');
    const body = ROUTES[path];
    if (body === undefined) res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ http_status_code: 404, message: 'Not found', errors: [] }));
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  return async (args: string[], columns = 80) => {
    const t = testFactory({ baseUrl: server.url, apiKey: 'k', tty: true, columns, env: { NO_COLOR: '1' } });
    const code = await main([...args, '--no-pager'], t.f);
    return { code, out: t.out(), err: t.err() };
  };
}

/** Nothing a payload's shape could leak onto a screen, and every line within the terminal. */
function expectClean(out: string, columns: number): void {
  expect(out).not.toMatch(/[{}]|\[object|undefined|NaN/);
  for (const line of out.split('\n')) expect(line.length, line).toBeLessThanOrEqual(columns);
}

/** Every scalar of a value by its dotted path, as a reader of the payload would list them. */
function scalars(value: unknown, prefix = ''): Array<[string, unknown]> {
  if (value === null || typeof value !== 'object') return [[prefix, value]];
  return Object.entries(value).flatMap(([key, member]) => scalars(member, prefix ? `${prefix}.${key}` : key));
}

describe("28 trek on the operator's shapes", () => {
  it('departure get: name, dates, places, the lowest price and each room and band with price and deposit, in the currency asked for', async () => {
    const trek = await operator();
    for (const columns of [80, 120]) {
      const cad = await trek(['departure', 'get', '419504', '--currency', 'CAD'], columns);
      expect(cad.code).toBe(0);
      expectClean(cad.out, columns);
      expect(cad.out).toMatch(/^NAME +Peru Panorama$/m);
      expect(cad.out).toMatch(/^DATES +2027-04-06 – 2027-04-20 \(15 days\)$/m);
      expect(cad.out).toMatch(/^AVAILABILITY +AVAILABLE, 8 places left$/m);
      expect(cad.out).toMatch(/^FROM +3299\.00 CAD per person sharing, deposit 250\.00 CAD$/m);
      expect(cad.out).toMatch(/^STANDARD +Standard +Adult 12–100 +3299\.00 CAD +250\.00 CAD +8$/m);
      expect(cad.out).toMatch(/^SINGLE +My Own Room +Adult 12–100 +4123\.75 CAD +250\.00 CAD +2$/m);
    }
    // No currency asked for: the first the departure lists; a room without one says so.
    const first = await trek(['departure', 'get', '419504']);
    expect(first.out).toMatch(/^FROM +3099\.00 USD per person sharing, deposit 250\.00 USD$/m);
    const gbp = await trek(['departure', 'get', '419504', '--currency', 'GBP']);
    expect(gbp.out).toMatch(/^STANDARD .* 1749\.00 GBP +100\.00 GBP/m);
    expect(gbp.out).toMatch(/^SINGLE .* no GBP price/m);
  });

  it('departure get -o csv has every scalar of the payload, finish_date included', async () => {
    const trek = await operator();
    const csv = await trek(['departure', 'get', '419504', '-o', 'csv']);
    const [header, row] = csv.out.trimEnd().split('\n');
    const expected = scalars(DEPARTURE);
    expect(header.split(',')).toEqual(expected.map(([path]) => path));
    expect(header).toContain('finish_date');
    expect(header).toContain('rooms.1.price_bands.0.prices.1.deposit');
    expect(row.split(',')).toEqual(expected.map(([, value]) => (value === null ? '' : String(value))));
  });

  it('search departures and dossier get --departures: places and price at 80 and 120 columns', async () => {
    const trek = await operator();
    for (const columns of [80, 120]) {
      const search = await trek(['search', 'departures', '--currency', 'CAD'], columns);
      expect(search.code).toBe(0);
      expectClean(search.out, columns);
      expect(search.out).toMatch(/^419504 +Peru Panorama +2027-04-06 +2027-04-20 +AVAILABLE +8 +3299\.00 CAD/m);
    }
    const wide = await trek(['search', 'departures', '--currency', 'CAD', '--wide'], 120);
    expect(wide.out).toMatch(/AVAILABLE +8 +3299\.00 CAD +250\.00 CAD +STANDARD 3299\.00 \(8 places\) · SINGLE 4123\.75 \(2 places\) +LIM +LIM/);
    const csv = await trek(['search', 'departures', '-o', 'csv']);
    expect(csv.out.split('\n')[0]).toContain('finish_date');

    const dossier = await trek(['dossier', 'get', '21346', '--departures', '--currency', 'CAD']);
    expect(dossier.code).toBe(0);
    expectClean(dossier.out, 80);
    expect(dossier.out).toMatch(/^ROUTE +Lima → Cusco, Peru$/m);
    expect(dossier.out).toMatch(/^419504 .* AVAILABLE +8 +3299\.00 CAD$/m);
  });

  it('service get: deposit and price in the booking currency, the room and who is in it, the promotion', async () => {
    const trek = await operator();
    for (const columns of [80, 120]) {
      const service = await trek(['service', 'get', '500001'], columns);
      expect(service.code).toBe(0);
      expectClean(service.out, columns);
      expect(service.out).toMatch(/^PRICE +3793\.85 CAD$/m);
      expect(service.out).toMatch(/^DEPOSIT +250\.00 CAD$/m);
      expect(service.out).toMatch(/^ROOMS +SINGLE My Own Room: Ms María García \(300021\)$/m);
      expect(service.out).toMatch(/^PROMOTIONS +10% off Peru \(BZ-PERU10\) −329\.90 CAD$/m);
      expect(service.out).toMatch(/^START +2027-04-06$/m);
    }
  });

  it('customer get: nationality and the address by name; itinerary get: length, meals included and meal budget', async () => {
    const trek = await operator();
    for (const columns of [80, 120]) {
      const customer = await trek(['customer', 'get', '300021'], columns);
      expect(customer.code).toBe(0);
      expectClean(customer.out, columns);
      expect(customer.out).toMatch(/^NATIONALITY +Peruvian$/m);
      expect(customer.out).toMatch(/^ADDRESS +Av\. Arequipa 1, Lima, Lima Region, 15001, Peru$/m);

      const itinerary = await trek(['itinerary', 'get', '1001'], columns);
      expect(itinerary.code).toBe(0);
      expectClean(itinerary.out, columns);
      expect(itinerary.out).toContain('Length: 15 days, Lima to Cusco');
      expect(itinerary.out).toContain('Included meals: 14 breakfasts, 3 lunches, 2 dinners');
      expect(itinerary.out).toContain('Meal budget: 15–40 USD for meals not included');
    }
  });
});

describe('28 the same views on the sandbox', () => {
  const sandbox = useTrekSandbox();

  it('departure get, search, dossier get, customer get and itinerary get show the same things from the sandbox', async () => {
    const trek = async (args: string[], columns: number) => {
      const t = await sandbox.trek([...args, '--no-pager'], { tty: true, columns, env: { NO_COLOR: '1' } });
      expect(t.code, t.err()).toBe(0);
      expectClean(t.out(), columns);
      return t.out();
    };
    for (const columns of [80, 120]) {
      const departure = await trek(['departure', 'get', '100001', '--currency', 'CAD'], columns);
      expect(departure).toMatch(/^AVAILABILITY +AVAILABLE, 500 places left$/m);
      expect(departure).toMatch(/^FROM +4399\.00 CAD per person sharing, deposit 250\.00 CAD$/m);
      expect(departure).toMatch(/^SINGLE +My Own Room +Adult 18\+ +5498\.75 CAD +250\.00 CAD/m);
      expect(await trek(['search', 'departures', '--limit', '3', '--currency', 'CAD'], columns)).toMatch(/^ID +NAME +START +FINISH +AVAILABILITY +PLACES +PRICE/);
      expect(await trek(['dossier', 'get', '20001'], columns)).toMatch(/^ROUTE +Lima → Lima, Peru$/m);
      const itinerary = await trek(['itinerary', 'get', '700001'], columns);
      expect(itinerary).toMatch(/Length: \d+ days, Lima to Lima/);
      expect(itinerary).toMatch(/Included meals: \d+ breakfasts?, \d+ lunch(es)?, \d+ dinners?/);
      expect(itinerary).toMatch(/Meal budget: \d+–\d+ USD for meals not included/);
    }
    const created = await sandbox.trek(['customer', 'create', '--first-name', 'Ada', '--last-name', 'Lovelace', '--title', 'Ms', '--nationality', 'British', '--country', 'GB', '-o', 'json']);
    const id = JSON.parse(created.out()).id as string;
    const customer = await trek(['customer', 'get', id], 80);
    expect(customer).toMatch(/^NATIONALITY +British$/m);
    expect(customer).toMatch(/^ADDRESS +United Kingdom$/m);
  });
});
