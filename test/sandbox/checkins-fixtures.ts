/**
 * Fixtures for overrides and checkins: a sandbox whose store the test can reach, so a test
 * can put customers on services exactly as a case needs (a tour, an activity only, a closed
 * booking), plus the bookings and customers made through the API as a client would.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createRequestHandler } from '../../src/sandbox/http.js';
import { DEFAULT_API_KEY, type RunningSandbox } from '../../src/sandbox/index.js';
import type { ServiceRecord } from '../../src/sandbox/model.js';
import { Router } from '../../src/sandbox/router.js';
import { installModules } from '../../src/sandbox/routes/index.js';
import { Store } from '../../src/sandbox/store.js';
import { clientFor, NOW, type Client } from './helpers.js';

export interface FixtureSandbox extends RunningSandbox {
  store: Store;
}

/** The sandbox of startSandbox() (in memory, port 0, clock at NOW), with its store in hand. */
export async function startFixtureSandbox(now: Date = NOW): Promise<FixtureSandbox> {
  const store = await Store.open({ now });
  const server = createServer({ keepAlive: true }, createRequestHandler(store, installModules(new Router(), store)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    store,
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey: DEFAULT_API_KEY,
    keys: [],
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await store.idle();
      server.closeAllConnections();
      await closed;
    },
  };
}

export interface Fixtures {
  readonly sandbox: FixtureSandbox;
  readonly client: Client;
}

/** One fixture sandbox for the file's tests. */
export function useFixtureSandbox(): Fixtures {
  const holder: { sandbox?: FixtureSandbox; client?: Client } = {};
  beforeAll(async () => {
    holder.sandbox = await startFixtureSandbox();
    holder.client = clientFor(holder.sandbox);
  });
  afterAll(async () => {
    await holder.sandbox?.close();
  });
  return {
    get sandbox() {
      return holder.sandbox!;
    },
    get client() {
      return holder.client!;
    },
  };
}

export interface ServiceFixture {
  type?: ServiceRecord['type'];
  start?: string;
  finish?: string;
}

/** Puts customers on a new service of the booking, straight into the store; returns its id. */
export async function addService(store: Store, bookingId: string, customerIds: string[], fixture: ServiceFixture = {}): Promise<string> {
  return store.mutate((_state, tx) => {
    const service = tx.insert('services', {
      type: fixture.type ?? 'departure_services',
      booking_id: bookingId,
      product_id: '100001',
      name: fixture.type === 'activity_services' ? 'Cooking class in Lima' : 'Best of Peru',
      status: 'Option',
      customer_ids: customerIds,
      start_date: fixture.start ?? '2027-07-29',
      finish_date: fixture.finish ?? '2027-08-06',
      purchase_price_cents: 250_000,
      commission_cents: 25_000,
    } as Omit<ServiceRecord, 'id' | 'seq' | 'date_created'>);
    return service.id;
  });
}

/** A customer as POST /customers/ makes it; `fields` add to (or replace) a bare name. */
export async function createCustomer(client: Client, fields: Record<string, unknown> = {}, key?: string): Promise<any> {
  const answer = await client.post('/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' }, ...fields }, key);
  if (answer.status !== 201) throw new Error(`customer: ${answer.status} ${answer.text}`);
  return answer.json;
}

export async function createBooking(client: Client, key?: string, currency = 'CAD'): Promise<any> {
  const answer = await client.post('/bookings/', { currency }, key);
  if (answer.status !== 201) throw new Error(`booking: ${answer.status} ${answer.text}`);
  return answer.json;
}

/** Everything PASSPORT_INFORMATION and the other requirements ask of an adult. */
export const READY = {
  name: { legal_first_name: 'Grace', legal_middle_name: 'Brewster', legal_last_name: 'Hopper', title: 'Ms' },
  date_of_birth: '1980-12-09',
  nationality: 'US',
  passport: { number: 'X1234567', issue_date: '2020-01-15', expiry_date: '2030-01-14', place_of_issue: 'Washington' },
};

/** A booking with one bare customer (names only) on a tour, and its service. */
export async function bookedCustomer(f: Fixtures, fields: Record<string, unknown> = {}): Promise<{ booking: any; customer: any; serviceId: string }> {
  const booking = await createBooking(f.client);
  const customer = await createCustomer(f.client, fields);
  const serviceId = await addService(f.sandbox.store, booking.id, [customer.id]);
  return { booking, customer, serviceId };
}
