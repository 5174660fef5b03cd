/**
 * The webhook outbox: deliveries in the sandbox's persisted state. A change queues its events
 * here inside its own mutation (emit.ts), so no write waits for a receiver and no event is lost
 * when the process that made it ends; a deliverer (deliverer.ts), in whatever process serves,
 * takes them out and records each attempt. Everything here runs inside `store.mutate`, on the
 * tracked state, except `sendable`, which only reads.
 *
 * Order: a subscription's delivery waits while an earlier one of the same subscription that is
 * not finished names one of the same resources. Bounds: see WEBHOOK_LIMITS.
 */
import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '../../domain/webhooks.js';
import type { State, WebhookDeliveryRecord, WebhookRecord } from '../model.js';
import type { Transaction } from '../transaction.js';

export const WEBHOOK_LIMITS = {
  subscriptionsPerAgency: 20,
  /** Events in one request; a change with more is sent in several, in order. */
  eventsPerDelivery: 100,
  /** Deliveries waiting (pending or retrying) per subscription; past it the oldest waiting one fails unsent. */
  outboxPerSubscription: 1000,
  /** Finished deliveries (delivered or failed) kept per subscription; older ones are forgotten. */
  logPerSubscription: 100,
} as const;

/** How one deliverer sends: the retry schedule and the time an attempt may take. */
export interface DeliverySchedule {
  /** Wait before each retry: the n-th failed attempt waits retryDelaysMs[n-1]; past the last, the delivery fails. */
  retryDelaysMs: readonly number[];
  /** An attempt that has no answer in this time failed (timeout). */
  attemptTimeoutMs: number;
}

/** 1 s, 5 s, 30 s, 2 min, 10 min, 1 h, then failed: 7 attempts over about 1 h 13 min. */
export const DEFAULT_SCHEDULE: DeliverySchedule = {
  retryDelaysMs: [1_000, 5_000, 30_000, 120_000, 600_000, 3_600_000],
  attemptTimeoutMs: 10_000,
};

/** An event of a change, and the agency whose subscriptions receive it (null: every agency's, a catalogue event). */
export interface QueuedEvent {
  event: WebhookEvent;
  agencyId: string | null;
}

/** Real time, with milliseconds: delivery times are wall-clock, whatever the virtual clock says. */
const realIso = (ms: number) => new Date(ms).toISOString();

export function newEventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

/** Sets members of a delivery, type-checked. */
function settle(delivery: WebhookDeliveryRecord, members: Partial<WebhookDeliveryRecord>): void {
  Object.assign(delivery, members);
}

const isWaiting = (delivery: WebhookDeliveryRecord) => delivery.status === 'pending' || delivery.status === 'retrying';

/** The resources a delivery names, as `<resource>/<id>`: what orders it behind earlier deliveries. */
function resourceKeys(delivery: WebhookDeliveryRecord): string[] {
  return delivery.events.map((event) => `${event.resource}/${event.data.id}`);
}

function deliveriesOf(state: State, webhookId: string): WebhookDeliveryRecord[] {
  return Object.values(state.collections.webhook_deliveries)
    .filter((d) => d.webhook_id === webhookId)
    .sort((a, b) => a.seq - b.seq);
}

/** Queues `events` for every subscription that wants them (of `onlyAgency`, when given); called inside a mutation. */
export function enqueue(state: State, tx: Transaction, events: readonly QueuedEvent[], onlyAgency?: string): void {
  const subscriptions = Object.values(state.collections.webhooks).sort((a, b) => a.seq - b.seq);
  for (const subscription of subscriptions) {
    if (onlyAgency !== undefined && subscription.agency_id !== onlyAgency) continue;
    const wanted = events.filter((e) => (e.agencyId === null || e.agencyId === subscription.agency_id) && subscription.events.includes(e.event.event_type)).map((e) => e.event);
    if (wanted.length === 0) continue;
    for (let from = 0; from < wanted.length; from += WEBHOOK_LIMITS.eventsPerDelivery) {
      queueDelivery(state, tx, subscription, wanted.slice(from, from + WEBHOOK_LIMITS.eventsPerDelivery));
    }
  }
}

/** A new delivery of `events` to `subscription`, sendable at once; the outbox and log kept in bounds. */
export function queueDelivery(state: State, tx: Transaction, subscription: WebhookRecord, events: WebhookEvent[]): WebhookDeliveryRecord {
  const now = realIso(Date.now());
  const delivery = tx.insert('webhook_deliveries', {
    webhook_id: subscription.id,
    agency_id: subscription.agency_id,
    events,
    status: 'pending',
    attempts: 0,
    last_status: null,
    last_error: null,
    next_attempt: now,
    queued: now,
    delivered: null,
  });
  keepInBounds(state, subscription.id);
  return delivery;
}

/** Fails the oldest waiting deliveries past the outbox bound, then forgets the oldest finished ones past the log bound. */
function keepInBounds(state: State, webhookId: string): void {
  const mine = deliveriesOf(state, webhookId);
  const waiting = mine.filter(isWaiting);
  for (const delivery of waiting.slice(0, Math.max(0, waiting.length - WEBHOOK_LIMITS.outboxPerSubscription))) {
    settle(delivery, { status: 'failed', next_attempt: null, last_error: `dropped unsent: more than ${WEBHOOK_LIMITS.outboxPerSubscription} deliveries were waiting for this receiver` });
  }
  const finished = mine.filter((d) => !isWaiting(d));
  for (const delivery of finished.slice(0, Math.max(0, finished.length - WEBHOOK_LIMITS.logPerSubscription))) {
    delete state.collections.webhook_deliveries[delivery.id];
  }
}

/** Removes a subscription and its deliveries (those waiting are never sent). */
export function removeSubscription(state: State, webhookId: string): void {
  for (const delivery of deliveriesOf(state, webhookId)) delete state.collections.webhook_deliveries[delivery.id];
  delete state.collections.webhooks[webhookId];
}

/**
 * The deliveries that may be sent at `nowMs`, oldest first: waiting, due, and not behind an
 * earlier waiting delivery of the same subscription naming one of their resources.
 */
export function sendable(state: State, nowMs: number): WebhookDeliveryRecord[] {
  const blocked = new Map<string, Set<string>>();
  const ready: WebhookDeliveryRecord[] = [];
  const waiting = Object.values(state.collections.webhook_deliveries)
    .filter(isWaiting)
    .sort((a, b) => a.seq - b.seq);
  for (const delivery of waiting) {
    let held = blocked.get(delivery.webhook_id);
    if (!held) blocked.set(delivery.webhook_id, (held = new Set()));
    const keys = resourceKeys(delivery);
    const due = delivery.next_attempt === null || Date.parse(delivery.next_attempt) <= nowMs;
    if (due && !keys.some((key) => held.has(key))) ready.push(delivery);
    for (const key of keys) held.add(key);
  }
  return ready;
}

/** What one attempt needs, taken out of the state when it is claimed. */
export interface Attempt {
  deliveryId: string;
  /** The attempt's number; its result is recorded only if the delivery is still at it. */
  attempt: number;
  url: string;
  key: string;
  events: WebhookEvent[];
}

/**
 * Claims up to `limit` sendable deliveries for this deliverer: each counts an attempt and is held
 * (not sendable) until the attempt's time is up and a little more, so another deliverer on the
 * same data file neither sends it too nor loses it if this one dies mid-attempt.
 */
export function claim(state: State, nowMs: number, limit: number, holdMs: number): Attempt[] {
  const attempts: Attempt[] = [];
  for (const delivery of sendable(state, nowMs)) {
    if (attempts.length >= limit) break;
    const subscription = state.collections.webhooks[delivery.webhook_id];
    const agent = subscription && state.collections.agents[subscription.agent_id];
    if (!subscription || !agent?.active) {
      settle(delivery, { status: 'failed', next_attempt: null, last_error: 'not sent: the subscribing agent no longer has an active key to sign with' });
      continue;
    }
    delivery.attempts += 1;
    delivery.next_attempt = realIso(nowMs + holdMs);
    attempts.push({ deliveryId: delivery.id, attempt: delivery.attempts, url: subscription.url, key: agent.api_key, events: delivery.events });
  }
  return attempts;
}

export interface AttemptResult {
  delivered: boolean;
  status: number | null;
  error: string | null;
}

/** Records an attempt's result: delivered, retried on the schedule, or failed once the schedule is spent. */
export function recordAttempt(state: State, attempt: Attempt, result: AttemptResult, schedule: DeliverySchedule, nowMs: number): void {
  const delivery = state.collections.webhook_deliveries[attempt.deliveryId];
  if (!delivery || !isWaiting(delivery) || delivery.attempts !== attempt.attempt) return;
  delivery.last_status = result.status;
  delivery.last_error = result.error;
  if (result.delivered) {
    settle(delivery, { status: 'delivered', next_attempt: null, delivered: realIso(nowMs) });
  } else {
    const wait = schedule.retryDelaysMs[delivery.attempts - 1];
    settle(delivery, wait === undefined ? { status: 'failed', next_attempt: null } : { status: 'retrying', next_attempt: realIso(nowMs + wait) });
  }
  keepInBounds(state, delivery.webhook_id);
}
