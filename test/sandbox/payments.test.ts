/** Payments (the /_sandbox/payments extension), payment-driven confirmation and the booking's money fields. */
import { describe, expect, it } from 'vitest';
import { KEYS, useSandboxClient } from '../helpers/sandbox-client.js';
import { book, cents, decimal, get, newBooking, pay, refs } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 40, now: NOW });

describe('POST /_sandbox/payments', () => {
  it('records a payment in the booking currency, listed under the booking and readable by its href', async () => {
    const booking = await newBooking(client, { currency: 'USD' });
    const answer = await client.post('/_sandbox/payments', { booking: { id: booking.id }, amount: '100.5' });
    expect(answer.status).toBe(201);
    const { allocation, ...payment } = answer.json;
    // Nothing waits for money on this booking: the answer's allocation (a sandbox extra) is empty.
    expect(allocation).toEqual({ confirmed: [], waiting: [], free_amount: '100.50' });
    expect(payment).toEqual({
      id: expect.stringMatching(/^6\d{5}$/),
      href: `/payments/${payment.id}/`,
      booking: { id: booking.id, href: `/bookings/${booking.id}/` },
      amount: '100.50',
      currency: 'USD',
      date_created: expect.stringMatching(/^2027-01-10T\d{2}:\d{2}:\d{2}Z$/),
      status: 'APPLIED',
      reason: null,
    });
    expect(await get(client, payment.href)).toEqual(payment);
    expect((await get(client, `${booking.href}payments/`)).results).toEqual([payment]);
    expect(await get(client, booking.href)).toMatchObject({ amount_paid: '100.50', amount_owing: '0.00', amount_pending: '0.00' });
    expect((await client.get(payment.href, KEYS.harbourLights)).status).toBe(403);
  });

  it.each([
    [{ amount: '0' }, 'amount', 'INVALID_AMOUNT'],
    [{ amount: '-5.00' }, 'amount', 'INVALID_AMOUNT'],
    [{ amount: '1.234' }, 'amount', 'INVALID_AMOUNT'],
    [{ amount: 'ten' }, 'amount', 'INVALID_AMOUNT'],
    [{}, 'amount', 'REQUIRED'],
  ])('refuses %j', async (fields, field, code) => {
    const booking = await newBooking(client);
    const answer = await client.post('/_sandbox/payments', { booking: { id: booking.id }, ...fields });
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual([expect.objectContaining({ field, code })]);
    expect((await get(client, booking.href)).amount_paid).toBe('0.00');
  });

  it('answers 404 for an unknown booking, 403 for another agency, 400 without a booking', async () => {
    expect((await client.post('/_sandbox/payments', { booking: { id: '299999' }, amount: '1.00' })).status).toBe(404);
    const theirs = await newBooking(client, { key: KEYS.harbourLights, currency: 'GBP' });
    expect((await client.post('/_sandbox/payments', { booking: { id: theirs.id }, amount: '1.00' })).status).toBe(403);
    expect((await client.post('/_sandbox/payments', { amount: '1.00' })).json.errors[0]).toMatchObject({ field: 'booking', code: 'REQUIRED' });
  });
});

describe('payment-driven confirmation', () => {
  it('confirms when the deposit is covered, not before, and holds the deposit for that service', async () => {
    const { booking, service } = await book(client);
    const deposit = cents(service.deposit_amount);
    await pay(client, booking.id, deposit - 1);
    expect((await get(client, service.href)).status).toBe('Option');
    await pay(client, booking.id, 1);
    const confirmed = await get(client, service.href);
    expect(confirmed).toMatchObject({ status: 'Confirmed', purchase_price: service.purchase_price });
    expect(confirmed.date_confirmed).toEqual(expect.any(String));
    expect(await get(client, booking.href)).toMatchObject({ amount_paid: decimal(deposit), amount_owing: decimal(cents(service.purchase_price) - deposit) });
  });

  it('pays departure deposits first, in creation order, then activities; a service the money does not cover is passed over', async () => {
    const { booking, customers, service: first } = await book(client, { travellers: 1 });
    const activity = (await client.post('/activity_services/', { booking: { id: booking.id }, product: { id: '500003' }, customers: refs(customers) })).json;
    const second = (await client.post('/departure_services/', { booking: { id: booking.id }, product: { id: '100004' }, customers: refs(customers) })).json;
    const [d1, d2, a] = [first.deposit_amount, second.deposit_amount, activity.purchase_price].map(cents) as [number, number, number];
    expect(a).toBeLessThan(d2);

    // Enough for the first deposit and the activity, not for the second deposit: the activity goes ahead of it.
    await pay(client, booking.id, d1 + a);
    const statuses = async () => Promise.all([first, activity, second].map(async (s) => (await get(client, s.href)).status));
    expect(await statuses()).toEqual(['Confirmed', 'Confirmed', 'Option']);
    await pay(client, booking.id, d2);
    expect(await statuses()).toEqual(['Confirmed', 'Confirmed', 'Confirmed']);
  });

  it('sends an On Request service to the local office once its full price is paid', async () => {
    const { booking, service } = await book(client, { departure: '100005', travellers: 1 });
    await pay(client, booking.id, cents(service.purchase_price) - 1);
    expect((await get(client, service.href)).status).toBe('On Request');
    await pay(client, booking.id, 1);
    const requested = await get(client, service.href);
    expect(requested).toMatchObject({ status: 'Request Confirmation', date_confirmed: null, option_expiry_date: null, status_transitions: ['Request Cancellation', 'Cancelled'] });
  });
});

describe('booking money', () => {
  it('keeps owing, commission, tax and travel dates consistent with the services and payments', async () => {
    const { booking, customers, service: tour } = await book(client, { travellers: 2 });
    const activity = (await client.post('/activity_services/', { booking: { id: booking.id }, product: { id: '500001' }, customers: refs(customers) })).json;
    const waitlisted = (await client.post('/departure_services/', { booking: { id: booking.id }, product: { id: '100006' }, customers: refs(customers) })).json;
    expect(waitlisted.status).toBe('Waitlisted');
    await pay(client, booking.id, tour.deposit_amount);
    const flex = (await client.post('/flex_plan_services/', { booking: { id: booking.id }, departure_service: { id: tour.id }, product: { id: '100001-1' } })).json;
    expect(flex.status).toBe('Option');

    const owing = [tour, activity, flex].reduce((sum, s) => sum + cents(s.purchase_price), 0);
    const commission = [tour, activity, flex].reduce((sum, s) => sum + cents(s.commission), 0);
    // Departure 12 %, activity its own 10 %, flex 10 %.
    expect(commission).toBe(Math.round(cents(tour.purchase_price) * 0.12) + Math.round(cents(activity.purchase_price) * 0.1) + Math.round(cents(flex.purchase_price) * 0.1));
    const after = await get(client, booking.href);
    expect(after).toMatchObject({
      amount_paid: tour.deposit_amount,
      amount_owing: decimal(owing - cents(tour.deposit_amount)),
      commission: decimal(commission),
      // Maple Leaf Travel is in Ontario: 13 % HST on commission.
      tax_on_commission: decimal(Math.round(commission * 0.13)),
      // The tour and the waitlisted departure travel; the waitlisted one (100006) starts first. Flex never counts.
      date_of_first_travel: waitlisted.start_date,
      date_of_last_travel: [tour.finish_date, waitlisted.finish_date].sort()[1],
    });
  });
});
