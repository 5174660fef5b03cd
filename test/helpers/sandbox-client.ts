import { afterAll, beforeAll } from 'vitest';
import type { SandboxKey } from '../../src/domain/sandbox.js';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { NOW } from './clock.js';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: any;
}

/**
 * Who a request acts as: a literal key, a seeded agent of the sandbox at hand (its keys are
 * random, so tests name the agent — see KEYS), or its operator.
 */
export type Key = string | { agent: string } | 'operator';

export interface HttpClient {
  request(method: string, path: string, options?: { body?: unknown; raw?: string; headers?: Record<string, string>; key?: Key | null }): Promise<Answer>;
  get(path: string, key?: Key | null): Promise<Answer>;
  post(path: string, body: unknown, key?: Key | null): Promise<Answer>;
  patch(path: string, body: unknown, key?: Key | null): Promise<Answer>;
}

/** What a sandbox's keys are, for a client of it. */
export interface SandboxKeys {
  apiKey: string;
  operatorKey: string;
  keys: SandboxKey[];
}

function keyHeaders(key: Key, keys: SandboxKeys): Record<string, string> {
  if (key === 'operator') return { 'x-sandbox-operator-key': keys.operatorKey };
  if (typeof key === 'string') return { 'x-application-key': key };
  const found = keys.keys.find((k) => k.agent_id === key.agent);
  if (!found) throw new Error(`no agent ${key.agent} in this sandbox`);
  return { 'x-application-key': found.key };
}

export interface Client extends HttpClient {
  sandbox: RunningSandbox;
}

/**
 * Plain fetch against any sandbox, as an integrator's code would talk to it: `key` defaults to
 * the sandbox's default agent's (null sends none), `body` is sent as JSON, `raw` as it is;
 * redirects are not followed; nothing compressed unless a test's headers ask.
 */
export function clientAt(baseUrl: string, keys: SandboxKeys): HttpClient {
  const request: HttpClient['request'] = async (method, path, options = {}) => {
    const key = options.key === undefined ? keys.apiKey : options.key;
    // identity unless a test asks otherwise: fetch would ask for gzip, and tests read the pipeline's own bytes and tags.
    const headers: Record<string, string> = { 'accept-encoding': 'identity', ...(key === null ? {} : keyHeaders(key, keys)), ...options.headers };
    let body: string | undefined = options.raw;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(baseUrl + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  };
  return {
    request,
    get: (path, key) => request('GET', path, { key }),
    post: (path, body, key) => request('POST', path, { body, key }),
    patch: (path, body, key) => request('PATCH', path, { body, key }),
  };
}

export function clientFor(sandbox: RunningSandbox): Client {
  return { sandbox, ...clientAt(sandbox.baseUrl, sandbox) };
}

/**
 * A set-up request that must succeed: its parsed JSON body (undefined when it is empty). Any
 * status outside 2xx, or a body that is not JSON, throws with the request, the status and the body.
 */
export async function expectOk(client: HttpClient, method: string, path: string, options: { body?: unknown; key?: Key | null } = {}): Promise<any> {
  const answer = await client.request(method, path, options);
  if (answer.status < 200 || answer.status > 299 || (answer.json === undefined && answer.text !== '')) {
    throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  }
  return answer.json;
}

/** One in-memory sandbox for the file's tests on the pinned clock (unless `options.now` says otherwise), started before and closed after them. */
export function useSandboxClient(options: SandboxOptions = {}): Client {
  const holder = {} as Client;
  beforeAll(async () => {
    Object.assign(holder, clientFor(await startSandbox({ now: NOW, ...options })));
  });
  afterAll(async () => {
    await holder.sandbox?.close();
  });
  return holder;
}

/** Follows `next` links from `path`, calling `between` after each page; returns every result. */
export async function collectPages(client: Client, path: string, between?: (page: number) => Promise<void>): Promise<any[]> {
  const results: any[] = [];
  let next: string | undefined = path;
  for (let page = 1; next; page++) {
    const answer = await client.get(next);
    if (answer.status !== 200) throw new Error(`${next}: ${answer.status} ${answer.text}`);
    results.push(...answer.json.results);
    next = answer.json.links.find((l: { rel: string }) => l.rel === 'next')?.href;
    if (between) await between(page);
  }
  return results;
}

/** The seeded agents tests act as (see docs/sandbox.md), and the operator. */
export const KEYS = {
  mapleLeaf: { agent: '1' },
  mapleLeafSecond: { agent: '2' },
  harbourLights: { agent: '3' },
  ceu: { agent: '5' },
  flexDisabled: { agent: '6' },
  /** Cascade Trails Travel: flex switched off for this agency alone. */
  flexDisabledAgency: { agent: '9' },
  prairie: { agent: '7' },
  operator: 'operator',
} as const satisfies Record<string, Key>;

/** The key of a seeded agent of `sandbox`. */
export function agentKey(sandbox: SandboxKeys, agentId: string): string {
  return keyHeaders({ agent: agentId }, sandbox)['x-application-key'];
}
