/**
 * The sandbox's webhook endpoints (docs/sandbox.md, "Webhooks"): subscriptions of the key's
 * agency, their delivery log, resending a delivery and triggering a test event. A real API
 * server answers 404 there (spec §6 shows no subscription endpoints): the list calls say so.
 */
import type { WebhookEvent } from '../../domain/webhooks.js';
import type { ApiClient, RequestOptions } from '../client.js';
import { isHttpStatus } from '../errors.js';
import { records } from '../paginate.js';
import { send } from './common.js';
import { idSegment } from './ids.js';
import { sandboxCall, SANDBOX_PREFIX } from './sandbox.js';
import { RESOURCE_FIELDS } from '../../domain/contract-fields.js';
import type { components } from '../../domain/contract.js';

export const WEBHOOKS_PATH = `${SANDBOX_PREFIX}/webhooks`;
const DELIVERIES_PATH = `${SANDBOX_PREFIX}/webhook_deliveries`;

/** A subscription: where the agency's events go, and which. */
export type WebhookSubscription = components['schemas']['WebhookSubscription'];

export type DeliveryStatus = 'pending' | 'retrying' | 'delivered' | 'failed';

/** One request to a receiver (with its retries): the events of one change. */
export type WebhookDelivery = components['schemas']['WebhookDelivery'];

/** The members of a subscription as the sandbox answers them (--fields are checked against these). */
export const WEBHOOK_FIELDS = RESOURCE_FIELDS.WebhookSubscription;
export const DELIVERY_FIELDS = RESOURCE_FIELDS.WebhookDelivery;

/** A subscription to make: without events, every event type. */
export type NewSubscription = components['schemas']['WebhookSubscriptionCreate'];

export function subscribeRequest(subscription: NewSubscription): RequestOptions {
  return { method: 'POST', path: WEBHOOKS_PATH, body: subscription };
}

/** Subscribes `url` for the key's agency; requests to it are signed with this key. */
export function subscribe(client: ApiClient, subscription: NewSubscription): Promise<WebhookSubscription> {
  return sandboxCall(client, () => send<WebhookSubscription>(client, subscribeRequest(subscription)));
}

/** Every page of a sandbox list; a 404 on the first says whether the list or the sandbox is missing. */
async function* sandboxList<T>(client: ApiClient, path: string): AsyncGenerator<T> {
  let started = false;
  try {
    for await (const record of records<T>(client, path, undefined, { all: true })) {
      started = true;
      yield record;
    }
  } catch (error) {
    if (!started && isHttpStatus(error, 404)) await sandboxCall(client, () => Promise.reject(error));
    throw error;
  }
}

/** The key's agency's subscriptions, oldest first. */
export function listSubscriptions(client: ApiClient): AsyncGenerator<WebhookSubscription> {
  return sandboxList<WebhookSubscription>(client, WEBHOOKS_PATH);
}

export function removeSubscriptionRequest(id: string): RequestOptions {
  return { method: 'DELETE', path: `${WEBHOOKS_PATH}/${idSegment(id, 'subscription id')}/` };
}

export async function removeSubscription(client: ApiClient, id: string): Promise<void> {
  await sandboxCall(client, () => send<unknown>(client, removeSubscriptionRequest(id)));
}

/** A subscription's deliveries, newest first. */
export function listDeliveries(client: ApiClient, subscriptionId: string): AsyncGenerator<WebhookDelivery> {
  return sandboxList<WebhookDelivery>(client, `${WEBHOOKS_PATH}/${idSegment(subscriptionId, 'subscription id')}/deliveries/`);
}

export function resendRequest(deliveryId: string): RequestOptions {
  return { method: 'POST', path: `${DELIVERIES_PATH}/${idSegment(deliveryId, 'delivery id')}/resend` };
}

/** A new delivery carrying the same events (the same event ids) as `deliveryId`. */
export function resend(client: ApiClient, deliveryId: string): Promise<WebhookDelivery> {
  return sandboxCall(client, () => send<WebhookDelivery>(client, resendRequest(deliveryId)));
}

export function triggerRequest(eventType: string, id: string): RequestOptions {
  return { method: 'POST', path: `${WEBHOOKS_PATH}/trigger`, body: { event_type: eventType, id } };
}

/** A test event `eventType` for the existing resource `id`, delivered to the key's agency's subscriptions. */
export async function trigger(client: ApiClient, eventType: string, id: string): Promise<WebhookEvent[]> {
  const answer = await sandboxCall(client, () => send<{ events: WebhookEvent[] }>(client, triggerRequest(eventType, id)));
  return answer.events;
}
