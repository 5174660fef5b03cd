import { afterAll, beforeAll } from 'vitest';
import { DEFAULT_API_KEY, startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.js';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: any;
}

export interface HttpClient {
  request(method: string, path: string, options?: { body?: unknown; raw?: string; headers?: Record<string, string>; key?: string | null }): Promise<Answer>;
  get(path: string, key?: string | null): Promise<Answer>;
  post(path: string, body: unknown, key?: string | null): Promise<Answer>;
  patch(path: string, body: unknown, key?: string | null): Promise<Answer>;
}

export interface Client extends HttpClient {
  sandbox: RunningSandbox;
}

/**
 * Plain fetch against any sandbox, as an integrator's code would talk to it: `key` defaults to
 * `defaultKey` (null sends none), `body` is sent as JSON, `raw` as it is; redirects are not followed.
 */
export function clientAt(baseUrl: string, defaultKey: string): HttpClient {
  const request: HttpClient['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? defaultKey : options.key;
    if (key !== null) headers['x-application-key'] ??= key;
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
  return { sandbox, ...clientAt(sandbox.baseUrl, DEFAULT_API_KEY) };
}

/** One in-memory sandbox for the file's tests, started before and closed after them. */
export function useSandbox(options: SandboxOptions = {}): Client {
  const holder = {} as Client;
  beforeAll(async () => {
    Object.assign(holder, clientFor(await startSandbox(options)));
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

/** Keys of the seeded agents (see docs/sandbox.md). */
export const KEYS = {
  mapleLeaf: DEFAULT_API_KEY,
  mapleLeafSecond: 'sandbox-key-agent-2',
  harbourLights: 'sandbox-key-agent-3',
  ceu: 'sandbox-key-agent-5',
  flexDisabled: 'sandbox-key-agent-6',
  prairie: 'sandbox-key-agent-7',
} as const;

/** A fixed virtual "now" so dates in assertions can be reasoned about. */
export const NOW = new Date('2027-01-10T15:00:00Z');
