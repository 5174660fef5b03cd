/**
 * Passes a verified webhook request on to the integrator's own endpoint (--forward-to) as it
 * came: method, body bytes and headers, the signature included, so their code verifies it as
 * it would the sender's. Redirects are not followed, the answer is read no further than needed.
 */
import { UsageError } from '../errors.js';

/** Headers that belong to one connection, not to the request (RFC 9110 §7.6.1), and Host, which names the receiver. */
const NOT_FORWARDED = new Set(['host', 'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
const FORWARD_TIMEOUT_MS = 10_000;

export interface ForwardedRequest {
  method: string;
  /** As received: [name, value, name, value, …] with the sender's spelling and order. */
  rawHeaders: readonly string[];
  body: Buffer;
}

/** The forward target's status, or why there is none. */
export type ForwardOutcome = { status: number } | { error: string };

/** --forward-to: an http(s) URL without credentials. */
export function parseForwardUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new UsageError(`--forward-to takes a URL such as http://127.0.0.1:3000/webhooks, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--forward-to must be an http:// or https:// URL, got "${value}"`);
  if (url.username || url.password) throw new UsageError('--forward-to must not carry a user name or password');
  return url;
}

/**
 * The request's headers less the connection's own and any named in `withheld` (lower case):
 * the profile's key header is withheld, so a key never travels with a forward whatever came in.
 */
function forwardedHeaders(rawHeaders: readonly string[], withheld: ReadonlySet<string>): string[] {
  const kept: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (!NOT_FORWARDED.has(name) && !withheld.has(name)) kept.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return kept;
}

export async function forwardRequest(target: URL, request: ForwardedRequest, withheld: ReadonlySet<string>): Promise<ForwardOutcome> {
  const { request: send } = await import('undici');
  try {
    const answer = await send(target, {
      method: request.method as 'POST',
      headers: forwardedHeaders(request.rawHeaders, withheld),
      body: request.body,
      headersTimeout: FORWARD_TIMEOUT_MS,
      bodyTimeout: FORWARD_TIMEOUT_MS,
    });
    // Only the status matters; the body is discarded, and a long one is cut off.
    await answer.body.dump().catch(() => undefined);
    return { status: answer.statusCode };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
