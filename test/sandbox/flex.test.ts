/** Flex plan services (spec §2.4, §2.5, §3.2, §4.3 rules 1–5, §8): attach, confirm by full payment, addons, terms, exercise. */
import { describe, expect, it, onTestFinished } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { clientFor, KEYS, useSandboxClient, type Client, type Key } from '../helpers/sandbox-client.js';
import { book, cents, decimal, get, moveClock, pay, setStatus, type Booked } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 40, now: NOW });
const HOUR = 3_600_000;

/** A departure service confirmed by paying its deposit, ready for flex. */
async function confirmedTour(c: Client, options: { departure?: string; travellers?: number; key?: Key; currency?: string } = {}): Promise<Booked> {
  const booked = await book(c, options);
  await pay(c, booked.booking.id, booked.service.deposit_amount, options.key);
  booked.service = await get(c, booked.service.href, options.key);
  expect(booked.service.status).toBe('Confirmed');
  return booked;
}

function attach(c: Client, booked: Booked, plan: string, key?: Key) {
  return c.post('/flex_plan_services/', { booking: { id: booked.booking.id }, departure_service: { id: booked.service.id }, product: { id: plan } }, key);
}

async function ownSandbox(): Promise<Client> {
  const own = clientFor(await startSandbox({ size: 12, now: NOW }));
  onTestFinished(() => own.sandbox.close());
  return own;
}

describe('POST /flex_plan_services/', () => {
  it('creates a flex plan service in Option covering the departure service, expiring 48 hours after its confirmation', async () => {
    const tour = await confirmedTour(client, { travellers: 2 });
    const plan = await get(client, '/flex_plans/100001-1');
    const answer = await attach(client, tour, '100001-1');
    expect(answer.status, answer.text).toBe(201);
    const flex = answer.json;
    const price = cents(plan.prices.CAD) * 2;
    expect(flex).toMatchObject({
      href: `/flex_plan_services/${flex.id}/`,
      name: 'Flex',
      status: 'Option',
      status_transitions: ['Confirmed', 'Expired'],
      type: 'flex_plan_services',
      sub_type: 'flex',
      purchase_price: decimal(price),
      deposit_amount: decimal(price),
      date_confirmed: null,
      product: { id: '100001-1', href: '/flex_plans/100001-1/', name: 'Flex' },
      booking: { id: tour.booking.id },
      associated_services: [{ id: tour.service.id, href: tour.service.href, type: 'departure_services' }],
      flex_plan_addons: [],
      cancellation_terms: { id: `service-${flex.id}`, href: `/service_cancellation_terms/service-${flex.id}/` },
      finish_date: tour.service.start_date,
      exercise: null,
    });
    expect(flex.customers).toEqual(tour.service.customers);
    // The late-attach end (48 h) comes long before the stop-sell boundary (2027-05-30).
    expect(flex.option_expiry_date).toBe(new Date(Date.parse(tour.service.date_confirmed) + 48 * HOUR).toISOString().replace('.000', ''));

    const departureService = await get(client, tour.service.href);
    expect(departureService.associated_services).toEqual([{ id: flex.id, href: flex.href, type: 'flex_plan_services' }]);
    expect(departureService.cancellation_terms.id).toBe(`service-${tour.service.id}`); // generic until the flex is confirmed
    const booking = await get(client, tour.booking.href);
    expect(booking.date_of_first_travel).toBe(tour.service.start_date);
    expect(booking.amount_owing).toBe(decimal(cents(tour.service.purchase_price) - cents(tour.service.deposit_amount) + price));
    const summary = (await get(client, `${tour.booking.href}services/`)).results.map((s: any) => [s.id, s.type, s.status]);
    expect(summary).toEqual([
      [tour.service.id, 'departure_services', 'Confirmed'],
      [flex.id, 'flex_plan_services', 'Option'],
    ]);
  });

  it('refuses a departure service that does not exist or is not on the booking: DEPARTURE_SERVICE_NOT_FOUND', async () => {
    const tour = await confirmedTour(client);
    const other = await confirmedTour(client);
    const unknown = await client.post('/flex_plan_services/', { booking: { id: tour.booking.id }, departure_service: { id: '499999' }, product: { id: '100001-1' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual([expect.objectContaining({ field: 'departure_service', code: 'DEPARTURE_SERVICE_NOT_FOUND', value: '499999' })]);
    const elsewhere = await client.post('/flex_plan_services/', { booking: { id: tour.booking.id }, departure_service: { id: other.service.id }, product: { id: '100001-1' } });
    expect(elsewhere.json.errors[0]).toMatchObject({ field: 'departure_service', code: 'DEPARTURE_SERVICE_NOT_FOUND' });
    expect(elsewhere.json.errors[0].detail).toContain(`belongs to booking ${other.booking.id}`);
    const wrongPlan = await attach(client, tour, '100004-1');
    expect(wrongPlan.json.errors).toEqual([expect.objectContaining({ field: 'product', code: 'FLEX_PLAN_NOT_FOR_DEPARTURE' })]);
  });

  it('refuses inside the stop-sell window, 60 days and 90 on the premium line: FLEX_STOP_SELL with the date it closed', async () => {
    const soon = await confirmedTour(client, { departure: '100002' });
    const answer = await attach(client, soon, '100002-1');
    expect(answer.status).toBe(400);
    // 100002 starts 2027-02-09, 30 days out: flex closed 60 days before, on 2026-12-11.
    expect(answer.json.errors).toEqual([
      { field: 'product', code: 'FLEX_STOP_SELL', value: '2026-12-11', detail: 'departure 100002 starts on 2027-02-09, not more than 60 days away: flex sales closed on 2026-12-11' },
    ]);
    expect((await get(client, '/flex_plans/100002-1')).availability.status).toBe('NOT_BOOKABLE');

    const premium = await confirmedTour(client, { departure: '100003' });
    const refused = await attach(client, premium, '100003-2');
    // 75 days out is beyond 60 but inside the premium line's 90: closed 90 − 75 = 15 days before the epoch.
    expect(refused.json.errors).toEqual([expect.objectContaining({ field: 'product', code: 'FLEX_STOP_SELL', value: '2026-12-26' })]);
    expect(refused.json.errors[0].detail).toContain('Premium Journeys');
  });

  it('refuses after the late-attach window, and before the departure is confirmed', async () => {
    const own = await ownSandbox();
    const unconfirmed = await book(own);
    const early = await attach(own, unconfirmed, '100001-1');
    expect(early.json.errors).toEqual([expect.objectContaining({ field: 'departure_service', code: 'DEPARTURE_SERVICE_NOT_CONFIRMED' })]);

    const tour = await confirmedTour(own);
    await moveClock(own, { advance: '47h' });
    const inTime = await attach(own, tour, '100001-2');
    expect(inTime.status).toBe(201);
    await setStatus(own, inTime.json, 'Expired'); // released: it no longer counts as the one per departure service
    await moveClock(own, { advance: '2h' });
    const late = await attach(own, tour, '100001-1');
    const closedAt = new Date(Date.parse(tour.service.date_confirmed) + 48 * HOUR).toISOString().replace('.000', '');
    expect(late.json.errors).toEqual([expect.objectContaining({ field: 'departure_service', code: 'FLEX_LATE_ATTACH_WINDOW_PASSED', value: closedAt })]);
  });

  it('refuses a CEU booking (agency business address in Germany): CEU_BOOKING', async () => {
    const tour = await confirmedTour(client, { key: KEYS.ceu, currency: 'EUR' });
    const answer = await attach(client, tour, '100001-1', KEYS.ceu);
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual([expect.objectContaining({ field: 'booking', code: 'CEU_BOOKING', value: tour.booking.id })]);
    expect(answer.json.errors[0].detail).toContain('Germany');
  });

  it('refuses a second flex plan service on one departure service, naming the first: FLEX_ALREADY_ATTACHED', async () => {
    const tour = await confirmedTour(client);
    const first = (await attach(client, tour, '100001-1')).json;
    const second = await attach(client, tour, '100001-2');
    expect(second.status).toBe(400);
    expect(second.json.errors).toEqual([expect.objectContaining({ field: 'departure_service', code: 'FLEX_ALREADY_ATTACHED', value: first.id })]);
    expect(second.json.errors[0].detail).toContain(`flex plan service ${first.id}`);
  });

  it('refuses when flex is disabled for the agency chain: FLEX_DISABLED', async () => {
    const tour = await confirmedTour(client, { key: KEYS.flexDisabled, currency: 'AUD' });
    const answer = await attach(client, tour, '100001-1', KEYS.flexDisabled);
    expect(answer.json.errors).toEqual([expect.objectContaining({ field: 'booking', code: 'FLEX_DISABLED', value: tour.booking.id })]);
    expect(answer.json.errors[0].detail).toContain('Independent Agents Alliance');
  });

  it('reports every broken rule at once, in the order of §4.3 rule 1', async () => {
    const tour = await confirmedTour(client, { departure: '100002', key: KEYS.ceu, currency: 'EUR' });
    const answer = await attach(client, tour, '100002-1', KEYS.ceu);
    expect(answer.json.errors.map((e: any) => e.code)).toEqual(['FLEX_STOP_SELL', 'CEU_BOOKING']);
    expect(answer.json.message).toContain('FLEX_STOP_SELL, CEU_BOOKING');
  });
});

describe('confirmation, addons and terms', () => {
  it('confirms only when the full flex price is paid (the tour deposit does not count), then adds one addon per customer and switches the terms', async () => {
    const tour = await confirmedTour(client, { travellers: 2 });
    const flex = (await attach(client, tour, '100001-2')).json;
    const price = cents(flex.purchase_price);

    // The deposit that confirmed the tour is held by it: nothing is free for the flex.
    const patch = await setStatus(client, flex, 'Confirmed');
    expect(patch.status).toBe(400);
    expect(patch.json.errors).toEqual([expect.objectContaining({ field: 'status', code: 'FLEX_FULL_PAYMENT_REQUIRED' })]);
    expect(patch.json.message).toContain(`full price of ${flex.purchase_price} CAD`);
    await pay(client, tour.booking.id, price - 1);
    expect((await get(client, flex.href)).status).toBe('Option');
    await pay(client, tour.booking.id, 1);
    const confirmed = await get(client, flex.href);
    expect(confirmed).toMatchObject({ status: 'Confirmed', status_transitions: [], option_expiry_date: null });
    expect(confirmed.date_confirmed).toEqual(expect.any(String));

    const addons = await Promise.all(confirmed.flex_plan_addons.map((a: any) => get(client, a.href)));
    expect(addons.map((a) => a.customer.id)).toEqual(tour.customers.map((c) => c.id));
    for (const addon of addons) {
      expect(addon).toMatchObject({
        booking: { id: tour.booking.id },
        flex_plan_service: { id: flex.id, href: flex.href },
        order_url: `https://flex.example.com/activate/${addon.id}`,
        support_url: 'https://flex.example.com/support',
        terms_url: 'https://flex.example.com/terms/flex_plus',
        status: 'Active',
        date_cancelled: null,
      });
      expect(addon.products.map((p: any) => p.category)).toEqual(['ESIM', 'LUGGAGE_PROTECTION']);
    }
    expect((await client.get(addons[0].href, KEYS.harbourLights)).status).toBe(403);

    const departureService = await get(client, tour.service.href);
    expect(departureService.cancellation_terms).toEqual({ id: `service-${flex.id}`, href: `/service_cancellation_terms/service-${flex.id}/` });
    const terms = await get(client, departureService.cancellation_terms.href);
    const tourPrice = cents(tour.service.purchase_price);
    expect(terms).toMatchObject({ type: 'FLEX', currency: 'CAD', price: tour.service.purchase_price, flex_plan_service: { id: flex.id }, departure_service: { id: tour.service.id } });
    expect(terms.travel_credit_windows).toEqual({ booking_window_months: 12, travel_window_months: 24 });
    // Flex Plus, 31+ days out: half refunded, half as travel credit, nothing kept.
    expect(terms.windows[0]).toMatchObject({ days_before_departure_from: 31, days_before_departure_to: null, penalty_amount: '0.00', travel_credit_amount: decimal(Math.round(tourPrice / 2)) });
    for (const w of terms.windows) expect(cents(w.penalty_amount) + cents(w.refund_amount) + cents(w.travel_credit_amount)).toBe(tourPrice);
    expect((await client.get(terms.href, KEYS.harbourLights)).status).toBe(403);
    expect((await get(client, tour.booking.href)).date_of_first_travel).toBe(tour.service.start_date);
  });

  it('accepts PATCH Confirmed when free money already covers the full flex price', async () => {
    const booked = await book(client, { travellers: 1 });
    const plan = await get(client, '/flex_plans/100001-1');
    // One payment for the tour deposit and the plan: the tour takes its deposit, the rest stays free.
    await pay(client, booked.booking.id, cents(booked.service.deposit_amount) + cents(plan.prices.CAD));
    const flex = (await attach(client, { ...booked, service: await get(client, booked.service.href) }, '100001-1')).json;
    expect(flex).toMatchObject({ status: 'Option', status_transitions: ['Confirmed', 'Expired'] });
    const confirmed = await setStatus(client, flex, 'Confirmed');
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.status).toBe('Confirmed');
    expect(confirmed.json.flex_plan_addons).toHaveLength(1);
  });

  it('refuses Cancelled and any status outside status_transitions on a flex plan service (§4.3 rule 5)', async () => {
    const tour = await confirmedTour(client);
    const flex = (await attach(client, tour, '100001-1')).json;
    for (const status of ['Cancelled', 'Request Cancellation']) {
      const answer = await setStatus(client, flex, status);
      expect(answer.status).toBe(400);
      expect(answer.json.errors).toEqual([expect.objectContaining({ field: 'status', code: 'FLEX_CANCELLATION_NOT_ALLOWED', value: status })]);
    }
    expect((await setStatus(client, flex, 'Waitlisted')).json.errors[0].code).toBe('INVALID_STATUS_TRANSITION');
    await pay(client, tour.booking.id, flex.purchase_price);
    const confirmed = await get(client, flex.href);
    expect(confirmed.status).toBe('Confirmed');
    expect((await setStatus(client, confirmed, 'Cancelled')).json.errors[0].code).toBe('FLEX_CANCELLATION_NOT_ALLOWED');
    expect((await setStatus(client, confirmed, 'Expired')).json.errors[0]).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', detail: 'status must be one of status_transitions: none' });
    expect((await setStatus(client, flex, 'Expired')).status).toBe(400);
  });

  it('lets staff cancel a confirmed flex plan service by hand: its price is kept, addons cancelled, generic terms back', async () => {
    const tour = await confirmedTour(client);
    const flex = (await attach(client, tour, '100001-1')).json;
    await pay(client, tour.booking.id, flex.purchase_price);
    const cancelled = await client.post(`/_sandbox/services/${flex.id}/staff-cancel`, {}, 'operator');
    expect(cancelled.json).toMatchObject({ status: 'Cancelled', cancellation_fee: flex.purchase_price });
    const addons = await Promise.all(cancelled.json.flex_plan_addons.map((a: any) => get(client, a.href)));
    expect(addons.map((a) => a.status)).toEqual(['Cancelled', 'Cancelled']);
    expect((await get(client, tour.service.href)).cancellation_terms.id).toBe(`service-${tour.service.id}`);
    expect((await get(client, `${tour.booking.href}refunds/`)).count).toBe(0);
  });
});

describe('exercise (§3.2 rule 5)', () => {
  it('cancelling the covered departure service gives the refund and credit of the window containing today, cancels the addons, ends the cover', async () => {
    const tour = await confirmedTour(client, { travellers: 2 });
    const flex = (await attach(client, tour, '100001-2')).json;
    await pay(client, tour.booking.id, flex.purchase_price);
    // The tour paid in full, as the flex amounts assume.
    await pay(client, tour.booking.id, (await get(client, tour.booking.href)).amount_owing);
    const terms = await get(client, (await get(client, tour.service.href)).cancellation_terms.href);
    const today = (await get(client, '/_sandbox/clock')).now.slice(0, 10);
    const window = terms.windows.find((w: any) => (w.start_date === null || w.start_date <= today) && today <= w.end_date);

    const cancelled = await setStatus(client, tour.service, 'Cancelled');
    expect(cancelled.status).toBe(200);
    const exercised = await get(client, flex.href);
    expect(exercised).toMatchObject({
      status: 'Confirmed',
      status_transitions: [],
      finish_date: today,
      exercise: {
        date: today,
        window: { days_before_departure_from: window.days_before_departure_from, days_before_departure_to: window.days_before_departure_to },
        window_refund_amount: window.refund_amount,
        window_travel_credit_amount: window.travel_credit_amount,
        refund_amount: window.refund_amount,
        travel_credit_amount: window.travel_credit_amount,
      },
    });
    expect(cents(window.refund_amount)).toBeGreaterThan(0);
    expect(cents(window.travel_credit_amount)).toBeGreaterThan(0);

    const addons = await Promise.all(exercised.flex_plan_addons.map((a: any) => get(client, a.href)));
    expect(addons.map((a) => a.status)).toEqual(['Cancelled', 'Cancelled']);
    for (const addon of addons) expect(Date.parse(addon.date_cancelled)).toBeGreaterThanOrEqual(Date.parse(flex.date_created));

    const refunds = (await get(client, `${tour.booking.href}refunds/`)).results;
    expect(refunds).toEqual([
      expect.objectContaining({ id: exercised.exercise.refund.id, amount: window.refund_amount, reason: 'FLEX_EXERCISE', service: { id: tour.service.id, href: tour.service.href } }),
    ]);
    const credits = (await get(client, `${tour.booking.href}travel_credits/`)).results;
    expect(credits).toEqual([
      expect.objectContaining({
        id: exercised.exercise.travel_credit.id,
        amount: window.travel_credit_amount,
        currency: 'CAD',
        flex_plan_service: { id: flex.id, href: flex.href },
        departure_service: { id: tour.service.id, href: tour.service.href },
        booking_window: { start_date: today, end_date: '2028-01-10' },
        travel_window: { start_date: today, end_date: '2029-01-10' },
      }),
    ]);
    expect(await get(client, credits[0].href)).toEqual(credits[0]);
    expect(today).toBe('2027-01-10');

    // The flex price stays paid (non-refundable); the tour keeps the penalty and the credit; nothing is owed.
    expect(cancelled.json.cancellation_fee).toBe(decimal(cents(window.penalty_amount) + cents(window.travel_credit_amount)));
    expect(await get(client, tour.booking.href)).toMatchObject({ amount_owing: '0.00', date_of_first_travel: null });
  });

  it('hands back no more than was paid for the tour: the shortfall comes off the refund, then the credit', async () => {
    const tour = await confirmedTour(client, { travellers: 1 });
    const flex = (await attach(client, tour, '100001-2')).json;
    await pay(client, tour.booking.id, flex.purchase_price);
    const price = cents(tour.service.purchase_price);
    const deposit = cents(tour.service.deposit_amount);
    await setStatus(client, tour.service, 'Cancelled');
    const exercised = (await get(client, flex.href)).exercise;
    // Half each, to the cent: an odd cent goes to the refund (money back before credit).
    const windowRefund = Math.ceil(price / 2);
    const windowCredit = Math.floor(price / 2);
    const shortfall = price - deposit;
    expect(shortfall).toBeGreaterThan(windowRefund); // only the deposit was paid
    expect(exercised).toMatchObject({ window_refund_amount: decimal(windowRefund), window_travel_credit_amount: decimal(windowCredit), refund_amount: '0.00', refund: null });
    expect(exercised.travel_credit_amount).toBe(decimal(windowCredit - (shortfall - windowRefund)));
    expect(exercised.travel_credit_amount).toBe(decimal(deposit));
    expect(await get(client, tour.booking.href)).toMatchObject({ amount_owing: '0.00', amount_paid: decimal(deposit + cents(flex.purchase_price)) });
  });

  it('expires an unpaid flex plan with its departure service, and at the end of the late-attach window', async () => {
    const withTour = await confirmedTour(client);
    const released = (await attach(client, withTour, '100001-1')).json;
    await setStatus(client, withTour.service, 'Cancelled');
    expect((await get(client, released.href)).status).toBe('Expired');

    const own = await ownSandbox();
    const tour = await confirmedTour(own);
    const flex = (await attach(own, tour, '100001-1')).json;
    await moveClock(own, { set: new Date(Date.parse(flex.option_expiry_date) - 1000).toISOString() });
    expect((await get(own, flex.href)).status).toBe('Option');
    await moveClock(own, { advance: '2s' });
    expect((await get(own, flex.href)).status).toBe('Expired');
    expect((await get(own, tour.service.href)).status).toBe('Confirmed');
  });
});
