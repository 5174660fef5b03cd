/**
 * Overrides (spec §2.6, §3.3, §4.2): a reason why a customer cannot meet a requirement. While
 * one exists the requirement is left out of the customer's checkin; deleting it brings the
 * requirement back (both follow from rules/checkins.ts reading the overrides).
 *
 * Create checks that the customer travels on the booking, that every service is on the
 * booking and carries that customer, that the reason and requirement codes are known and that
 * the requirement applies to the customer; every failure is named in one 400. PATCH changes
 * the reason only. A closed booking refuses all three changes.
 */
import { assertOwnAgency } from '../auth.js';
import { OVERRIDE_REASONS } from '../catalogue/reference.js';
import { fieldError, notFound } from '../errors.js';
import { bookingServices, type OverrideRecord, type State } from '../model.js';
import type { Reply, RequestContext, Router } from '../router.js';
import { findRequirement, requirementApplies, REQUIREMENTS } from '../rules/checkins.js';
import { Checker, checkUnwritable, objectBody, type Body, type UpdateMembers } from '../validate.js';
import { customerRef, href, ref, type Wire } from '../refs.js';
import { assertOpen, childCollection } from './bookings.js';

/**
 * A PATCH changes the reason only; the other members are fixed (delete the override and create
 * another), accepted when sent back as they are, so a client may save a whole fetched override.
 */
const OVERRIDE_MEMBERS: UpdateMembers = { writable: ['reason'], fixed: ['booking', 'customer', 'services', 'requirement'] };

/** A reference in a request body: `{id}` or the bare id (string or number). */
function referenceId(check: Checker, value: unknown, field: string): string | undefined {
  const id = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Body).id : value;
  if (id === undefined || id === null || id === '') {
    check.add(field, 'REQUIRED', `${field} is required, as {"id": …}`);
    return undefined;
  }
  if (typeof id !== 'string' && typeof id !== 'number') {
    check.add(field, 'INVALID_TYPE', `${field} is a reference {"id": …}`, value);
    return undefined;
  }
  return String(id);
}

/** A reason or requirement in a request body: `{code}` or the bare code. */
function code(check: Checker, value: unknown, field: string): string | undefined {
  const text = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Body).code : value;
  if (text === undefined || text === null || text === '') {
    check.add(`${field}.code`, 'REQUIRED', `${field}.code is required`);
    return undefined;
  }
  if (typeof text !== 'string') {
    check.add(`${field}.code`, 'INVALID_TYPE', `${field}.code must be a string`, text);
    return undefined;
  }
  return text;
}

function checkReason(check: Checker, reasonCode: string | undefined): void {
  if (reasonCode !== undefined && !OVERRIDE_REASONS.some((r) => r.code === reasonCode)) {
    check.add('reason.code', 'UNKNOWN_REASON', `unknown override reason; use one of ${OVERRIDE_REASONS.map((r) => r.code).join(', ')}`, reasonCode);
  }
}

export function overrideView(state: State, override: OverrideRecord): Wire<'Override'> {
  const reason = OVERRIDE_REASONS.find((r) => r.code === override.reason_code);
  const customer = state.collections.customers[override.customer_id];
  return {
    id: override.id,
    href: href('overrides', override.id),
    booking: ref('bookings', override.booking_id),
    customer: customer ? customerRef(customer) : ref('customers', override.customer_id),
    services: override.service_ids.map((id) => {
      const service = state.collections.services[id];
      // A dangling id (short of the contract) only in a data file the sandbox did not write.
      return service ? ref(service.type, id, { name: service.name, type: service.type }) : ({ id } as Wire<'Reference'>);
    }),
    reason: reason ? { ...ref('override_reasons', reason.id), label: reason.label, code: reason.code } : { code: override.reason_code },
    requirement: { code: override.requirement_code, name: findRequirement(override.requirement_code)?.name ?? null },
    date_created: override.date_created,
  };
}

function createOverride(ctx: RequestContext): Promise<Reply> {
  const body = objectBody(ctx);
  const shape = new Checker();
  const bookingId = referenceId(shape, body.booking, 'booking');
  const customerId = referenceId(shape, body.customer, 'customer');
  const listed = body.services;
  if (!Array.isArray(listed) || listed.length === 0) {
    const given = listed !== undefined && listed !== null && !Array.isArray(listed);
    shape.add('services', given ? 'INVALID_TYPE' : 'REQUIRED', 'services is required: a non-empty list of the services the override applies to, as [{"id": …}]', given ? listed : undefined);
  }
  const serviceIds = (Array.isArray(listed) ? listed : []).map((item: unknown, i) => referenceId(shape, item, `services[${i}]`));
  const reasonCode = code(shape, body.reason, 'reason');
  const requirementCode = code(shape, body.requirement, 'requirement');
  shape.done();

  return ctx.store.mutate((state, tx) => {
    const booking = state.collections.bookings[bookingId!];
    if (!booking) throw fieldError('booking', 'BOOKING_NOT_FOUND', `no booking has the id ${bookingId}`, bookingId);
    assertOwnAgency(ctx.caller, booking.agency_id, `booking ${booking.id}`);
    assertOpen(booking);

    const check = new Checker();
    const services = bookingServices(state, booking.id);
    const customer = state.collections.customers[customerId!];
    // Another agency's customer is as unknown here as a customer that does not exist.
    const onBooking = customer !== undefined && customer.agency_id === ctx.caller.agency.id && services.some((s) => s.customer_ids.includes(customer.id));
    if (!customer || customer.agency_id !== ctx.caller.agency.id) check.add('customer', 'CUSTOMER_NOT_FOUND', `no customer has the id ${customerId}`, customerId);
    else if (!onBooking) check.add('customer', 'CUSTOMER_NOT_ON_BOOKING', `customer ${customer.id} travels on no service of booking ${booking.id}`, customerId);
    serviceIds.forEach((id, i) => {
      const service = services.find((s) => s.id === id);
      if (!service) check.add(`services[${i}]`, 'SERVICE_NOT_ON_BOOKING', `service ${id} is not a service of booking ${booking.id}`, id);
      else if (!service.customer_ids.includes(customerId!)) check.add(`services[${i}]`, 'CUSTOMER_NOT_ON_SERVICE', `customer ${customerId} does not travel on service ${id}`, id);
    });
    checkReason(check, reasonCode);
    if (!findRequirement(requirementCode!)) {
      check.add('requirement.code', 'UNKNOWN_REQUIREMENT', `unknown requirement; use one of ${REQUIREMENTS.map((r) => r.code).join(', ')}`, requirementCode);
    } else if (onBooking) {
      if (!requirementApplies(state, booking, customerId!, requirementCode!)) {
        check.add('requirement.code', 'REQUIREMENT_NOT_APPLICABLE', `${requirementCode} is not required of customer ${customerId} on booking ${booking.id}`, requirementCode);
      }
      const existing = Object.values(state.collections.overrides).find((o) => o.booking_id === booking.id && o.customer_id === customerId && o.requirement_code === requirementCode);
      if (existing)
        check.add('requirement.code', 'OVERRIDE_EXISTS', `override ${existing.id} already waives ${requirementCode} for customer ${customerId}; change its reason instead`, requirementCode);
    }
    check.done();

    const override = tx.insert('overrides', {
      booking_id: booking.id,
      customer_id: customerId!,
      service_ids: [...new Set(serviceIds as string[])],
      reason_code: reasonCode!,
      requirement_code: requirementCode!,
    });
    return { status: 201, body: overrideView(state, override) };
  });
}

/** The override as the caller may see it: 404 when unknown, 403 for another agency's booking. */
function visibleOverride(ctx: RequestContext, state: State): OverrideRecord {
  const override = state.collections.overrides[ctx.params.id];
  if (!override) throw notFound(`Override ${ctx.params.id}`);
  assertOwnAgency(ctx.caller, state.collections.bookings[override.booking_id].agency_id, `override ${override.id}`);
  return override;
}

function updateOverride(ctx: RequestContext): Promise<Reply> {
  const body = objectBody(ctx);
  // Access first: the body is compared with the override only for a caller who may see it.
  const check = new Checker();
  checkUnwritable(check, body, overrideView(ctx.state, visibleOverride(ctx, ctx.state)), OVERRIDE_MEMBERS, 'an override');
  const reasonCode = code(check, body.reason, 'reason');
  checkReason(check, reasonCode);
  check.done();
  return ctx.store.mutate((state, tx) => {
    const override = visibleOverride(ctx, state);
    assertOpen(state.collections.bookings[override.booking_id]);
    if (override.reason_code !== reasonCode) {
      override.reason_code = reasonCode!;
      tx.emit({ type: 'overrides.updated', id: override.id });
    }
    return { status: 200, body: overrideView(state, override) };
  });
}

function deleteOverride(ctx: RequestContext): Promise<Reply> {
  return ctx.store.mutate((state, tx) => {
    const override = visibleOverride(ctx, state);
    assertOpen(state.collections.bookings[override.booking_id]);
    delete state.collections.overrides[override.id];
    tx.emit({ type: 'overrides.deleted', id: override.id });
    return { status: 204 };
  });
}

export const bookingCollections = { overrides: childCollection('overrides', overrideView) };

export function register(router: Router): void {
  router
    .post('/overrides', createOverride)
    .get('/overrides/:id', (ctx) => ({ status: 200, body: overrideView(ctx.state, visibleOverride(ctx, ctx.state)) }))
    .patch('/overrides/:id', updateOverride)
    .delete('/overrides/:id', deleteOverride);
}
