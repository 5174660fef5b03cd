/**
 * Which webhook events a change makes. It runs inside every mutation (a ChangeHook), after the
 * change, with the records the change wrote and the events the rules emitted, and queues the
 * webhook events in the outbox (outbox.ts) as part of the same commit. With no subscription in
 * the sandbox it does nothing at all.
 *
 * - bookings, customers, services, overrides, agencies, and the paperwork a booking is issued
 *   (invoices, documents, refunds, travel credits): `.created`, `.updated`, `.deleted` from
 *   the records written; a service gets one `services.updated` per status change (the rules emit
 *   each, the clock's too) — or one for any other change.
 * - bookings: also `.updated` when what the booking shows changes with its services, payments,
 *   refunds, flex plan addons, travel credits, invoices, documents or payment links.
 * - checkins are computed (rules/checkins.ts): `.created` when a customer joins a booking,
 *   `.deleted` when they leave it, `.updated` when anything a checkin is computed from changes
 *   (the customer, the booking's services or overrides).
 * - departures: `departures.updated` when a departure's availability (status or places left)
 *   changes, for every agency (the catalogue is shared).
 */
import type { WebhookEvent } from '../../domain/webhooks.js';
import type { TouchedRecord } from '../changes.js';
import type { OverrideRecord, ServiceRecord, State } from '../model.js';
import { href } from '../refs.js';
import { checkinId } from '../rules/checkins.js';
import type { Transaction } from '../transaction.js';
import { enqueue, newEventId, type QueuedEvent } from './outbox.js';

/** Collections whose records are part of what a booking shows. */
const BOOKING_PARTS: ReadonlySet<string> = new Set(['services', 'payments', 'refunds', 'invoices', 'documents', 'flex_plan_addons', 'travel_credits', 'payment_links']);
/** Collections announced as themselves: a voucher available and a refund issued are among what integrators wait for. */
const OWN_EVENTS: ReadonlySet<string> = new Set(['bookings', 'customers', 'services', 'overrides', 'agencies', 'invoices', 'documents', 'refunds', 'travel_credits']);

type Action = 'created' | 'updated' | 'deleted';

/** Builds the change's events in order, one per resource and action (a service: one per status change). */
class EventList {
  readonly queued: QueuedEvent[] = [];
  private readonly seen = new Set<string>();
  constructor(private readonly created: string) {}

  has(resource: string, id: string, action?: Action): boolean {
    return action ? this.seen.has(`${resource}/${id}/${action}`) : (['created', 'updated', 'deleted'] as const).some((a) => this.seen.has(`${resource}/${id}/${a}`));
  }

  add(resource: string, action: Action, id: string, path: string, agencyId: string | null, repeat = false): void {
    const key = `${resource}/${id}/${action}`;
    if (!repeat && this.seen.has(key)) return;
    this.seen.add(key);
    const event: WebhookEvent = { id: newEventId(), event_type: `${resource}.${action}`, resource, data: { id, href: path }, created: this.created };
    this.queued.push({ event, agencyId });
  }
}

const agencyOfBooking = (state: State, bookingId: string | undefined) => (bookingId === undefined ? null : (state.collections.bookings[bookingId]?.agency_id ?? null));

/** The agency a record belongs to (its own, its booking's), from whichever of before and after exists. */
function agencyOf(state: State, collection: string, record: Record<string, unknown>): string | null {
  if (collection === 'agencies') return record.id as string;
  if (typeof record.agency_id === 'string') return record.agency_id;
  return agencyOfBooking(state, record.booking_id as string | undefined);
}

function pathOf(collection: string, record: Record<string, unknown>): string {
  return collection === 'services' ? href(record.type as string, record.id as string) : href(collection, record.id as string);
}

/** The customers on a booking's services, given the services. */
const customersOf = (services: Iterable<ServiceRecord>) => new Set([...services].flatMap((s) => s.customer_ids));

/** The change's checkin events: per booking touched, customers who joined, left, or whose readiness may have changed. */
function checkinEvents(state: State, changed: readonly TouchedRecord[], list: EventList): void {
  const touchedServices = new Map<string, ServiceRecord | undefined>();
  const bookings = new Set<string>();
  const customers = new Set<string>();
  for (const record of changed) {
    if (record.collection === 'services') {
      const before = record.before() as ServiceRecord | undefined;
      touchedServices.set(record.id, before);
      if (before) bookings.add(before.booking_id);
      const after = state.collections.services[record.id];
      if (after) bookings.add(after.booking_id);
    } else if (record.collection === 'overrides') {
      const override = (state.collections.overrides[record.id] ?? record.before()) as OverrideRecord | undefined;
      if (override) bookings.add(override.booking_id);
    } else if (record.collection === 'customers' && state.collections.customers[record.id]) {
      customers.add(record.id);
    }
  }
  if (customers.size > 0) {
    for (const service of Object.values(state.collections.services)) {
      if (service.customer_ids.some((id) => customers.has(id))) bookings.add(service.booking_id);
    }
  }
  for (const bookingId of bookings) {
    const booking = state.collections.bookings[bookingId];
    if (!booking) continue;
    const servicesNow = Object.values(state.collections.services).filter((s) => s.booking_id === bookingId);
    const servicesBefore = [...servicesNow.filter((s) => !touchedServices.has(s.id)), ...[...touchedServices.values()].filter((s): s is ServiceRecord => s?.booking_id === bookingId)];
    const now = customersOf(servicesNow);
    const before = customersOf(servicesBefore);
    const bookingChanged = servicesNow.some((s) => touchedServices.has(s.id)) || servicesBefore.length !== servicesNow.length || changed.some((r) => r.collection === 'overrides');
    const event = (action: Action, customerId: string) =>
      list.add('checkins', action, checkinId(state, bookingId, customerId), href('checkins', checkinId(state, bookingId, customerId)), booking.agency_id);
    for (const customerId of now) {
      if (!before.has(customerId)) event('created', customerId);
      else if (bookingChanged || customers.has(customerId)) event('updated', customerId);
    }
    for (const customerId of before) if (!now.has(customerId)) event('deleted', customerId);
  }
}

/** The events of a change, in the order things happened where the rules say it, then the rest. */
function changeEvents(state: State, tx: Transaction, changed: readonly TouchedRecord[]): QueuedEvent[] {
  const list = new EventList(tx.now);
  for (const event of tx.events) {
    if (typeof event.id !== 'string') continue;
    const [collection, kind] = event.type.split('.');
    if (collection === 'departures' && kind === 'availability_changed') {
      list.add('departures', 'updated', event.id, href('departures', event.id), null);
      continue;
    }
    if (!OWN_EVENTS.has(collection)) continue;
    const record = (state.collections as unknown as Record<string, Record<string, Record<string, unknown>>>)[collection][event.id];
    if (collection === 'services' && kind === 'status_changed' && record) {
      // Each status change is an event of its own, even two of one service in one change.
      if (!list.has('services', event.id, 'created')) list.add('services', 'updated', event.id, pathOf('services', record), agencyOf(state, 'services', record), true);
    } else if (kind === 'created' && record) {
      list.add(collection, 'created', event.id, pathOf(collection, record), agencyOf(state, collection, record));
    }
  }
  const bookingsTouched = new Map<string, string | null>();
  for (const touched of changed) {
    const { collection, id } = touched;
    const after = (state.collections as unknown as Record<string, Record<string, Record<string, unknown>> | undefined>)[collection]?.[id];
    const before = after === undefined || BOOKING_PARTS.has(collection) ? (touched.before() as Record<string, unknown> | undefined) : undefined;
    const record = after ?? before;
    if (!record) continue; // made and removed within the change
    if (OWN_EVENTS.has(collection) && !list.has(collection, id)) {
      const action: Action = after === undefined ? 'deleted' : touched.before() === undefined ? 'created' : 'updated';
      list.add(collection, action, id, pathOf(collection, record), agencyOf(state, collection, record));
    }
    if (BOOKING_PARTS.has(collection)) {
      for (const part of [after, before]) {
        const bookingId = part?.booking_id;
        if (typeof bookingId === 'string') bookingsTouched.set(bookingId, agencyOfBooking(state, bookingId));
      }
    }
  }
  for (const [bookingId, agencyId] of bookingsTouched) {
    if (state.collections.bookings[bookingId] && !list.has('bookings', bookingId)) list.add('bookings', 'updated', bookingId, href('bookings', bookingId), agencyId);
  }
  checkinEvents(state, changed, list);
  return list.queued;
}

/** The ChangeHook: queues the change's events, for subscriptions that want them. */
export function queueChangeEvents(state: State, tx: Transaction, changed: readonly TouchedRecord[]): void {
  if (changed.length === 0 && tx.events.length === 0) return;
  // Cheap first: most sandboxes have no subscription, and then a change costs nothing more.
  if (Object.keys(state.collections.webhooks).length === 0) return;
  const events = changeEvents(state, tx, changed);
  if (events.length > 0) enqueue(state, tx, events);
}
