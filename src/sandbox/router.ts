/**
 * Method + path-pattern routing. Paths match with and without a trailing slash; a path that
 * exists for other methods is a 405 with `Allow`; PUT is PATCH (spec §4.1) and HEAD is GET.
 * A route is an agent's (authenticated by an agent key) or the operator's (by the operator key).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { AgencyRecord, AgentRecord, State } from './model.js';
import type { Store } from './store.js';

export interface Caller {
  agent: AgentRecord;
  agency: AgencyRecord;
}

/** What every handler gets; an agent's route (RequestContext) also knows the calling agent. */
export interface BaseContext {
  method: string;
  /** Path as requested, without the query. */
  path: string;
  /** Path and query as requested: the `href` of an error. */
  url: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON or XML body; undefined when there was none. */
  body: unknown;
  store: Store;
  /** State as of the start of the request, for reads. Changes go through `store.mutate`. */
  state: State;
  nowMs: number;
  /** CPU time one request may spend on search and ordering before it is refused (400). */
  cpuBudgetMs: number;
}

export interface RequestContext extends BaseContext {
  caller: Caller;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;
/** An operator control: no agent acts, so there is no caller. */
export type OperatorHandler = (ctx: BaseContext) => Reply | Promise<Reply>;

export type Target = { access: 'agent'; handler: Handler } | { access: 'operator'; handler: OperatorHandler };

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Route {
  method: Method;
  segments: string[];
  target: Target;
}

export type RouteMatch = { kind: 'found'; target: Target; params: Record<string, string> } | { kind: 'wrong-method'; allow: string[] } | { kind: 'none' };

const SLASH = 0x2f;

/** The path without its trailing slashes (a loop: a regex here cost a microsecond a request). */
export function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === SLASH) end--;
  return path.slice(0, end);
}

/** Segments of a path, decoded; null when a segment is not valid percent-encoding. */
export function pathSegments(path: string): string[] | null {
  const trimmed = withoutTrailingSlashes(path);
  if (trimmed === '') return [];
  const segments = trimmed.slice(1).split('/');
  if (!trimmed.includes('%')) return segments;
  try {
    return segments.map(decodeURIComponent);
  } catch {
    return null;
  }
}

/** How many literal segments of `pattern` the path matches; -1 when one differs. */
function literalsMatched(pattern: readonly string[], segments: readonly string[]): number {
  let literals = 0;
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i].startsWith(':')) continue;
    if (pattern[i] !== segments[i]) return -1;
    literals++;
  }
  return literals;
}

function paramsOf(pattern: readonly string[], segments: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  pattern.forEach((expected, i) => {
    if (expected.startsWith(':')) params[expected.slice(1)] = segments[i]!;
  });
  return params;
}

export class Router {
  /** Routes by number of segments: a path is only compared with routes of its own length. */
  private readonly routesByLength = new Map<number, Route[]>();

  get(pattern: string, handler: Handler): this {
    return this.add('GET', pattern, { access: 'agent', handler });
  }
  post(pattern: string, handler: Handler): this {
    return this.add('POST', pattern, { access: 'agent', handler });
  }
  patch(pattern: string, handler: Handler): this {
    return this.add('PATCH', pattern, { access: 'agent', handler });
  }
  delete(pattern: string, handler: Handler): this {
    return this.add('DELETE', pattern, { access: 'agent', handler });
  }
  /** A control needing the operator key: its effects reach beyond any one agency. */
  operator(method: Method, pattern: string, handler: OperatorHandler): this {
    return this.add(method, pattern, { access: 'operator', handler });
  }

  /** `pattern` is like `/bookings/:id/services`; `:name` segments become params. */
  add(method: Method, pattern: string, target: Target): this {
    const route: Route = { method, segments: pathSegments(pattern) ?? [], target };
    const sameLength = this.routesByLength.get(route.segments.length) ?? [];
    this.routesByLength.set(route.segments.length, [...sameLength, route]);
    return this;
  }

  match(method: string, path: string): RouteMatch {
    const segments = pathSegments(path);
    if (!segments) return { kind: 'none' };
    const wanted = method === 'HEAD' ? 'GET' : method === 'PUT' ? 'PATCH' : method;
    const allow = new Set<string>();
    let best: Route | null = null;
    let bestLiterals = -1;
    for (const route of this.routesByLength.get(segments.length) ?? []) {
      const literals = literalsMatched(route.segments, segments);
      if (literals < 0) continue;
      allow.add(route.method);
      // A literal segment beats a parameter (`/_sandbox/keys` over `/_sandbox/:x`).
      if (route.method === wanted && literals > bestLiterals) {
        best = route;
        bestLiterals = literals;
      }
    }
    if (best) return { kind: 'found', target: best.target, params: paramsOf(best.segments, segments) };
    if (allow.size === 0) return { kind: 'none' };
    if (allow.has('GET')) allow.add('HEAD');
    if (allow.has('PATCH')) allow.add('PUT');
    return { kind: 'wrong-method', allow: [...allow].sort() };
  }
}
