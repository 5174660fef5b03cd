/**
 * Caching validators (spec §1: responses are cacheable; docs/sandbox.md, "Caching"): every
 * 200 answer to a GET or HEAD carries a strong `ETag` — a digest of the bytes sent, so the JSON
 * and the XML of one resource have different tags, and any change to what a client would read
 * gives a new one — and `Last-Modified` for a resource with a `date_last_modified`, or for one
 * built from the store's records (a booking, a customer…), which changes only when the store does.
 * `If-None-Match` (weak comparison, `*` included) and, without it, `If-Modified-Since` answer
 * 304 with no body.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Tags of bodies encoded once (json.ts reuses the bytes of immutable records and pages): digested once too. */
const tags = new WeakMap<Buffer, string>();

/** A strong entity tag of the bytes of an answer. */
export function entityTag(bytes: Buffer): string {
  let tag = tags.get(bytes);
  if (tag === undefined) {
    tag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
    tags.set(bytes, tag);
  }
  return tag;
}

export interface LastModified {
  /** Whole seconds (HTTP dates have no fractions). */
  ms: number;
  /** The header's HTTP date. */
  header: string;
}

/** date_last_modified text → its Last-Modified: the same few dates come back request after request. */
const lastModifiedByText = new Map<string, LastModified | null>();
const MAX_REMEMBERED_DATES = 1000;

/**
 * When a resource last changed: its `date_last_modified`. Lists and resources without the member
 * have none — a list changes when a record leaves it, which no date in it shows, and a
 * `date_created` does not move when the resource changes; a Last-Modified that does not move
 * would make If-Modified-Since answer 304 to something that changed. Their ETag covers every change.
 */
export function lastModifiedOf(body: unknown): LastModified | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const text = (body as { date_last_modified?: unknown }).date_last_modified;
  if (typeof text !== 'string') return undefined;
  let found = lastModifiedByText.get(text);
  if (found === undefined) {
    const ms = Math.floor(Date.parse(text) / 1000) * 1000;
    found = Number.isNaN(ms) ? null : { ms, header: new Date(ms).toUTCString() };
    if (lastModifiedByText.size >= MAX_REMEMBERED_DATES) lastModifiedByText.clear();
    lastModifiedByText.set(text, found);
  }
  return found ?? undefined;
}

/** An entity tag without its weakness mark: If-None-Match compares weakly (RFC 9110 §13.1.2). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Whether the client's copy is current (RFC 9110 §13.2.2): If-None-Match when sent — `*` or one
 * of its tags equal to ours — else If-Modified-Since not before our Last-Modified.
 */
export function isNotModified(headers: IncomingHttpHeaders, etag: string, lastModifiedMs: number | undefined): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    const ours = opaque(etag);
    return noneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === ours);
  }
  const since = headers['if-modified-since'];
  if (since === undefined || lastModifiedMs === undefined) return false;
  const sinceMs = Date.parse(since);
  return !Number.isNaN(sinceMs) && lastModifiedMs <= sinceMs;
}

/**
 * Single resources rendered from the store's records alone (views.ts takes no clock), so their
 * change time is the store's: bookings, customers, services, payments and the rest, and the
 * sandbox's webhook subscriptions and deliveries. Not the catalogue (its own dates, or computed
 * from the clock) nor lists (a list's Last-Modified would not show a record leaving it).
 */
export const STORE_RESOURCE =
  /^\/(?:bookings|customers|agencies|agents|payments|refunds|invoices|documents|overrides|checkins|travel_credits|payment_links|[a-z]+_services)\/[^/]+\/?$|^\/_sandbox\/(?:webhooks|webhook_deliveries)\/[^/]+\/?$/;

export interface ChangeClock {
  /** When the store last changed, as far as this process can tell: never earlier than the change. */
  lastModified(): LastModified;
}

/**
 * The store's change time: the real time this process first saw its current generation (its own
 * commit, or another process's it caught up with) — at or after the change, never before it, so
 * If-Modified-Since never gets a 304 for something that changed. Real time, not the sandbox's
 * clock, which can be moved back. Like every HTTP date it has whole seconds: two changes within
 * one second are told apart by the ETag (which trek always sends).
 */
export function changeClock(generation: () => number, now: () => number = Date.now): ChangeClock {
  let seen = generation();
  let stamp: LastModified = toLastModified(now());
  return {
    lastModified() {
      const current = generation();
      if (current !== seen) {
        seen = current;
        stamp = toLastModified(now());
      }
      return stamp;
    },
  };
}

function toLastModified(ms: number): LastModified {
  const whole = Math.floor(ms / 1000) * 1000;
  return { ms: whole, header: new Date(whole).toUTCString() };
}
