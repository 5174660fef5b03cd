/** Departure and activity services: creation, the full wire form, the §3.1 transition table, PATCH refusals, fees. */
import { describe, expect, it, onTestFinished } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { clientFor, KEYS, useSandboxClient, type Key } from '../helpers/sandbox-client.js';
import { book, cents, decimal, get, newBooking, newCustomers, pay, refs, setStatus } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 40, now: NOW });

/** Price, discount and deposit of `travellers` on a departure, as the rules state them (docs/sandbox.md, "Money"). */
async function expectedMoney(departureId: string, travellers: number, early: boolean) {
  const departure = await get(client, `/departures/${departureId}`);
  const list = cents(departure.prices.CAD) * travellers;
  const discount = early ? Math.round(list * 0.05) : 0;
  const price = list - discount;
  const deposit = departure.flags.includes('FULL_PAYMENT_REQUIRED_TO_BOOK') ? price : Math.min(price, cents(departure.deposits.CAD) * travellers);
  return { departure, list, discount, price, deposit, commission: Math.round(price * 0.12) };
}

describe('POST /departure_services/', () => {
  it('creates a service in Option held to midnight EST three days on, priced from the departure for every traveller', async () => {
    const { booking, customers, service } = await book(client, { departure: '100001', travellers: 2 });
    // 100001 starts 200 days after the epoch: more than 180 days away, so the early-booking discount applies.
    const money = await expectedMoney('100001', 2, true);
    expect(service).toMatchObject({
      href: `/departure_services/${service.id}/`,
      name: money.departure.name,
      status: 'Option',
      status_transitions: ['Expired'],
      type: 'departure_services',
      sub_type: 'tour',
      start_date: money.departure.start_date,
      finish_date: money.departure.finish_date,
      // Created on 2027-01-10 (EST): held through 2027-01-13, so until midnight EST ending it.
      option_expiry_date: '2027-01-14T05:00:00Z',
      date_confirmed: null,
      date_cancelled: null,
      purchase_price: decimal(money.price),
      commission: decimal(money.commission),
      deposit_amount: decimal(money.deposit),
      applied_promotion: { promotion_code: 'EARLY_BOOKING_5', discount_amount: decimal(money.discount), commission_rate: 12 },
      flags: [],
      booking: { id: booking.id, href: `/bookings/${booking.id}/` },
      product: { id: '100001', href: '/departures/100001/', name: money.departure.name },
      documents: [],
      declined_reason: null,
      associated_services: [],
      arrival_flight_details: [],
      departure_flight_details: [],
      international_ticket_numbers: [],
      traveller_heights: [],
      cancellation_terms: { id: `service-${service.id}`, href: `/service_cancellation_terms/service-${service.id}/` },
    });
    expect(cents(service.purchase_price) + cents(service.applied_promotion.discount_amount)).toBe(money.list);
    expect(service.applied_promotions).toEqual([service.applied_promotion]);
    expect(service.customers).toEqual(customers.map((c) => ({ id: c.id, href: `/customers/${c.id}/`, name: c.name })));
    expect(service.rooms).toEqual([{ code: 'STANDARD', name: 'Standard (shared)', customers: customers.map((c) => ({ id: c.id, href: `/customers/${c.id}/`, name: c.name })) }]);
    // New customers have no passport: a CHECKIN requirement each, naming them.
    const passport = service.incomplete_requirements.filter((r: any) => r.code === 'PASSPORT_INFORMATION');
    expect(passport.map((r: any) => r.customer.id)).toEqual(customers.map((c) => c.id));
    expect(passport[0]).toMatchObject({ type: 'CHECKIN', name: 'Passport information', requirement_set: 'TRAVEL_DOCUMENTS', flags: [] });
    expect(passport[0].details.map((d: any) => d.summary)).toContain('PASSPORT_NUMBER');
    expect(await get(client, service.href)).toEqual(service);

    const after = await get(client, booking.href);
    expect(after).toMatchObject({
      amount_paid: '0.00',
      amount_owing: decimal(money.price),
      commission: decimal(money.commission),
      date_of_first_travel: money.departure.start_date,
      date_of_last_travel: money.departure.finish_date,
      balance_due_date: '2027-05-30', // 60 days before 2027-07-29
    });
    expect(money.departure.start_date).toBe('2027-07-29');
  });

  it('starts On Request on a REQUEST_SPACE departure and Waitlisted on a WAIT_LIST one, and refuses NOT_BOOKABLE', async () => {
    const onRequest = (await book(client, { departure: '100005' })).service;
    expect(onRequest).toMatchObject({ status: 'On Request', status_transitions: ['Expired'], option_expiry_date: '2027-01-14T05:00:00Z' });
    // Full payment is required for a request: the amount to pay is the whole price.
    expect(onRequest.deposit_amount).toBe(onRequest.purchase_price);
    const waitlisted = (await book(client, { departure: '100006' })).service;
    expect(waitlisted).toMatchObject({ status: 'Waitlisted', status_transitions: ['Expired', 'Cancelled'], option_expiry_date: null });

    const booking = await newBooking(client);
    const customers = await newCustomers(client, 1);
    const refused = await client.post('/departure_services/', { booking: { id: booking.id }, product: { id: '100007' }, customers: refs(customers) });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual([expect.objectContaining({ field: 'product', code: 'PRODUCT_NOT_BOOKABLE', value: '100007' })]);
    expect((await get(client, `${booking.href}services/`)).count).toBe(0);
  });

  it('checks the references: unknown ids 404, another agency 403, a repeated customer 400', async () => {
    const booking = await newBooking(client);
    const [mine] = await newCustomers(client, 1);
    const [theirs] = await newCustomers(client, 1, KEYS.harbourLights);
    const post = (body: object, key?: Key) => client.post('/departure_services/', body, key);
    expect((await post({ booking: { id: booking.id }, product: { id: '199999' }, customers: refs([mine]) })).status).toBe(404);
    expect((await post({ booking: { id: '299999' }, product: { id: '100001' }, customers: refs([mine]) })).status).toBe(404);
    expect((await post({ booking: { id: booking.id }, product: { id: '100001' }, customers: [{ id: '399999' }] })).status).toBe(404);
    expect((await post({ booking: { id: booking.id }, product: { id: '100001' }, customers: refs([mine, theirs]) })).status).toBe(403);
    expect((await post({ booking: { id: booking.id }, product: { id: '100001' }, customers: refs([mine]) }, KEYS.harbourLights)).status).toBe(403);
    const repeated = await post({ booking: { id: booking.id }, product: { id: '100001' }, customers: [{ id: mine.id }, { id: Number(mine.id) }] });
    expect(repeated.status).toBe(400);
    expect(repeated.json.errors).toEqual([expect.objectContaining({ field: 'customers', code: 'DUPLICATE_CUSTOMER', value: mine.id })]);
    const empty = await post({ booking: booking.id, product: 100001, customers: [] });
    expect(empty.json.errors).toEqual([expect.objectContaining({ field: 'customers', code: 'REQUIRED' })]);
    expect((await get(client, `${booking.href}services/`)).count).toBe(0);
  });

  it('refuses every change to a closed booking', async () => {
    const closed = (await get(client, '/bookings/?external_id=seed-closed')).results[0];
    const [customer] = await newCustomers(client, 1);
    const service = await client.post('/departure_services/', { booking: { id: closed.id }, product: { id: '100001' }, customers: refs([customer]) });
    expect(service.status).toBe(400);
    expect(service.json.errors).toEqual([expect.objectContaining({ field: 'date_closed', code: 'BOOKING_CLOSED' })]);
    const payment = await client.post('/_sandbox/payments', { booking: { id: closed.id }, amount: '10.00' });
    expect(payment.json.errors).toEqual([expect.objectContaining({ code: 'BOOKING_CLOSED' })]);
    const flex = await client.post('/flex_plan_services/', { booking: { id: closed.id }, departure_service: { id: '400001' }, product: { id: '100001-1' } });
    expect(flex.json.errors).toEqual([expect.objectContaining({ code: 'BOOKING_CLOSED' })]);
  });
});

describe('status_transitions and PATCH (spec §3.1)', () => {
  it('lists exactly the moves a PATCH accepts, in every status', async () => {
    const seen: Record<string, string[]> = {};
    const record = (label: string, service: any) => (seen[label] = service.status_transitions);

    const option = await book(client);
    record('departure Option, unpaid', option.service);
    const payable = await newBooking(client);
    await pay(client, payable.id, '5000.00');
    const [traveller] = await newCustomers(client, 1);
    record('departure Option, payable', (await client.post('/departure_services/', { booking: { id: payable.id }, product: { id: '100001' }, customers: refs([traveller]) })).json);
    record('On Request', (await book(client, { departure: '100005' })).service);
    const requested = await book(client, { departure: '100005', travellers: 1 });
    await pay(client, requested.booking.id, requested.service.purchase_price);
    record('Request Confirmation', await get(client, requested.service.href));
    await pay(client, option.booking.id, option.service.deposit_amount);
    record('Confirmed', await get(client, option.service.href));
    record('Waitlisted', (await book(client, { departure: '100006' })).service);
    record('Request Cancellation', (await setStatus(client, option.service, 'Request Cancellation')).json);
    const expired = await book(client);
    record('Expired', (await setStatus(client, expired.service, 'Expired')).json);
    record('Cancelled', (await client.post(`/_sandbox/services/${option.service.id}/staff-cancel`, {}, 'operator')).json);

    const activityBooking = await book(client);
    const activity = (await client.post('/activity_services/', { booking: { id: activityBooking.booking.id }, product: { id: '500001' }, customers: refs(activityBooking.customers) })).json;
    record('activity Option, unpaid', activity);
    await pay(client, activityBooking.booking.id, activityBooking.service.deposit_amount);
    await pay(client, activityBooking.booking.id, activity.purchase_price);
    record('activity Confirmed', await get(client, activity.href));

    expect(seen).toEqual({
      'departure Option, unpaid': ['Expired'],
      'departure Option, payable': ['Confirmed', 'Expired'],
      'On Request': ['Expired'],
      'Request Confirmation': ['Request Cancellation', 'Cancelled'],
      Confirmed: ['Request Cancellation', 'Cancelled'],
      Waitlisted: ['Expired', 'Cancelled'],
      'Request Cancellation': [],
      Expired: [],
      Cancelled: [],
      'activity Option, unpaid': ['Expired', 'Cancelled'],
      'activity Confirmed': ['Request Cancellation', 'Cancelled'],
    });
    // The booking's summary list carries the same transitions.
    const summary = (await get(client, `${option.booking.href}services/`)).results[0];
    expect(summary).toMatchObject({ id: option.service.id, status: 'Cancelled', status_transitions: [] });
  });

  it('accepts every PATCH row of the table not covered elsewhere: On Request and Waitlisted to Expired, Request Confirmation onwards', async () => {
    const onRequest = await book(client, { departure: '100005' });
    expect((await setStatus(client, onRequest.service, 'Expired')).json).toMatchObject({ status: 'Expired', cancellation_fee: null });
    const waitlisted = await book(client, { departure: '100006' });
    expect((await setStatus(client, waitlisted.service, 'Expired')).json.status).toBe('Expired');

    const toRequestCancellation = await book(client, { departure: '100005', travellers: 1 });
    await pay(client, toRequestCancellation.booking.id, toRequestCancellation.service.purchase_price);
    expect((await setStatus(client, toRequestCancellation.service, 'Request Cancellation')).json.status).toBe('Request Cancellation');

    const toCancelled = await book(client, { departure: '100005', travellers: 1 });
    await pay(client, toCancelled.booking.id, toCancelled.service.purchase_price);
    const cancelled = await setStatus(client, toCancelled.service, 'Cancelled');
    // 100005 starts 120 days out: the 61+ days window keeps 10 %; the rest of the full payment comes back.
    const fee = Math.round(cents(toCancelled.service.purchase_price) * 0.1);
    expect(cancelled.json).toMatchObject({ status: 'Cancelled', cancellation_fee: decimal(fee), date_confirmed: null });
    expect((await get(client, `${toCancelled.booking.href}refunds/`)).results.map((r: any) => r.amount)).toEqual([decimal(cents(toCancelled.service.purchase_price) - fee)]);
  });

  it('accepts Confirmed by PATCH once free money covers the deposit', async () => {
    const booking = await newBooking(client);
    await pay(client, booking.id, '2000.00');
    const [traveller] = await newCustomers(client, 1);
    const service = (await client.post('/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: refs([traveller]) })).json;
    expect(service.status).toBe('Option'); // a new service is in Option even when it could be confirmed
    const confirmed = await setStatus(client, service, 'Confirmed');
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toMatchObject({ status: 'Confirmed', status_transitions: ['Request Cancellation', 'Cancelled'], option_expiry_date: null });
    expect(Date.parse(confirmed.json.date_confirmed)).toBeGreaterThanOrEqual(Date.parse(service.date_created));
  });

  it('refuses a confirmation before the deposit with a message naming it', async () => {
    const { service } = await book(client);
    const answer = await setStatus(client, service, 'Confirmed');
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual([expect.objectContaining({ field: 'status', code: 'DEPOSIT_REQUIRED', value: 'Confirmed' })]);
    expect(answer.json.message).toContain(`the deposit of ${service.deposit_amount} CAD`);
    expect(answer.json.errors[0].detail).toContain(`the deposit to confirm is ${service.deposit_amount} CAD`);
    expect((await get(client, service.href)).status).toBe('Option');

    const full = (await book(client, { departure: '100008', travellers: 1 })).service;
    expect(full.flags).toEqual(['FULL_PAYMENT_REQUIRED_TO_BOOK']);
    expect(full.deposit_amount).toBe(full.purchase_price);
    const refused = await setStatus(client, full, 'Confirmed');
    expect(refused.json.errors[0]).toMatchObject({ field: 'status', code: 'FULL_PAYMENT_REQUIRED' });
    expect(refused.json.message).toContain('FULL_PAYMENT_REQUIRED_TO_BOOK');
  });

  it('refuses a status outside status_transitions, naming the allowed ones, and an unknown status', async () => {
    const { service } = await book(client);
    const answer = await setStatus(client, service, 'Request Cancellation');
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual([{ field: 'status', code: 'INVALID_STATUS_TRANSITION', detail: 'status must be one of status_transitions: Expired', value: 'Request Cancellation' }]);
    const unknown = await setStatus(client, service, 'Done');
    expect(unknown.json.errors[0]).toMatchObject({ field: 'status', code: 'INVALID_CHOICE' });
    const missing = await client.patch(service.href, { status: null });
    expect(missing.json.errors[0]).toMatchObject({ field: 'status', code: 'REQUIRED' });
    expect((await setStatus(client, service, 'Expired', KEYS.harbourLights)).status).toBe(403);
    expect((await client.patch(`/activity_services/${service.id}/`, { status: 'Expired' })).status).toBe(404);
    expect((await get(client, service.href)).status).toBe('Option');
  });
});

describe('cancellation', () => {
  it('cancels a Confirmed departure service with the generic fee of the window containing today; the fee beyond the deposit stays owing', async () => {
    const { booking, service } = await book(client, { travellers: 1 });
    await pay(client, booking.id, service.deposit_amount);
    const cancelled = await setStatus(client, service, 'Cancelled');
    expect(cancelled.status).toBe(200);
    // 200 days before departure: the 61+ days window keeps 10 % of the price.
    const fee = Math.round(cents(service.purchase_price) * 0.1);
    const terms = await get(client, service.cancellation_terms.href);
    expect(terms.windows[0]).toMatchObject({ days_before_departure_from: 61, days_before_departure_to: null, penalty_percent: 10, penalty_amount: decimal(fee) });
    expect(cancelled.json).toMatchObject({ status: 'Cancelled', status_transitions: [], cancellation_fee: decimal(fee) });
    expect(Date.parse(cancelled.json.date_cancelled)).toBeGreaterThanOrEqual(Date.parse(service.date_created));
    // The fee is more than the deposit paid: the rest of it is owed, nothing is refunded.
    expect(fee).toBeGreaterThan(cents(service.deposit_amount));
    expect((await get(client, `${booking.href}refunds/`)).count).toBe(0);
    expect(await get(client, booking.href)).toMatchObject({
      amount_paid: service.deposit_amount,
      amount_owing: decimal(fee - cents(service.deposit_amount)),
      commission: '0.00',
      date_of_first_travel: null,
    });
  });

  it('lets staff complete a requested cancellation, applying the fee then', async () => {
    const { booking, service } = await book(client, { travellers: 1 });
    await pay(client, booking.id, service.purchase_price);
    const requested = await setStatus(client, service, 'Request Cancellation');
    expect(requested.json).toMatchObject({ status: 'Request Cancellation', status_transitions: [], date_cancelled: null, cancellation_fee: null });
    // Waiting for staff, the service is not owed (§2.2) and nothing is refunded yet.
    expect(await get(client, booking.href)).toMatchObject({ amount_owing: '0.00', amount_paid: service.purchase_price });
    expect((await get(client, `${booking.href}refunds/`)).count).toBe(0);
    const done = await client.post(`/_sandbox/services/${service.id}/staff-cancel`, {}, 'operator');
    expect(done.status).toBe(200);
    const fee = Math.round(cents(service.purchase_price) * 0.1);
    expect(done.json).toMatchObject({ status: 'Cancelled', cancellation_fee: decimal(fee) });
    expect(done.json.date_cancelled).toEqual(expect.any(String));
    const refunds = (await get(client, `${booking.href}refunds/`)).results;
    expect(refunds).toEqual([
      expect.objectContaining({ amount: decimal(cents(service.purchase_price) - fee), currency: 'CAD', reason: 'CANCELLATION', service: { id: service.id, href: service.href }, status: 'APPLIED' }),
    ]);
    expect(await get(client, refunds[0].href)).toEqual(refunds[0]);
    expect(await get(client, booking.href)).toMatchObject({ amount_paid: decimal(fee), amount_owing: '0.00' });
    const again = await client.post(`/_sandbox/services/${service.id}/staff-cancel`, {}, 'operator');
    expect(again.json.errors[0]).toMatchObject({ field: 'status', code: 'NOT_STAFF_CANCELLABLE', value: 'Cancelled' });
  });

  it('charges no fee for a Waitlisted service or an expired option', async () => {
    const waitlisted = await book(client, { departure: '100006' });
    expect((await setStatus(client, waitlisted.service, 'Cancelled')).json).toMatchObject({ status: 'Cancelled', cancellation_fee: '0.00' });
    const option = await book(client);
    expect((await setStatus(client, option.service, 'Expired')).json).toMatchObject({ status: 'Expired', status_transitions: [] });
    expect(await get(client, option.booking.href)).toMatchObject({ amount_owing: '0.00', date_of_first_travel: null });
  });
});

describe('waitlist', () => {
  it('moves the oldest waitlisted services that fit to Option when a cancellation frees seats, and expires them at REQUEST_SPACE', async () => {
    // A sandbox of its own: no other test's waitlist on the departure.
    const client = clientFor(await startSandbox({ size: 10, now: NOW }));
    onTestFinished(() => client.sandbox.close());
    // Open the wait-listed departure for a moment with two places, so another agency can hold them.
    await client.post('/_sandbox/departures/100006/availability', { status: 'AVAILABLE', spaces_remaining: 2 }, 'operator');
    const holder = await book(client, { departure: '100006', travellers: 2, key: KEYS.harbourLights, currency: 'GBP' });
    await pay(client, holder.booking.id, holder.service.deposit_amount, KEYS.harbourLights);
    const back = await client.post('/_sandbox/departures/100006/availability', { status: 'WAIT_LIST' }, 'operator');
    expect(back.json.availability.status).toBe('WAIT_LIST');
    expect((await get(client, '/departures/100006')).availability.status).toBe('WAIT_LIST');

    const three = await book(client, { departure: '100006', travellers: 3 });
    const one = await book(client, { departure: '100006', travellers: 1 });
    const two = await book(client, { departure: '100006', travellers: 1 });
    expect([three, one, two].map((b) => b.service.status)).toEqual(['Waitlisted', 'Waitlisted', 'Waitlisted']);

    await setStatus(client, holder.service, 'Cancelled', KEYS.harbourLights);
    // Two seats freed: the three travellers do not fit; the next two services (one traveller each) do.
    const after = await Promise.all([three, one, two].map((b) => get(client, b.service.href)));
    expect(after.map((s) => s.status)).toEqual(['Waitlisted', 'Option', 'Option']);
    expect(after[1].option_expiry_date).toBe('2027-01-14T05:00:00Z');
    expect(after[1].status_transitions).toEqual(['Expired']);

    await client.post('/_sandbox/departures/100006/availability', { status: 'REQUEST_SPACE' }, 'operator');
    expect((await get(client, three.service.href)).status).toBe('Expired');
    expect((await get(client, one.service.href)).status).toBe('Option');
    expect((await get(client, '/departures/100006')).availability.status).toBe('REQUEST_SPACE');
  });
});

describe('activity services', () => {
  it('refuses an activity on a booking without a valid tour service (§4.3 rule 6)', async () => {
    const booking = await newBooking(client);
    const customers = await newCustomers(client, 1);
    const answer = await client.post('/activity_services/', { booking: { id: booking.id }, product: { id: '500001' }, customers: refs(customers) });
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual([expect.objectContaining({ field: 'booking_id', code: 'TOUR_SERVICE_NOT_FOUND', value: booking.id })]);
    // An expired tour is not a valid one either.
    const expired = await book(client);
    await setStatus(client, expired.service, 'Expired');
    const again = await client.post('/activity_services/', { booking: { id: expired.booking.id }, product: { id: '500001' }, customers: refs(expired.customers) });
    expect(again.json.errors[0].code).toBe('TOUR_SERVICE_NOT_FOUND');
  });

  it('adds an activity in Option, confirms it by paying its price and cancels it with a 10 % fee', async () => {
    const { booking, customers, service: tour } = await book(client, { travellers: 2 });
    await pay(client, booking.id, tour.deposit_amount);
    const activity = await get(client, `/activities/500001`);
    const created = await client.post('/activity_services/', { booking: { id: booking.id }, product: { id: '500001' }, customers: refs(customers) });
    expect(created.status).toBe(201);
    const price = cents(activity.prices.CAD) * 2;
    expect(created.json).toMatchObject({
      status: 'Option',
      status_transitions: ['Expired', 'Cancelled'],
      type: 'activity_services',
      sub_type: 'product',
      name: activity.name,
      product: { id: '500001', href: '/activities/500001/', name: activity.name },
      purchase_price: decimal(price),
      deposit_amount: decimal(price),
      commission: decimal(Math.round(price * 0.1)),
      applied_promotion: null,
      applied_promotions: [],
      start_date: null,
      arrival_flight_details: [],
    });
    expect(created.json.incomplete_requirements.every((r: any) => r.type && r.name && r.code && r.requirement_set && r.message && Array.isArray(r.flags) && r.details.length && r.customer.id)).toBe(
      true,
    );
    expect(created.json.rooms).toBeUndefined();
    // The activity never moves the travel dates.
    expect((await get(client, booking.href)).date_of_first_travel).toBe(tour.start_date);

    await pay(client, booking.id, decimal(price));
    const confirmed = await get(client, created.json.href);
    expect(confirmed).toMatchObject({ status: 'Confirmed', status_transitions: ['Request Cancellation', 'Cancelled'] });
    const cancelled = await setStatus(client, confirmed, 'Cancelled');
    const fee = Math.round(price * 0.1);
    expect(cancelled.json).toMatchObject({ status: 'Cancelled', cancellation_fee: decimal(fee) });
    // What was paid for the activity beyond its fee now counts toward the tour: no refund while the tour is owed.
    expect((await get(client, `${booking.href}refunds/`)).count).toBe(0);
    const paid = cents(tour.deposit_amount) + price;
    expect(await get(client, booking.href)).toMatchObject({ amount_paid: decimal(paid), amount_owing: decimal(cents(tour.purchase_price) + fee - paid) });
  });

  it('cancels an unconfirmed activity without a fee (the spec example cancels an activity)', async () => {
    const { booking, customers } = await book(client, { travellers: 1 });
    const activity = (await client.post('/activity_services/', { booking: { id: booking.id }, product: { id: '500002' }, customers: refs(customers) })).json;
    const cancelled = await setStatus(client, activity, 'Cancelled');
    expect(cancelled.json).toMatchObject({ status: 'Cancelled', cancellation_fee: '0.00' });
    expect((await get(client, `${booking.href}refunds/`)).count).toBe(0);
  });
});
