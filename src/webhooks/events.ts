/**
 * Event types as typed on trek's command line, and the body of a verified webhook request read
 * into events. A signature proves who sent a body, not that it is well formed, so the shape is
 * still checked before anything is printed, recorded or applied.
 */
import { WEBHOOK_EVENT_TYPES, isWebhookEventType, type WebhookEvent } from '../domain/webhooks.js';
import { UsageError } from '../errors.js';
import { nearestMatch } from '../util/nearest.js';

/** One event type, or a usage error listing them all with the nearest to what was typed. */
export function parseEventType(value: string, what = 'EVENT_TYPE'): string {
  const type = value.trim();
  if (isWebhookEventType(type)) return type;
  const nearest = nearestMatch(type, WEBHOOK_EVENT_TYPES);
  throw new UsageError(`${what} "${value}" is not an event type${nearest ? `; did you mean ${nearest}?` : ''}`, `Event types: ${WEBHOOK_EVENT_TYPES.join(', ')}`);
}

/** `--events a,b`: each checked, duplicates dropped; an empty list is a usage error. */
export function parseEventTypes(value: string, flag = '--events'): string[] {
  const types = value.split(',').map((each) => each.trim()).filter(Boolean);
  if (types.length === 0) throw new UsageError(`${flag} takes event types separated by commas, such as departures.updated,bookings.created`);
  return [...new Set(types.map((type) => parseEventType(type, flag)))];
}

/** Longest event id kept: the replay guard stores ids, so a sender cannot make it store essays. */
const MAX_EVENT_ID_LENGTH = 200;

/** Why a verified body is not a list of events; the receiver answers 400 with it. */
export class MalformedEventsError extends Error {
  override name = 'MalformedEventsError';
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** A request body (a JSON array of events) as events, or MalformedEventsError saying what is wrong. */
export function parseEvents(body: Buffer): WebhookEvent[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw new MalformedEventsError('the body is not JSON');
  }
  if (!Array.isArray(parsed)) throw new MalformedEventsError('the body is not a JSON array of events');
  return parsed.map((event: unknown, index) => {
    const e = event as Partial<WebhookEvent> | null;
    const valid =
      e !== null &&
      typeof e === 'object' &&
      isText(e.id) &&
      e.id !== '' &&
      e.id.length <= MAX_EVENT_ID_LENGTH &&
      isText(e.event_type) &&
      isText(e.resource) &&
      isText(e.created) &&
      typeof e.data === 'object' &&
      e.data !== null &&
      isText(e.data.id) &&
      isText(e.data.href);
    if (!valid) throw new MalformedEventsError(`event ${index + 1} lacks id (at most ${MAX_EVENT_ID_LENGTH} characters), event_type, resource, created or data {id, href}`);
    return e as WebhookEvent;
  });
}
