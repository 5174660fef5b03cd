/**
 * The sandbox: a stateful simulator of the operator's API on plain node:http, used by the
 * embedded default profile, `trek sandbox serve`, and the tests. See docs/sandbox.md.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequestHandler } from './http.js';
import { Router } from './router.js';
import { installModules } from './routes/index.js';
import { apiKeyFor } from './seed.js';
import { resetDataFile, Store } from './store.js';

export interface SandboxOptions {
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Default 0: an ephemeral port. */
  port?: number;
  /** Persisted snapshot; omit to keep everything in memory. */
  dataFile?: string;
  /** Catalogue seed for a new store; default 1. */
  seed?: number;
  /** Number of departures for a new store; default 400. */
  size?: number;
  /** Initial virtual clock of a new store; default the real time. */
  now?: Date;
  /** Called with one line per request (never containing a key). */
  log?: (line: string) => void;
}

export interface SandboxKey {
  key: string;
  agent_id: string;
  agent_name: string;
  agency_id: string;
  agency_name: string;
  note: string;
}

export interface RunningSandbox {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  baseUrl: string;
  /** Key of the default agent. */
  apiKey: string;
  keys: SandboxKey[];
  close(): Promise<void>;
}

/** Key of agent 1 (Maple Leaf Travel), the same for every seed. */
export const DEFAULT_API_KEY: string = apiKeyFor('1');

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const store = await Store.open({ dataFile: options.dataFile, seed: options.seed, size: options.size, now: options.now });
  const router = installModules(new Router(), store);
  const server = createServer({ keepAlive: true }, createRequestHandler(store, router, { log: options.log }));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const state = store.read();
  const keys = Object.values(state.collections.agents).map((agent) => ({
    key: agent.api_key,
    agent_id: agent.id,
    agent_name: `${agent.first_name} ${agent.last_name}`,
    agency_id: agent.agency_id,
    agency_name: state.collections.agencies[agent.agency_id]?.name ?? '',
    note: agent.note,
  }));
  return {
    baseUrl: `http://${shownHost}:${port}`,
    apiKey: DEFAULT_API_KEY,
    keys,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await store.idle();
      server.closeAllConnections();
      await closed;
    },
  };
}

/** Replaces the data file with a fresh seed (keeping its seed and size unless given). A
 * snapshot of an unknown version is refused, never overwritten. */
export async function resetSandbox(dataFile: string, options: { seed?: number; size?: number } = {}): Promise<void> {
  await resetDataFile(dataFile, options);
}

export { SnapshotError } from './errors.js';
export { MAX_SANDBOX_SIZE, MAX_SEED } from './store.js';
