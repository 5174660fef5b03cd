/**
 * The thin client (docs/architecture.md §1): one request path that resolves hrefs, authenticates,
 * follows permanent moves, retries what is safe to retry, enforces timeouts and turns every
 * failure into an ApiError. undici is imported on first request so loading this module stays
 * cheap.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { UsageError } from '../errors.js';
import { fromXml, toXml } from '../util/xml.js';
import { ApiError, toErrorBody } from './errors.js';
import { isLoopback, proxyFor, type Proxy, type ProxyEnv } from './proxy.js';
import { DEFAULT_MAX_BODY_BYTES, formatBytes, isValidHeaderName, isValidHeaderValue } from './wire.js';
import { redactDeep, redactText, secretsToRedact } from './redact.js';
import { envelopeBytes, LazyResults, listLayout, type Results } from './list-body.js';

/** What undici's request() needs of a dispatcher: an Agent, or a test's own. */
export type DispatchTarget = Pick<Dispatcher, 'dispatch'>;

/** An answer's status, headers and body as it streams in: undici's, or a transport's. */
export interface Answer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Readable;
}

/** One exchange without undici or a socket: the embedded sandbox's (src/api/in-process.ts). Rejects on `signal`'s abort. */
export type Transport = (request: { method: string; url: URL; headers: Record<string, string>; body: string | Buffer | undefined; signal: AbortSignal }) => Promise<Answer>;

type Undici = typeof import('undici');

let undici: Promise<Undici> | undefined;

/** undici, loaded on the first request that goes to a server (never for the embedded sandbox): its index loads node:http2, node:tls and more. */
function loadUndici(): Promise<Undici> {
  undici ??= import('undici');
  return undici;
}

export interface ClientOptions {
  baseUrl: string;
  apiKey?: string;
  /** Header carrying the key; default 'X-Application-Key'. */
  authHeader?: string;
  /** Default Accept for requests; default json. */
  accept?: 'json' | 'xml';
  /** Time allowed for the response headers and body of one attempt; default 30000. */
  timeoutMs?: number;
  /** Default 10000. Applies to the shared Agent, not to a `dispatcher` passed in. */
  connectTimeoutMs?: number;
  /** Defaults: 4 attempts, 30000 ms in total (requests plus waits), 500 ms base delay. */
  retry?: { maxAttempts?: number; maxTotalMs?: number; baseDelayMs?: number };
  /** One human line for stderr (moves, retries). URLs in it are WHATWG-serialised, so terminal-safe. */
  notice?: (line: string) => void;
  /** --verbose lines, key redacted. Response header values are server text: the sink sanitises. */
  trace?: (line: string) => void;
  /** Largest response body accepted, in bytes; default DEFAULT_MAX_BODY_BYTES (TREK_MAX_BODY sets it). */
  maxBodyBytes?: number;
  /** A test's; default: the process's shared keep-alive Agent (or a proxy's). */
  dispatcher?: DispatchTarget;
  /** The embedded sandbox's: requests go to it instead of undici (then `dispatcher` and proxies are not used). */
  transport?: Transport;
  /**
   * The environment whose HTTPS_PROXY, HTTP_PROXY and NO_PROXY route requests (src/api/proxy.ts);
   * not used with a `dispatcher` or `transport`. Default: none, every request goes direct.
   */
  proxyEnv?: ProxyEnv;
  /** For tests. */
  sleep?: (ms: number) => Promise<void>;
  userAgent?: string;
  /** The local cache of catalogue reads (src/cache/); none: every read goes to the API. */
  cache?: ResponseCache;
}

/** An answer the local cache kept. */
export interface StoredAnswer {
  status: number;
  statusText: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  url: string;
  raw: string;
  /** When it was answered, or last confirmed by a 304. */
  storedAtMs: number;
}

/** The local cache's place for one read: what it holds, and what the client tells it. */
export interface CacheSlot {
  /** A usable stored answer (never one --refresh asked to replace). */
  readonly stored: StoredAnswer | undefined;
  /** Whether `stored` is within its TTL, so it answers without a request. */
  readonly fresh: boolean;
  /** `stored` answered as it is. */
  hit(): void;
  /** A 304 confirmed `stored`: its TTL starts again, with the validators of `headers`. */
  revalidated(headers: Record<string, string>): StoredAnswer;
  /** A whole 200 answer, to keep. */
  save(answer: Omit<StoredAnswer, 'storedAtMs'>): void;
  /** `stored` is unusable, or the resource is gone. */
  forget(): void;
}

/**
 * The local cache as the client sees it (implemented in src/cache/): the slot of a read, or
 * undefined for a read it does not keep (not the catalogue, a TTL of 0, --no-cache).
 */
export interface ResponseCache {
  slot(method: string, url: URL, accept: 'json' | 'xml'): CacheSlot | undefined;
  /** After a write the API accepted: drops the answers it may have changed. */
  wrote(url: URL): void;
}

export type QueryInput = URLSearchParams | Array<[string, string]> | Record<string, string | number | undefined>;

export interface RequestOptions {
  method?: string;
  /** A path, a path-relative href or an absolute URL. */
  path: string;
  query?: QueryInput;
  /** Serialised as JSON, or XML when bodyFormat is 'xml'. */
  body?: unknown;
  bodyFormat?: 'json' | 'xml';
  /** Sent as given (trek api --input). */
  rawBody?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  accept?: 'json' | 'xml';
  /**
   * The answer is content, not the API's JSON or XML (a document's PDF): a success comes back
   * unparsed as `bytes`, within the same body limit (TREK_MAX_BODY) as every answer.
   */
  binary?: boolean;
  /**
   * The answer is a page of a list read once, record by record (a walk's pages): a JSON success
   * comes back with `data` its envelope, `results` empty, and `results` beside it, each record
   * decoded and parsed when it is read (src/api/list-body.ts), so a page is never in memory as
   * one string nor as all its records at once. Not for a read the cache keeps, which stores text.
   */
  lazyResults?: boolean;
  /**
   * The answer is meant to show keys (`trek sandbox keys`): the keys this request carries are
   * left in it. Otherwise they are redacted from everything the server answers.
   */
  revealKeys?: boolean;
}

export interface ApiResponse<T = unknown> {
  status: number;
  statusText: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The URL that answered, after any redirects. */
  url: string;
  /** Parsed JSON, or fromXml() of an XML body; undefined for 204 or an empty body. */
  data: T;
  raw: string;
  /** A `lazyResults` request's records, each parsed when read (its `raw` is empty). */
  results?: Results<unknown>;
  /** The body as sent, for a `binary` request (its `data` is undefined and `raw` empty). */
  bytes?: Buffer;
}

const MEDIA_TYPES = { json: 'application/json', xml: 'application/xml' } as const;
type Format = keyof typeof MEDIA_TYPES;

/**
 * Parsed bodies nesting deeper than this are refused: rendering, sanitising and --fields walk
 * values recursively, and the API nests a handful of levels.
 */
export const MAX_NESTING = 100;

/** What trek asks for, most compact first; each is decoded by node:zlib as the body streams in. */
const ACCEPT_ENCODING = 'gzip, deflate, br';
const DECODERS: Record<string, 'createGunzip' | 'createInflate' | 'createBrotliDecompress'> = {
  gzip: 'createGunzip',
  'x-gzip': 'createGunzip',
  deflate: 'createInflate',
  br: 'createBrotliDecompress',
};
/** The smallest buffers decompression writes into (zlib's own default is 16 KiB). */
const MIN_DECODED_CHUNK = 64 * 1024;

/**
 * Chunks that lie one after another in one buffer (a decompressor's output, written into a buffer
 * it allocated), as one view of it; undefined when they do not. A walk's 830 kB pages were each
 * held twice, as chunks and as their copy, until a collection let both go.
 */
function adjoining(chunks: readonly Buffer[]): Buffer | undefined {
  if (chunks.length === 0) return undefined;
  const [first] = chunks;
  let end = first.byteOffset + first.length;
  for (const chunk of chunks.slice(1)) {
    if (chunk.buffer !== first.buffer || chunk.byteOffset !== end) return undefined;
    end += chunk.length;
  }
  return Buffer.from(first.buffer, first.byteOffset, end - first.byteOffset);
}

/** More codings than this on one body is no server's honest answer (as curl and urllib3 limit it). */
const MAX_CODINGS = 5;

/** The codings of a Content-Encoding header, in the order applied; identity, which changes nothing, left out. */
function contentCodings(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

const MAX_REDIRECTS = 5;
/** Permanent moves, followed (on the same origin with the key). */
const FOLLOWED_REDIRECTS = new Set([301, 308]);
/** Every status that sends a request elsewhere; a write is never re-sent to another origin by any of them. */
const ANY_REDIRECT = new Set([301, 302, 303, 307, 308]);
const RETRY_STATUSES = new Set([429, 502, 503, 504]);
/** Methods the server may safely see twice; others are retried only when it provably did not act. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD']);
/** Headers that carry credentials: redacted in traces, never sent to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'x-sandbox-operator-key'];

/** One keep-alive Agent per process per connect timeout and proxy, created on first request. */
const sharedAgents = new Map<string, Promise<Dispatcher>>();

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))}s`;
}

/** new URL(), or null where it would throw (URL.parse needs Node 20.18). */
function parseUrl(text: string, base?: URL): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}

/**
 * Whether a parsed value nests deeper than `limit` objects/arrays. Recursive, at most `limit`
 * calls deep, so any depth is safe to ask about; it allocates nothing, where a stack of pairs
 * made a 830 kB page's walk allocate megabytes.
 */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (limit === 0) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (nestsDeeperThan(value[i], limit - 1)) return true;
    return false;
  }
  for (const key in value) if (Object.hasOwn(value, key) && nestsDeeperThan((value as Record<string, unknown>)[key], limit - 1)) return true;
  return false;
}

/** The conditional headers that revalidate a stored answer (RFC 9110 §13.1). */
function validators(headers: Record<string, string>): Record<string, string> {
  const conditional: Record<string, string> = {};
  if (headers.etag !== undefined) conditional['If-None-Match'] = headers.etag;
  if (headers['last-modified'] !== undefined) conditional['If-Modified-Since'] = headers['last-modified'];
  return conditional;
}

function findHeader(headers: Record<string, string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.keys(headers).find((k) => k.toLowerCase() === lower);
}

/** Sets a header replacing any spelling of the same name. */
function setHeader(headers: Record<string, string>, name: string, value: string): void {
  const existing = findHeader(headers, name);
  if (existing !== undefined) delete headers[existing];
  headers[name] = value;
}

export function redactHeaders(headers: Record<string, string>, authHeader: string): Record<string, string> {
  const secret = new Set([authHeader.toLowerCase(), ...CREDENTIAL_HEADERS]);
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, secret.has(k.toLowerCase()) ? '***' : v]));
}

function queryEntries(query: QueryInput | undefined): Array<[string, string]> {
  if (query === undefined) return [];
  if (query instanceof URLSearchParams || Array.isArray(query)) return [...query];
  return Object.entries(query).flatMap(([k, v]): Array<[string, string]> => (v === undefined ? [] : [[k, String(v)]]));
}

function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`invalid base URL '${baseUrl}'`, 'a base URL looks like https://api.example.com/v1');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`invalid base URL '${baseUrl}': only http and https are supported`);
  }
  url.search = '';
  url.hash = '';
  return url;
}

/** Milliseconds to wait from a Retry-After header (delta seconds or an HTTP date). */
function retryAfterMs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

type ParsedBody = { ok: true; data: unknown; format: Format } | { ok: false; problem: string };

/**
 * Parses by Content-Type, falling back to the format asked for. `wanted` names what the API
 * should have sent ("JSON", "XML error") for the message when the body is something else.
 */
function parseBody(raw: string, contentType: string, expected: Format, wanted: string, secrets: readonly string[]): ParsedBody {
  const parsed = parseText(raw, contentType, expected, wanted);
  return parsed.ok ? { ...parsed, data: redacted(parsed.data, parsed.format, raw, secrets) } : parsed;
}

/**
 * `data`, parsed from `raw`, with every key taken out. JSON without a backslash has no escapes:
 * each of its strings is a piece of the text as it stands, so when the text holds no key,
 * neither does any string, and the walk over every value (half a second of a 20,000-departure
 * listing) is spared.
 */
function redacted(data: unknown, format: Format, raw: string, secrets: readonly string[]): unknown {
  const plain = format === 'json' && !raw.includes('\\') && secrets.every((secret) => !raw.includes(secret));
  return plain ? data : redactDeep(data, secrets);
}

/** One record of a `lazyResults` page (the `index`th), parsed and checked as a whole body is. */
function parseRecord(text: string, index: number, secrets: readonly string[]): ParsedBody {
  const raw = redactText(text, secrets);
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    return { ok: false, problem: `malformed JSON in the response body (result ${index + 1}: ${(error as Error).message})` };
  }
  // Two levels down: in the envelope, in its results.
  if (nestsDeeperThan(data, MAX_NESTING - 2)) return { ok: false, problem: `the body nests deeper than ${MAX_NESTING} levels, trek's limit` };
  return { ok: true, data: redacted(data, 'json', raw, secrets), format: 'json' };
}

function parseText(raw: string, contentType: string, expected: Format, wanted: string): ParsedBody {
  if (raw.trim() === '') return { ok: true, data: undefined, format: expected };
  const type = contentType.toLowerCase();
  if (type.includes('html') || /^\s*<(!doctype\s+html|html[\s>])/i.test(raw)) {
    return { ok: false, problem: `the body is HTML, not the API's ${wanted} (a proxy?)` };
  }
  const format: Format | undefined = type.includes('json') ? 'json' : type.includes('xml') ? 'xml' : type === '' ? expected : undefined;
  if (format === undefined) return { ok: false, problem: `the body is ${type.split(';')[0]}, not the API's ${wanted}` };
  const tooDeep: ParsedBody = { ok: false, problem: `the body nests deeper than ${MAX_NESTING} levels, trek's limit` };
  if (format === 'xml') {
    try {
      const data = fromXml(raw);
      return nestsDeeperThan(data, MAX_NESTING) ? tooDeep : { ok: true, data, format };
    } catch (error) {
      // The XML reader recurses per element: a deep enough document overflows the stack.
      if (error instanceof RangeError) return tooDeep;
      return { ok: false, problem: `malformed XML in the response body (${(error as Error).message})` };
    }
  }
  try {
    const data: unknown = JSON.parse(raw);
    return nestsDeeperThan(data, MAX_NESTING) ? tooDeep : { ok: true, data, format };
  } catch (error) {
    const message = (error as Error).message;
    const position = /at position (\d+)/.exec(message);
    const atEnd = message.includes('end of JSON input') || (position !== null && Number(position[1]) >= raw.trimEnd().length);
    return { ok: false, problem: atEnd ? 'truncated JSON in the response body' : `malformed JSON in the response body (${message})` };
  }
}

interface Exchange {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  url: URL;
  raw: string;
  /** Only for a `binary` or `lazyResults` request (so the cache never keeps bytes). */
  bytes?: Buffer;
  /** The keys the request carried, redacted from what is parsed of it (src/api/redact.ts). */
  secrets: readonly string[];
}

/** "HTTP 503 Service Unavailable from GET http://…" */
function failureOrigin(method: string, exchange: Exchange): string {
  return `HTTP ${exchange.status}${exchange.statusText ? ` ${exchange.statusText}` : ''} from ${method} ${exchange.url.href}`;
}

/** A failure before a complete response, with what the retry policy needs to know. */
class TransportFailure extends Error {
  /** `unsent`: the request never left, though retrying is not the remedy (notSent says it is). */
  constructor(
    readonly error: ApiError,
    readonly notSent: boolean,
    readonly reset: boolean,
    unsent = notSent,
  ) {
    super(error.message);
    if (unsent) error.notSent = true;
  }
}

/** A `binary` request's success: its bytes as sent, nothing parsed. */
function binaryResponse<T>(exchange: Exchange): ApiResponse<T> {
  return { status: exchange.status, statusText: exchange.statusText, headers: exchange.headers, url: exchange.url.href, data: undefined as T, raw: '', bytes: exchange.bytes };
}

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown }; errors?: Array<{ code?: unknown }> };
  const code = e?.code ?? e?.cause?.code ?? e?.errors?.[0]?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Node's codes for a certificate it does not trust, and what they mean. */
const UNTRUSTED_CERTIFICATE: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'a self-signed certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'a self-signed certificate in its chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'signed by an unknown authority',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'signed by an unknown authority',
  UNABLE_TO_GET_ISSUER_CERT: 'signed by an unknown authority',
  CERT_HAS_EXPIRED: 'the certificate has expired',
  CERT_NOT_YET_VALID: 'the certificate is not yet valid',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate is for another host name',
};

/** What is wrong with the server's certificate, when that is why the connection failed (also inside a proxy's tunnel, where undici wraps it). */
function tlsProblem(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e !== undefined && e !== null && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && e.code in UNTRUSTED_CERTIFICATE) return UNTRUSTED_CERTIFICATE[e.code];
  }
  return undefined;
}

/** An error's words with the proxy's user name and password, should they appear, as ***. */
function withoutCredentials(message: string, proxy: Proxy | undefined): string {
  if (proxy === undefined) return message;
  let text = message.split(proxy.url.href).join(proxy.shown);
  for (const secret of [proxy.url.password, proxy.url.username]) {
    let decoded = secret;
    try {
      decoded = decodeURIComponent(secret);
    } catch {
      // Left as written: a stray % is not an escape.
    }
    for (const form of new Set([secret, decoded])) if (form.length >= 3) text = text.split(form).join('***');
  }
  return text;
}

export class ApiClient {
  readonly baseUrl: string;
  private readonly base: URL;
  private readonly authHeader: string;
  private readonly accept: Format;
  private readonly timeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly maxAttempts: number;
  private readonly maxTotalMs: number;
  private readonly baseDelayMs: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxBodyBytes: number;
  /** The keys in sharedAgents of the agents this client created, for close(). */
  private readonly ownedAgents = new Set<string>();
  private warnedPlainHttp = false;
  /** The size of the last body this client decompressed, to size the next one's buffers. */
  private lastDecodedBytes = 0;

  constructor(private readonly options: ClientOptions) {
    this.base = parseBaseUrl(options.baseUrl);
    this.baseUrl = this.base.href;
    this.authHeader = options.authHeader ?? 'X-Application-Key';
    this.accept = options.accept ?? 'json';
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
    this.maxAttempts = Math.max(1, options.retry?.maxAttempts ?? 4);
    this.maxTotalMs = options.retry?.maxTotalMs ?? 30_000;
    this.baseDelayMs = options.retry?.baseDelayMs ?? 500;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  }

  /**
   * Absolute http(s) URLs are used as they are (a UsageError for any other absolute URL).
   * Anything else is a path under the base URL; an href that already starts with the base path
   * (`/api/v1/bookings/1`) is not prefixed twice.
   */
  resolve(pathOrHref: string, query?: QueryInput): URL {
    let url: URL;
    if (/^[a-z][a-z\d+.-]*:\/\//i.test(pathOrHref)) {
      const absolute = parseUrl(pathOrHref);
      if (absolute === null || (absolute.protocol !== 'http:' && absolute.protocol !== 'https:')) {
        throw new UsageError(`invalid URL ${JSON.stringify(pathOrHref)}: only paths and absolute http:// or https:// URLs can be requested`);
      }
      url = absolute;
    } else {
      const basePath = this.base.pathname.replace(/\/+$/, '');
      // Collapsing leading slashes keeps `//host/x` a path, never another origin.
      const path = pathOrHref === '' ? '' : '/' + pathOrHref.replace(/^\/+/, '');
      const underBase = basePath !== '' && path.startsWith(basePath) && /^(?:$|[/?#])/.test(path.slice(basePath.length));
      url = new URL((underBase ? '' : basePath) + path || '/', this.base.origin);
    }
    for (const [k, v] of queryEntries(query)) url.searchParams.append(k, v);
    return url;
  }

  get<T = unknown>(path: string, query?: QueryInput): Promise<ApiResponse<T>> {
    return this.request<T>(query === undefined ? { path } : { path, query });
  }

  post<T = unknown>(path: string, body: unknown): Promise<ApiResponse<T>> {
    return this.request<T>({ method: 'POST', path, body });
  }

  patch<T = unknown>(path: string, body: unknown): Promise<ApiResponse<T>> {
    return this.request<T>({ method: 'PATCH', path, body });
  }

  delete<T = unknown>(path: string): Promise<ApiResponse<T>> {
    return this.request<T>({ method: 'DELETE', path });
  }

  /** The request as --dry-run shows it: nothing is sent and the key is shown as ***. */
  describe(options: RequestOptions): string {
    const method = (options.method ?? 'GET').toUpperCase();
    const url = this.resolve(options.path, options.query);
    const { body } = this.payload(options);
    const headers = redactHeaders(this.headersFor(url, options), this.authHeader);
    const lines = [`${method} ${url.href}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    if (body !== undefined) {
      // Pretty-printed for people; JSON whitespace is insignificant, so the content is what would be sent.
      const text = options.rawBody === undefined && (options.bodyFormat ?? 'json') === 'json' ? JSON.stringify(options.body, null, 2) : body.toString();
      lines.push('', text);
    }
    return lines.join('\n');
  }

  async request<T = unknown>(options: RequestOptions): Promise<ApiResponse<T>> {
    const method = (options.method ?? 'GET').toUpperCase();
    const accept = options.accept ?? this.accept;
    const { body } = this.payload(options);
    let url = this.resolve(options.path, options.query);
    const asked = url;
    const slot = this.cacheSlot(method, url, options);
    const cached = slot?.stored === undefined ? undefined : this.fromCache<T>(method, slot, slot.stored, accept);
    // A read the cache keeps is stored as text: it is read whole.
    const lazy = options.lazyResults === true && !options.binary && slot === undefined && method === 'GET' && accept === 'json';
    if (cached !== undefined && slot!.fresh) {
      this.trace([`cache hit: ${method} ${url.href} (stored ${seconds(Date.now() - slot!.stored!.storedAtMs)} ago)`]);
      slot!.hit();
      return cached;
    }
    // Past its TTL a stored answer is revalidated: the API answers 304 when it is still current.
    const conditional = cached === undefined ? {} : validators(slot!.stored!.headers);
    const visited = new Set([url.href]);
    let spentMs = 0;
    for (let attempt = 1; ; attempt++) {
      let failure: ApiError;
      let retryable: boolean;
      let waitMs: number | undefined;
      let reason: string;
      const attemptStarted = performance.now();
      try {
        const headers = url === asked ? { ...this.headersFor(url, options), ...conditional } : this.headersFor(url, options);
        const exchange = await this.send(method, url, headers, body, options.binary === true || lazy, options.revealKeys === true);
        const target = ANY_REDIRECT.has(exchange.status) ? this.redirectTarget(method, exchange, visited) : undefined;
        if (target !== undefined) {
          url = target;
          attempt--; // a move is not a failed attempt
          continue;
        }
        if (exchange.status === 304 && url === asked && cached !== undefined && Object.keys(conditional).length > 0) {
          const refreshed = slot!.revalidated(exchange.headers);
          this.trace([`revalidated (304): ${method} ${url.href} is unchanged; using the cached answer`]);
          return { ...cached, headers: refreshed.headers };
        }
        if (exchange.status < 300) {
          const response = options.binary ? binaryResponse<T>(exchange) : lazy ? this.toListResponse<T>(method, exchange, accept) : this.toResponse<T>(method, exchange, accept);
          if (!IDEMPOTENT_METHODS.has(method)) this.options.cache?.wrote(url);
          else if (slot !== undefined && url === asked && exchange.status === 200) slot.save({ ...exchange, url: exchange.url.href });
          return response;
        }
        if (url === asked && (exchange.status === 404 || exchange.status === 410)) slot?.forget();
        failure = this.statusError(method, exchange, accept);
        retryable = RETRY_STATUSES.has(exchange.status) && (exchange.status === 429 || IDEMPOTENT_METHODS.has(method));
        waitMs = retryAfterMs(exchange.headers['retry-after']);
        reason = exchange.status === 429 ? 'rate limited' : failureOrigin(method, exchange);
      } catch (error) {
        if (!(error instanceof TransportFailure)) throw error;
        failure = error.error;
        retryable = error.notSent || (error.reset && IDEMPOTENT_METHODS.has(method));
        reason = failure.message;
      } finally {
        spentMs += performance.now() - attemptStarted;
      }
      if (!retryable || attempt >= this.maxAttempts) throw failure;
      // Full jitter spreads clients that failed together; Retry-After, when given, wins.
      const delayMs = waitMs ?? Math.round(Math.random() * this.baseDelayMs * 2 ** (attempt - 1));
      if (spentMs + delayMs > this.maxTotalMs) {
        this.options.notice?.(`${reason}; a retry in ${seconds(delayMs)} would exceed the ${seconds(this.maxTotalMs)} retry budget, giving up`);
        throw failure;
      }
      this.options.notice?.(`${reason}; retrying in ${(delayMs / 1000).toFixed(1)}s (attempt ${attempt + 1}/${this.maxAttempts})`);
      await this.sleep(delayMs);
      spentMs += delayMs;
    }
  }

  /** The cache's slot for a plain catalogue read; a request with a body or headers of its own is never cached. */
  private cacheSlot(method: string, url: URL, options: RequestOptions): CacheSlot | undefined {
    const plain = options.body === undefined && options.rawBody === undefined && Object.keys(options.headers ?? {}).length === 0;
    return plain && IDEMPOTENT_METHODS.has(method) ? this.options.cache?.slot(method, url, options.accept ?? this.accept) : undefined;
  }

  /** The stored answer as a response, parsed as any answer is; one that does not parse is forgotten. */
  private fromCache<T>(method: string, slot: CacheSlot, stored: StoredAnswer, accept: Format): ApiResponse<T> | undefined {
    try {
      return this.toResponse<T>(method, { ...stored, url: new URL(stored.url), secrets: secretsToRedact([this.options.apiKey]) }, accept);
    } catch {
      slot.forget();
      return undefined;
    }
  }

  async close(): Promise<void> {
    const owned = [...this.ownedAgents].map((key) => {
      const agent = sharedAgents.get(key)!;
      sharedAgents.delete(key);
      return agent;
    });
    this.ownedAgents.clear();
    await Promise.all(owned.map(async (agent) => (await agent).close()));
  }

  /**
   * The proxy a request to `url` (default: the base URL) goes through, as people may see it
   * (credentials as ***); undefined when it goes direct or to the embedded sandbox.
   */
  proxyFor(url: URL = this.base): string | undefined {
    return this.proxy(url)?.shown;
  }

  private proxy(url: URL): Proxy | undefined {
    return this.options.dispatcher === undefined && this.options.transport === undefined ? proxyFor(url, this.options.proxyEnv ?? {}) : undefined;
  }

  /** The answer's head, its body still to come: from the transport, else through undici. */
  private async exchange(method: string, url: URL, headers: Record<string, string>, body: string | Buffer | undefined, signal: AbortSignal, proxy: Proxy | undefined): Promise<Answer> {
    if (this.options.transport !== undefined) return this.options.transport({ method, url, headers, body, signal });
    const [{ request }, dispatcher] = await Promise.all([loadUndici(), this.dispatcher(proxy)]);
    return request(url, { method: method, headers, body: body ?? null, dispatcher: dispatcher as Dispatcher, signal });
  }

  private dispatcher(proxy: Proxy | undefined): Promise<DispatchTarget> {
    if (this.options.dispatcher !== undefined) return Promise.resolve(this.options.dispatcher);
    const key = `${this.connectTimeoutMs} ${proxy?.url.href ?? ''}`;
    let agent = sharedAgents.get(key);
    if (agent === undefined) {
      const connect = { timeout: this.connectTimeoutMs };
      // proxyTunnel false: an http:// request goes to the proxy as `GET http://host/path`, as
      // curl sends it (a proxy may refuse CONNECT to other ports than 443); https:// always tunnels.
      agent = loadUndici().then(({ Agent, ProxyAgent }) => (proxy === undefined ? new Agent({ connect }) : new ProxyAgent({ uri: proxy.url.href, connect, proxyTunnel: false })));
      sharedAgents.set(key, agent);
      this.ownedAgents.add(key);
    }
    return agent;
  }

  private payload(options: RequestOptions): { body?: string | Buffer; contentType?: string } {
    const format = options.bodyFormat ?? 'json';
    const contentType = options.contentType ?? MEDIA_TYPES[format];
    if (options.rawBody !== undefined) return { body: options.rawBody, contentType };
    if (options.body === undefined) return {};
    return { body: format === 'xml' ? toXml(options.body, 'request') : JSON.stringify(options.body), contentType };
  }

  /** The key (and any credential header) goes only to the base URL's origin. */
  private headersFor(url: URL, options: RequestOptions): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: MEDIA_TYPES[options.accept ?? this.accept],
      'Accept-Encoding': ACCEPT_ENCODING,
      'User-Agent': this.options.userAgent ?? 'trek',
    };
    const { contentType } = this.payload(options);
    if (contentType !== undefined) headers['Content-Type'] = contentType;
    if (this.options.apiKey !== undefined) headers[this.authHeader] = this.options.apiKey;
    for (const [k, v] of Object.entries(options.headers ?? {})) setHeader(headers, k, v);
    if (url.origin !== this.base.origin) {
      for (const name of [this.authHeader, ...CREDENTIAL_HEADERS]) {
        const existing = findHeader(headers, name);
        if (existing !== undefined) delete headers[existing];
      }
    }
    // undici would throw a bare InvalidArgumentError (exit 1); the value may be the key, so it is never shown.
    for (const [name, value] of Object.entries(headers)) {
      if (!isValidHeaderName(name)) throw new UsageError(`invalid header name ${JSON.stringify(name)}: use letters, digits and -`);
      if (!isValidHeaderValue(value)) throw new UsageError(`the ${name} header cannot be sent: its value holds control characters or characters beyond Latin-1`);
    }
    return headers;
  }

  private trace(lines: string[]): void {
    const trace = this.options.trace;
    if (trace !== undefined) for (const line of lines) trace(line);
  }

  /**
   * One HTTP exchange: headers and the whole body within timeoutMs, or a TransportFailure.
   * `binary`: a success is kept as bytes, not decoded (content, or a `lazyResults` page).
   */
  private async send(method: string, url: URL, headers: Record<string, string>, body: string | Buffer | undefined, binary: boolean, revealKeys: boolean): Promise<Exchange> {
    const secret = new Set([this.authHeader.toLowerCase(), ...CREDENTIAL_HEADERS]);
    const secrets = revealKeys
      ? []
      : secretsToRedact([
          this.options.apiKey,
          ...Object.entries(headers)
            .filter(([name]) => secret.has(name.toLowerCase()))
            .map(([, value]) => value),
        ]);
    const proxy = this.proxy(url);
    if (!this.warnedPlainHttp && url.protocol === 'http:' && !isLoopback(url.hostname)) {
      this.warnedPlainHttp = true;
      this.options.notice?.(
        proxy === undefined
          ? `plain http:// to ${url.host}: the API key and the data travel unencrypted; use https://`
          : `plain http:// to ${url.host} through the proxy ${proxy.shown} (${proxy.variable}): the proxy can read the API key and the data; use https://`,
      );
    }
    this.trace([
      ...(proxy === undefined ? [] : [`* through the proxy ${proxy.shown} (${proxy.variable})${url.protocol === 'https:' ? ', tunnelled (CONNECT)' : ''}`]),
      `> ${method} ${url.href}`,
      ...Object.entries(redactHeaders(headers, this.authHeader)).map(([k, v]) => `> ${k}: ${v}`),
    ]);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    const started = performance.now();
    let status: number | undefined;
    try {
      const response = await this.exchange(method, url, headers, body, controller.signal, proxy);
      status = response.statusCode;
      const { bytes, decoded } = method === 'HEAD' ? { bytes: Buffer.alloc(0), decoded: false } : await this.readBody(response, method, url);
      // As undici's text(): UTF-8, a leading BOM dropped, invalid bytes replaced. Content that succeeded stays bytes.
      const raw = binary && status < 300 ? '' : redactText(new TextDecoder().decode(bytes), secrets);
      const elapsedMs = Math.round(performance.now() - started);
      const responseHeaders = Object.fromEntries(
        Object.entries(response.headers).flatMap(([k, v]): Array<[string, string]> => (v === undefined ? [] : [[k.toLowerCase(), redactText(Array.isArray(v) ? v.join(', ') : v, secrets)]])),
      );
      // node:http only for its status texts, and only once an answer came over the network: an answer from the cache never loads it.
      const statusText = process.getBuiltinModule('node:http').STATUS_CODES[status] ?? '';
      this.trace([`< ${status} ${statusText} (${elapsedMs} ms)`, ...Object.entries(responseHeaders).map(([k, v]) => `< ${k}: ${v}`)]);
      // What trek keeps and shows is the decoded body: the wire's encoding and length no longer describe it.
      if (decoded) {
        delete responseHeaders['content-encoding'];
        delete responseHeaders['content-length'];
      }
      return { status, statusText, headers: responseHeaders, url, raw, secrets, ...(binary && { bytes }) };
    } catch (error) {
      const failure = error instanceof ApiError ? new TransportFailure(error, false, false) : this.transportFailure(error, method, url, status, controller.signal.aborted, proxy);
      this.trace([`! ${failure.message} (${Math.round(performance.now() - started)} ms)`]);
      throw failure;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * The body, decoded as its Content-Encoding says as it streams in, and refused (before it is
   * all read) once it is larger than maxBodyBytes: the bound is on the decoded bytes, so a small
   * compressed body that expands without end (a decompression bomb) stops there too.
   */
  private async readBody(response: Answer, method: string, url: URL): Promise<{ bytes: Buffer; decoded: boolean }> {
    const protocolError = (message: string) => new ApiError({ kind: 'protocol', method, url: url.href, status: response.statusCode, message });
    // A 204 or 304 has no body to decode, whatever Content-Encoding it repeats (an empty input is no valid gzip).
    const codings = response.statusCode === 204 || response.statusCode === 304 ? [] : contentCodings(response.headers['content-encoding']);
    const unknown = codings.find((coding) => !(coding in DECODERS));
    if (unknown !== undefined || codings.length > MAX_CODINGS) {
      response.body.on('error', () => undefined).destroy();
      throw protocolError(`the response body of ${method} ${url.href} is encoded as "${codings.join(', ')}", which trek cannot decode (it asks for ${ACCEPT_ENCODING})`);
    }
    let body: Readable = response.body;
    let decodeError: unknown;
    if (codings.length > 0) {
      // The modules themselves: import(), bundled as CommonJS, copies each module's exports into a new
      // object on every call, and on a walk those copies, alive while a page streams in, outlived
      // young collections page after page until Node 24 doubled its young generation.
      const zlib = process.getBuiltinModule('node:zlib');
      const { pipeline } = process.getBuiltinModule('node:stream');
      // The last coding applied is the first undone.
      // Output in buffers the size the last decoded body was: a page of a walk then comes out in one, used as it is.
      const chunkSize = Math.min(Math.max(this.lastDecodedBytes + (this.lastDecodedBytes >> 3), MIN_DECODED_CHUNK), this.maxBodyBytes);
      const decoders = [...codings].reverse().map((coding) => zlib[DECODERS[coding]]({ chunkSize }).on('error', (error) => (decodeError ??= error)));
      body = pipeline([response.body, ...decoders], () => undefined) as unknown as Readable;
    }
    const tooLarge = () => {
      // Destroyed unread, the body emits an abort error: with no listener it would end trek (exit 1) after the message.
      response.body.on('error', () => undefined).destroy();
      body.destroy();
      const limit = formatBytes(this.maxBodyBytes);
      return protocolError(
        `the response body of ${method} ${url.href} is larger than trek's ${limit} limit${codings.length > 0 ? ' once decompressed' : ''}; to accept it, raise the limit with TREK_MAX_BODY (e.g. TREK_MAX_BODY=256MiB)`,
      );
    };
    const declared = Number(response.headers['content-length']);
    if (declared > this.maxBodyBytes) throw tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > this.maxBodyBytes) throw tooLarge();
        chunks.push(chunk);
      }
    } catch (error) {
      if (decodeError !== undefined && !(error instanceof ApiError)) {
        throw protocolError(`the response body of ${method} ${url.href} is not valid ${codings.join(', ')} (${(decodeError as Error).message})`);
      }
      throw error;
    }
    if (codings.length === 0) return { bytes: Buffer.concat(chunks), decoded: false };
    this.lastDecodedBytes = size;
    return { bytes: adjoining(chunks) ?? Buffer.concat(chunks), decoded: true };
  }

  private transportFailure(error: unknown, method: string, url: URL, status: number | undefined, timedOut: boolean, proxy: Proxy | undefined): TransportFailure {
    const make = (kind: 'network' | 'timeout', message: string) => new ApiError({ kind, message, method, url: url.href, cause: error, ...(status === undefined ? {} : { status }) });
    if (timedOut) {
      const message =
        status === undefined
          ? `no response within ${seconds(this.timeoutMs)} (--timeout) from ${method} ${url.href}`
          : `the response body of ${method} ${url.href} did not arrive within ${seconds(this.timeoutMs)} (--timeout)`;
      return new TransportFailure(make('timeout', message), false, false);
    }
    const tls = tlsProblem(error);
    if (tls !== undefined) {
      const message = `the TLS certificate of ${url.host} is not trusted (${tls}); if a proxy or firewall inspects TLS, give its CA certificate in NODE_EXTRA_CA_CERTS (a PEM file)`;
      return new TransportFailure(make('network', message), false, false);
    }
    // With a proxy, trek connects to the proxy only: what fails to connect is the proxy.
    const peer = proxy === undefined ? url.origin : `the proxy ${proxy.shown} (${proxy.variable})`;
    const code = errorCode(error);
    switch (code) {
      case 'UND_ERR_CONNECT_TIMEOUT':
        return new TransportFailure(make('timeout', `could not connect to ${peer} within ${seconds(this.connectTimeoutMs)}`), false, false, true);
      case 'ECONNREFUSED':
        return new TransportFailure(make('network', `connection refused to ${peer}`), true, false);
      case 'ECONNRESET':
      case 'EPIPE':
      case 'UND_ERR_SOCKET':
        return new TransportFailure(make('network', `connection reset by ${peer} before a complete response to ${method} ${url.href}`), false, true);
      case 'ENOTFOUND':
      case 'EAI_AGAIN':
        return new TransportFailure(make('network', `host not found: ${proxy === undefined ? url.hostname : `${proxy.url.hostname}, the proxy in ${proxy.variable}`}`), false, false, true);
    }
    const message = (error as Error).message;
    // undici's words for a proxy that refused: a CONNECT answered with another status than 200, or a 407 to a forwarded request.
    const refused = proxy === undefined ? null : /Proxy response \((\d+)\)|Proxy Authentication Required \((\d+)\)/.exec(message);
    if (refused !== null) {
      const proxyStatus = Number(refused[1] ?? refused[2]);
      const hint = proxyStatus === 407 ? `; it wants a user name and password: give them in ${proxy!.variable} (http://user:password@host:port)` : '';
      return new TransportFailure(make('network', `the proxy ${proxy!.shown} (${proxy!.variable}) refused ${method} ${url.href} with HTTP ${proxyStatus}${hint}`), false, false);
    }
    // Invalid arguments (a header with a newline, say) are our bug or bad input, not the network.
    if (code?.startsWith('UND_ERR_INVALID')) throw error;
    return new TransportFailure(make('network', `${method} ${url.href} failed${proxy === undefined ? '' : ` through the proxy ${proxy.shown}`}: ${withoutCredentials(message, proxy)}`), false, false);
  }

  /**
   * Where a redirect leads, when it is followed (301/308); undefined for a redirect left to
   * statusError. A write sent to another origin is refused whatever the status: its body and
   * the key go only where they were sent.
   */
  private redirectTarget(method: string, exchange: Exchange, visited: Set<string>): URL | undefined {
    const protocolError = (message: string) => new ApiError({ kind: 'protocol', message, method, url: exchange.url.href, status: exchange.status });
    const follows = FOLLOWED_REDIRECTS.has(exchange.status);
    const location = exchange.headers.location;
    if (location === undefined) {
      if (follows) throw protocolError(`HTTP ${exchange.status} from ${method} ${exchange.url.href} without a Location header`);
      return undefined;
    }
    const target = parseUrl(location, exchange.url);
    if (target === null) throw protocolError(`HTTP ${exchange.status} from ${method} ${exchange.url.href} with an invalid Location header`);
    if (!IDEMPOTENT_METHODS.has(method) && target.origin !== exchange.url.origin) {
      throw new ApiError({
        kind: 'redirect',
        method,
        url: exchange.url.href,
        status: exchange.status,
        message: `${failureOrigin(method, exchange)} redirects to another origin, ${target.href}; not followed: trek never re-sends a write, its body or the API key to another origin`,
      });
    }
    if (!follows) return undefined;
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw protocolError(`HTTP ${exchange.status} from ${method} ${exchange.url.href} moves to ${target.href}, which is not an http:// or https:// URL`);
    }
    if (visited.has(target.href)) throw protocolError(`redirect loop: ${method} ${exchange.url.href} moved to ${target.href}, which was already visited`);
    if (visited.size > MAX_REDIRECTS) throw protocolError(`too many redirects (more than ${MAX_REDIRECTS}) for ${method} ${[...visited][0]}`);
    visited.add(target.href);
    const elsewhere = target.origin === this.base.origin ? '' : ' (another origin: following without the API key)';
    this.options.notice?.(`${method} ${exchange.url.href} moved permanently to ${target.href}; update saved references${elsewhere}`);
    return target;
  }

  private statusError(method: string, exchange: Exchange, accept: Format): ApiError {
    const { status, url } = exchange;
    const init = { kind: 'http' as const, method, url: url.href, status };
    const origin = failureOrigin(method, exchange);
    if (status < 400) {
      return new ApiError({ ...init, kind: 'protocol', message: `${origin}: a redirect the API does not use (only 301/308 moves are followed)` });
    }
    const parsed = parseBody(exchange.raw, exchange.headers['content-type'] ?? '', accept, `${accept.toUpperCase()} error`, exchange.secrets);
    if (!parsed.ok) return new ApiError({ ...init, message: `HTTP ${status} from ${method} ${url.href}: ${parsed.problem}` });
    if (parsed.data === undefined) return new ApiError({ ...init, message: `${origin} (no error body)` });
    const body = toErrorBody(parsed.data);
    if (body === undefined) return new ApiError({ ...init, message: `${origin}: the body is not the API's error format` });
    return new ApiError({ ...init, body, message: body.message || origin });
  }

  /**
   * A `lazyResults` success: its envelope parsed now, its records when read. A body the scan
   * cannot lay out (src/api/list-body.ts) is decoded and parsed whole, so it fails as any answer.
   */
  private toListResponse<T>(method: string, exchange: Exchange, accept: Format): ApiResponse<T> {
    const bytes = exchange.bytes!;
    const type = (exchange.headers['content-type'] ?? '').toLowerCase();
    // A record is two levels down: in the envelope, in its results.
    const layout = type.includes('json') || type === '' ? listLayout(bytes, MAX_NESTING - 2) : undefined;
    const text = (part: Buffer) => redactText(new TextDecoder().decode(part), exchange.secrets);
    if (layout === undefined) return this.toResponse<T>(method, { ...exchange, raw: text(bytes) }, accept);
    const envelope = this.toResponse<T>(method, { ...exchange, raw: text(envelopeBytes(bytes, layout)) }, accept);
    const record = (recordText: string, index: number): unknown => {
      const parsed = parseRecord(recordText, index, exchange.secrets);
      if (!parsed.ok)
        throw new ApiError({ kind: 'protocol', message: `HTTP ${exchange.status} from ${method} ${exchange.url.href}: ${parsed.problem}`, method, url: exchange.url.href, status: exchange.status });
      return parsed.data;
    };
    // A record printed as sent must hold no key: only where the body holds none anywhere.
    const keyless = exchange.secrets.every((secret) => bytes.indexOf(secret) === -1);
    return { ...envelope, raw: '', results: new LazyResults(bytes, layout, record, keyless) };
  }

  private toResponse<T>(method: string, exchange: Exchange, accept: Format): ApiResponse<T> {
    const parsed = parseBody(exchange.raw, exchange.headers['content-type'] ?? '', accept, accept.toUpperCase(), exchange.secrets);
    const unusable = (problem: string) =>
      new ApiError({ kind: 'protocol', message: `HTTP ${exchange.status} from ${method} ${exchange.url.href}: ${problem}`, method, url: exchange.url.href, status: exchange.status });
    if (!parsed.ok) throw unusable(parsed.problem);
    // Only 204/205 (and HEAD) answer with nothing; any other success carries the resource.
    if (parsed.data === undefined && method !== 'HEAD' && exchange.status !== 204 && exchange.status !== 205) {
      throw unusable(`the body is empty, where the API sends ${accept === 'json' ? 'a JSON' : 'an XML'} document`);
    }
    if (parsed.format === 'json' && parsed.data !== undefined && (typeof parsed.data !== 'object' || parsed.data === null)) {
      throw unusable(`the body is ${parsed.data === null ? 'JSON null' : `a JSON ${typeof parsed.data}`}, not the object or list the API sends`);
    }
    return {
      status: exchange.status,
      statusText: exchange.statusText,
      headers: exchange.headers,
      url: exchange.url.href,
      data: parsed.data as T,
      raw: exchange.raw,
    };
  }
}
