/**
 * ApiError: everything that can go wrong between sending a request and holding a usable
 * response, with the exit code each means. Kept free of undici so src/main.ts can report it
 * without loading the HTTP stack.
 */
import { ExitCode, TrekError, type ExitCodeValue } from '../errors.js';
import type { components } from '../domain/contract.js';

type WireError = components['schemas']['Error'];
type WireErrorDetail = NonNullable<WireError['errors']>[number];
/** The members of `T`, each optional and (an untyped one aside) never null: a server's body as read, a null member left out. */
type AsRead<T> = { [K in keyof T]?: unknown extends T[K] ? unknown : NonNullable<T[K]> };

/** One developer-oriented entry of `errors[]` (spec §7.2). */
export type ApiErrorDetail = AsRead<WireErrorDetail>;

/** The error dictionary every error response carries (spec §7.2); any member may be missing. */
export type ApiErrorBody = AsRead<Omit<WireError, 'errors'>> & { errors?: ApiErrorDetail[] };

/**
 * http: the server answered with status >= 400 · network: no answer (refused, reset, DNS) ·
 * timeout: no (complete) answer in time · protocol: an answer that breaks the API's rules
 * or trek's limits (unparseable, empty, too large or too deeply nested 2xx body, redirect
 * loop, pagination loop, unusable next link) · redirect: a write sent to another origin by
 * a redirect, which trek refuses to follow.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'protocol' | 'redirect';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  method: string;
  url: string;
  status?: number;
  body?: ApiErrorBody;
  cause?: unknown;
}

/** The exit code of an HTTP status (docs: `trek help exit-codes`). */
export function exitCodeForStatus(status: number | undefined): ExitCodeValue {
  if (status === undefined) return ExitCode.server;
  if (status === 401 || status === 403) return ExitCode.auth;
  if (status === 404 || status === 410) return ExitCode.notFound;
  if (status === 429) return ExitCode.rateLimited;
  if (status >= 500) return ExitCode.server;
  if (status >= 400) return ExitCode.rejected;
  return ExitCode.server;
}

export class ApiError extends TrekError {
  override name = 'ApiError';
  readonly jsonCode: string;
  kind: ApiErrorKind;
  status?: number;
  body?: ApiErrorBody;
  method: string;
  /** The request URL; the key travels in a header, so it never appears here. */
  url: string;
  /** A 404 trek concluded itself after looking in every collection it could: not to be looked into again. */
  concluded?: boolean;
  /** The request never reached the server (refused, host not found, no connection in time). */
  notSent?: boolean;
  /** What to do next, said under the error (in JSON, its `hint`). */
  hint?: string;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.jsonCode = init.kind;
    this.method = init.method;
    this.url = init.url;
    if (init.status !== undefined) this.status = init.status;
    if (init.body !== undefined) this.body = init.body;
  }

  get exitCode(): ExitCodeValue {
    if (this.kind === 'http') return exitCodeForStatus(this.status);
    // A write redirected to another origin: trek refused to follow, as the API might have refused the request.
    return this.kind === 'redirect' ? ExitCode.rejected : ExitCode.server;
  }

  /** The API's own error body for an HTTP error (spec §7.2), else the message and what went wrong. */
  override toJson(): Record<string, unknown> {
    const hint = this.hint === undefined ? {} : { hint: this.hint };
    if (this.body) return { ...this.body, ...hint };
    return { ...(this.kind === 'http' ? { message: this.message, http_status_code: this.status } : { message: this.message, code: this.kind }), ...hint };
  }
}

/**
 * A 404 that trek concludes itself and explains in its own words (no service of that id in any
 * collection, a server that is not a trek sandbox): the same error, and exit code, as the server's.
 */
export function notFoundError(method: string, url: string, message: string): ApiError {
  const error = new ApiError({ kind: 'http', status: 404, method, url, message });
  error.concluded = true;
  return error;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function toDetail(value: unknown): ApiErrorDetail | undefined {
  if (!isRecord(value)) return undefined;
  const detail: ApiErrorDetail = {};
  const field = optionalString(value.field);
  const code = optionalString(value.code);
  const text = optionalString(value.detail);
  if (field !== undefined) detail.field = field;
  if (code !== undefined) detail.code = code;
  if (text !== undefined) detail.detail = text;
  if ('value' in value) detail.value = value.value;
  return detail;
}

/**
 * An XML schema without array markers gives `<errors><error>…</error></errors>`, which the
 * XML reader turns into an object of children rather than a list; accept both shapes.
 */
function toDetails(value: unknown): ApiErrorDetail[] | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const wrapped = isRecord(value) && Object.values(value).every(isRecord);
  const entries = Array.isArray(value) ? value : wrapped ? Object.values(value) : [value];
  return entries.map(toDetail).filter((d): d is ApiErrorDetail => d !== undefined);
}

/**
 * Reads a parsed response body as the §7.2 error dictionary. Returns undefined when the
 * value is not one (a proxy's JSON, an unrelated document), so the caller can say so.
 */
export function toErrorBody(value: unknown): ApiErrorBody | undefined {
  if (!isRecord(value)) return undefined;
  const known = (['http_status_code', 'message', 'error_id', 'errors'] satisfies Array<keyof WireError>).some((k) => value[k] !== undefined && value[k] !== null);
  if (!known) return undefined;
  const body: ApiErrorBody = {};
  const status = Number(value.http_status_code);
  if (value.http_status_code !== null && value.http_status_code !== '' && Number.isInteger(status)) body.http_status_code = status;
  for (const key of ['time', 'message', 'error_id', 'href'] as const) {
    const text = optionalString(value[key]);
    if (text !== undefined) body[key] = text;
  }
  const errors = toDetails(value.errors);
  if (errors !== undefined) body.errors = errors;
  return body;
}

/** Whether the server answered with one of these HTTP statuses (not a network or protocol failure). */
export function isHttpStatus(error: unknown, ...statuses: number[]): error is ApiError {
  return error instanceof ApiError && error.kind === 'http' && error.status !== undefined && statuses.includes(error.status);
}

/** The value, or undefined when the API says there is no such resource. */
export async function unlessNotFound<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (error) {
    if (isHttpStatus(error, 404, 410)) return undefined;
    throw error;
  }
}

/**
 * A write whose outcome nobody knows: a POST that reached the server and got no usable answer
 * (a reset connection, a timeout, a 5xx). The record may or may not exist; retrying blindly
 * could make it twice.
 */
export function outcomeUnknown(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.method !== 'POST' || error.notSent) return false;
  return error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'http' && error.status !== undefined && error.status >= 500);
}
