/** The seeded scenarios (docs/sandbox.md, "Scenarios"): each flex refusal reachable with one request, the hostile addon, the waitlist seat holder. */
import { describe, expect, it } from 'vitest';
import { KEYS, useSandboxClient, type Key } from '../helpers/sandbox-client.js';
import { book, get, setStatus } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 40, now: NOW });

async function scenario(externalId: string, key: Key) {
  const booking = (await get(client, `/bookings/?external_id=${externalId}`, key)).results[0];
  expect(booking, externalId).toBeDefined();
  const services = (await get(client, `${booking.href}services/`, key)).results;
  return { booking, services };
}

async function attach(bookingId: string, departureServiceId: string, plan: string, key: Key) {
  return client.post('/flex_plan_services/', { booking: { id: bookingId }, departure_service: { id: departureServiceId }, product: { id: plan } }, key);
}

const codes = (answer: { json: any }) => answer.json.errors.map((e: any) => e.code);

describe('seeded flex scenarios', () => {
  it('has a confirmed flex plan with two addons, one of whose order_url carries terminal escapes', async () => {
    const { booking, services } = await scenario('seed-flex-confirmed', KEYS.prairie);
    expect(services.map((s: any) => [s.type, s.status])).toEqual([
      ['departure_services', 'Confirmed'],
      ['flex_plan_services', 'Confirmed'],
    ]);
    const flex = await get(client, services[1].href, KEYS.prairie);
    const addons = await Promise.all(flex.flex_plan_addons.map((a: any) => get(client, a.href, KEYS.prairie)));
    expect(addons).toHaveLength(2);
    expect(addons[0].order_url).not.toMatch(/[\u0000-\u001f]/);
    expect(addons[1].order_url).toContain('\u001b]8;;https://evil.example/\u0007');
    expect(addons[1].order_url).toContain('\u001b[2J');
    // The departure service already has its flex plan: one per departure service.
    const again = await attach(booking.id, services[0].id, '100001-2', KEYS.prairie);
    expect(codes(again)).toEqual(['FLEX_ALREADY_ATTACHED']);
  });

  it('has a departure service ready for flex', async () => {
    const { booking, services } = await scenario('seed-flex-ready', KEYS.prairie);
    const answer = await attach(booking.id, services[0].id, '100001-1', KEYS.prairie);
    expect(answer.status).toBe(201);
    await setStatus(client, answer.json, 'Expired', KEYS.prairie);
  });

  it.each([
    ['seed-flex-late-attach', 0, ['FLEX_LATE_ATTACH_WINDOW_PASSED'], KEYS.prairie],
    ['seed-flex-stop-sell', 0, ['FLEX_STOP_SELL'], KEYS.prairie],
    ['seed-flex-stop-sell', 1, ['FLEX_STOP_SELL'], KEYS.prairie],
    ['seed-flex-ceu', 0, ['CEU_BOOKING'], KEYS.ceu],
    ['seed-flex-disabled', 0, ['FLEX_DISABLED'], KEYS.flexDisabled],
  ])('%s: departure service #%i is refused with %j', async (externalId, index, expected, key) => {
    const { booking, services } = await scenario(externalId, key);
    const departureService = services[index];
    const answer = await attach(booking.id, departureService.id, `${(await get(client, departureService.href, key)).product.id}-1`, key);
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(expected);
  });

  it('refuses a departure service that is not on the booking', async () => {
    const { booking } = await scenario('seed-flex-ready', KEYS.prairie);
    const elsewhere = (await scenario('seed-flex-late-attach', KEYS.prairie)).services[0];
    expect(codes(await attach(booking.id, elsewhere.id, '100004-1', KEYS.prairie))).toEqual(['DEPARTURE_SERVICE_NOT_FOUND']);
  });

  it('has a seat holder on the wait-listed departure 100006 whose cancellation moves the waitlist', async () => {
    const { services } = await scenario('seed-other-agency', KEYS.harbourLights);
    const holder = await get(client, services[0].href, KEYS.harbourLights);
    expect(holder).toMatchObject({ status: 'Confirmed', product: { id: '100006' } });
    const waiting = await book(client, { departure: '100006', travellers: 2 });
    expect(waiting.service.status).toBe('Waitlisted');
    expect((await setStatus(client, holder, 'Cancelled', KEYS.harbourLights)).status).toBe(200);
    expect((await get(client, waiting.service.href)).status).toBe('Option');
  });
});
