import { describe, expect, it } from 'vitest';
import { addService, bookedCustomer, closeBooking, createCustomer, useFixtureSandbox } from './checkins-fixtures.js';
import { KEYS } from '../helpers/sandbox-client.js';

const f = useFixtureSandbox();

async function requirementCodes(bookingId: string): Promise<string[]> {
  const [checkin] = (await f.client.get(`/bookings/${bookingId}/checkins/`)).json.results;
  return checkin.requirements.map((r: any) => r.code);
}

function body(booking: any, customer: any, serviceId: string, extra: Record<string, unknown> = {}) {
  return { booking: { id: booking.id }, customer: { id: customer.id }, services: [{ id: serviceId }], reason: { code: 'PASSPORT_RENEWAL' }, requirement: { code: 'PASSPORT_INFORMATION' }, ...extra };
}

/** `field code` of each errors[] entry of a 400. */
function problems(answer: { status: number; json: any }): string[] {
  expect(answer.status).toBe(400);
  return answer.json.errors.map((e: any) => `${e.field} ${e.code}`);
}

describe('POST /overrides/', () => {
  it('creates an override that removes the requirement from the checkin; DELETE brings it back', async () => {
    const { booking, customer, serviceId } = await bookedCustomer(f.client);
    expect(await requirementCodes(booking.id)).toEqual(['PASSPORT_INFORMATION', 'PERSONAL_DETAILS', 'AGE_RESTRICTION']);

    const created = await f.client.post('/overrides/', body(booking, customer, serviceId));
    expect(created.status).toBe(201);
    const id = created.json.id;
    expect(created.json).toEqual({
      id,
      href: `/overrides/${id}/`,
      booking: { id: booking.id, href: `/bookings/${booking.id}/` },
      customer: { id: customer.id, href: `/customers/${customer.id}/`, name: customer.name },
      services: [{ id: serviceId, href: `/departure_services/${serviceId}/`, name: (await f.client.get(`/departure_services/${serviceId}/`)).json.name, type: 'departure_services' }],
      reason: { id: '1', href: '/override_reasons/1/', label: 'Passport is being renewed', code: 'PASSPORT_RENEWAL' },
      requirement: { code: 'PASSPORT_INFORMATION', name: 'Passport information' },
      // The virtual clock starts at NOW and runs on.
      date_created: expect.stringMatching(/^2027-01-10T15:0\d:\d\dZ$/),
    });
    expect(await requirementCodes(booking.id)).toEqual(['PERSONAL_DETAILS', 'AGE_RESTRICTION']);
    expect((await f.client.get(`/overrides/${id}`)).json).toEqual(created.json);
    expect((await f.client.get(`/bookings/${booking.id}/overrides/`)).json.results).toEqual([created.json]);

    const deleted = await f.client.request('DELETE', `/overrides/${id}/`);
    expect([deleted.status, deleted.text]).toEqual([204, '']);
    expect((await f.client.get(`/overrides/${id}/`)).status).toBe(404);
    expect(await requirementCodes(booking.id)).toEqual(['PASSPORT_INFORMATION', 'PERSONAL_DETAILS', 'AGE_RESTRICTION']);
    expect((await f.client.get(`/bookings/${booking.id}/overrides/`)).json.results).toEqual([]);
  });

  it('turns a checkin COMPLETE when the override waives the last incomplete requirement', async () => {
    // Everything but the passport: only PASSPORT_INFORMATION is incomplete.
    const { booking, customer, serviceId } = await bookedCustomer(f.client, {
      name: { legal_first_name: 'Ada', legal_middle_name: 'B', legal_last_name: 'Lovelace', title: 'Ms' },
      date_of_birth: '1990-01-01',
      nationality: 'GB',
    });
    const status = async () => (await f.client.get(`/bookings/${booking.id}/checkins/`)).json.results[0].status;
    expect(await status()).toBe('INCOMPLETE');
    expect((await f.client.post('/overrides/', body(booking, customer, serviceId))).status).toBe(201);
    expect(await status()).toBe('COMPLETE');
  });

  it('accepts bare ids and codes for references', async () => {
    const { booking, customer, serviceId } = await bookedCustomer(f.client);
    const answer = await f.client.post('/overrides/', { booking: Number(booking.id), customer: customer.id, services: [serviceId], reason: 'AGENT_VERIFIED', requirement: 'AGE_RESTRICTION' });
    expect(answer.status).toBe(201);
    expect([answer.json.reason.code, answer.json.requirement.code]).toEqual(['AGENT_VERIFIED', 'AGE_RESTRICTION']);
  });

  it('names every missing member in one 400', async () => {
    expect(problems(await f.client.post('/overrides/', {}))).toEqual(['booking REQUIRED', 'customer REQUIRED', 'services REQUIRED', 'reason.code REQUIRED', 'requirement.code REQUIRED']);
    expect(problems(await f.client.post('/overrides/', { booking: { id: '1' }, customer: { id: '1' }, services: 'x', reason: { code: 5 }, requirement: {} }))).toEqual([
      'services INVALID_TYPE',
      'reason.code INVALID_TYPE',
      'requirement.code REQUIRED',
    ]);
  });

  it('refuses a customer or service off the booking, a customer not on the service, unknown codes', async () => {
    const { booking, customer, serviceId } = await bookedCustomer(f.client);
    const stranger = await createCustomer(f.client);
    const other = await bookedCustomer(f.client);
    const companion = await createCustomer(f.client);
    const companionService = (await addService(f.client, booking.id, [companion.id])).id;

    const offBooking = problems(await f.client.post('/overrides/', body(booking, stranger, serviceId)));
    expect(offBooking).toEqual(['customer CUSTOMER_NOT_ON_BOOKING', 'services[0] CUSTOMER_NOT_ON_SERVICE']);
    const services = { services: [{ id: serviceId }, { id: other.serviceId }, { id: companionService }, { id: '499999' }] };
    expect(problems(await f.client.post('/overrides/', body(booking, customer, serviceId, services)))).toEqual([
      'services[1] SERVICE_NOT_ON_BOOKING',
      'services[2] CUSTOMER_NOT_ON_SERVICE',
      'services[3] SERVICE_NOT_ON_BOOKING',
    ]);
    const codes = await f.client.post('/overrides/', body(booking, customer, serviceId, { reason: { code: 'BECAUSE' }, requirement: { code: 'NATIONALITY' } }));
    expect(problems(codes)).toEqual(['reason.code UNKNOWN_REASON', 'requirement.code UNKNOWN_REQUIREMENT']);
    expect(codes.json.errors[0].detail).toContain('PASSPORT_RENEWAL, INFO_AT_CHECKIN, MINOR_TRAVELLER, AGENT_VERIFIED, NOT_APPLICABLE');
    expect(codes.json.errors[1].detail).toContain('PASSPORT_INFORMATION, PERSONAL_DETAILS, AGE_RESTRICTION');
    expect(problems(await f.client.post('/overrides/', body(booking, { id: '399999' }, serviceId)))[0]).toBe('customer CUSTOMER_NOT_FOUND');
    expect(problems(await f.client.post('/overrides/', body({ id: '299999' }, customer, serviceId)))).toEqual(['booking BOOKING_NOT_FOUND']);
  });

  it('refuses a requirement the customer does not have, and a second override for the same requirement', async () => {
    const { booking } = await bookedCustomer(f.client);
    const customer = await createCustomer(f.client);
    const activity = (await addService(f.client, booking.id, [customer.id], { activity: true })).id;
    // Passports are asked of travellers on a tour; this one only takes an activity.
    expect(problems(await f.client.post('/overrides/', body(booking, customer, activity)))).toEqual(['requirement.code REQUIREMENT_NOT_APPLICABLE']);

    const first = await f.client.post('/overrides/', body(booking, customer, activity, { requirement: { code: 'PERSONAL_DETAILS' } }));
    expect(first.status).toBe(201);
    const again = await f.client.post('/overrides/', body(booking, customer, activity, { requirement: { code: 'PERSONAL_DETAILS' }, reason: { code: 'AGENT_VERIFIED' } }));
    expect(problems(again)).toEqual(['requirement.code OVERRIDE_EXISTS']);
    expect(again.json.errors[0].detail).toContain(`override ${first.json.id}`);
  });

  it('keeps other agencies out: 403 on their bookings and overrides, their customers unknown', async () => {
    const { booking, customer, serviceId } = await bookedCustomer(f.client);
    expect((await f.client.post('/overrides/', body(booking, customer, serviceId), KEYS.harbourLights)).status).toBe(403);
    const theirs = await createCustomer(f.client, {}, KEYS.harbourLights);
    expect(problems(await f.client.post('/overrides/', body(booking, theirs, serviceId)))[0]).toBe('customer CUSTOMER_NOT_FOUND');
    const created = await f.client.post('/overrides/', body(booking, customer, serviceId));
    const path = `/overrides/${created.json.id}/`;
    expect((await f.client.get(path, KEYS.harbourLights)).status).toBe(403);
    expect((await f.client.patch(path, { reason: { code: 'AGENT_VERIFIED' } }, KEYS.harbourLights)).status).toBe(403);
    expect((await f.client.request('DELETE', path, { key: KEYS.harbourLights })).status).toBe(403);
    expect((await f.client.get(path)).status).toBe(200);
    // A colleague of the same agency sees it.
    expect((await f.client.get(path, KEYS.mapleLeafSecond)).status).toBe(200);
  });

  it('refuses every change on a closed booking', async () => {
    const { booking, customer, serviceId } = await bookedCustomer(f.client);
    const { id } = (await f.client.post('/overrides/', body(booking, customer, serviceId))).json;
    await closeBooking(f.sandbox.store, booking.id, '2027-01-09');
    const closed = ['date_closed BOOKING_CLOSED'];
    expect(problems(await f.client.post('/overrides/', body(booking, customer, serviceId, { requirement: { code: 'AGE_RESTRICTION' } })))).toEqual(closed);
    expect(problems(await f.client.patch(`/overrides/${id}/`, { reason: { code: 'AGENT_VERIFIED' } }))).toEqual(closed);
    expect(problems(await f.client.request('DELETE', `/overrides/${id}/`))).toEqual(closed);
    expect((await f.client.get(`/overrides/${id}/`)).json.reason.code).toBe('PASSPORT_RENEWAL');
  });
});

describe('PATCH and DELETE /overrides/<id>/', () => {
  it('changes the reason only', async () => {
    const { booking, customer, serviceId } = await bookedCustomer(f.client);
    const { id } = (await f.client.post('/overrides/', body(booking, customer, serviceId))).json;
    const patched = await f.client.patch(`/overrides/${id}/`, { reason: { code: 'INFO_AT_CHECKIN' }, id: 'ignored' });
    expect(patched.status).toBe(200);
    expect(patched.json.reason).toEqual({ id: '2', href: '/override_reasons/2/', label: 'Customer will provide the information at check-in', code: 'INFO_AT_CHECKIN' });
    expect(patched.json.id).toBe(id);
    expect(problems(await f.client.patch(`/overrides/${id}/`, { reason: { code: 'NOPE' }, requirement: { code: 'AGE_RESTRICTION' }, customer: { id: '1' } }))).toEqual([
      'requirement NOT_PATCHABLE',
      'customer NOT_PATCHABLE',
      'reason.code UNKNOWN_REASON',
    ]);
    expect(problems(await f.client.patch(`/overrides/${id}/`, {}))).toEqual(['reason.code REQUIRED']);
    // PUT is PATCH (spec §4.1).
    expect((await f.client.request('PUT', `/overrides/${id}/`, { body: { reason: 'NOT_APPLICABLE' } })).json.reason.code).toBe('NOT_APPLICABLE');
    expect((await f.client.get(`/overrides/${id}`)).json.requirement.code).toBe('PASSPORT_INFORMATION');
  });

  it('16 accepts a whole fetched override saved back: the fixed members as they are, a new reason applied', async () => {
    const { booking, customer, serviceId } = await bookedCustomer(f.client);
    const { id } = (await f.client.post('/overrides/', body(booking, customer, serviceId))).json;
    const fetched = (await f.client.get(`/overrides/${id}/`)).json;
    const saved = await f.client.request('PUT', `/overrides/${id}/`, { body: { ...fetched, reason: { code: 'AGENT_VERIFIED' } } });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ ...fetched, reason: expect.objectContaining({ code: 'AGENT_VERIFIED' }) });
    const unchanged = await f.client.request('PUT', `/overrides/${id}/`, { body: saved.json });
    expect(unchanged.status).toBe(200);
    expect(unchanged.json).toEqual(saved.json);
    expect(problems(await f.client.request('PUT', `/overrides/${id}/`, { body: { ...saved.json, services: [] } }))).toEqual(['services NOT_PATCHABLE']);
  });

  it('answers 404 for an unknown override', async () => {
    expect((await f.client.patch('/overrides/649999/', { reason: { code: 'AGENT_VERIFIED' } })).status).toBe(404);
    expect((await f.client.request('DELETE', '/overrides/649999')).status).toBe(404);
  });
});
