/**
 * The deliverer: takes deliveries out of the outbox (outbox.ts) and POSTs them to their
 * receivers, off every request's path. It runs in the process that serves — startSandbox()
 * and `trek sandbox serve` start one; for the built-in sandbox, `trek webhooks listen` does
 * (openSandbox().startWebhookDelivery()) — and it looks at the outbox on every change this
 * process commits and every `pollMs`, so it also sends what other trek processes sharing the
 * data file queued.
 *
 * The receiver is treated as hostile, and so is the URL an agent subscribes (any service this
 * machine reaches): no redirect is followed, an attempt ends after `attemptTimeoutMs` whatever
 * the receiver does (slow headers, an endless body), and of its answer only the status code is
 * kept, with the standard reason phrase — never its body or its own reason phrase, which could
 * hand an agent what a local service holds.
 */
import { request as httpRequest, STATUS_CODES, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { ACK_HEADER, ackValue, SIGNATURE_HEADER, signBody } from '../../domain/webhooks.js';
import type { Store } from '../store.js';
import { claim, DEFAULT_SCHEDULE, recordAttempt, sendable, type Attempt, type AttemptResult, type DeliverySchedule } from './outbox.js';

export const WEBHOOK_USER_AGENT = 'trek-sandbox-webhooks';

export interface DelivererOptions {
  /** Retry schedule and attempt timeout; default DEFAULT_SCHEDULE (tests shorten it). */
  schedule?: DeliverySchedule;
  /** How often the outbox is looked at for retries that fell due and for what other processes queued; default 250 ms. */
  pollMs?: number;
  /** Attempts in flight at once; default 8. */
  concurrency?: number;
  /** One line per failed attempt or outbox problem (never containing a key). */
  log?: (line: string) => void;
}

/** A running deliverer. */
export interface WebhookDelivery {
  /** Stops sending: attempts in flight are cut short (recorded as failed, retried by the next deliverer) and their results written. */
  stop(): Promise<void>;
}

/** Extra hold on a claimed delivery past its attempt's timeout, so a live deliverer's result always lands first. */
const HOLD_MARGIN_MS = 5_000;

function statusLine(status: number): string {
  return `HTTP ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;
}

/** Why an answer is not an acknowledgement, or null when it is one. */
function refusal(response: IncomingMessage, key: string): string | null {
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400) return `${statusLine(status)}: redirects are not followed`;
  if (status < 200 || status >= 300) return statusLine(status);
  const ack = response.headers[ACK_HEADER];
  if (typeof ack !== 'string') return `${statusLine(status)} without the acknowledgement header X-Application-SHA256 (the hex SHA-256 of the application key)`;
  if (ack.trim().toLowerCase() !== ackValue(key)) return `${statusLine(status)} with a wrong X-Application-SHA256 (not the hex SHA-256 of the application key)`;
  return null;
}

/** One attempt: POST the events, signed; delivered only on a 2xx carrying the acknowledgement. */
export function sendAttempt(attempt: Attempt, timeoutMs: number, signal: AbortSignal): Promise<AttemptResult> {
  const body = JSON.stringify(attempt.events);
  return new Promise<AttemptResult>((resolve) => {
    let request: ClientRequest | undefined;
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      request?.destroy();
      resolve(result);
    };
    const failed = (error: string, status: number | null = null) => finish({ delivered: false, status, error });
    const onAbort = () => failed('the deliverer stopped before the receiver answered');
    let url: URL;
    try {
      url = new URL(attempt.url);
    } catch {
      return failed('the subscription URL is not a valid URL');
    }
    timer = setTimeout(() => failed(`no answer within ${timeoutMs / 1000} s (timeout)`), timeoutMs);
    signal.addEventListener('abort', onAbort);
    if (signal.aborted) return onAbort();
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    request = send(url, {
      method: 'POST',
      // A connection of its own: nothing of a hostile receiver's is reused.
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': WEBHOOK_USER_AGENT,
        [SIGNATURE_HEADER]: signBody(body, attempt.key),
      },
    });
    // Node's error code (ECONNREFUSED, ENOTFOUND…), never a message that could quote the receiver.
    request.on('error', (error: NodeJS.ErrnoException) => failed(`could not deliver: ${/^[A-Z_0-9]+$/.test(error.code ?? '') ? error.code : 'the connection failed'}`));
    request.on('response', (response) => {
      const problem = refusal(response, attempt.key);
      const status = response.statusCode ?? null;
      // The answer's body is never read: the request is destroyed with it.
      finish(problem === null ? { delivered: true, status, error: null } : { delivered: false, status, error: problem });
    });
    request.end(body);
  });
}

/** Starts delivering the outbox of `store`; stop() ends it. */
export function startDeliverer(store: Store, options: DelivererOptions = {}): WebhookDelivery {
  const schedule = options.schedule ?? DEFAULT_SCHEDULE;
  const concurrency = options.concurrency ?? 8;
  const log = options.log ?? (() => {});
  const inFlight = new Map<string, Promise<void>>();
  const stopping = new AbortController();
  let looking: Promise<void> | null = null;
  let lookAgain = false;

  const run = (attempt: Attempt) => {
    const done = (async () => {
      const result = await sendAttempt(attempt, schedule.attemptTimeoutMs, stopping.signal);
      if (!result.delivered) log(`webhook delivery ${attempt.deliveryId} attempt ${attempt.attempt} failed: ${result.error}`);
      try {
        await store.mutate((state) => recordAttempt(state, attempt, result, schedule, Date.now()));
      } catch (error) {
        log(`webhook delivery ${attempt.deliveryId}: its result could not be recorded (${(error as Error).message}); it is sent again later`);
      }
    })().finally(() => {
      inFlight.delete(attempt.deliveryId);
      wake();
    });
    inFlight.set(attempt.deliveryId, done);
  };

  /** Claims what may be sent now, up to the free slots, and sends it. */
  const look = async () => {
    const free = concurrency - inFlight.size;
    if (free <= 0 || stopping.signal.aborted) return;
    // A read first, without the lock: most looks find nothing to do.
    if (sendable(store.read(), Date.now()).length === 0) return;
    const attempts = await store.mutate((state) => claim(state, Date.now(), free, schedule.attemptTimeoutMs + HOLD_MARGIN_MS));
    // Claimed while stopping: each is cut short at once and recorded, not left held.
    for (const attempt of attempts) run(attempt);
  };

  function wake(): void {
    if (stopping.signal.aborted) return;
    if (looking) {
      lookAgain = true;
      return;
    }
    looking = (async () => {
      do {
        lookAgain = false;
        try {
          await look();
        } catch (error) {
          log(`webhook outbox: ${(error as Error).message}`);
        }
      } while (lookAgain && !stopping.signal.aborted);
    })().finally(() => {
      looking = null;
    });
  }

  const unsubscribe = store.onEvent((event) => {
    if (event.type === 'webhook_deliveries.created') setImmediate(wake);
  });
  const timer = setInterval(wake, options.pollMs ?? 250);
  // The deliverer never keeps a process alive by itself: the server or listener it serves does.
  timer.unref();
  wake();

  return {
    stop: async () => {
      if (stopping.signal.aborted) return;
      stopping.abort();
      clearInterval(timer);
      unsubscribe();
      await looking;
      await Promise.allSettled([...inFlight.values()]);
    },
  };
}
