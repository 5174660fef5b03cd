import { beforeAll, describe, expect, it } from 'vitest';
import { addService, bookedCustomer, createBooking, createCustomer, LATER_TOUR, READY, shiftDate, TOUR, useFixtureSandbox } from './checkins-fixtures.js';
import { KEYS } from '../helpers/sandbox-client.js';

const f = useFixtureSandbox();
let tour: { start_date: string; finish_date: string };
beforeAll(async () => {
  tour = (await f.client.get(`/departures/${TOUR}/`)).json;
});

async function checkins(bookingId: string): Promise<any[]> {
  const answer = await f.client.get(`/bookings/${bookingId}/checkins/`);
  expect(answer.status).toBe(200);
  return answer.json.results;
}

/** `{PASSPORT_INFORMATION: {COMPLETE: [...], INCOMPLETE: [...]}, …}` from a checkin. */
function byRequirement(checkin: any): Record<string, { COMPLETE: string[]; INCOMPLETE: string[] }> {
  return Object.fromEntries(checkin.requirements.map((r: any) => [r.code, { COMPLETE: r.COMPLETE.map((i: any) => i.code), INCOMPLETE: r.INCOMPLETE.map((i: any) => i.code) }]));
}

describe('checkins', () => {
  it('lists one checkin per customer of a booking, computed from the customer data', async () => {
    const { booking, customer } = await bookedCustomer(f.client);
    const [checkin, ...others] = await checkins(booking.id);
    expect(others).toEqual([]);
    expect(checkin).toMatchObject({
      href: `/checkins/${checkin.id}/`,
      expires: tour.finish_date,
      booking: { id: booking.id, href: `/bookings/${booking.id}/` },
      customer: { id: customer.id, href: `/customers/${customer.id}/`, name: customer.name },
      status: 'INCOMPLETE',
    });
    expect(checkin.id).toMatch(/^[0-9a-f]{24}$/);
    expect(checkin.requirements.map((r: any) => [r.code, r.name])).toEqual([
      ['PASSPORT_INFORMATION', 'Passport information'],
      ['PERSONAL_DETAILS', 'Personal details'],
      ['AGE_RESTRICTION', 'Age restriction'],
    ]);
    // A bare customer (names and title Ms only) has the name and a gender, nothing else.
    expect(byRequirement(checkin)).toEqual({
      PASSPORT_INFORMATION: { COMPLETE: ['NAME'], INCOMPLETE: ['MIDDLE_NAME', 'NATIONALITY', 'DATE_OF_BIRTH', 'PASSPORT_NUMBER', 'PASSPORT_EXPIRY'] },
      PERSONAL_DETAILS: { COMPLETE: ['GENDER'], INCOMPLETE: ['DATE_OF_BIRTH'] },
      AGE_RESTRICTION: { COMPLETE: [], INCOMPLETE: ['AGE_RESTRICTED'] },
    });
  });

  it('becomes COMPLETE when the customer data is filled in, keeping its id', async () => {
    const { booking, customer } = await bookedCustomer(f.client);
    const [before] = await checkins(booking.id);
    const patched = await f.client.patch(`/customers/${customer.id}/`, READY);
    expect(patched.status).toBe(200);
    const [after] = await checkins(booking.id);
    expect(after.id).toBe(before.id);
    expect(after.status).toBe('COMPLETE');
    expect(after.requirements.every((r: any) => r.INCOMPLETE.length === 0)).toBe(true);
  });

  it('judges each item: no middle name is fine with a passport, the passport must outlast the trip, minors and Mx', async () => {
    const booking = await createBooking(f.client);
    const noMiddle = await createCustomer(f.client, { ...READY, name: { ...READY.name, legal_middle_name: null } });
    const expiring = await createCustomer(f.client, { ...READY, passport: { ...READY.passport, expiry_date: shiftDate(tour.finish_date, { days: -1 }) } });
    // 17 on the first day of the tour, 18 two days later.
    const minor = await createCustomer(f.client, { ...READY, date_of_birth: shiftDate(tour.start_date, { years: -18, days: 2 }) });
    const mx = await createCustomer(f.client, { ...READY, name: { ...READY.name, title: 'Mx' } });
    await addService(f.client, booking.id, [noMiddle.id, expiring.id, minor.id, mx.id]);
    const list = await checkins(booking.id);
    expect(list.map((c) => c.customer.id)).toEqual([noMiddle.id, expiring.id, minor.id, mx.id]);
    const incomplete = list.map((c) => Object.entries(byRequirement(c)).flatMap(([code, r]) => r.INCOMPLETE.map((item) => `${code}/${item}`)));
    expect(incomplete).toEqual([[], ['PASSPORT_INFORMATION/PASSPORT_EXPIRY'], ['AGE_RESTRICTION/AGE_RESTRICTED'], ['PERSONAL_DETAILS/GENDER']]);
    expect(list.map((c) => c.status)).toEqual(['COMPLETE', 'INCOMPLETE', 'INCOMPLETE', 'INCOMPLETE']);
    expect(new Set(list.map((c) => c.id)).size).toBe(4);
  });

  it('asks only personal details of a customer on an activity alone; a tour adds its requirements and its expiry', async () => {
    const { booking } = await bookedCustomer(f.client);
    const customer = await createCustomer(f.client);
    await addService(f.client, booking.id, [customer.id], { activity: true });
    const [, checkin] = await checkins(booking.id);
    expect(checkin.customer.id).toBe(customer.id);
    expect(Object.keys(byRequirement(checkin))).toEqual(['PERSONAL_DETAILS']);
    // Activities carry no dates: nothing tells when the readiness page lapses.
    expect(checkin.expires).toBeNull();
    await addService(f.client, booking.id, [customer.id], { product: LATER_TOUR });
    const [, later] = await checkins(booking.id);
    expect(later.id).toBe(checkin.id);
    expect(Object.keys(byRequirement(later))).toEqual(['PASSPORT_INFORMATION', 'PERSONAL_DETAILS', 'AGE_RESTRICTION']);
    expect(later.expires).toBe((await f.client.get(`/departures/${LATER_TOUR}/`)).json.finish_date);
  });

  it('reads one checkin by its id; 404 for an unknown id, 403 for another agency', async () => {
    const { booking } = await bookedCustomer(f.client);
    const [listed] = await checkins(booking.id);
    const one = await f.client.get(`/checkins/${listed.id}`);
    expect(one.status).toBe(200);
    expect(one.json).toEqual(listed);
    expect((await f.client.get('/checkins/0123456789abcdef01234567/')).status).toBe(404);
    expect((await f.client.get(`/checkins/${listed.id}/`, KEYS.harbourLights)).status).toBe(403);
    expect((await f.client.get(`/bookings/${booking.id}/checkins/`, KEYS.harbourLights)).status).toBe(403);
  });

  it('gives the same customer a different checkin on another booking', async () => {
    const customer = await createCustomer(f.client);
    const [first, second] = [await createBooking(f.client), await createBooking(f.client)];
    await addService(f.client, first.id, [customer.id]);
    await addService(f.client, second.id, [customer.id]);
    const [a] = await checkins(first.id);
    const [b] = await checkins(second.id);
    expect(a.id).not.toBe(b.id);
    expect(a.customer.id).toBe(b.customer.id);
  });
});
