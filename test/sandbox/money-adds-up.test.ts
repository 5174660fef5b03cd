/**
 * Issue 20, "money adds up everywhere": after every path that moves money the booking's
 * `amount_paid` is its applied payments less applied refunds, `amount_pending` its pending
 * payments less pending refunds, and `amount_owing` what its services cost (prices of the
 * services in Option through Confirmed, fees of cancelled ones) less what was paid — to the
 * cent, read back from the lists as a client sees them. Its paperwork agrees: the open payment
 * link is for the amount owing, each invoice's total is its lines, the agency's travel credits
 * hold the booking's. One test per path, then random sequences of them.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { clientFor, collectPages, useSandboxClient, type Client } from '../helpers/sandbox-client.js';
import { cents, decimal, get, moveClock, newCustomers, pay, refs, setStatus } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

const shared = useSandboxClient({ size: 40, now: NOW });

async function ownSandbox(): Promise<Client> {
  const client = clientFor(await startSandbox({ size: 20, now: NOW }));
  onTestFinished(() => client.sandbox.close());
  return client;
}

const OWING: ReadonlySet<string> = new Set(['Option', 'On Request', 'Request Confirmation', 'Confirmed']);
const sum = (items: any[], pick: (item: any) => number = (i) => cents(i.amount)) => items.reduce((total, item) => total + pick(item), 0);

/** Reads the booking and everything its money is made of, and checks that each figure is the sum of its parts. */
async function expectMoneyAddsUp(client: Client, bookingId: string): Promise<any> {
  const booking = await get(client, `/bookings/${bookingId}/`);
  const [payments, refunds, summaries, invoices, links, credits] = await Promise.all(
    ['payments', 'refunds', 'services', 'invoices', 'payment_links', 'travel_credits'].map((name) => collectPages(client, `/bookings/${bookingId}/${name}/`)),
  );
  const services = await Promise.all(summaries.map((s: any) => get(client, s.href)));
  const of = (records: any[], status: string) => records.filter((r) => r.status === status);
  const paid = sum(of(payments, 'APPLIED')) - sum(of(refunds, 'APPLIED'));
  const pending = sum(of(payments, 'PENDING')) - sum(of(refunds, 'PENDING'));
  const costs = sum(services, (s) => (OWING.has(s.status) ? cents(s.purchase_price) : s.status === 'Cancelled' ? cents(s.cancellation_fee) : 0));
  const owing = Math.max(0, costs - paid);
  const where = `booking ${bookingId}: ${services.map((s) => `${s.type} ${s.status} ${s.purchase_price}/${s.cancellation_fee}`).join(', ')}`;
  expect({ amount_paid: booking.amount_paid, amount_pending: booking.amount_pending, amount_owing: booking.amount_owing }, where).toEqual({
    amount_paid: decimal(paid),
    amount_pending: decimal(pending),
    amount_owing: decimal(owing),
  });
  // The paperwork agrees with the money.
  const open = of(links, 'OPEN');
  // An open booking owing money has one open link for what it owes; otherwise none is open.
  expect(
    open.map((l) => l.amount),
    where,
  ).toEqual(booking.date_closed === null && owing > 0 ? [booking.amount_owing] : []);
  for (const invoice of invoices) {
    expect(cents(invoice.total), where).toBe(sum(invoice.lines));
    expect(cents(invoice.total) - cents(invoice.amount_paid), where).toBe(cents(invoice.amount_due));
  }
  const agencyCredits = await collectPages(client, `/agencies/${booking.agency.id}/travel_credits/`);
  for (const credit of credits) expect(agencyCredits, where).toContainEqual(credit);
  return booking;
}

async function newTour(client: Client, departure = '100001', travellers = 1) {
  const booking = (await client.post('/bookings/', { currency: 'CAD' })).json;
  const customers = await newCustomers(client, travellers);
  const answer = await client.post('/departure_services/', { booking: { id: booking.id }, product: { id: departure }, customers: refs(customers) });
  expect(answer.status, answer.text).toBe(201);
  return { booking, customers, service: answer.json };
}

describe('20 money adds up on every path', () => {
  it('20 money adds up after a deposit', async () => {
    const { booking, service } = await newTour(shared);
    await expectMoneyAddsUp(shared, booking.id);
    await pay(shared, booking.id, service.deposit_amount);
    expect((await expectMoneyAddsUp(shared, booking.id)).amount_paid).toBe(service.deposit_amount);
  });

  it('20 money adds up after a full payment', async () => {
    const { booking, service } = await newTour(shared);
    await pay(shared, booking.id, service.purchase_price);
    expect((await expectMoneyAddsUp(shared, booking.id)).amount_owing).toBe('0.00');
  });

  it('20 money adds up after a cancellation fee and the refund it leaves', async () => {
    const { booking, service } = await newTour(shared);
    await pay(shared, booking.id, service.purchase_price);
    expect((await setStatus(shared, service, 'Cancelled')).status).toBe(200);
    const after = await expectMoneyAddsUp(shared, booking.id);
    const refunds = (await get(shared, `${booking.href}refunds/`)).results;
    expect(refunds).toHaveLength(1);
    expect(after.amount_paid).toBe((await get(shared, service.href)).cancellation_fee);
  });

  it('20 money adds up after a flex exercise (refund and travel credit)', async () => {
    const { booking, service } = await newTour(shared, '100001', 2);
    await pay(shared, booking.id, service.deposit_amount);
    const flex = (await shared.post('/flex_plan_services/', { booking: { id: booking.id }, departure_service: { id: service.id }, product: { id: '100001-2' } })).json;
    await pay(shared, booking.id, flex.purchase_price);
    await pay(shared, booking.id, (await get(shared, booking.href)).amount_owing);
    await expectMoneyAddsUp(shared, booking.id);
    expect((await setStatus(shared, service, 'Cancelled')).status).toBe(200);
    await expectMoneyAddsUp(shared, booking.id);
    expect((await get(shared, `${booking.href}travel_credits/`)).count).toBe(1);
  });

  it('20 money adds up after a staff cancellation', async () => {
    const { booking, service } = await newTour(shared);
    await pay(shared, booking.id, service.purchase_price);
    expect((await setStatus(shared, service, 'Request Cancellation')).status).toBe(200);
    await expectMoneyAddsUp(shared, booking.id);
    expect((await shared.post(`/_sandbox/services/${service.id}/staff-cancel`, {}, 'operator')).status).toBe(200);
    await expectMoneyAddsUp(shared, booking.id);
  });

  it('20 money adds up after an option expires', async () => {
    const client = await ownSandbox();
    const { booking, service } = await newTour(client);
    await moveClock(client, { advance: '5d' });
    expect((await get(client, service.href)).status).toBe('Expired');
    expect((await expectMoneyAddsUp(client, booking.id)).amount_owing).toBe('0.00');
  });

  it('20 money adds up while the automatic final payment is pending and after it settles', async () => {
    const client = await ownSandbox();
    // 100002 starts 30 days out: the balance is due today.
    const { booking } = await newTour(client, '100002');
    await moveClock(client, { set: '2027-01-11T05:00:00Z' });
    expect((await expectMoneyAddsUp(client, booking.id)).amount_pending).not.toBe('0.00');
    await moveClock(client, { set: '2027-01-12T05:00:00Z' });
    expect(await expectMoneyAddsUp(client, booking.id)).toMatchObject({ amount_pending: '0.00', amount_owing: '0.00' });
  });

  it('20 money adds up after a payment link is paid', async () => {
    const { booking } = await newTour(shared);
    const [link] = (await get(shared, `${booking.href}payment_links/`)).results;
    expect((await shared.post(link.url, {})).status).toBe(201);
    expect((await expectMoneyAddsUp(shared, booking.id)).amount_owing).toBe('0.00');
  });
});

/** A small deterministic generator (mulberry32): each run's sequence is the same every time. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('20 money adds up over random sequences of operations', () => {
  it.each(Array.from({ length: 12 }, (_, i) => i + 1))('20 money adds up after every step of random sequence %i', async (seed) => {
    const client = await ownSandbox();
    const next = random(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
    const { booking, customers } = await newTour(client, pick(['100001', '100004']), 1 + Math.floor(next() * 2));
    const services = async () => Promise.all((await get(client, `${booking.href}services/`)).results.map((s: any) => get(client, s.href)));
    const operations: Record<string, () => Promise<unknown>> = {
      tour: () => client.post('/departure_services/', { booking: { id: booking.id }, product: { id: pick(['100001', '100004']) }, customers: refs(customers) }),
      activity: () => client.post('/activity_services/', { booking: { id: booking.id }, product: { id: pick(['500001', '500003']) }, customers: refs(customers) }),
      flex: async () => {
        const tour = (await services()).find((s) => s.type === 'departure_services' && s.status === 'Confirmed' && s.associated_services.length === 0);
        if (tour) await client.post('/flex_plan_services/', { booking: { id: booking.id }, departure_service: { id: tour.id }, product: { id: `${tour.product.id}-${pick([1, 2])}` } });
      },
      deposit: async () => {
        const waiting = (await services()).find((s) => s.payment_to_confirm);
        // Free money already covers it: a PATCH confirms it (a new service never confirms itself).
        if (waiting?.payment_to_confirm.amount === '0.00') await setStatus(client, waiting, 'Confirmed');
        else if (waiting) await pay(client, booking.id, waiting.payment_to_confirm.amount);
      },
      partial: async () => {
        const owing = cents((await get(client, booking.href)).amount_owing);
        if (owing > 1) await pay(client, booking.id, 1 + Math.floor(next() * (owing - 1)));
      },
      full: async () => {
        const { amount_owing } = await get(client, booking.href);
        if (amount_owing !== '0.00') await pay(client, booking.id, amount_owing);
      },
      link: async () => {
        const open = (await get(client, `${booking.href}payment_links/`)).results.find((l: any) => l.status === 'OPEN');
        if (open) return void expect((await client.post(open.url, {})).status).toBe(201);
        // No open link: only because nothing is owing (or the booking is closed).
        const { amount_owing, date_closed } = await get(client, booking.href);
        expect({ amount_owing, closed: date_closed !== null }).toEqual(expect.objectContaining(date_closed === null ? { amount_owing: '0.00' } : { closed: true }));
      },
      cancel: async () => {
        const live = (await services()).filter((s) => s.status_transitions.includes('Cancelled'));
        if (live.length) await setStatus(client, pick(live), 'Cancelled');
      },
      staffCancel: async () => {
        const confirmed = (await services()).filter((s) => s.status_transitions.includes('Request Cancellation'));
        if (!confirmed.length) return;
        const service = pick(confirmed);
        await setStatus(client, service, 'Request Cancellation');
        await client.post(`/_sandbox/services/${service.id}/staff-cancel`, {}, 'operator');
      },
      clock: () => moveClock(client, { advance: pick(['1d', '4d', '40d']) }),
    };
    // Weighted towards what builds a booking up, so that cancellations meet something to cancel.
    const names = ['tour', 'tour', 'activity', 'activity', 'flex', 'flex', 'deposit', 'deposit', 'deposit', 'partial', 'partial', 'full', 'link', 'cancel', 'staffCancel', 'clock'];
    const done: string[] = [];
    for (let step = 0; step < 14; step++) {
      // Money moves first, so that no sequence is a run of no-ops on an expired option.
      const name = step === 0 ? 'deposit' : pick(names);
      done.push(name);
      await operations[name]();
      await expectMoneyAddsUp(client, booking.id).catch((error: Error) => {
        error.message = `after ${done.join(', ')}: ${error.message}`;
        throw error;
      });
    }
    // The sequence moved money: it is not a run of no-ops.
    expect((await get(client, `${booking.href}payments/`)).count, done.join(', ')).toBeGreaterThan(0);
  });
});
