/** How trek shows webhook subscriptions and deliveries: table columns and one-line summaries. */
import type { WebhookDelivery, WebhookSubscription } from '../../../api/resources/webhooks.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEvent } from '../../../domain/webhooks.js';
import type { Column } from '../../../output/render.js';
import { sanitize } from '../../../output/sanitize.js';

/** `all` for every event type, else the types. */
export function describeEvents(events: readonly string[]): string {
  return events.length === WEBHOOK_EVENT_TYPES.length && WEBHOOK_EVENT_TYPES.every((type) => events.includes(type)) ? 'all' : events.join(', ');
}

export const WEBHOOK_COLUMNS: Column[] = [{ field: 'id' }, { field: 'url', whole: true }, { field: 'events', format: (value) => describeEvents(value as string[]), wrap: true }, { field: 'created' }];

/** `departures.updated 100123` for one event, `3 events` for more. */
function describeDeliveryEvents(events: readonly WebhookEvent[]): string {
  if (events.length === 1) return `${events[0].event_type} ${events[0].data.id}`;
  return `${events.length} events`;
}

export const DELIVERY_COLUMNS: Column[] = [
  { field: 'id' },
  { field: 'status' },
  { field: 'attempts' },
  { field: 'last_status', header: 'LAST STATUS' },
  { field: 'events', format: (value) => describeDeliveryEvents(value as WebhookEvent[]) },
  { field: 'next_attempt', header: 'NEXT ATTEMPT' },
  // Why it failed, as the receiver put it: read whole, wrapped rather than cut.
  { field: 'last_error', header: 'LAST ERROR', wrap: true },
];

/** "subscription 800001 for http://…: all events" (server text made terminal-safe). */
export function describeSubscription(subscription: WebhookSubscription): string {
  return sanitize(`subscription ${subscription.id} for ${subscription.url}: ${describeEvents(subscription.events) === 'all' ? 'every event' : describeEvents(subscription.events)}`);
}

/** "delivery 810004, pending: 1 event" (server text made terminal-safe). */
export function describeDelivery(delivery: WebhookDelivery): string {
  return sanitize(`delivery ${delivery.id}, ${delivery.status}: ${delivery.events.length} event${delivery.events.length === 1 ? '' : 's'}`);
}
