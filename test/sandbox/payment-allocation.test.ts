/**
 * Issue 18, "Money shown truthfully", on the sandbox's side: how a payment is shared among the
 * services waiting for it (docs/sandbox.md, "Payment-driven confirmation"), said in the
 * payment's answer and in each service's `payment_to_confirm`; and the cancellation terms of
 * an activity service, so that its fee can be known before it is cancelled.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxClient } from '../helpers/sandbox-client.js';
import { book, cents, decimal, get, pay, refs, setStatus } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 40, now: NOW });

/** A confirmed tour on 100001 (two travellers, deposit paid), an unpaid activity and an unpaid flex plan on it. */
async function tourActivityAndFlex() {
  const booked = await book(client);
  await pay(client, booked.booking.id, booked.service.deposit_amount);
  const activity = (await client.post('/activity_services/', { booking: { id: booked.booking.id }, product: { id: '500001' }, customers: refs(booked.customers) })).json;
  const attached = await client.post('/flex_plan_services/', { booking: { id: booked.booking.id }, departure_service: { id: booked.service.id }, product: { id: '100001-1' } });
  expect(attached.status, attached.text).toBe(201);
  return { ...booked, activity, flex: attached.json };
}

describe('payment allocation', () => {
  it('18 paying exactly the flex price confirms the unpaid activity first; the answer says so and what the plan still needs', async () => {
    const { booking, activity, flex } = await tourActivityAndFlex();
    const answer = await pay(client, booking.id, flex.purchase_price);
    const left = cents(flex.purchase_price) - cents(activity.purchase_price);
    expect(answer.allocation).toEqual({
      confirmed: [{ id: activity.id, href: activity.href, type: 'activity_services', name: activity.name, status: 'Confirmed', amount: activity.purchase_price }],
      waiting: [
        {
          id: flex.id,
          href: flex.href,
          type: 'flex_plan_services',
          name: flex.name,
          status: 'Option',
          amount: flex.purchase_price,
          payment_to_confirm: decimal(cents(flex.purchase_price) - left),
          reason: 'NOT_COVERED',
        },
      ],
      free_amount: decimal(left),
    });
    expect((await get(client, flex.href)).status).toBe('Option');
    expect((await get(client, activity.href)).status).toBe('Confirmed');
  });

  it("18 a flex plan service's payment_to_confirm counts what the activity takes first, and paying it confirms the plan", async () => {
    const { booking, activity, flex } = await tourActivityAndFlex();
    const total = cents(activity.purchase_price) + cents(flex.purchase_price);
    expect(flex.payment_to_confirm).toEqual({
      amount: decimal(total),
      taken_first: [{ id: activity.id, href: activity.href, type: 'activity_services', name: activity.name, amount: activity.purchase_price }],
    });
    const answer = await pay(client, booking.id, decimal(total));
    expect(answer.allocation.confirmed.map((s: { id: string }) => s.id)).toEqual([activity.id, flex.id]);
    expect(answer.allocation.waiting).toEqual([]);
    const confirmed = await get(client, flex.href);
    expect(confirmed).toMatchObject({ status: 'Confirmed', payment_to_confirm: null });
  });

  it('18 payment_to_confirm takes off money the booking already has free', async () => {
    const booked = await book(client);
    const deposit = cents(booked.service.deposit_amount);
    await pay(client, booked.booking.id, deposit - 100);
    const service = await get(client, booked.service.href);
    expect(service.status).toBe('Option');
    expect(service.payment_to_confirm).toEqual({ amount: '1.00', taken_first: [] });
    expect((await pay(client, booked.booking.id, '1.00')).allocation.confirmed).toEqual([expect.objectContaining({ id: service.id, status: 'Confirmed', amount: service.deposit_amount })]);
  });
});

describe('cancellation terms of an activity service', () => {
  it('18 an activity service links terms of one window keeping 10 %, and cancelling it keeps exactly that fee', async () => {
    const booked = await book(client);
    await pay(client, booked.booking.id, booked.service.deposit_amount);
    const activity = (await client.post('/activity_services/', { booking: { id: booked.booking.id }, product: { id: '500001' }, customers: refs(booked.customers) })).json;
    expect(activity.cancellation_terms).toEqual({ id: `service-${activity.id}`, href: `/service_cancellation_terms/service-${activity.id}/` });
    await pay(client, booked.booking.id, activity.purchase_price);
    expect((await get(client, activity.href)).status).toBe('Confirmed');

    const terms = await get(client, activity.cancellation_terms.href);
    const price = cents(activity.purchase_price);
    const fee = Math.round(price / 10);
    expect(terms).toEqual({
      id: `service-${activity.id}`,
      href: `/service_cancellation_terms/service-${activity.id}/`,
      type: 'GENERIC',
      service: { id: activity.id, href: activity.href },
      departure_service: null,
      departure: null,
      flex_plan_service: null,
      currency: 'CAD',
      price: activity.purchase_price,
      windows: [
        {
          days_before_departure_from: null,
          days_before_departure_to: null,
          start_date: null,
          end_date: null,
          penalty_percent: 10,
          penalty_amount: decimal(fee),
          refund_amount: decimal(price - fee),
          travel_credit_amount: '0.00',
        },
      ],
    });
    const cancelled = await setStatus(client, activity, 'Cancelled');
    expect(cancelled.json).toMatchObject({ status: 'Cancelled', cancellation_fee: decimal(fee) });
  });
});
