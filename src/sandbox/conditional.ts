/**
 * Caching validators (spec §1: responses are cacheable; docs/sandbox.md, "Caching"): every
 * 200 answer to a GET or HEAD carries a strong `ETag` — a digest of the bytes sent, so the JSON
 * and the XML of one resource have different tags, and any change to what a client would read
 * gives a new one — and, for a resource with a `date_last_modified`, `Last-Modified`.
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

/**
 * The instant a resource last changed, whole seconds (HTTP dates have no fractions): its
 * `date_last_modified`. Lists and resources without the member have none — a list changes when
 * a record leaves it, which no date in it shows, and a `date_created` does not move when the
 * resource changes; a Last-Modified that does not move would make If-Modified-Since answer 304
 * to something that changed. Their ETag covers every change.
 */
export function lastModifiedOf(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as { date_last_modified?: unknown }).date_last_modified;
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000) * 1000;
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
