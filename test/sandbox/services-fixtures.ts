/** Shared set-up of the booking-workflow and flex tests: bookings, travellers, services, payments. */
import { expect } from 'vitest';
import type { Client, Key } from '../helpers/sandbox-client.js';

/** '123.45' → 12345. */
export const cents = (decimal: string): number => Math.round(Number(decimal) * 100);
/** 12345 → '123.45'. */
export const decimal = (amount: number): string => (amount / 100).toFixed(2);

export async function newBooking(client: Client, options: { key?: Key; currency?: string } = {}): Promise<any> {
  const answer = await client.post('/bookings/', { currency: options.currency ?? 'CAD' }, options.key);
  expect(answer.status, answer.text).toBe(201);
  return answer.json;
}

export async function newCustomers(client: Client, count: number, key?: Key): Promise<any[]> {
  const customers = [];
  for (let i = 0; i < count; i++) {
    const answer = await client.post('/customers/', { name: { legal_first_name: `Traveller${i + 1}`, legal_last_name: 'Test', title: i % 2 ? 'Mr' : 'Ms' } }, key);
    expect(answer.status, answer.text).toBe(201);
    customers.push(answer.json);
  }
  return customers;
}

export const refs = (records: Array<{ id: string }>) => records.map((r) => ({ id: r.id }));

export interface Booked {
  booking: any;
  customers: any[];
  service: any;
}

/** A booking with `travellers` new customers on a departure service of `departure`. */
export async function book(client: Client, options: { departure?: string; travellers?: number; key?: Key; currency?: string } = {}): Promise<Booked> {
  const booking = await newBooking(client, options);
  const customers = await newCustomers(client, options.travellers ?? 2, options.key);
  const answer = await client.post('/departure_services/', { booking: { id: booking.id }, product: { id: options.departure ?? '100001' }, customers: refs(customers) }, options.key);
  expect(answer.status, answer.text).toBe(201);
  return { booking, customers, service: answer.json };
}

export async function pay(client: Client, bookingId: string, amount: string | number, key?: Key): Promise<any> {
  const answer = await client.post('/_sandbox/payments', { booking: { id: bookingId }, amount: typeof amount === 'number' ? decimal(amount) : amount }, key);
  expect(answer.status, answer.text).toBe(201);
  return answer.json;
}

export async function get(client: Client, path: string, key?: Key): Promise<any> {
  const answer = await client.get(path, key);
  expect(answer.status, answer.text).toBe(200);
  return answer.json;
}

export async function setStatus(client: Client, service: { href: string }, status: string, key?: Key) {
  return client.patch(service.href, { status }, key);
}

export async function moveClock(client: Client, body: { advance: string } | { set: string }): Promise<string> {
  const answer = await client.post('/_sandbox/clock', body, 'operator');
  expect(answer.status, answer.text).toBe(200);
  return answer.json.now;
}
