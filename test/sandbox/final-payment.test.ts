/**
 * The automatic final payment (issue 16, spec §2.2 `balance_due_date`, `no_auto_final_payment`,
 * `amount_pending`): when the clock passes the balance due date the amount owing is taken,
 * pending until it settles a day later; then it confirms what it pays for.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { clientFor, type Client } from '../helpers/sandbox-client.js';
import { get, moveClock, newCustomers, pay, refs } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

async function ownSandbox(): Promise<Client> {
  const client = clientFor(await startSandbox({ size: 20, now: NOW }));
  onTestFinished(() => client.sandbox.close());
  return client;
}

/** A booking (created now) with a departure service of `departure` for two new travellers. */
async function bookingOn(client: Client, departure: string, body: Record<string, unknown> = {}) {
  const booking = (await client.post('/bookings/', { currency: 'CAD', ...body })).json;
  const customers = await newCustomers(client, 2);
  const service = (await client.post('/departure_services/', { booking: { id: booking.id }, product: { id: departure }, customers: refs(customers) })).json;
  return { booking: await get(client, booking.href), service };
}

describe('16 automatic final payment', () => {
  it('16 the clock passing the balance due date takes the final payment: pending a day, then settled, confirming the service it pays for', async () => {
    const client = await ownSandbox();
    // 100002 starts 30 days out: the balance is due on the day the booking is made.
    const { booking, service } = await bookingOn(client, '100002');
    expect(booking).toMatchObject({ balance_due_date: '2027-01-10', amount_owing: service.purchase_price, amount_pending: '0.00' });
    expect(service.status).toBe('Option');

    // Not before the end of that day (midnight EST).
    await moveClock(client, { set: '2027-01-11T04:59:59Z' });
    expect((await get(client, `${booking.href}payments/`)).results).toEqual([]);

    await moveClock(client, { set: '2027-01-11T05:00:00Z' });
    const [payment] = (await get(client, `${booking.href}payments/`)).results;
    expect(payment).toMatchObject({ amount: service.purchase_price, status: 'PENDING', reason: 'FINAL_PAYMENT', date_created: '2027-01-11T05:00:00Z' });
    expect(await get(client, booking.href)).toMatchObject({ amount_pending: service.purchase_price, amount_paid: '0.00', amount_owing: service.purchase_price });
    expect((await get(client, service.href)).status).toBe('Option');

    await moveClock(client, { set: '2027-01-12T05:00:00Z' });
    expect(await get(client, payment.href)).toMatchObject({ status: 'APPLIED', reason: 'FINAL_PAYMENT' });
    expect(await get(client, booking.href)).toMatchObject({ amount_pending: '0.00', amount_paid: service.purchase_price, amount_owing: '0.00' });
    expect(await get(client, service.href)).toMatchObject({ status: 'Confirmed', date_confirmed: '2027-01-12T05:00:00Z' });

    // Taken once: nothing more when the clock moves on.
    await moveClock(client, { advance: '3d' });
    expect((await get(client, `${booking.href}payments/`)).results).toHaveLength(1);
  });

  it('16 with no_auto_final_payment the final payment is not taken, and the option lapses', async () => {
    const client = await ownSandbox();
    const { booking, service } = await bookingOn(client, '100002', { no_auto_final_payment: true });
    expect(booking).toMatchObject({ no_auto_final_payment: true, balance_due_date: '2027-01-10' });
    await moveClock(client, { advance: '5d' });
    expect((await get(client, `${booking.href}payments/`)).results).toEqual([]);
    expect(await get(client, booking.href)).toMatchObject({ amount_paid: '0.00', amount_pending: '0.00', amount_owing: '0.00' });
    expect((await get(client, service.href)).status).toBe('Expired');
  });

  it('16 one move of the clock runs each step at its own time: payment, settlement, the request sent and answered', async () => {
    const client = await ownSandbox();
    await client.post('/_sandbox/departures/100002/availability', { status: 'REQUEST_SPACE' }, 'operator');
    const { booking, service } = await bookingOn(client, '100002');
    expect(service.status).toBe('On Request');
    await moveClock(client, { advance: '5d' });
    const [payment] = (await get(client, `${booking.href}payments/`)).results;
    expect(payment).toMatchObject({ amount: service.purchase_price, status: 'APPLIED', date_created: '2027-01-11T05:00:00Z' });
    // Settled a day later, which sent the request (full payment); the office answered a day after that.
    expect(await get(client, service.href)).toMatchObject({ status: 'Confirmed', date_confirmed: '2027-01-13T05:00:00Z' });
    expect(await get(client, booking.href)).toMatchObject({ amount_owing: '0.00', amount_pending: '0.00' });
  });

  it('16 a service added after the balance due date is charged at the end of the day it was added, never back-dated', async () => {
    const client = await ownSandbox();
    const booking = (await client.post('/bookings/', { currency: 'CAD' })).json;
    await moveClock(client, { set: '2027-01-20T12:00:00Z' });
    const customers = await newCustomers(client, 1);
    const service = (await client.post('/departure_services/', { booking: { id: booking.id }, product: { id: '100002' }, customers: refs(customers) })).json;
    // Due on the day the booking was made, long past: still nothing taken the moment it is added.
    expect(await get(client, booking.href)).toMatchObject({ balance_due_date: '2027-01-10', amount_owing: service.purchase_price });
    expect((await get(client, `${booking.href}payments/`)).results).toEqual([]);
    await moveClock(client, { set: '2027-01-21T05:00:00Z' });
    expect((await get(client, `${booking.href}payments/`)).results).toEqual([
      expect.objectContaining({ amount: service.purchase_price, status: 'PENDING', reason: 'FINAL_PAYMENT', date_created: '2027-01-21T05:00:00Z' }),
    ]);
  });

  it('16 a booking that owes nothing at its balance due date is charged nothing; the balance of a paid deposit is taken', async () => {
    const client = await ownSandbox();
    const paid = await bookingOn(client, '100002');
    await pay(client, paid.booking.id, paid.service.purchase_price);
    const deposit = await bookingOn(client, '100002');
    await pay(client, deposit.booking.id, deposit.service.deposit_amount);
    await moveClock(client, { advance: '2d' });
    expect((await get(client, `${paid.booking.href}payments/`)).results).toHaveLength(1);
    const payments = (await get(client, `${deposit.booking.href}payments/`)).results;
    const balance = ((Math.round(Number(deposit.service.purchase_price) * 100) - Math.round(Number(deposit.service.deposit_amount) * 100)) / 100).toFixed(2);
    expect(payments.map((p: any) => [p.amount, p.status, p.reason])).toEqual([
      [deposit.service.deposit_amount, 'APPLIED', null],
      [balance, 'APPLIED', 'FINAL_PAYMENT'],
    ]);
    expect(await get(client, deposit.booking.href)).toMatchObject({ amount_owing: '0.00', amount_paid: deposit.service.purchase_price });
  });
});
