/**
 * The request pipeline: Host and Origin (on TCP), content negotiation, routing (404/405),
 * authentication (an agent's key, or the operator key for operator controls), moved and gone
 * resources (301/410), body parsing, due clock hooks, the handler, and the §7.2 error body —
 * in JSON or XML as `Accept` asks (406 answers in JSON). Once a request is routed, before its
 * key is checked, the rate limit and injected faults (faults.ts); after the handler, the caching
 * validators and 304 (conditional.ts).
 *
 * createPipeline() is the whole of it, as one function from a request to a response; it knows
 * no socket. createRequestHandler() puts it behind node:http (served, tests), and the embedded
 * sandbox calls it directly (src/api/in-process.ts).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import Negotiator from 'negotiator';
import { fromXml, toXml } from '../util/xml.js';
import { authenticate, authenticateOperator } from './auth.js';
import { GONE, MOVED } from './catalogue/ids.js';
import { isoDateTime } from './clock.js';
import { changeClock, entityTag, isNotModified, lastModifiedOf, STORE_RESOURCE, type ChangeClock } from './conditional.js';
import { SandboxError, SnapshotError, type FieldError } from './errors.js';
import type { State } from './model.js';
import { inject, mayInject, RateLimiter } from './faults.js';
import type { Guard } from './guard.js';
import { toJsonBytes } from './json.js';
import { CONTRACT_PATHS, contractReply } from './openapi.js';
import { withoutTrailingSlashes, type BaseContext, type OperatorHandler, type Reply, type Router, type Target } from './router.js';
import { SEARCH_LIMITS } from './search.js';
import type { Store } from './store.js';

type Format = 'json' | 'xml';

const CONTENT_TYPE: Record<Format, string> = { json: 'application/json; charset=utf-8', xml: 'application/xml; charset=utf-8' };
const MAX_BODY_BYTES = 1024 * 1024;

/** What the sandbox writes, JSON first so that it wins a tie (any type, or any application type); text/xml is XML's older name. */
const PRODUCIBLE = ['application/json', 'application/xml', 'text/xml'];

/** The best of JSON and XML for an `Accept` header, by q-value and specificity (negotiator); null when it accepts neither. */
export function negotiate(accept: string | undefined): Format | null {
  if (!accept || accept.trim() === '') return 'json';
  const type = new Negotiator({ headers: { accept } }).mediaType(PRODUCIBLE);
  return type === undefined ? null : type === 'application/json' ? 'json' : 'xml';
}

/** negotiate() per distinct Accept header: clients send the same one on every request. */
const formatsByAccept = new Map<string, Format | null>();
const MAX_REMEMBERED_ACCEPTS = 100;

function formatFor(accept = ''): Format | null {
  let format = formatsByAccept.get(accept);
  if (format === undefined) {
    format = negotiate(accept);
    if (formatsByAccept.size >= MAX_REMEMBERED_ACCEPTS) formatsByAccept.clear();
    formatsByAccept.set(accept, format);
  }
  return format;
}

/** The Date header of an instant, formatted once per second rather than once per response. */
let lastDate = { second: Number.NaN, text: '' };

function httpDate(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== lastDate.second) lastDate = { second, text: new Date(ms).toUTCString() };
  return lastDate.text;
}

/** `time` is the virtual clock's, like `date_created` and the Date header: one clock for everything. */
function errorBody(status: number, message: string, href: string, errors: FieldError[], nowMs: number) {
  return {
    http_status_code: status,
    time: isoDateTime(nowMs),
    message,
    error_id: `sbx_${randomBytes(8).toString('hex')}`,
    href,
    errors,
  };
}

/**
 * A Reply as bytes: the body in the negotiated format, with its Content-Type and Content-Length;
 * a body of bytes (a document's content) as it is, with the Content-Type its route gave.
 */
function encode(format: Format, reply: Reply, date: string, root = 'response'): SandboxResponse {
  const headers: Record<string, string> = { ...reply.headers, date };
  if (reply.status === 204 || reply.body === undefined) return { status: reply.status, headers };
  if (reply.body instanceof Uint8Array) return { status: reply.status, headers: { ...headers, 'content-length': String(reply.body.length) }, body: Buffer.from(reply.body) };
  const body = format === 'json' ? toJsonBytes(reply.body) : Buffer.from(toXml(reply.body, root));
  headers['content-type'] = CONTENT_TYPE[format];
  headers['content-length'] = String(body.length);
  return { status: reply.status, headers, body };
}

/** The whole body, refused past MAX_BODY_BYTES as soon as it grows past them. */
async function readBody(chunks: RequestBody): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    const part = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    size += part.length;
    if (size > MAX_BODY_BYTES) {
      throw new SandboxError(400, 'The request body is too large.', [{ code: 'BODY_TOO_LARGE', detail: `the sandbox accepts bodies up to ${MAX_BODY_BYTES} bytes` }]);
    }
    parts.push(part);
  }
  return Buffer.concat(parts).toString('utf8');
}

/** Parses a body by its Content-Type: JSON (also when none is given) or XML. */
export function parseBody(text: string, contentType: string | undefined): unknown {
  if (text.trim() === '') return undefined;
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  const isJson = type === '' || type === 'application/json' || type.endsWith('+json');
  const isXml = type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml');
  if (!isJson && !isXml) {
    throw new SandboxError(400, `Unsupported Content-Type '${type}': send application/json or application/xml.`, [
      { field: 'Content-Type', code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'request bodies are application/json or application/xml', value: type },
    ]);
  }
  try {
    return isJson ? JSON.parse(text) : fromXml(text);
  } catch (err) {
    throw new SandboxError(400, `The request body is not valid ${isJson ? 'JSON' : 'XML'}.`, [{ code: 'MALFORMED_BODY', detail: (err as Error).message }]);
  }
}

/** One request as the pipeline sees it, from a socket (createRequestHandler) or in process (the embedded sandbox). */
export interface SandboxRequest {
  method: string;
  /** Path and query, as on the request line. */
  url: string;
  /** Lower-case names, as node:http gives them. */
  headers: IncomingHttpHeaders;
  /** Read only by a route that takes a body, and only up to MAX_BODY_BYTES. */
  body: RequestBody;
  /** Aborted when the client goes away: a slow answer (an injected delay) stops waiting. */
  signal?: AbortSignal;
}

export type RequestBody = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  /** Absent for 204 and for replies without a body. */
  body?: Buffer;
  /** An injected fault: close the connection without answering (status and headers mean nothing). */
  dropped?: true;
}

/** The whole pipeline: never rejects; every failure is an answer (§7.2 error body, or 500). */
export type Respond = (request: SandboxRequest) => Promise<SandboxResponse>;

export interface PipelineOptions {
  log?: (line: string) => void;
  /** Host and Origin rules of a TCP listener (guard.ts); none in process. */
  guard?: Guard;
  /** Default SEARCH_LIMITS.cpuMs. */
  cpuBudgetMs?: number;
  /** Requests a second per key past which the answer is 429 (`trek sandbox serve --rate-limit`); default none. */
  rateLimit?: number;
}

/** One request and its answer, as a test-only observer sees them (the suite's contract check). */
export interface Exchange {
  request: SandboxRequest;
  /** The request's parsed body; undefined when it had none or it was not read. */
  requestBody: unknown;
  response: SandboxResponse;
}

let contractCheck: ((exchange: Exchange) => void) | undefined;

/**
 * Lets the test suite see every exchange of every sandbox in its process, to hold each answer
 * and request to openapi/trek.yaml (test/helpers/contract-check.ts); trek never sets one.
 */
export function setContractCheck(check: ((exchange: Exchange) => void) | undefined): void {
  contractCheck = check;
}

const pathOf = (url: string) => {
  const queryAt = url.indexOf('?');
  return queryAt < 0 ? url : url.slice(0, queryAt);
};

/** A 200 answer to GET or HEAD gets its ETag and Last-Modified; when the client's copy is current, 304 with no body. */
function withValidators(request: SandboxRequest, reply: Reply, response: SandboxResponse, changes: ChangeClock): SandboxResponse {
  if (response.status !== 200 || response.body === undefined || (request.method !== 'GET' && request.method !== 'HEAD')) return response;
  // encode() made these headers for this answer alone: they are ours to add to.
  const { headers } = response;
  headers.etag = entityTag(response.body);
  const lastModified = lastModifiedOf(reply.body) ?? (STORE_RESOURCE.test(pathOf(request.url)) ? changes.lastModified() : undefined);
  if (lastModified) headers['last-modified'] = lastModified.header;
  if (!isNotModified(request.headers, headers.etag, lastModified?.ms)) return response;
  delete headers['content-type'];
  delete headers['content-length'];
  return { status: 304, headers };
}

export function createPipeline(store: Store, router: Router, options: PipelineOptions = {}): Respond {
  const rateLimiter = options.rateLimit === undefined ? undefined : new RateLimiter(options.rateLimit);
  const changes = changeClock(() => store.read().generation);
  return async (request) => {
    const started = process.hrtime.bigint();
    const { method, url } = request;
    const format = formatFor(request.headers.accept);
    let admitted: Record<string, string> = {};
    const admitThenHandle = async (parsed: { body?: unknown }): Promise<Reply | 'drop'> => {
      if (options.guard) {
        const admission = options.guard(request.headers, method);
        if (admission.preflight) return admission.preflight;
        admitted = admission.headers;
      }
      const contract = (method === 'GET' || method === 'HEAD') && CONTRACT_PATHS[pathOf(url)];
      // The contract needs no key: it is the same for everyone, and is how an integrator starts.
      if (contract) return contractReply(contract, request.headers);
      return handle(store, router, request, format, options.cpuBudgetMs ?? SEARCH_LIMITS.cpuMs, rateLimiter, parsed);
    };
    const logAnswer = (status: number | string) => {
      if (!options.log) return;
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      options.log(`${isoDateTime(Date.now())} ${method} ${url} ${status} ${ms.toFixed(1)}ms`);
    };
    let reply: Reply | 'drop';
    let root: string | undefined;
    const parsed: { body?: unknown } = {};
    try {
      reply = await admitThenHandle(parsed);
    } catch (err) {
      root = 'error';
      if (err instanceof SandboxError) {
        reply = { status: err.status, headers: err.headers, body: errorBody(err.status, err.message, url, err.errors, store.clock.nowMs()) };
      } else {
        const message = err instanceof SnapshotError ? err.message : 'The sandbox failed to handle this request.';
        options.log?.(`error handling ${method} ${url}: ${(err as Error)?.stack ?? String(err)}`);
        reply = { status: 500, body: errorBody(500, message, url, [], store.clock.nowMs()) };
      }
    }
    if (reply === 'drop') {
      logAnswer('dropped');
      return { status: 0, headers: {}, dropped: true };
    }
    // The Date header is the server's clock: the virtual one, so clients judging time windows
    // (flex late-attach) agree with the rules after `trek sandbox clock advance`.
    const encoded = encode(format ?? 'json', { ...reply, headers: { ...reply.headers, ...admitted } }, httpDate(store.clock.nowMs()), root);
    const response = withValidators(request, reply, encoded, changes);
    logAnswer(response.status);
    contractCheck?.({ request, requestBody: parsed.body, response });
    return response;
  };
}

/** Bodies shorter than this go as they are: compressing them saves less than it costs. */
const MIN_COMPRESSED_BYTES = 1024;
/** What the served sandbox compresses with, best first: a page of 100 departures (834 kB) is 20 kB in brotli, 45 kB in gzip. */
const CODINGS = ['br', 'gzip', 'identity'];
const compressors: Record<string, (body: Buffer) => Promise<Buffer>> = {
  // Quality 5, not brotli's default 11: for that page 22 ms rather than 1.9 s, for 20 kB rather than 16.
  br: (body) => promisify(brotliCompress)(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gzip: (body) => promisify(gzip)(body),
};
/** Bodies compressed once (json.ts reuses the bytes of immutable records and pages): compressed once per coding too. */
const compressedBodies = new WeakMap<Buffer, Map<string, Promise<Buffer>>>();

/**
 * The answer compressed as the client's Accept-Encoding asks (negotiator), for `trek sandbox
 * serve`; the embedded sandbox has no wire to save. A compressed answer's ETag is weak: its
 * bytes differ from the identity answer's, which If-None-Match's weak comparison allows for.
 */
async function compressed(req: IncomingMessage, response: SandboxResponse): Promise<SandboxResponse> {
  const { body } = response;
  // The API's documents (JSON, XML) only: a PDF is compressed already.
  const textual = /json|xml/.test(response.headers['content-type'] ?? '');
  if (body === undefined || body.length < MIN_COMPRESSED_BYTES || req.method === 'HEAD' || !textual) return response;
  const headers: Record<string, string> = { ...response.headers, vary: response.headers.vary ? `${response.headers.vary}, Accept-Encoding` : 'Accept-Encoding' };
  // negotiator 1.x breaks ties by `preferred`; its types (for 0.6) do not list the option yet.
  const negotiator = new Negotiator(req) as Negotiator & { encoding(available: string[], options: { preferred: string[] }): string | undefined };
  const coding = req.headers['accept-encoding'] ? negotiator.encoding(CODINGS, { preferred: CODINGS }) : undefined;
  if (coding === undefined || coding === 'identity') return { ...response, headers };
  let byCoding = compressedBodies.get(body);
  if (byCoding === undefined) compressedBodies.set(body, (byCoding = new Map<string, Promise<Buffer>>()));
  let pending = byCoding.get(coding);
  if (pending === undefined) byCoding.set(coding, (pending = compressors[coding](body)));
  const bytes = await pending;
  headers['content-encoding'] = coding;
  headers['content-length'] = String(bytes.length);
  if (headers.etag !== undefined && !headers.etag.startsWith('W/')) headers.etag = `W/${headers.etag}`;
  return { ...response, headers, body: bytes };
}

/** Aborted when the client goes away before its answer is written. */
function goneSignal(res: ServerResponse): AbortSignal {
  const gone = new AbortController();
  if (res.closed) gone.abort();
  else res.once('close', () => res.writableFinished || gone.abort());
  return gone.signal;
}

/** The pipeline behind a node:http server (`trek sandbox serve`, startSandbox, tests). */
export function createRequestHandler(store: Store, router: Router, options: PipelineOptions = {}) {
  const respond = createPipeline(store, router, options);
  return (req: IncomingMessage, res: ServerResponse): void => {
    let signal: AbortSignal | undefined;
    const request: SandboxRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      body: req,
      // Made only for a request that waits (an injected delay): most never ask.
      get signal() {
        return (signal ??= goneSignal(res));
      },
    };
    void respond(request).then(async (response) => {
      if (response.dropped) {
        res.destroy();
        return;
      }
      response = await compressed(req, response);
      res.writeHead(response.status, response.headers);
      res.end(response.body);
    });
  };
}

/** The route's handler once its key is checked: an agent's gets the calling agent, an operator control the operator key. */
function authenticated(target: Target, state: State, headers: IncomingHttpHeaders): OperatorHandler {
  if (target.access === 'operator') {
    authenticateOperator(state, headers);
    return target.handler;
  }
  const caller = authenticate(state, headers);
  return (ctx) => target.handler({ ...ctx, caller });
}

async function handle(
  store: Store,
  router: Router,
  request: SandboxRequest,
  format: Format | null,
  cpuBudgetMs: number,
  rateLimiter: RateLimiter | undefined,
  parsed: { body?: unknown },
): Promise<Reply | 'drop'> {
  const { method, url, headers } = request;
  const queryAt = url.indexOf('?');
  const path = pathOf(url);
  const query = new URLSearchParams(queryAt < 0 ? '' : url.slice(queryAt + 1));
  // A GET may still be for bytes of another type (a document's content): judged by its answer below.
  const notAcceptable = () => new SandboxError(406, 'Only application/json and application/xml can be produced.');
  if (format === null && method !== 'GET' && method !== 'HEAD') throw notAcceptable();
  const match = router.match(method, path);
  if (match.kind === 'none') throw new SandboxError(404, `No resource at ${path}.`);
  if (match.kind === 'wrong-method') {
    throw new SandboxError(405, `${method} is not supported on ${path}; allowed: ${match.allow.join(', ')}.`, [], { allow: match.allow.join(', ') });
  }
  let state = store.read();
  if (mayInject(state, rateLimiter)) {
    if ((await inject(store, state, method, path, headers, { rateLimiter, signal: () => request.signal })) === 'drop') return 'drop';
    state = store.read();
  }
  const invoke = authenticated(match.target, state, headers);
  const normalized = withoutTrailingSlashes(path);
  const movedTo = MOVED[normalized];
  if (movedTo) return { status: 301, headers: { location: movedTo + (queryAt < 0 ? '' : url.slice(queryAt)) }, body: { message: `Moved permanently to ${movedTo}`, href: movedTo } };
  if (GONE.has(normalized)) throw new SandboxError(410, `${path} is gone permanently.`);

  const body = method === 'GET' || method === 'HEAD' ? undefined : parseBody(await readBody(request.body), headers['content-type']);
  parsed.body = body;
  await store.runDueHooks();
  const ctx: BaseContext = {
    method,
    path,
    url,
    params: match.params,
    query,
    headers,
    body,
    store,
    state: store.read(),
    nowMs: store.clock.nowMs(),
    cpuBudgetMs,
  };
  const reply = await invoke(ctx);
  if (format === null && !acceptsBytes(reply, headers.accept)) throw notAcceptable();
  return reply;
}

/** Whether `accept` takes the answer's bytes, by their Content-Type (a JSON or XML answer is not bytes). */
function acceptsBytes(reply: Reply, accept: string | undefined): boolean {
  const type = reply.headers?.['content-type'];
  return reply.body instanceof Uint8Array && type !== undefined && new Negotiator({ headers: { accept } }).mediaType([type]) !== undefined;
}
