/**
 * Bookings (spec §2.2, §4.2): create, read, update `external_id`, and the nested
 * collections. An agent books for its own agency: `agency_identifier` may name it (by id or
 * transactional e-mail) but naming another agency is 403.
 */
import { assertOwnAgency } from '../auth.js';
import { SandboxError, fieldError, forbidden, notFound } from '../errors.js';
import { listEmpty, listRecords } from '../list.js';
import { bookingServices, type BookingChildRecord, type BookingRecord, type CollectionName, type ServiceRecord, type State } from '../model.js';
import type { Reply, RequestContext, Router } from '../router.js';
import { Checker, checkUnwritable, objectBody, type UpdateMembers } from '../validate.js';
import type { BookingCollection } from '../store.js';
import { BOOKING_NESTED, bookingView, customerView, serviceSummary } from '../views.js';

/** The booking `id` as the caller may see it: 404 when unknown, 403 for another agency. */
export function visibleBooking(ctx: RequestContext, state: State, id: string): BookingRecord {
  const booking = state.collections.bookings[id];
  if (!booking) throw notFound(`Booking ${id}`);
  assertOwnAgency(ctx.caller, booking.agency_id, `booking ${id}`);
  return booking;
}

/** A closed booking refuses every change (spec §2.2 `date_closed`). */
export function assertOpen(booking: BookingRecord): void {
  if (booking.date_closed !== null) {
    throw new SandboxError(400, `Booking ${booking.id} was closed on ${booking.date_closed}; it cannot be changed.`, [
      { field: 'date_closed', code: 'BOOKING_CLOSED', detail: 'a closed booking cannot be changed', value: booking.date_closed },
    ]);
  }
}

/** One of a booking's nested collections whose records carry `booking_id`, each shown by `render`. */
export function childCollection<R extends BookingChildRecord>(
  collection: CollectionName & ('invoices' | 'documents' | 'overrides' | 'payments' | 'refunds' | 'travel_credits' | 'payment_links'),
  render: (state: State, record: R) => object,
): BookingCollection {
  return {
    records: (state, booking) => Object.values(state.collections[collection] as unknown as Record<string, R>).filter((r) => r.booking_id === booking.id),
    render: (state, record) => render(state, record as R),
  };
}

/** A record of one of those collections, `ctx.params.id`, as the caller may see it: 404 when unknown, 403 for another agency's booking. */
export function visibleChild<R extends BookingChildRecord>(ctx: RequestContext, records: Record<string, R>, label: string): R {
  const record = records[ctx.params.id];
  if (!record) throw notFound(`${label} ${ctx.params.id}`);
  assertOwnAgency(ctx.caller, ctx.state.collections.bookings[record.booking_id].agency_id, `${label.toLowerCase()} ${record.id}`);
  return record;
}

/**
 * The nested collections this area fills; payments, refunds, travel credits, overrides,
 * checkins and the paperwork come from their own areas, and the others are listed empty (routes/index.ts).
 */
export const bookingCollections: Readonly<Record<string, BookingCollection>> = {
  services: { records: (state, booking) => bookingServices(state, booking.id), render: (state, s) => serviceSummary(state, s as ServiceRecord) },
  customers: {
    records: (state, booking) => {
      const ids = new Set(bookingServices(state, booking.id).flatMap((s) => s.customer_ids));
      return [...ids].flatMap((id) => state.collections.customers[id] ?? []);
    },
    render: (_state, c) => customerView(c as never),
  },
};

const CURRENCY_RE = /^[A-Z]{3}$/;

function createBooking(ctx: RequestContext): Promise<Reply> {
  const body = objectBody(ctx);
  const check = new Checker();
  const currencyText = check.string(body, 'currency', 'currency', { required: true });
  const externalId = check.string(body, 'external_id', 'external_id', { maxLength: 255 });
  const noAutoFinalPayment = check.boolean(body, 'no_auto_final_payment', 'no_auto_final_payment');
  const identifier = check.object(body, 'agency_identifier', 'agency_identifier');
  let field: string | null | undefined;
  let value: string | null | undefined;
  if (identifier) {
    field = check.string(identifier, 'field', 'agency_identifier.field', { required: true, choices: ['id', 'transactional_email'] });
    value = check.string(identifier, 'value', 'agency_identifier.value', { required: true });
  }
  const currency = typeof currencyText === 'string' ? currencyText.toUpperCase() : undefined;
  if (currency !== undefined && !CURRENCY_RE.test(currency)) check.add('currency', 'INVALID_CURRENCY', 'currency must be an ISO currency code such as CAD', currencyText);
  check.done();

  return ctx.store.mutate((state, tx) => {
    let agency = state.collections.agencies[ctx.caller.agency.id];
    if (field && value) {
      const wanted = value.toLowerCase();
      const named = Object.values(state.collections.agencies).find((a) => (field === 'id' ? a.id === value : a.transactional_email.toLowerCase() === wanted));
      if (!named) throw fieldError('agency_identifier.value', 'AGENCY_NOT_FOUND', `no agency has ${field} '${value}'`, value);
      if (named.id !== agency.id) throw forbidden(`agency ${named.id} (an agent books only for its own agency)`);
      agency = named;
    }
    if (!agency.booking_currencies.includes(currency!)) {
      throw fieldError('currency', 'CURRENCY_NOT_ACCEPTED', `${agency.name} books in ${agency.booking_currencies.join(', ')}; ${currency} is not one of them`, currencyText);
    }
    const booking = tx.insert('bookings', {
      currency: currency!,
      external_id: externalId ?? null,
      agency_id: agency.id,
      agent_id: ctx.caller.agent.id,
      no_auto_final_payment: noAutoFinalPayment ?? false,
      date_closed: null,
      linked_booking_ids: [],
    });
    return { status: 201, body: bookingView(state, booking) };
  });
}

/**
 * What a PATCH (or PUT) of a booking may send (spec §2.2): `external_id` is the one writable
 * member; `currency` and the creation-time-only members are fixed, the rest read-only.
 */
const BOOKING_MEMBERS: UpdateMembers = {
  writable: ['external_id'],
  fixed: ['currency', 'no_auto_final_payment', 'linked_bookings'],
  ignored: ['agency_identifier'],
};

/** PATCH (and PUT): a change of `external_id`; sent back unchanged, the booking is a no-op, closed or not. */
function updateBooking(ctx: RequestContext): Reply | Promise<Reply> {
  const body = objectBody(ctx, true);
  // Access first: the body is compared with the booking only for a caller who may see it.
  const shown = visibleBooking(ctx, ctx.state, ctx.params.id);
  const check = new Checker();
  const externalId = check.string(body, 'external_id', 'external_id', { maxLength: 255 });
  checkUnwritable(check, body, bookingView(ctx.state, shown), BOOKING_MEMBERS, 'a booking');
  check.done();
  const changes = (booking: BookingRecord) => 'external_id' in body && (externalId ?? null) !== booking.external_id;
  if (!changes(shown)) return { status: 200, body: bookingView(ctx.state, shown) };
  return ctx.store.mutate((state, tx) => {
    const booking = visibleBooking(ctx, state, ctx.params.id);
    if (changes(booking)) {
      assertOpen(booking);
      booking.external_id = externalId ?? null;
      tx.emit({ type: 'bookings.updated', id: booking.id });
    }
    return { status: 200, body: bookingView(state, booking) };
  });
}

function listNested(ctx: RequestContext, name: string): Reply {
  const booking = visibleBooking(ctx, ctx.state, ctx.params.id);
  const nested = ctx.store.bookingCollection(name);
  if (!nested) return listEmpty(ctx);
  return listRecords(ctx, nested.records(ctx.state, booking), (record) => nested.render(ctx.state, record));
}

export function register(router: Router): void {
  router
    .get('/bookings', (ctx) =>
      listRecords(
        ctx,
        Object.values(ctx.state.collections.bookings).filter((b) => b.agency_id === ctx.caller.agency.id),
        (b) => bookingView(ctx.state, b),
      ),
    )
    .post('/bookings', createBooking)
    .get('/bookings/:id', (ctx) => ({ status: 200, body: bookingView(ctx.state, visibleBooking(ctx, ctx.state, ctx.params.id)) }))
    .patch('/bookings/:id', updateBooking);
  for (const name of BOOKING_NESTED) router.get(`/bookings/:id/${name}`, (ctx) => listNested(ctx, name));
}
