/**
 * Flex plan services and their addons (spec §2.4 "Flex plan service", §2.5, §3.2, §4.3 rules
 * 1–5), and the concrete cancellation terms of booked services (`/service_cancellation_terms/
 * service-<id>/`), which the catalogue's terms route hands over to `serviceTermsView`.
 */
import { assertOwnAgency } from '../auth.js';
import { insertFlexService } from '../rules/lifecycle.js';
import { notFound, SandboxError } from '../errors.js';
import type { ServiceRecord, State } from '../model.js';
import type { Reply, RequestContext, Router } from '../router.js';
import { preview, type Change } from '../preview.js';
import { ACTIVITY_WINDOW, TRAVEL_CREDIT_WINDOWS, windowAmounts, windowView } from '../catalogue/terms.js';
import { attachRefusals, resolveTerms } from '../rules/flex.js';
import { formatCents } from '../money.js';
import { Checker, objectBody } from '../validate.js';
import { customerRef, href, ref, type Wire } from '../refs.js';
import { assertOpen, visibleBooking } from './bookings.js';
import { patchService, refId, serviceView, visibleService } from './services.js';

function createFlexService(ctx: RequestContext): Promise<Reply> {
  return ctx.store.mutate(flexServiceChange(ctx));
}

function flexServiceChange(ctx: RequestContext): Change {
  const body = objectBody(ctx);
  const check = new Checker();
  const bookingId = refId(check, body, 'booking');
  const departureServiceId = refId(check, body, 'departure_service');
  const planId = refId(check, body, 'product');
  check.done();
  return (state, tx) => {
    const booking = visibleBooking(ctx, state, bookingId!);
    assertOpen(booking);
    const catalogue = ctx.store.catalogue;
    const agency = state.collections.agencies[booking.agency_id];
    const errors = attachRefusals(state, catalogue, { booking, agency, departureServiceId: departureServiceId!, planId: planId!, nowMs: tx.nowMs });
    if (errors.length > 0) {
      throw new SandboxError(400, `Flex plan ${planId} cannot be attached to departure service ${departureServiceId}: ${errors.map((e) => e.code).join(', ')}.`, errors);
    }
    const service = insertFlexService(tx, catalogue, booking, state.collections.services[departureServiceId!], planId!);
    return { status: 201, body: serviceView(state, service) };
  };
}

function addonView(state: State, ctx: RequestContext): Reply {
  const addon = state.collections.flex_plan_addons[ctx.params.id];
  if (!addon) throw notFound(`Flex plan service addon ${ctx.params.id}`);
  assertOwnAgency(ctx.caller, state.collections.bookings[addon.booking_id].agency_id, `flex plan service addon ${addon.id}`);
  const customer = state.collections.customers[addon.customer_id];
  return {
    status: 200,
    body: {
      id: addon.id,
      href: href('flex_plan_addons', addon.id),
      booking: ref('bookings', addon.booking_id),
      customer: customer ? customerRef(customer) : ref('customers', addon.customer_id),
      flex_plan_service: ref('flex_plan_services', addon.flex_service_id),
      order_url: addon.order_url,
      support_url: addon.support_url,
      terms_url: addon.terms_url,
      products: addon.products,
      status: addon.status,
      date_created: addon.date_created,
      date_cancelled: addon.date_cancelled,
    },
  };
}

/**
 * `service-<id>`: the terms of one booked service, resolved on its price in the booking
 * currency — a departure service's generic (percentage) terms, or a flex plan service's
 * amount-based terms for the departure service it covers. Undefined for other ids (catalogue
 * terms); 403 for another agency's service.
 */
export function serviceTermsView(ctx: RequestContext, id: string): Wire<'CancellationTerms'> | undefined {
  const activity = activityOfTerms(ctx.state, id);
  if (activity) return activityTermsView(ctx, id, activity);
  const terms = resolveTerms(ctx.state, id);
  if (!terms) return undefined;
  const booking = ctx.state.collections.bookings[terms.owner.booking_id];
  assertOwnAgency(ctx.caller, booking.agency_id, `cancellation terms ${id}`);
  const departureService = terms.departureService;
  const start = departureService.start_date!;
  const price = departureService.purchase_price_cents;
  return {
    id,
    href: href('service_cancellation_terms', id),
    type: terms.flex ? 'FLEX' : 'GENERIC',
    service: ref(terms.owner.type, terms.owner.id),
    departure_service: ref('departure_services', departureService.id),
    departure: ref('departures', departureService.product_id, { name: departureService.name }),
    flex_plan_service: terms.flex ? ref('flex_plan_services', terms.flex.id) : null,
    currency: booking.currency,
    price: formatCents(price),
    ...(terms.flex ? { travel_credit_windows: TRAVEL_CREDIT_WINDOWS } : {}),
    windows: terms.windows.map((w) => {
      const amounts = windowAmounts(price, w);
      return windowView(w, start, !terms.flex, (share) => formatCents(amounts[share]));
    }),
  };
}

/** The activity service whose terms `service-<id>` are, if it is one. */
function activityOfTerms(state: State, id: string): ServiceRecord | undefined {
  const service = state.collections.services[/^service-(\d+)$/.exec(id)?.[1] ?? ''];
  return service?.type === 'activity_services' ? service : undefined;
}

/**
 * An activity service's terms (a sandbox extension: the spec gives activities none): one
 * window without dates, whenever it is cancelled, keeping ACTIVITY_WINDOW's share of its price.
 */
function activityTermsView(ctx: RequestContext, id: string, activity: ServiceRecord): Wire<'CancellationTerms'> {
  const booking = ctx.state.collections.bookings[activity.booking_id];
  assertOwnAgency(ctx.caller, booking.agency_id, `cancellation terms ${id}`);
  const amounts = windowAmounts(activity.purchase_price_cents, ACTIVITY_WINDOW);
  return {
    id,
    href: href('service_cancellation_terms', id),
    type: 'GENERIC',
    service: ref(activity.type, activity.id),
    departure_service: null,
    departure: null,
    flex_plan_service: null,
    currency: booking.currency,
    price: formatCents(activity.purchase_price_cents),
    windows: [
      {
        days_before_departure_from: null,
        days_before_departure_to: null,
        start_date: null,
        end_date: null,
        penalty_percent: Math.round(ACTIVITY_WINDOW.penalty * 100),
        penalty_amount: formatCents(amounts.penaltyCents),
        refund_amount: formatCents(amounts.refundCents),
        travel_credit_amount: formatCents(amounts.travelCreditCents),
      },
    ],
  };
}

export function register(router: Router): void {
  router
    .post('/flex_plan_services', createFlexService)
    .post('/_sandbox/flex_plan_services/preview', (ctx) => preview(ctx, flexServiceChange(ctx)))
    .get('/flex_plan_services/:id', (ctx) => ({ status: 200, body: serviceView(ctx.state, visibleService(ctx, ctx.state, 'flex_plan_services', ctx.params.id)) }))
    .patch('/flex_plan_services/:id', patchService('flex_plan_services'))
    .get('/flex_plan_addons/:id', (ctx) => addonView(ctx.state, ctx));
}
