/**
 * What `trek webhooks listen` does with a request whose signature verified: read its events,
 * tell new ones from repeats (ReplayGuard), forward the request if it brings anything new,
 * evict what the new events name from the local cache, and report each event.
 *
 * A request is acknowledged only once it has been handled: when the forward target fails, the
 * events are given back to the guard and the sender is answered 502, so its retry (same event
 * ids) is forwarded again instead of being taken for a repeat.
 */
import type { WebhookEvent } from '../domain/webhooks.js';
import { MalformedEventsError, parseEvents } from './events.js';
import { forwardRequest, type ForwardOutcome } from './forward.js';
import type { VerifiedRequest } from './receiver.js';
import type { ReplayGuard } from './replay-guard.js';

/** One event as listen reports it: the event as sent, and what was done with it. */
export interface HandledEvent extends WebhookEvent {
  /** When this receiver took it in (this machine's clock). */
  received: string;
  /** Seen before (by this or another listener of the profile): acknowledged, not forwarded, not applied. */
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
  evict?: (events: readonly WebhookEvent[]) => Promise<number>;
  now: () => Date;
  report(events: HandledEvent[]): void | Promise<void>;
  /** A line for stderr; may hold sender text: the caller sanitises. */
  warn(line: string): void;
}

const isSuccess = (outcome: ForwardOutcome): outcome is { status: number } => 'status' in outcome && outcome.status >= 200 && outcome.status < 300;

export function webhookHandler(options: HandlerOptions): (request: VerifiedRequest) => Promise<number> {
  return async (request) => {
    let events: WebhookEvent[];
    try {
      events = parseEvents(request.body);
    } catch (error) {
      if (!(error instanceof MalformedEventsError)) throw error;
      options.warn(`refused a signed request (400): ${error.message}`);
      return 400;
    }
    const received = options.now().toISOString();
    const fresh = await options.guard.claim(events.map((event) => event.id));
    // The first of an id in this request is the new one; a second copy in the same body is a repeat.
    const taken = new Set<string>();
    const isNew = events.map((event) => fresh.has(event.id) && !taken.has(event.id) && Boolean(taken.add(event.id)));

    let forward: ForwardOutcome | undefined;
    if (fresh.size > 0 && options.forwardTo) {
      forward = await forwardRequest(options.forwardTo, request, options.withheldHeaders);
      if (!isSuccess(forward)) {
        await options.guard.release(fresh);
        const failure = 'status' in forward ? `it answered ${String(forward.status)}` : forward.error;
        await options.report(events.map((event, i) => handled(event, { received, repeat: !isNew[i], forward: isNew[i] ? forward : undefined, error: failure })));
        return 502;
      }
    }
    const reports: HandledEvent[] = [];
    for (const [i, event] of events.entries()) {
      reports.push(handled(event, { received, repeat: !isNew[i], forward: isNew[i] ? forward : undefined, evicted: isNew[i] ? await evict(options, event) : null }));
    }
    await options.report(reports);
    return 200;
  };
}

/** --update-cache for one event; a cache that cannot be changed is warned about, not fatal to the delivery. */
async function evict(options: HandlerOptions, event: WebhookEvent): Promise<number | null> {
  if (!options.evict) return null;
  try {
    return await options.evict([event]);
  } catch (error) {
    options.warn(`could not update the cache for ${event.event_type} ${event.data.href}: ${(error as Error).message}`);
    return null;
  }
}

function handled(
  event: WebhookEvent,
  how: { received: string; repeat: boolean; forward?: ForwardOutcome; error?: string; evicted?: number | null },
): HandledEvent {
  return {
    id: event.id,
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
