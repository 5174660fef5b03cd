/**
 * Webhooks as trek and its sandbox both know them (spec §1 and §6 say webhooks keep a client's
 * cache current and leave the rest "not shown"; we follow the operator's published convention):
 * the event shape, the event types, how a request is signed and how a receiver acknowledges it.
 * The sandbox signs with these functions and `trek webhooks` verifies with them, so the two can
 * never disagree. Nothing here imports from the CLI or the sandbox: both import it.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { components } from './contract.js';

/** The header that carries the hex HMAC-SHA256 of the raw body, keyed with the application key. */
export const SIGNATURE_HEADER = 'x-gapi-signature';
/** The header a receiver answers with: the hex SHA-256 of the application key, proving it holds the key. */
export const ACK_HEADER = 'x-application-sha256';

/** The resources whose changes are announced, as they appear in `event_type` (`<resource>.<action>`). */
export const WEBHOOK_RESOURCES = ['bookings', 'services', 'customers', 'overrides', 'checkins', 'agencies', 'departures', 'invoices', 'documents', 'refunds', 'travel_credits'] as const;
export const WEBHOOK_ACTIONS = ['created', 'updated', 'deleted'] as const;

/** Every event type, e.g. `departures.updated`. */
export const WEBHOOK_EVENT_TYPES: readonly string[] = WEBHOOK_RESOURCES.flatMap((resource) => WEBHOOK_ACTIONS.map((action) => `${resource}.${action}`));

/** One event; a request's body is a JSON array of them. `data` is a reference: receivers fetch the resource. */
export type WebhookEvent = components['schemas']['WebhookEvent'];

export function isWebhookEventType(value: string): boolean {
  return WEBHOOK_EVENT_TYPES.includes(value);
}

/** The signature of a raw body: hex HMAC-SHA256 keyed with the application key. */
export function signBody(body: string | Uint8Array, key: string): string {
  return createHmac('sha256', key).update(body).digest('hex');
}

/** Whether `signature` has the form of one: 64 hex digits (surrounding blanks aside). */
export function isSignatureShaped(signature: string | undefined): signature is string {
  return typeof signature === 'string' && /^[0-9a-fA-F]{64}$/.test(signature.trim());
}

/**
 * Checks a body's signature as its bytes arrive, so a receiver need not hold a body to learn
 * that it is forged: update() with each chunk, then verifies() once, compared in constant time.
 */
export function signatureCheck(key: string, signature: string | undefined): { update: (chunk: Uint8Array) => void; verifies: () => boolean } {
  const hmac = createHmac('sha256', key);
  return {
    update: (chunk) => void hmac.update(chunk),
    verifies: () => isSignatureShaped(signature) && timingSafeEqual(hmac.digest(), Buffer.from(signature.trim(), 'hex')),
  };
}

/** Whether `signature` is the body's signature under `key`, compared in constant time. */
export function verifySignature(body: string | Uint8Array, key: string, signature: string | undefined): boolean {
  const check = signatureCheck(key, signature);
  check.update(typeof body === 'string' ? Buffer.from(body) : body);
  return check.verifies();
}

/** What a receiver answers in ACK_HEADER: hex SHA-256 of the application key. */
export function ackValue(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The longest receiver URL a subscription takes. */
export const WEBHOOK_URL_MAX_LENGTH = 2048;

/**
 * Why `text` cannot be a receiver URL, or null: an absolute http(s) URL with a host, no user
 * name or password (the signature authenticates the sender), at most WEBHOOK_URL_MAX_LENGTH
 * characters. The sandbox refuses such a subscription and trek refuses to send it.
 */
export function receiverUrlProblem(text: string): string | null {
  if (text.length > WEBHOOK_URL_MAX_LENGTH) return `the URL is longer than ${WEBHOOK_URL_MAX_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'it is not an absolute URL, such as http://127.0.0.1:8080/hooks';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `it must be http or https, not ${url.protocol.slice(0, -1)}`;
  if (url.username !== '' || url.password !== '') return 'it must not carry a user name or password: the signature authenticates the sender';
  if (url.hostname === '') return 'it has no host';
  return null;
}
