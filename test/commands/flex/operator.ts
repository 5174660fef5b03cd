/**
 * A small fake of the operator's API for the flex commands (a real node:http server): one
 * booking of a Canadian agency with a confirmed departure service, its departure and two flex
 * plans, and a confirmed flex plan service with two addons and amount-based terms. Each test
 * changes what it needs (`world.set`), decides how POST /flex_plan_services/ answers, and
 * reads the requests the server received.
 */
import { startHostileServer, type HostileServer } from '../../helpers/hostile-server.js';

export type World = Map<string, unknown>;

export interface FakeOperator {
  server: HostileServer;
  world: World;
  /** Answer of the next POST /flex_plan_services/ (default: 201 with a new service in Option). */
  onCreate: (body: unknown) => { status: number; body: unknown };
  /** Requests other than GET. */
  writes(): Array<{ method: string; url: string; body: string }>;
}

export const CONFIRMED_AT = new Date(Date.now() - 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

const envelope = (results: unknown[]) => ({ count: results.length, max_per_page: 50, current_page: 1, results, links: [] });
const customers = [
  { id: '300001', href: '/customers/300001/', name: { title: 'Ms', legal_first_name: 'Ada', legal_last_name: 'Lovelace' } },
  { id: '300002', href: '/customers/300002/', name: { title: 'Mr', legal_first_name: 'Alan', legal_last_name: 'Turing' } },
];

export const DEPARTURE_SERVICE = {
  id: '400001',
  href: '/departure_services/400001/',
  name: 'Best of Peru',
  status: 'Confirmed',
  status_transitions: ['Request Cancellation'],
  type: 'departure_services',
  sub_type: 'Tour',
  start_date: '2099-06-10',
  finish_date: '2099-06-20',
  customers,
  date_confirmed: CONFIRMED_AT,
  booking: { id: '200003', href: '/bookings/200003/' },
  product: { id: '100001', href: '/departures/100001/', name: 'Best of Peru' },
};

export const FLEX_SERVICE = {
  id: '400002',
  href: '/flex_plan_services/400002/',
  name: 'Flex',
  status: 'Confirmed',
  status_transitions: [],
  type: 'flex_plan_services',
  sub_type: 'Flex',
  start_date: '2099-06-10',
  finish_date: null,
  customers,
  date_created: '2099-01-01T10:00:00Z',
  date_confirmed: '2099-01-01T11:00:00Z',
  option_expiry_date: null,
  purchase_price: '400.00',
  booking: { id: '200003', href: '/bookings/200003/' },
  product: { id: '100001-1', href: '/flex_plans/100001-1/', name: 'Flex' },
  associated_services: [{ id: '400001', href: '/departure_services/400001/', type: 'departure_services' }],
  cancellation_terms: { id: 'flex-100001-1', href: '/service_cancellation_terms/flex-100001-1/' },
  flex_plan_addons: [
    { id: '610001', href: '/flex_plan_addons/610001/' },
    { id: '610002', href: '/flex_plan_addons/610002/' },
  ],
};

const addon = (id: string, customer: (typeof customers)[number], orderUrl: string) => ({
  id,
  href: `/flex_plan_addons/${id}/`,
  booking: { id: '200003', href: '/bookings/200003/' },
  customer,
  flex_plan_service: { id: '400002', href: '/flex_plan_services/400002/' },
  order_url: orderUrl,
  support_url: 'https://help.example.com/flex',
  terms_url: 'https://example.com/flex/terms',
  products: [
    { category: 'ESIM', name: 'Travel eSIM 5 GB' },
    { category: 'LUGGAGE_PROTECTION', name: 'Bag tracker' },
  ],
});

export function newWorld(): World {
  return new Map<string, unknown>([
    ['/bookings/200003', { id: '200003', href: '/bookings/200003/', currency: 'CAD', agency: { id: '1', href: '/agencies/1/', name: 'Maple Leaf Travel' } }],
    [
      '/agencies/1',
      {
        id: '1',
        href: '/agencies/1/',
        name: 'Maple Leaf Travel',
        address: { country: { id: 'CA', href: '/countries/CA/', name: 'Canada' } },
        agency_chain_configurations: [{ agency_chain: { id: '1', href: '/agency_chains/1/', name: 'North Star Travel Group' }, flags: [] }],
      },
    ],
    ['/departure_services/400001', DEPARTURE_SERVICE],
    [
      '/departures/100001',
      {
        id: '100001',
        href: '/departures/100001/',
        name: 'Best of Peru',
        product_line: 'Classic',
        start_date: '2099-06-10',
        flex_plans: [
          { id: '100001-1', href: '/flex_plans/100001-1/', name: 'Flex' },
          { id: '100001-2', href: '/flex_plans/100001-2/', name: 'Flex Plus' },
        ],
      },
    ],
    [
      '/flex_plans/100001-1',
      { id: '100001-1', href: '/flex_plans/100001-1/', name: 'Flex', availability: { status: 'AVAILABLE' }, stop_sell_date: '2099-04-11', prices: { CAD: '400.00', USD: '292.00' } },
    ],
    [
      '/flex_plans/100001-2',
      { id: '100001-2', href: '/flex_plans/100001-2/', name: 'Flex Plus', availability: { status: 'AVAILABLE' }, stop_sell_date: '2099-04-11', prices: { CAD: '600.00', USD: '438.00' } },
    ],
    ['/bookings/200003/services', envelope([DEPARTURE_SERVICE])],
    ['/flex_plan_services/400002', FLEX_SERVICE],
    ['/flex_plan_addons/610001', addon('610001', customers[0], 'https://flex.example.com/order/610001')],
    ['/flex_plan_addons/610002', addon('610002', customers[1], 'https://flex.example.com/order/610002')],
    [
      '/service_cancellation_terms/flex-100001-1',
      {
        id: 'flex-100001-1',
        href: '/service_cancellation_terms/flex-100001-1/',
        type: 'FLEX',
        windows: [
          {
            days_before_departure_from: 31,
            days_before_departure_to: null,
            start_date: null,
            end_date: '2099-05-10',
            penalty_amount: { CAD: '0.00' },
            refund_amount: { CAD: '0.00' },
            travel_credit_amount: { CAD: '5000.00' },
          },
          {
            days_before_departure_from: 15,
            days_before_departure_to: 30,
            start_date: '2099-05-11',
            end_date: '2099-05-26',
            penalty_amount: { CAD: '1250.00' },
            refund_amount: { CAD: '0.00' },
            travel_credit_amount: { CAD: '3750.00' },
          },
          {
            days_before_departure_from: 0,
            days_before_departure_to: 14,
            start_date: '2099-05-27',
            end_date: '2099-06-10',
            penalty_amount: { CAD: '5000.00' },
            refund_amount: { CAD: '0.00' },
            travel_credit_amount: { CAD: '0.00' },
          },
        ],
      },
    ],
  ]);
}

/** The list of a booking's services as the API summarises them (spec §4.2). */
export function servicesList(services: unknown[]): unknown {
  return envelope(services);
}

export const NEW_FLEX = {
  ...FLEX_SERVICE,
  id: '400003',
  href: '/flex_plan_services/400003/',
  status: 'Option',
  status_transitions: ['Confirmed', 'Expired'],
  date_confirmed: null,
  option_expiry_date: '2099-01-03T05:00:00Z',
  flex_plan_addons: [],
};

export async function startFakeOperator(): Promise<FakeOperator> {
  const world = newWorld();
  const fake: FakeOperator = {
    server: undefined as unknown as HostileServer,
    world,
    onCreate: () => ({ status: 201, body: NEW_FLEX }),
    writes: () => fake.server.requests.filter((r) => r.method !== 'GET').map(({ method, url, body }) => ({ method, url, body })),
  };
  fake.server = await startHostileServer((req, res, body) => {
    const path = (req.url ?? '').split('?')[0].replace(/\/+$/, '');
    const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (req.method === 'POST' && path === '/flex_plan_services') {
      const answer = fake.onCreate(JSON.parse(body));
      return json(answer.status, answer.body);
    }
    if (req.method === 'GET' && world.has(path)) return json(200, world.get(path));
    json(404, { http_status_code: 404, message: `Not found: ${path}`, error_id: 'fake_404', errors: [] });
  });
  return fake;
}
