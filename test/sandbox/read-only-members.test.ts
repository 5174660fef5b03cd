/**
 * Issue 16: a client saves back the whole object it read (spec §2.1: read-only members are
 * ignored on input; §4.1: PUT behaves like PATCH), so every member an answer shows is accepted.
 */
import { describe, expect, it } from 'vitest';
import { KEYS, useSandboxClient, type Key } from '../helpers/sandbox-client.js';
import { book, get, pay, setStatus } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 40, now: NOW });

const put = (path: string, body: unknown, key?: Key) => client.request('PUT', path, { body, key });

function problems(answer: { status: number; text: string; json: any }): string[] {
  expect(answer.status, answer.text).toBe(400);
  return answer.json.errors.map((e: any) => `${e.field} ${e.code}`);
}

describe('16 read-only members are ignored on input (spec §2.1)', () => {
  it('16 PUT of an unchanged fetched agent, agency, booking, customer and service answers 200 and changes nothing', async () => {
    const { booking, customers, service } = await book(client);
    for (const href of ['/agents/1/', '/agencies/1/', booking.href, customers[0].href, service.href]) {
      const fetched = await get(client, href);
      const saved = await put(href, fetched);
      expect(saved.status, `${href} ${saved.text}`).toBe(200);
      expect(saved.json, href).toEqual(fetched);
      // PATCH with every member read is the same request.
      expect((await client.patch(href, fetched)).json, href).toEqual(fetched);
      expect(await get(client, href), href).toEqual(fetched);
    }
  });

  it('16 PUT of an unchanged closed booking answers 200; a change to it stays BOOKING_CLOSED', async () => {
    const closed = (await client.get('/bookings/?external_id=seed-closed')).json.results[0];
    expect((await put(closed.href, closed)).status).toBe(200);
    expect(problems(await put(closed.href, { ...closed, external_id: 'reopened' }))).toEqual(['date_closed BOOKING_CLOSED']);
  });

  it('16 read-only members sent changed are ignored: the answer shows them as they are', async () => {
    const { booking, service } = await book(client);
    const agent = await client.patch('/agents/1/', { id: '99', href: '/agents/99/', first_name: 'Avery' });
    expect([agent.status, agent.json.id, agent.json.href]).toEqual([200, '1', '/agents/1/']);

    const agency = await client.patch('/agencies/1/', { date_created: '2001-01-01T00:00:00Z', agency_chain: { id: '2' }, bookings: { href: '/elsewhere/' }, promotions: null });
    expect(agency.status, agency.text).toBe(200);
    expect(agency.json).toMatchObject({ agency_chain: { id: '1' }, bookings: { href: '/agencies/1/bookings/' }, promotions: { href: '/agencies/1/promotions/' } });
    expect(agency.json.date_created).not.toBe('2001-01-01T00:00:00Z');

    const changed = await client.patch(booking.href, { amount_paid: '5000.00', agent: { id: '2' }, date_closed: '2020-01-01', agency_identifier: { field: 'id', value: '2' } });
    expect(changed.json).toMatchObject({ amount_paid: '0.00', agent: { id: '1' }, date_closed: null });

    const renamed = await put(service.href, { ...service, name: 'Renamed', purchase_price: '1.00', status_transitions: [], type: 'activity_services' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json).toEqual(await get(client, service.href));
    expect(renamed.json).toMatchObject({ name: service.name, purchase_price: service.purchase_price, type: 'departure_services' });
  });

  it('16 a service PUT/PATCH whose status equals the current one, or without status, is a 200 no-op', async () => {
    const { booking, service } = await book(client);
    for (const body of [{}, { status: 'Option' }, { ...service }]) {
      const answer = await client.patch(service.href, body);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.json).toEqual(service);
    }
    // Confirmed by the payment; the client's copy still says Confirmed after a re-read: a no-op too.
    await pay(client, booking.id, service.deposit_amount);
    const confirmed = await get(client, service.href);
    expect((await put(service.href, confirmed)).json).toEqual(confirmed);
    // A status the service can move to still moves it.
    expect((await setStatus(client, confirmed, 'Request Cancellation')).json.status).toBe('Request Cancellation');
  });

  it('16 members the spec leaves writable but the sandbox does not let the caller change: accepted unchanged, refused changed (NOT_PATCHABLE)', async () => {
    const agency = await get(client, '/agencies/1/');
    expect((await client.patch('/agencies/1/', { booking_currencies: agency.booking_currencies, agency_chains: agency.agency_chains, flags: [] })).status).toBe(200);
    expect(problems(await client.patch('/agencies/1/', { booking_currencies: ['CHF'], flags: ['FLEX_DISABLED'] }))).toEqual(['booking_currencies NOT_PATCHABLE', 'flags NOT_PATCHABLE']);
    expect(problems(await client.patch('/agents/1/', { role: { id: '2', name: 'Agent' } }))).toEqual(['role NOT_PATCHABLE']);

    const { booking, customers, service } = await book(client, { currency: 'USD' });
    expect(problems(await client.patch(booking.href, { currency: 'CAD', external_id: 'x' }))).toEqual(['currency NOT_PATCHABLE']);
    expect((await get(client, booking.href)).external_id).toBeNull();
    // A reference may come back as {id}, the bare id or the full reference.
    expect((await client.patch(service.href, { customers: customers.map((c) => c.id) })).status).toBe(200);
    expect(problems(await client.patch(service.href, { customers: [{ id: customers[0].id }], status: 'Expired' }))).toEqual(['customers NOT_PATCHABLE']);
    expect((await get(client, service.href)).status).toBe('Option');
  });

  it('16 a member the resource does not have is refused (UNKNOWN_FIELD): a misspelt status is never a silent no-op', async () => {
    const { customers, service } = await book(client);
    const misspelt = await client.patch(service.href, { stauts: 'Expired' });
    expect(problems(misspelt)).toEqual(['stauts UNKNOWN_FIELD']);
    expect(misspelt.json.errors[0].detail).toContain('status');
    expect(problems(await client.patch(customers[0].href, { nmae: { legal_first_name: 'X' } }))).toEqual(['nmae UNKNOWN_FIELD']);
    expect(problems(await client.patch('/agencies/1/', { fax: '123' }))).toEqual(['fax UNKNOWN_FIELD']);
  });

  it("16 access is settled before the body is compared: another agency's record answers 403, never a 400 telling its values", async () => {
    const { service } = await book(client);
    expect((await client.patch('/agents/3/', { role: { id: '9' } })).status).toBe(403);
    expect((await client.patch('/agencies/2/', { booking_currencies: ['XXX'] })).status).toBe(403);
    expect((await client.patch(service.href, { customers: [] }, KEYS.harbourLights)).status).toBe(403);
    expect((await client.patch('/agencies/1/', { booking_currencies: ['XXX'] }, KEYS.mapleLeafSecond)).status).toBe(403);
  });
});
