/**
 * Money records of a booking: payments (made through the sandbox extension
 * `POST /_sandbox/payments`, the way to drive payment confirmation), refunds (made by
 * cancellations) and flex travel credits (made by exercises). The spec leaves their fields
 * "not shown"; docs/sandbox.md lists the sandbox's.
 */
import { assertOwnAgency } from '../auth.js';
import { fieldError, notFound } from '../errors.js';
import type { BookingChildRecord, PaymentLinkRecord, PaymentRecord, RefundRecord, State, TravelCreditRecord } from '../model.js';
import type { Reply, RequestContext, Router } from '../router.js';
import { preview, type Change } from '../preview.js';
import { settle } from '../rules/lifecycle.js';
import { closeLink, paymentLinkByToken } from '../rules/paperwork.js';
import { freeCents, priceOf, type Allocation } from '../rules/money.js';
import { availabilityOf } from '../rules/places.js';
import { CURRENCIES, formatCents, parseCents } from '../money.js';
import { Checker, objectBody } from '../validate.js';
import { href, ref, serviceRef, type Wire } from '../refs.js';
import { bookingCurrency } from '../views.js';
import { assertOpen, childCollection, visibleBooking, visibleChild } from './bookings.js';
import { paymentLinkView } from './paperwork.js';
import { INITIAL_STATUS, paymentToConfirmView, refId } from './services.js';

/** The largest single payment the sandbox takes, so a typo cannot make a booking absurd. */
const MAX_PAYMENT_CENTS = 10_000_000_00;

function money(state: State, record: BookingChildRecord & { amount_cents: number }, collection: string): Pick<Wire<'Payment'>, 'id' | 'href' | 'booking' | 'amount' | 'currency' | 'date_created'> {
  return {
    id: record.id,
    href: href(collection, record.id),
    booking: ref('bookings', record.booking_id),
    amount: formatCents(record.amount_cents),
    currency: bookingCurrency(state, record),
    date_created: record.date_created,
  };
}

/** A payment: `status` PENDING until it settles, `reason` FINAL_PAYMENT for the automatic final payment (else null). */
export function paymentView(state: State, payment: PaymentRecord): Wire<'Payment'> {
  return { ...money(state, payment, 'payments'), status: payment.status, reason: payment.reason ?? null };
}

export function refundView(state: State, refund: RefundRecord): Wire<'Refund'> {
  const service = refund.service_id ? state.collections.services[refund.service_id] : undefined;
  return { ...money(state, refund, 'refunds'), status: refund.status, reason: refund.reason ?? null, service: service ? ref(service.type, service.id) : null };
}

/** A travel credit: its windows both as objects and as flat end dates (what an agency's list is searched and ordered by). */
export function travelCreditView(state: State, credit: TravelCreditRecord): Wire<'TravelCredit'> {
  const issued = credit.date_created.slice(0, 10);
  return {
    ...money(state, credit, 'travel_credits'),
    // Nothing redeems a credit in the sandbox yet: all of it remains.
    remaining_amount: formatCents(credit.amount_cents),
    issue_date: issued,
    booking_window: { start_date: issued, end_date: credit.booking_window_end },
    travel_window: { start_date: issued, end_date: credit.travel_window_end },
    booking_window_end: credit.booking_window_end,
    travel_window_end: credit.travel_window_end,
    flex_plan_service: ref('flex_plan_services', credit.flex_service_id),
    departure_service: ref('departure_services', credit.departure_service_id),
  };
}

/**
 * What a payment did, in its answer (a sandbox extra): the services it confirmed (or sent to
 * the office), each with what it took, and those left waiting, each with what it needs, the
 * payment that would now confirm it, and why this one did not.
 */
export function allocationView(state: State, bookingId: string, allocation: Allocation): NonNullable<Wire<'Payment'>['allocation']> {
  return {
    confirmed: allocation.covered.map(({ service, cents }) => ({ ...serviceRef(service), status: service.status, amount: formatCents(cents) })),
    waiting: allocation.passed.map(({ service, cents, reason }) => ({
      ...serviceRef(service),
      status: service.status,
      amount: formatCents(cents),
      payment_to_confirm: paymentToConfirmView(state, service)?.amount ?? null,
      reason,
    })),
    free_amount: formatCents(freeCents(state, bookingId)),
  };
}

function createPayment(ctx: RequestContext): Promise<Reply> {
  return ctx.store.mutate(paymentChange(ctx));
}

function paymentChange(ctx: RequestContext): Change {
  const body = objectBody(ctx);
  const check = new Checker();
  const bookingId = refId(check, body, 'booking');
  const amountText = check.string(body, 'amount', 'amount', { required: true });
  const cents = typeof amountText === 'string' && /^\d+(\.\d{1,2})?$/.test(amountText.trim()) ? parseCents(amountText) : null;
  if (typeof amountText === 'string' && (cents === null || cents <= 0 || cents > MAX_PAYMENT_CENTS)) {
    check.add('amount', 'INVALID_AMOUNT', `amount is a positive Decimal with at most two fraction digits, up to ${formatCents(MAX_PAYMENT_CENTS)}, in the booking currency`, amountText);
  }
  check.done();
  return (state, tx) => {
    const booking = visibleBooking(ctx, state, bookingId!);
    assertOpen(booking);
    const payment = tx.insert('payments', { booking_id: booking.id, amount_cents: cents!, status: 'APPLIED' });
    const allocation = settle(state, tx, booking.id);
    return { status: 201, body: { ...paymentView(state, payment), allocation: allocationView(state, booking.id, allocation) } };
  };
}

function detail<R extends BookingChildRecord>(collection: 'payments' | 'refunds' | 'travel_credits', label: string, render: (state: State, record: R) => object) {
  return (ctx: RequestContext): Reply => {
    const record = visibleChild(ctx, ctx.state.collections[collection] as unknown as Record<string, R>, label);
    return { status: 200, body: render(ctx.state, record) };
  };
}

export const bookingCollections = {
  payments: childCollection('payments', paymentView),
  refunds: childCollection('refunds', refundView),
  travel_credits: childCollection('travel_credits', travelCreditView),
};

function linkByToken(ctx: RequestContext, state: State): PaymentLinkRecord {
  const link = paymentLinkByToken(state, ctx.params.token);
  if (!link) throw notFound('Payment link');
  assertOwnAgency(ctx.caller, state.collections.bookings[link.booking_id].agency_id, `payment link ${link.id}`);
  return link;
}

/** Pays a link's amount as a payment would (payment-driven confirmation included), and marks the link PAID. */
function payLink(ctx: RequestContext): Promise<Reply> {
  return ctx.store.mutate(payLinkChange(ctx));
}

function payLinkChange(ctx: RequestContext): Change {
  return (state, tx) => {
    const link = linkByToken(ctx, state);
    if (link.status !== 'OPEN') {
      throw fieldError(
        'token',
        'PAYMENT_LINK_CLOSED',
        `payment link ${link.id} is ${link.status}${link.date_closed ? ` since ${link.date_closed}` : ''}; the booking's payment_links list holds the open one, if anything is owed`,
        ctx.params.token,
      );
    }
    const booking = visibleBooking(ctx, state, link.booking_id);
    assertOpen(booking);
    const payment = tx.insert('payments', { booking_id: booking.id, amount_cents: link.amount_cents, status: 'APPLIED' });
    closeLink(tx, link, 'PAID', payment.id);
    const allocation = settle(state, tx, booking.id);
    return { status: 201, body: { ...paymentView(state, payment), allocation: allocationView(state, booking.id, allocation), payment_link: paymentLinkView(state, link) } };
  };
}

/** The most travellers a quote is for (a group import's size, with room to spare). */
const MAX_QUOTE_TRAVELLERS = 1000;

/**
 * What a departure service for `travellers` travellers on departure `:id` would cost in
 * `currency` now, and what confirming it would need (a sandbox extra, docs/sandbox.md,
 * "Previews"): priced by the code that prices a new departure service, for `group import
 * --dry-run`, which has no booking or travellers yet to book with.
 */
function quote(ctx: RequestContext): Reply {
  const check = new Checker();
  const travellers = Number(ctx.query.get('travellers'));
  const currency = ctx.query.get('currency') ?? '';
  if (!Number.isInteger(travellers) || travellers < 1 || travellers > MAX_QUOTE_TRAVELLERS)
    check.add('travellers', 'INVALID_TRAVELLERS', `travellers is a whole number from 1 to ${MAX_QUOTE_TRAVELLERS}`, ctx.query.get('travellers'));
  if (!(CURRENCIES as readonly string[]).includes(currency)) check.add('currency', 'INVALID_CURRENCY', `currency is one of ${CURRENCIES.join(', ')}`, currency);
  check.done();
  const departure = ctx.store.catalogue.departure(ctx.params.id);
  if (!departure) throw notFound(`Departure ${ctx.params.id}`);
  const status = INITIAL_STATUS[availabilityOf(ctx.state, departure)] ?? null;
  const pricing = priceOf(ctx.store.catalogue, { type: 'departure_services', product_id: departure.id, customer_ids: Array.from({ length: travellers }, String) }, currency, ctx.store.clock.nowMs())!;
  return {
    status: 200,
    body: {
      departure: ref('departures', departure.id, { name: departure.name }),
      currency,
      travellers,
      status,
      purchase_price: formatCents(pricing.priceCents),
      // As a new service's deposit_amount: On Request needs the full price (requirementCents).
      deposit_amount: formatCents(status === 'On Request' ? pricing.priceCents : pricing.depositCents),
      applied_promotion: pricing.promotion && { promotion_code: pricing.promotion.code, discount_amount: formatCents(pricing.promotion.discount_cents) },
    },
  };
}

export function register(router: Router): void {
  router
    .get('/_sandbox/departures/:id/quote', quote)
    .post('/_sandbox/payments', createPayment)
    .post('/_sandbox/payments/preview', (ctx) => preview(ctx, paymentChange(ctx)))
    .post('/_sandbox/pay/:token/preview', (ctx) => preview(ctx, payLinkChange(ctx)))
    .get('/_sandbox/pay/:token', (ctx) => ({ status: 200, body: paymentLinkView(ctx.state, linkByToken(ctx, ctx.state)) }))
    .post('/_sandbox/pay/:token', payLink)
    .get('/payments/:id', detail('payments', 'Payment', paymentView))
    .get('/refunds/:id', detail('refunds', 'Refund', refundView))
    .get('/travel_credits/:id', detail('travel_credits', 'Travel credit', travelCreditView));
}
