/**
 * What `trek webhooks listen` does with a request whose signature verified: read its events,
 * claim the new ones from the replay guard (repeats are only marked), forward the request if it
 * brings anything new, evict what the new events name from the local cache, and report each.
 *
 * A request is acknowledged only once its job is done, and only then are its events recorded
 * as done: when the forward target or the cache fails, the claims are given back and the sender
 * is answered 502/503, so its retry (same events) is handled again instead of being taken for a
 * repeat. An event another request is still handling is answered 503 for the same reason.
 */
import type { WebhookEvent } from '../domain/webhooks.js';
import { MalformedEventsError, parseEvents, type ReceivedEvent } from './events.js';
import { forwardRequest, type ForwardOutcome } from './forward.js';
import type { VerifiedRequest } from './receiver.js';
import type { ReplayGuard } from './replay-guard.js';

/** An event as a sender may send it: with or without an id. */
export type SentEvent = ReceivedEvent['event'];

/** One event as listen reports it: the event as sent, and what was done with it. */
export interface HandledEvent extends Omit<WebhookEvent, 'id'> {
  /** The sender's id; null when it sent none. */
  id: string | null;
  /** What repeats are recognised by: the id, or `sha256:` and a digest of an event sent without one. */
  key: string;
  /** When this receiver took it in (this machine's clock). */
  received: string;
  /** Its job was done before (by this or another listener doing the same job): acknowledged, not forwarded, not applied. */
  repeat: boolean;
  /** The --forward-to target's status; null when not forwarded. */
  forwarded: number | null;
  /** Why the forward failed (a connection error or a non-2xx status); null otherwise. */
  forward_error: string | null;
  /** Cache entries evicted for it (--update-cache); null when the cache is not updated or it is a repeat. */
  cache_evicted: number | null;
}

export interface HandlerOptions {
  guard: ReplayGuard;
  forwardTo?: URL;
  /** Lower-case header names never forwarded (the profile's key header). */
  withheldHeaders: ReadonlySet<string>;
  /** --update-cache: evicts what the events name, resolving to how many entries went. */
  evict?: (events: readonly SentEvent[]) => Promise<number>;
  now: () => Date;
  report(events: HandledEvent[]): void | Promise<void>;
  /** A line for stderr; may hold sender text: the caller sanitises. */
  warn(line: string): void;
}

const isSuccess = (outcome: ForwardOutcome): outcome is { status: number } => 'status' in outcome && outcome.status >= 200 && outcome.status < 300;

export function webhookHandler(options: HandlerOptions): (request: VerifiedRequest) => Promise<number> {
  return async (request) => {
    let events: ReceivedEvent[];
    try {
      events = parseEvents(request.body);
    } catch (error) {
      if (!(error instanceof MalformedEventsError)) throw error;
      options.warn(`refused a signed request (400): ${error.message}`);
      return 400;
    }
    const received = options.now().toISOString();
    const { fresh, busy } = await options.guard.claim(events.map((each) => each.key));
    for (const key of busy) options.warn(`event ${key} is being handled by another request: answered 503, the sender retries`);
    // The first of a key in this request is the new one; a second copy in the same body is a repeat.
    const taken = new Set<string>();
    const isNew = events.map(({ key }) => fresh.has(key) && !taken.has(key) && Boolean(taken.add(key)));
    const reported = events.filter(({ key }) => !busy.has(key));
    const newOnes = events.filter((_, i) => isNew[i]);

    let forward: ForwardOutcome | undefined;
    if (fresh.size > 0 && options.forwardTo) {
      forward = await forwardRequest(options.forwardTo, request, options.withheldHeaders);
      if (!isSuccess(forward)) {
        await options.guard.release(fresh);
        const failure = 'status' in forward ? `it answered ${String(forward.status)}` : forward.error;
        await options.report(reported.map((each) => handled(each, { received, repeat: !newOnes.includes(each), forward: newOnes.includes(each) ? forward : undefined, error: failure })));
        return 502;
      }
    }
    const evicted = new Map<ReceivedEvent, number | null>();
    for (const each of newOnes) {
      const count = await evict(options, each.event);
      if (count === undefined) {
        // Not done: the claims go back and the sender's retry evicts (and forwards) again.
        await options.guard.release(fresh);
        return 503;
      }
      evicted.set(each, count);
    }
    await options.guard.complete(fresh);
    await options.report(
      reported.map((each) => handled(each, { received, repeat: !newOnes.includes(each), forward: newOnes.includes(each) ? forward : undefined, evicted: evicted.get(each) ?? null })),
    );
    return busy.size > 0 ? 503 : 200;
  };
}

/** --update-cache for one event: entries evicted, null without --update-cache, undefined when the cache could not be changed. */
async function evict(options: HandlerOptions, event: SentEvent): Promise<number | null | undefined> {
  if (!options.evict) return null;
  try {
    return await options.evict([event]);
  } catch (error) {
    options.warn(`could not update the cache for ${event.event_type} ${event.data.href} (503, the sender retries): ${(error as Error).message}`);
    return undefined;
  }
}

function handled({ event, key }: ReceivedEvent, how: { received: string; repeat: boolean; forward?: ForwardOutcome; error?: string; evicted?: number | null }): HandledEvent {
  return {
    id: event.id ?? null,
    key,
    event_type: event.event_type,
    resource: event.resource,
    data: { id: event.data.id, href: event.data.href },
    created: event.created,
    received: how.received,
    repeat: how.repeat,
    forwarded: how.forward && 'status' in how.forward ? how.forward.status : null,
    forward_error: how.forward && how.error !== undefined ? how.error : null,
    cache_evicted: how.evicted ?? null,
  };
}
