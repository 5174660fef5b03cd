/**
 * Departure and activity services (spec §2.4, §3.1, §4.2, §4.3 rule 6), the full wire form
 * of every booked service, and the PATCH of `status` all three service types share. The rules
 * are in ../rules/: the transition table, money, the moves and their effects.
 */
import { assertOwnAgency } from '../auth.js';
import { Catalogue } from '../catalogue/index.js';
import { isoDate } from '../clock.js';
import { fieldError, notFound, SandboxError } from '../errors.js';
import type { CustomerRecord, ServiceRecord, ServiceStatus, ServiceType, State } from '../model.js';
import type { Reply, RequestContext, Router } from '../router.js';
import { currentTermsId, activeFlexFor, termsId } from '../rules/flex.js';
import { applyPatch, bookingClock, insertDepartureService, insertService, optionExpiry } from '../rules/lifecycle.js';
import { assertPlacesFor, availabilityOf, roomCounts } from '../rules/places.js';
import { STANDARD_ROOM } from '../catalogue/departures.js';
import { paymentToConfirm, requirementCents } from '../rules/money.js';
import { incompleteRequirements } from '../rules/requirements.js';
import { SERVICE_STATUSES } from '../../domain/transitions.js';
import { patchRefusal } from '../rules/transitions.js';
import { formatCents } from '../money.js';
import { Checker, checkUnwritable, objectBody, type Body, type UpdateMembers } from '../validate.js';
import { customerRef, ref, serviceRef, type Wire } from '../refs.js';
import { appliedPromotionView, serviceSummary, travellerDetailsView } from '../views.js';
import { assertOpen, visibleBooking } from './bookings.js';
import { serviceDocuments } from './paperwork.js';
import { reconcilePaperwork } from '../rules/paperwork.js';

// ---------------------------------------------------------------------------------------
// Request bodies

/** A reference in a request body: `{id}` (string or number), or the bare id (spec §2.1). */
export function refId(check: Checker, body: Body, key: string, field = key): string | undefined {
  return refValue(check, body[key], field);
}

function refValue(check: Checker, value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === '') {
    check.add(field, 'REQUIRED', `${field} is required: a reference such as {"id": "123"}`);
    return undefined;
  }
  const id = typeof value === 'object' && !Array.isArray(value) ? (value as Body).id : value;
  if ((typeof id !== 'string' && typeof id !== 'number') || String(id).trim() === '') {
    check.add(field, 'INVALID_REFERENCE', `${field} must be a reference with an id, such as {"id": "123"}`, value);
    return undefined;
  }
  return String(id).trim();
}

interface ServiceRequest {
  bookingId: string;
  productId: string;
  customerIds: string[];
  /** `rooms` (departure services, trek's member): the room code of each customer it names. */
  roomCodes: Record<string, string>;
}

/**
 * `rooms: [{code, customers: [{id}]}]`, the sandbox's member for choosing rooms (the spec's
 * request has none; the operator's client models a departure service's rooms with `code` and
 * `customers`). Each customer named must be among `customers`, and in one room only; those it
 * does not name take the standard room.
 */
function readRooms(check: Checker, body: Body, customerIds: readonly string[]): Record<string, string> {
  const list = check.list(body, 'rooms', 'rooms');
  const codes: Record<string, string> = {};
  (list ?? []).forEach((item, i) => {
    const field = `rooms[${i}]`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      check.add(field, 'INVALID_TYPE', `${field} must be an object with code and customers`, item);
      return;
    }
    const code = check.string(item as Body, 'code', `${field}.code`, { required: true, maxLength: 40 });
    const members = check.list(item as Body, 'customers', `${field}.customers`);
    if (!members || members.length === 0) check.add(`${field}.customers`, 'REQUIRED', `${field}.customers is required: the customers in this room`);
    (members ?? []).forEach((member, j) => {
      const id = refValue(check, member, `${field}.customers[${j}]`);
      if (id === undefined || typeof code !== 'string') return;
      if (!customerIds.includes(id)) check.add(`${field}.customers[${j}]`, 'NOT_ON_SERVICE', `customer ${id} is not among the service's customers`, id);
      else if (codes[id] !== undefined) check.add(`${field}.customers[${j}]`, 'DUPLICATE_CUSTOMER', `customer ${id} is in more than one room`, id);
      else codes[id] = code.trim().toUpperCase();
    });
  });
  return codes;
}

function readServiceRequest(ctx: RequestContext): ServiceRequest {
  const body = objectBody(ctx);
  const check = new Checker();
  const bookingId = refId(check, body, 'booking');
  const productId = refId(check, body, 'product');
  const list = check.list(body, 'customers', 'customers');
  if (list === null || list === undefined || (Array.isArray(list) && list.length === 0)) check.add('customers', 'REQUIRED', 'customers is required: a list of at least one customer reference');
  const customerIds = (list ?? []).flatMap((item, i) => refValue(check, item, `customers[${i}]`) ?? []);
  const seen = new Set<string>();
  for (const id of customerIds) {
    if (seen.has(id)) check.add('customers', 'DUPLICATE_CUSTOMER', `customer ${id} is listed more than once; a customer travels once on a service`, id);
    seen.add(id);
  }
  const roomCodes = readRooms(check, body, customerIds);
  check.done();
  return { bookingId: bookingId!, productId: productId!, customerIds, roomCodes };
}

/** The customers of a request: each must exist (404) and belong to the caller's agency (403). */
function checkCustomers(ctx: RequestContext, state: State, ids: string[]): void {
  for (const id of ids) {
    const customer = state.collections.customers[id];
    if (!customer) throw notFound(`Customer ${id}`);
    assertOwnAgency(ctx.caller, customer.agency_id, `customer ${id}`);
  }
}

// ---------------------------------------------------------------------------------------
// Reading

export function visibleService(ctx: RequestContext, state: State, type: ServiceType, id: string): ServiceRecord {
  const service = state.collections.services[id];
  if (!service || service.type !== type) throw notFound(`${LABELS[type]} ${id}`);
  assertOwnAgency(ctx.caller, state.collections.bookings[service.booking_id].agency_id, `service ${id}`);
  return service;
}

const LABELS: Record<ServiceType, string> = { departure_services: 'Departure service', activity_services: 'Activity service', flex_plan_services: 'Flex plan service' };
const PRODUCT_COLLECTION: Record<ServiceType, string> = { departure_services: 'departures', activity_services: 'activities', flex_plan_services: 'flex_plans' };

function flexView(service: ServiceRecord): Pick<Wire<'FlexPlanService'>, 'cancellation_terms' | 'associated_services' | 'flex_plan_addons' | 'exercise'> {
  const flex = service.flex!;
  const exercise = flex.exercise;
  return {
    cancellation_terms: ref('service_cancellation_terms', termsId(service.id)),
    associated_services: [ref('departure_services', flex.covered_service_id, { type: 'departure_services' })],
    flex_plan_addons: flex.addon_ids.map((id) => ref('flex_plan_addons', id)),
    exercise: exercise && {
      date: exercise.date,
      window: { days_before_departure_from: exercise.days_before_departure_from, days_before_departure_to: exercise.days_before_departure_to },
      window_refund_amount: formatCents(exercise.window_refund_cents),
      window_travel_credit_amount: formatCents(exercise.window_travel_credit_cents),
      refund_amount: formatCents(exercise.refund_cents),
      travel_credit_amount: formatCents(exercise.travel_credit_cents),
      refund: exercise.refund_id ? ref('refunds', exercise.refund_id) : null,
      travel_credit: exercise.travel_credit_id ? ref('travel_credits', exercise.travel_credit_id) : null,
    },
  };
}

/**
 * Sandbox extra on every service: `payment_to_confirm`, the payment that would confirm it now
 * (or send its request) under the allocation rule, and what the services reached before it
 * take first; null when it is not waiting for a payment or no payment can confirm it now.
 */
export function paymentToConfirmView(state: State, service: ServiceRecord): Wire<'PaymentToConfirm'> | null {
  const needed = paymentToConfirm(state, service);
  if (!needed) return null;
  return {
    amount: formatCents(needed.cents),
    taken_first: needed.takenFirst.map((entry) => ({ ...serviceRef(entry.service), amount: formatCents(entry.cents) })),
  };
}

/** A departure service's rooms as the operator's client reads them: each room taken, with its `code`, `name` and `customers`. */
function roomsView(state: State, service: ServiceRecord, customers: readonly CustomerRecord[]): Wire<'DepartureService'>['rooms'] & object {
  const rooms = Catalogue.for(state).departure(service.product_id)?.rooms ?? [];
  const byCode = new Map<string, CustomerRecord[]>();
  for (const customer of customers) {
    const code = service.room_codes?.[customer.id] ?? STANDARD_ROOM;
    byCode.set(code, [...(byCode.get(code) ?? []), customer]);
  }
  return [...byCode].map(([code, members]) => ({ code, name: rooms.find((room) => room.code === code)?.name ?? code, customers: members.map(customerRef) }));
}

/** The full form of any booked service (spec §2.4 with the per-type members), plus the sandbox's documented extras. */
export function serviceView(state: State, service: ServiceRecord): Wire<'DepartureService'> | Wire<'ActivityService'> | Wire<'FlexPlanService'> {
  const promotion = appliedPromotionView(service);
  const customers = service.customer_ids.flatMap((id) => state.collections.customers[id] ?? []);
  const covering = service.type === 'departure_services' ? activeFlexFor(state, service.id) : undefined;
  const shared = {
    ...serviceSummary(state, service),
    date_created: service.date_created,
    date_confirmed: service.date_confirmed,
    date_cancelled: service.date_cancelled,
    option_expiry_date: service.option_expiry_date,
    purchase_price: formatCents(service.purchase_price_cents),
    commission: formatCents(service.commission_cents),
    deposit_amount: formatCents(requirementCents(service)),
    cancellation_fee: service.status === 'Cancelled' ? formatCents(service.cancellation_charge_cents) : null,
    payment_to_confirm: paymentToConfirmView(state, service),
    applied_promotion: promotion,
    applied_promotions: promotion ? [promotion] : [],
    flags: service.flags,
    booking: ref('bookings', service.booking_id),
    documents: serviceDocuments(state, service),
    declined_reason: null,
    product: ref(PRODUCT_COLLECTION[service.type], service.product_id, { name: service.name }),
    associated_services: covering ? [ref('flex_plan_services', covering.id, { type: 'flex_plan_services' })] : [],
  };
  if (service.type === 'flex_plan_services') return { ...shared, ...flexView(service) } satisfies Wire<'FlexPlanService'>;
  const travellers = travellerDetailsView(state, service);
  const requirements = { incomplete_requirements: incompleteRequirements(state, service), arrival_flight_details: travellers.arrival_flight_details };
  if (service.type === 'activity_services') return { ...shared, ...requirements, cancellation_terms: ref('service_cancellation_terms', termsId(service.id)) } satisfies Wire<'ActivityService'>;
  return {
    ...shared,
    ...requirements,
    deposit: formatCents(service.deposit_cents),
    rooms: roomsView(state, service, customers),
    // The exact accommodation is the departure's (spec §2.10 rule 4): the service travels on it.
    components: Catalogue.for(state).departure(service.product_id)?.components ?? [],
    departure_flight_details: travellers.departure_flight_details,
    international_ticket_numbers: travellers.international_ticket_numbers,
    traveller_heights: travellers.traveller_heights,
    cancellation_terms: ref('service_cancellation_terms', currentTermsId(state, service)),
  } satisfies Wire<'DepartureService'>;
}

// ---------------------------------------------------------------------------------------
// Creating

export const INITIAL_STATUS: Record<string, ServiceStatus> = { AVAILABLE: 'Option', REQUEST_SPACE: 'On Request', WAIT_LIST: 'Waitlisted' };

function createDepartureService(ctx: RequestContext): Promise<Reply> {
  const request = readServiceRequest(ctx);
  return ctx.store.mutate((state, tx) => {
    const booking = visibleBooking(ctx, state, request.bookingId);
    assertOpen(booking);
    const catalogue = ctx.store.catalogue;
    const departure = catalogue.departure(request.productId);
    if (!departure) throw notFound(`Departure ${request.productId}`);
    checkCustomers(ctx, state, request.customerIds);
    if (departure.start_date <= isoDate(tx.nowMs)) {
      throw fieldError('product', 'DEPARTURE_STARTED', `departure ${departure.id} started on ${departure.start_date}; it can no longer be booked`, request.productId);
    }
    const codes = departure.rooms.map((room) => room.code);
    for (const code of new Set(Object.values(request.roomCodes))) {
      if (!codes.includes(code)) throw fieldError('rooms', 'UNKNOWN_ROOM', `departure ${departure.id} has no room ${code}; its rooms are ${codes.join(', ')}`, code);
    }
    const roomCodes = Object.fromEntries(Object.entries(request.roomCodes).filter(([, code]) => code !== STANDARD_ROOM));
    const availability = availabilityOf(state, departure);
    const status = INITIAL_STATUS[availability];
    if (!status) throw fieldError('product', 'PRODUCT_NOT_BOOKABLE', `departure ${departure.id} is ${availability}: it cannot be booked`, request.productId);
    if (status === 'Option') assertPlacesFor(state, departure, request.customerIds.length, roomCounts(roomCodes));
    const service = insertDepartureService(state, tx, catalogue, booking, departure, status, request.customerIds, roomCodes);
    return { status: 201, body: serviceView(state, service) };
  });
}

/** A tour service that makes a booking valid for activities (§4.3 rule 6): a departure service that is not lapsed, cancelled or waiting. */
const TOUR_STATUSES: ReadonlySet<ServiceStatus> = new Set(['Option', 'On Request', 'Request Confirmation', 'Confirmed']);

function createActivityService(ctx: RequestContext): Promise<Reply> {
  const request = readServiceRequest(ctx);
  return ctx.store.mutate((state, tx) => {
    const booking = visibleBooking(ctx, state, request.bookingId);
    assertOpen(booking);
    const hasTour = Object.values(state.collections.services).some((s) => s.booking_id === booking.id && s.type === 'departure_services' && TOUR_STATUSES.has(s.status));
    if (!hasTour) {
      throw new SandboxError(400, `Booking ${booking.id} has no valid tour service; add a departure service before activities.`, [
        { field: 'booking_id', code: 'TOUR_SERVICE_NOT_FOUND', detail: 'the booking needs a departure service in Option, On Request, Request Confirmation or Confirmed', value: booking.id },
      ]);
    }
    if (Object.keys(request.roomCodes).length > 0) throw fieldError('rooms', 'INVALID_VALUE', 'rooms are chosen on departure services; an activity has none', null);
    const activity = ctx.store.catalogue.activity(request.productId);
    if (!activity) throw notFound(`Activity ${request.productId}`);
    checkCustomers(ctx, state, request.customerIds);
    const service = insertService(tx, ctx.store.catalogue, booking, {
      type: 'activity_services',
      product_id: activity.id,
      name: activity.name,
      status: 'Option',
      customer_ids: request.customerIds,
      start_date: null,
      finish_date: null,
      flags: [],
      option_expiry_date: optionExpiry(tx.nowMs),
      flex: null,
    });
    return { status: 201, body: serviceView(state, service) };
  });
}

// ---------------------------------------------------------------------------------------
// PATCH of status

/**
 * What a PATCH (or PUT) of a service may send: `status` is the one writable member (spec §4.2);
 * the members §2.4 does not mark read-only are fixed (their read-only marks on departure
 * services are "not shown"), every other one is read-only.
 */
const SERVICE_MEMBERS: UpdateMembers = {
  writable: ['status'],
  fixed: [
    'customers',
    'applied_promotion',
    'applied_promotions',
    'associated_services',
    'flex_plan_addons',
    'rooms',
    'arrival_flight_details',
    'departure_flight_details',
    'international_ticket_numbers',
    'traveller_heights',
  ],
};

/**
 * PATCH (and PUT) of `status`. Without `status`, or with the status the service has, it is a
 * no-op answered 200 with the service: a client saving the whole service it read changes
 * nothing it did not mean to.
 */
export function patchService(type: ServiceType) {
  return (ctx: RequestContext): Reply | Promise<Reply> => {
    const body = objectBody(ctx, true);
    // Access first: the body is compared with the service only for a caller who may see it.
    const shown = visibleService(ctx, ctx.state, type, ctx.params.id);
    const check = new Checker();
    const status = check.string(body, 'status', 'status', { choices: SERVICE_STATUSES }) as ServiceStatus | null | undefined;
    if (status === null && 'status' in body) check.add('status', 'REQUIRED', 'status cannot be removed; send one of status_transitions');
    checkUnwritable(check, body, serviceView(ctx.state, shown), SERVICE_MEMBERS, `a ${LABELS[type].toLowerCase()}`);
    check.done();
    if (!status || status === shown.status) return { status: 200, body: serviceView(ctx.state, shown) };
    return ctx.store.mutate((state, tx) => {
      const service = visibleService(ctx, state, type, ctx.params.id);
      // It may have moved there since the request came in (the clock, a payment).
      if (service.status === status) return { status: 200, body: serviceView(state, service) };
      const booking = state.collections.bookings[service.booking_id];
      assertOpen(booking);
      const refusal = patchRefusal(state, service, status, booking.currency);
      if (refusal) throw refusal;
      applyPatch(state, tx, service, status);
      // The answer shows the documents the move issues (the change hook would, after it).
      reconcilePaperwork(state, tx, [service.booking_id]);
      return { status: 200, body: serviceView(state, service) };
    });
  };
}

export const dueHooks = [bookingClock];

export function register(router: Router): void {
  for (const type of ['departure_services', 'activity_services'] as const) {
    router
      .post(`/${type}`, type === 'departure_services' ? createDepartureService : createActivityService)
      .get(`/${type}/:id`, (ctx) => ({ status: 200, body: serviceView(ctx.state, visibleService(ctx, ctx.state, type, ctx.params.id)) }))
      .patch(`/${type}/:id`, patchService(type));
  }
}
