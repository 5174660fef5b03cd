/**
 * Webhooks, the sandbox as sender (docs/sandbox.md, "Webhooks"; spec §6 leaves them "not
 * shown"): an agent subscribes a receiver URL for its agency, signed with its own key; every
 * change queues its events in the outbox (webhooks/emit.ts) and a deliverer sends them
 * (webhooks/deliverer.ts). These routes manage subscriptions, show the delivery log, resend a
 * delivery and trigger a test event. Another agency's subscription or delivery is a 404.
 */
import { isWebhookEventType, receiverUrlProblem, WEBHOOK_EVENT_TYPES, type WebhookEvent } from '../../domain/webhooks.js';
import { SandboxError, notFound } from '../errors.js';
import { listComputed, listRecords } from '../list.js';
import type { State, WebhookDeliveryRecord, WebhookRecord } from '../model.js';
import { href, ref, type Wire } from '../refs.js';
import type { Caller, Reply, RequestContext, Router } from '../router.js';
import { findCheckin } from '../rules/checkins.js';
import { Checker, objectBody } from '../validate.js';
import { queueChangeEvents } from '../webhooks/emit.js';
import { enqueue, newEventId, queueDelivery, removeSubscription, WEBHOOK_LIMITS } from '../webhooks/outbox.js';

export const WEBHOOKS_PATH = '/_sandbox/webhooks';
export const DELIVERIES_PATH = '/_sandbox/webhook_deliveries';

export const changeHooks = [queueChangeEvents];

const webhookHref = (id: string) => `${WEBHOOKS_PATH}/${encodeURIComponent(id)}/`;
const deliveryHref = (id: string) => `${DELIVERIES_PATH}/${encodeURIComponent(id)}/`;

function webhookView(subscription: WebhookRecord): Wire<'WebhookSubscription'> {
  return {
    id: subscription.id,
    href: webhookHref(subscription.id),
    url: subscription.url,
    events: subscription.events,
    created: subscription.date_created,
    agency: ref('agencies', subscription.agency_id),
  };
}

function deliveryView(delivery: WebhookDeliveryRecord): Wire<'WebhookDelivery'> {
  return {
    id: delivery.id,
    href: deliveryHref(delivery.id),
    subscription: { id: delivery.webhook_id, href: webhookHref(delivery.webhook_id) },
    events: delivery.events,
    status: delivery.status,
    attempts: delivery.attempts,
    last_status: delivery.last_status,
    last_error: delivery.last_error,
    next_attempt: delivery.next_attempt,
    created: delivery.queued,
    delivered: delivery.delivered,
  };
}

/** `events` as a list (or, from XML or a form, comma-separated text); every type known; default all. */
function eventTypesOf(check: Checker, value: unknown): string[] {
  if (value === undefined || value === null) return [...WEBHOOK_EVENT_TYPES];
  const given =
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '')
      : value;
  if (!Array.isArray(given) || !given.every((type) => typeof type === 'string')) {
    check.add('events', 'INVALID_TYPE', 'events must be a list of event types', value);
    return [];
  }
  const unknown = given.filter((type) => !isWebhookEventType(type));
  if (unknown.length > 0) {
    check.add('events', 'INVALID_CHOICE', `events must be among ${WEBHOOK_EVENT_TYPES.join(', ')}; unknown: ${unknown.join(', ')}`, unknown);
  } else if (given.length === 0) {
    check.add('events', 'REQUIRED', 'events must name at least one event type (leave it out for all of them)');
  }
  return [...new Set(given)];
}

function subscribe(ctx: RequestContext): Promise<Reply> {
  const body = objectBody(ctx);
  const check = new Checker();
  for (const member of Object.keys(body)) if (member !== 'url' && member !== 'events') check.add(member, 'UNKNOWN_FIELD', 'a subscription has the members url and events');
  const url = check.string(body, 'url', 'url', { required: true });
  const problem = typeof url === 'string' ? receiverUrlProblem(url) : null;
  if (problem) check.add('url', 'INVALID_URL', `url: ${problem}`, url);
  const events = eventTypesOf(check, body.events);
  check.done();
  const { agency, agent } = ctx.caller;
  return ctx.store.mutate((state, tx) => {
    const held = Object.values(state.collections.webhooks).filter((w) => w.agency_id === agency.id).length;
    if (held >= WEBHOOK_LIMITS.subscriptionsPerAgency) {
      throw new SandboxError(400, `An agency holds up to ${WEBHOOK_LIMITS.subscriptionsPerAgency} webhook subscriptions; remove one first.`, [
        { code: 'TOO_MANY_WEBHOOKS', detail: `up to ${WEBHOOK_LIMITS.subscriptionsPerAgency} subscriptions per agency` },
      ]);
    }
    const subscription = tx.insert('webhooks', { agency_id: agency.id, agent_id: agent.id, url: url!, events });
    const view = webhookView(subscription);
    return { status: 201, headers: { location: view.href }, body: view };
  });
}

/** The caller's subscription `id`; another agency's is as good as absent. */
function ownSubscription(state: State, caller: Caller, id: string): WebhookRecord {
  const subscription = state.collections.webhooks[id];
  if (!subscription || subscription.agency_id !== caller.agency.id) throw notFound(`Webhook subscription ${id}`);
  return subscription;
}

function ownDelivery(state: State, caller: Caller, id: string): WebhookDeliveryRecord {
  const delivery = state.collections.webhook_deliveries[id];
  if (!delivery || delivery.agency_id !== caller.agency.id) throw notFound(`Webhook delivery ${id}`);
  return delivery;
}

function remove(ctx: RequestContext): Promise<Reply> {
  return ctx.store.mutate((state) => {
    removeSubscription(state, ownSubscription(state, ctx.caller, ctx.params.id).id);
    return { status: 204 };
  });
}

function deliveries(ctx: RequestContext): Reply {
  const subscription = ownSubscription(ctx.state, ctx.caller, ctx.params.id);
  const newestFirst = Object.values(ctx.state.collections.webhook_deliveries)
    .filter((d) => d.webhook_id === subscription.id)
    .sort((a, b) => b.seq - a.seq);
  return listComputed(ctx, newestFirst.map(deliveryView));
}

function resend(ctx: RequestContext): Promise<Reply> {
  return ctx.store.mutate((state, tx) => {
    const original = ownDelivery(state, ctx.caller, ctx.params.id);
    const subscription = state.collections.webhooks[original.webhook_id];
    // The same events, ids and all: a receiver that saw them knows them again.
    const copy = queueDelivery(state, tx, subscription, JSON.parse(JSON.stringify(original.events)) as WebhookEvent[]);
    return { status: 202, headers: { location: deliveryHref(copy.id) }, body: deliveryView(copy) };
  });
}

/** Where an existing resource the caller may see lives, for a test event; a 404 when there is none. */
function resourceHref(ctx: RequestContext, resource: string, id: string): string {
  const { state, caller } = ctx;
  const agencyOfBooking = (bookingId: string) => state.collections.bookings[bookingId]?.agency_id;
  const mine = (agencyId: string | undefined) => agencyId === caller.agency.id;
  const missing = () => notFound(`${resource.replace(/s$/, '')} ${id}`);
  switch (resource) {
    case 'departures':
      if (!ctx.store.catalogue.departure(id)) throw missing();
      return href('departures', id);
    case 'bookings':
      if (!mine(agencyOfBooking(id))) throw missing();
      return href('bookings', id);
    case 'customers':
      if (!mine(state.collections.customers[id]?.agency_id)) throw missing();
      return href('customers', id);
    case 'services': {
      const service = state.collections.services[id];
      if (!service || !mine(agencyOfBooking(service.booking_id))) throw missing();
      return href(service.type, id);
    }
    case 'overrides':
    case 'invoices':
    case 'documents':
    case 'refunds':
    case 'travel_credits': {
      const record = state.collections[resource][id];
      if (!record || !mine(agencyOfBooking(record.booking_id))) throw missing();
      return href(resource, id);
    }
    case 'checkins': {
      const checkin = findCheckin(state, id);
      if (!checkin || !mine(agencyOfBooking(checkin.booking_id))) throw missing();
      return href('checkins', id);
    }
    case 'agencies':
      if (id !== caller.agency.id) throw missing();
      return href('agencies', id);
    default:
      throw missing();
  }
}

/** A test event for an existing resource, queued for the caller's agency's subscriptions like any other. */
function trigger(ctx: RequestContext): Promise<Reply> {
  const body = objectBody(ctx);
  const check = new Checker();
  const eventType = check.string(body, 'event_type', 'event_type', { required: true });
  if (typeof eventType === 'string' && !isWebhookEventType(eventType)) check.add('event_type', 'INVALID_CHOICE', `event_type must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`, eventType);
  const id = check.string(body, 'id', 'id', { required: true });
  check.done();
  const resource = eventType!.split('.')[0];
  const path = resourceHref(ctx, resource, id!);
  return ctx.store.mutate((state, tx) => {
    const event: WebhookEvent = { id: newEventId(), event_type: eventType!, resource, data: { id: id!, href: path }, created: tx.now };
    enqueue(state, tx, [{ event, agencyId: ctx.caller.agency.id }], ctx.caller.agency.id);
    return { status: 202, body: { events: [event] } };
  });
}

export function register(router: Router): void {
  router
    .post(WEBHOOKS_PATH, subscribe)
    .get(WEBHOOKS_PATH, (ctx) =>
      listRecords(
        ctx,
        Object.values(ctx.state.collections.webhooks).filter((w) => w.agency_id === ctx.caller.agency.id),
        webhookView,
      ),
    )
    .post(`${WEBHOOKS_PATH}/trigger`, trigger)
    .get(`${WEBHOOKS_PATH}/:id`, (ctx) => ({ status: 200, body: webhookView(ownSubscription(ctx.state, ctx.caller, ctx.params.id)) }))
    .delete(`${WEBHOOKS_PATH}/:id`, remove)
    .get(`${WEBHOOKS_PATH}/:id/deliveries`, deliveries)
    .get(`${DELIVERIES_PATH}/:id`, (ctx) => ({ status: 200, body: deliveryView(ownDelivery(ctx.state, ctx.caller, ctx.params.id)) }))
    .post(`${DELIVERIES_PATH}/:id/resend`, resend);
}
