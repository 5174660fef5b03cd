/**
 * Fixtures for overrides and checkins: bookings, customers and services made through the API
 * as a client would, and a sandbox whose store the test can reach for what no API call does
 * (closing a booking).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createRequestHandler } from '../../src/sandbox/http.js';
import { keysOf, type RunningSandbox } from '../../src/sandbox/index.js';
import { Router } from '../../src/sandbox/router.js';
import { installModules, type SandboxModule } from '../../src/sandbox/routes/index.js';
import { Store, type StoreOptions } from '../../src/sandbox/store.js';
import { clientFor, type Client, type Key } from '../helpers/sandbox-client.js';
import { NOW } from '../helpers/clock.js';

export interface FixtureSandbox extends RunningSandbox {
  store: Store;
}

/**
 * The sandbox of startSandbox() (in memory unless `options` name a data file, port 0, clock at
 * NOW), with its store in hand; `modules` narrows it to some areas.
 */
export async function startFixtureSandbox(now: Date = NOW, options: StoreOptions = {}, modules?: readonly SandboxModule[]): Promise<FixtureSandbox> {
  const store = await Store.open({ now, ...options });
  const server = createServer({ keepAlive: true }, createRequestHandler(store, installModules(new Router(), store, modules)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    store,
    baseUrl: `http://127.0.0.1:${port}`,
    ...keysOf(store.read()),
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

/** The showcase departure that is plainly bookable (docs/sandbox.md), and an activity. */
export const TOUR = '100001';
export const LATER_TOUR = '100004';
export const ACTIVITY = '500001';

/** Puts customers on a new departure service (default) or activity service of the booking; returns the service. */
export async function addService(client: Client, bookingId: string, customerIds: string[], options: { activity?: boolean; product?: string; key?: Key } = {}): Promise<any> {
  const collection = options.activity ? 'activity_services' : 'departure_services';
  const product = options.product ?? (options.activity ? ACTIVITY : TOUR);
  const answer = await client.post(`/${collection}/`, { booking: { id: bookingId }, product: { id: product }, customers: customerIds.map((id) => ({ id })) }, options.key);
  if (answer.status !== 201) throw new Error(`${collection}: ${answer.status} ${answer.text}`);
  return answer.json;
}

/** Closes a booking the way the operator would (the API has no way to): straight in the store. */
export async function closeBooking(store: Store, bookingId: string, on: string): Promise<void> {
  await store.mutate((state) => {
    state.collections.bookings[bookingId].date_closed = on;
  });
}

/** A customer as POST /customers/ makes it; `fields` add to (or replace) a bare name. */
export async function createCustomer(client: Client, fields: Record<string, unknown> = {}, key?: Key): Promise<any> {
  const answer = await client.post('/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' }, ...fields }, key);
  if (answer.status !== 201) throw new Error(`customer: ${answer.status} ${answer.text}`);
  return answer.json;
}

export async function createBooking(client: Client, key?: Key, currency = 'CAD'): Promise<any> {
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

/** A booking with one customer (names only, unless `fields` add more) on a tour, and the tour's service id. */
export async function bookedCustomer(client: Client, fields: Record<string, unknown> = {}): Promise<{ booking: any; customer: any; serviceId: string }> {
  const booking = await createBooking(client);
  const customer = await createCustomer(client, fields);
  const service = await addService(client, booking.id, [customer.id]);
  return { booking, customer, serviceId: service.id };
}

/** A YYYY-MM-DD date moved by whole years and days (negative: back). */
export function shiftDate(date: string, { years = 0, days = 0 }: { years?: number; days?: number }): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
