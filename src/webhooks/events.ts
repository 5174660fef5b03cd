/**
 * Event types as typed on trek's command line, and the body of a verified webhook request read
 * into events. A signature proves who sent a body, not that it is well formed, so the shape is
 * still checked before anything is printed, recorded or applied.
 */
import { createHash } from 'node:crypto';
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
  const types = value
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean);
  if (types.length === 0) throw new UsageError(`${flag} takes event types separated by commas, such as departures.updated,bookings.created`);
  return [...new Set(types.map((type) => parseEventType(type, flag)))];
}

/** Longest event id kept: the replay guard stores ids, so a sender cannot make it store essays. */
const MAX_EVENT_ID_LENGTH = 200;
/** Deepest nesting an event may have: its digest walks it, and senders send flat references. */
const MAX_EVENT_DEPTH = 32;

/** Why a verified body is not a list of events; the receiver answers 400 with it. */
export class MalformedEventsError extends Error {
  override name = 'MalformedEventsError';
}

/** A received event and what the replay guard knows it by. */
export interface ReceivedEvent {
  /** The event as sent, its id absent when the sender gave none. */
  event: Omit<WebhookEvent, 'id'> & { id?: string };
  /** Its id, or for an event without one `sha256:` and the digest of the event (see eventDigest). */
  key: string;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** A request body (a JSON array of events) as events, or MalformedEventsError saying what is wrong. */
export function parseEvents(body: Buffer): ReceivedEvent[] {
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
      !Array.isArray(e) &&
      (e.id === undefined || (isText(e.id) && e.id !== '' && e.id.length <= MAX_EVENT_ID_LENGTH)) &&
      isText(e.event_type) &&
      isText(e.resource) &&
      isText(e.created) &&
      typeof e.data === 'object' &&
      e.data !== null &&
      isText(e.data.id) &&
      isText(e.data.href);
    if (!valid) throw new MalformedEventsError(`event ${index + 1} lacks event_type, resource, created or data {id, href}, or has an id that is not text of 1 to ${MAX_EVENT_ID_LENGTH} characters`);
    const digest = e.id === undefined ? eventDigest(e, index) : undefined;
    return { event: e as ReceivedEvent['event'], key: e.id ?? `sha256:${digest}` };
  });
}

/**
 * The key of an event sent without an id: SHA-256 of its JSON with every object's members in
 * code-unit order, so the same event is the same key however the sender ordered its members.
 * Two id-less events equal in every member are one event to the guard.
 */
export function eventDigest(event: unknown, index = 0): string {
  return createHash('sha256')
    .update(canonicalJson(event, index, 0))
    .digest('hex');
}

function canonicalJson(value: unknown, index: number, depth: number): string {
  if (depth > MAX_EVENT_DEPTH) throw new MalformedEventsError(`event ${index + 1} is nested deeper than ${MAX_EVENT_DEPTH} levels`);
  if (Array.isArray(value)) return `[${value.map((each) => canonicalJson(each, index, depth + 1)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.keys(value)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson((value as Record<string, unknown>)[name], index, depth + 1)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}
