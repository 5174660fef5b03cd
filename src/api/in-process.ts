/**
 * An undici dispatcher that hands each request to a function in this process — the embedded
 * sandbox's pipeline — instead of a socket: no port or socket anyone else could reach, and no
 * HTTP parsing (undici's WebAssembly parser, which Node 20 waits to optimise at exit) or
 * node:http2/tls (which undici's Client loads). request() drives it as it drives an Agent.
 */
import { STATUS_CODES, type IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import type { RequestBody, Respond } from '../sandbox/http.js';
import type { DispatchTarget } from './client.js';

class Controller implements Dispatcher.DispatchController {
  #aborted = false;
  #paused = false;
  #reason: Error | null = null;
  constructor(private readonly onAbort: (reason: Error) => void) {}
  get aborted() {
    return this.#aborted;
  }
  get paused() {
    return this.#paused;
  }
  get reason() {
    return this.#reason;
  }
  abort(reason: Error) {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#reason = reason;
    this.onAbort(reason);
  }
  // The body arrives whole, in one chunk: there is nothing to hold back.
  pause() {
    this.#paused = true;
  }
  resume() {
    this.#paused = false;
  }
}

function headersOf(headers: Dispatcher.DispatchOptions['headers']): IncomingHttpHeaders {
  const result: IncomingHttpHeaders = {};
  if (headers == null) return result;
  const add = (name: string, value: string | string[] | undefined) => {
    if (value !== undefined) result[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  };
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) add(headers[i]!, headers[i + 1]);
  } else if (Symbol.iterator in headers) {
    for (const [name, value] of headers as Iterable<[string, string | string[] | undefined]>) add(name, value);
  } else {
    for (const [name, value] of Object.entries(headers)) add(name, value);
  }
  return result;
}

function bodyOf(body: Dispatcher.DispatchOptions['body']): RequestBody {
  if (body == null) return [];
  if (typeof body === 'string' || body instanceof Uint8Array) return [body];
  if (Symbol.asyncIterator in body) return body as AsyncIterable<Uint8Array>;
  throw new TypeError('the in-process dispatcher takes a string, bytes or a stream as body');
}

function rawHeaders(headers: IncomingHttpHeaders): Buffer[] {
  return Object.entries(headers).flatMap(([name, value]) => (value === undefined ? [] : [Buffer.from(name, 'latin1'), Buffer.from(Array.isArray(value) ? value.join(', ') : value, 'latin1')]));
}

/**
 * The handler as a DispatchHandler. undici 7's request() still hands dispatchers a handler with
 * only the older callbacks (onConnect, onHeaders, onData, onComplete, onError), which its own
 * dispatchers adapt inside; this dispatcher adapts them here, from undici's public types.
 */
function asDispatchHandler(handler: Dispatcher.DispatchHandler): Dispatcher.DispatchHandler {
  if (handler.onRequestStart !== undefined) return handler;
  return {
    onRequestStart: (controller) => handler.onConnect?.((reason) => controller.abort(reason ?? new Error('aborted'))),
    onResponseStart: (controller, status, headers, statusText) => {
      if (handler.onHeaders?.(status, rawHeaders(headers), () => controller.resume(), statusText ?? '') === false) controller.pause();
    },
    onResponseData: (controller, chunk) => {
      if (handler.onData?.(chunk) === false) controller.pause();
    },
    onResponseEnd: () => handler.onComplete?.([]),
    onResponseError: (_controller, error) => handler.onError?.(error),
  };
}

export class InProcessDispatcher implements DispatchTarget {
  constructor(private readonly respond: Respond) {}

  dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    void this.answer(options, asDispatchHandler(handler));
    return true;
  }

  private async answer(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): Promise<void> {
    // An abort (the caller's timeout or signal) ends the exchange at once; the pipeline's answer is then dropped.
    const gone = new AbortController();
    const controller = new Controller((reason) => {
      gone.abort();
      handler.onResponseError?.(controller, reason);
    });
    try {
      handler.onRequestStart?.(controller, {});
      if (controller.aborted) return;
      const response = await this.respond({ method: options.method, url: options.path, headers: headersOf(options.headers), body: bodyOf(options.body), signal: gone.signal });
      if (controller.aborted) return;
      // An injected dropped connection: what undici reports when a server closes one unanswered.
      if (response.dropped) return handler.onResponseError?.(controller, Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }));
      handler.onResponseStart?.(controller, response.status, response.headers, STATUS_CODES[response.status]);
      if (response.body !== undefined && options.method !== 'HEAD' && !controller.aborted) handler.onResponseData?.(controller, response.body);
      if (!controller.aborted) handler.onResponseEnd?.(controller, {});
    } catch (error) {
      if (!controller.aborted) handler.onResponseError?.(controller, error as Error);
    }
  }
}
