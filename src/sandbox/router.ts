/**
 * Method + path-pattern routing. Paths match with and without a trailing slash; a path that
 * exists for other methods is a 405 with `Allow`; PUT is PATCH (spec §4.1) and HEAD is GET.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { AgencyRecord, AgentRecord, State } from './model.js';
import type { Store } from './store.js';

export interface Caller {
  agent: AgentRecord;
  agency: AgencyRecord;
}

export interface RequestContext {
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
  caller: Caller;
  nowMs: number;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

interface Route {
  method: Method;
  segments: string[];
  handler: Handler;
}

export type RouteMatch =
  | { kind: 'found'; handler: Handler; params: Record<string, string> }
  | { kind: 'wrong-method'; allow: string[] }
  | { kind: 'none' };

/** Segments of a path, decoded; null when a segment is not valid percent-encoding. */
export function pathSegments(path: string): string[] | null {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '') return [];
  try {
    return trimmed.slice(1).split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
}

export class Router {
  private readonly routes: Route[] = [];

  get(pattern: string, handler: Handler): this {
    return this.add('GET', pattern, handler);
  }
  post(pattern: string, handler: Handler): this {
    return this.add('POST', pattern, handler);
  }
  patch(pattern: string, handler: Handler): this {
    return this.add('PATCH', pattern, handler);
  }
  delete(pattern: string, handler: Handler): this {
    return this.add('DELETE', pattern, handler);
  }

  /** `pattern` is like `/bookings/:id/services`; `:name` segments become params. */
  add(method: Method, pattern: string, handler: Handler): this {
    this.routes.push({ method, segments: pathSegments(pattern) ?? [], handler });
    return this;
  }

  match(method: string, path: string): RouteMatch {
    const segments = pathSegments(path);
    if (!segments) return { kind: 'none' };
    const wanted = method === 'HEAD' ? 'GET' : method === 'PUT' ? 'PATCH' : method;
    const allow = new Set<string>();
    let best: { route: Route; params: Record<string, string>; literal: number } | null = null;
    for (const route of this.routes) {
      if (route.segments.length !== segments.length) continue;
      const params: Record<string, string> = {};
      let literal = 0;
      let ok = true;
      for (let i = 0; i < segments.length && ok; i++) {
        const expected = route.segments[i]!;
        if (expected.startsWith(':')) params[expected.slice(1)] = segments[i]!;
        else if (expected === segments[i]) literal++;
        else ok = false;
      }
      if (!ok) continue;
      allow.add(route.method);
      // A literal segment beats a parameter (`/_sandbox/keys` over `/_sandbox/:x`).
      if (route.method === wanted && (!best || literal > best.literal)) best = { route, params, literal };
    }
    if (best) return { kind: 'found', handler: best.route.handler, params: best.params };
    if (allow.size === 0) return { kind: 'none' };
    if (allow.has('GET')) allow.add('HEAD');
    if (allow.has('PATCH')) allow.add('PUT');
    return { kind: 'wrong-method', allow: [...allow].sort() };
  }
}
