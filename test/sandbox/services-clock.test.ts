/** What happens to services as the virtual clock moves: option expiry at midnight EST, the local office's answer, prices in Option. */
import { describe, expect, it, onTestFinished } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { clientFor, type Client } from '../helpers/sandbox-client.js';
import { book, cents, decimal, get, moveClock, pay } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

/** Each test moves the clock, so each has a sandbox of its own (started at NOW, 2027-01-10T15:00Z). */
async function ownSandbox(): Promise<Client> {
  const own = clientFor(await startSandbox({ size: 12, now: NOW }));
  onTestFinished(() => own.sandbox.close());
  return own;
}

describe('option expiry', () => {
  it('expires Option and On Request services at midnight EST on option_expiry_date, not a second before', async () => {
    const client = await ownSandbox();
    const option = await book(client);
    const onRequest = await book(client, { departure: '100005' });
    expect([option.service.option_expiry_date, onRequest.service.option_expiry_date]).toEqual(['2027-01-14T05:00:00Z', '2027-01-14T05:00:00Z']);
    await moveClock(client, { set: '2027-01-14T04:59:59Z' });
    expect((await get(client, option.service.href)).status).toBe('Option');
    await moveClock(client, { set: '2027-01-14T05:00:01Z' });
    expect((await get(client, option.service.href)).status).toBe('Expired');
    expect((await get(client, onRequest.service.href)).status).toBe('Expired');
    const booking = await get(client, option.booking.href);
    expect(booking).toMatchObject({ amount_owing: '0.00', date_of_first_travel: null });
  });

  it('expires an unpaid Option on `advance 30d` and keeps a confirmed or waitlisted one', async () => {
    const client = await ownSandbox();
    const unpaid = await book(client);
    const paid = await book(client);
    await pay(client, paid.booking.id, paid.service.deposit_amount);
    const waitlisted = await book(client, { departure: '100006' });
    await moveClock(client, { advance: '30d' });
    const statuses = await Promise.all([unpaid, paid, waitlisted].map(async (b) => (await get(client, `${b.booking.href}services/`)).results[0].status));
    expect(statuses).toEqual(['Expired', 'Confirmed', 'Waitlisted']);
  });

  it('never holds an option past midnight EST before the departure day', async () => {
    const client = await ownSandbox();
    // 100010 starts 8 days after the epoch; two days before, the three-day hold would pass the start.
    await moveClock(client, { set: '2027-01-16T12:00:00Z' });
    const { service } = await book(client, { departure: '100010' });
    expect(service.start_date).toBe('2027-01-18');
    expect(service.option_expiry_date).toBe('2027-01-18T05:00:00Z');
  });
});

describe('the local office', () => {
  it('confirms a request 24 hours after it was sent, dated then', async () => {
    const client = await ownSandbox();
    const { booking, service } = await book(client, { departure: '100005', travellers: 1 });
    await pay(client, booking.id, service.purchase_price);
    const sent = await get(client, '/_sandbox/clock');
    expect((await get(client, service.href)).status).toBe('Request Confirmation');
    await moveClock(client, { advance: '23h' });
    expect((await get(client, service.href)).status).toBe('Request Confirmation');
    await moveClock(client, { advance: '2h' });
    const confirmed = await get(client, service.href);
    expect(confirmed.status).toBe('Confirmed');
    const answeredAfter = Date.parse(confirmed.date_confirmed) - Date.parse(sent.now);
    expect(answeredAfter).toBeGreaterThanOrEqual(24 * 3_600_000 - 60_000);
    expect(answeredAfter).toBeLessThanOrEqual(24 * 3_600_000);
  });
});

describe('price while in Option', () => {
  it('follows the product until confirmed: a lapsed early-booking discount raises an Option, not a confirmed service', async () => {
    const client = await ownSandbox();
    // 100001 starts 2027-07-29; the early-booking discount needs more than 180 days, so it ends on 2027-01-30.
    await moveClock(client, { set: '2027-01-28T12:00:00Z' });
    const held = await book(client, { travellers: 1 });
    const locked = await book(client, { travellers: 1 });
    await pay(client, locked.booking.id, locked.service.deposit_amount);
    const departure = await get(client, '/departures/100001');
    const list = cents(departure.prices.CAD);
    expect(held.service.purchase_price).toBe(decimal(list - Math.round(list * 0.05)));

    await moveClock(client, { advance: '2d' });
    const raised = await get(client, held.service.href);
    expect(raised).toMatchObject({ status: 'Option', purchase_price: decimal(list), applied_promotion: null, applied_promotions: [], commission: decimal(Math.round(list * 0.12)) });
    expect((await get(client, held.booking.href)).amount_owing).toBe(decimal(list));
    const kept = await get(client, locked.service.href);
    expect(kept).toMatchObject({ status: 'Confirmed', purchase_price: held.service.purchase_price, applied_promotion: { promotion_code: 'EARLY_BOOKING_5' } });
  });
});
