/**
 * The sandbox: a stateful simulator of the operator's API, answering in process (the embedded
 * default profile: openSandbox) or on plain node:http (`trek sandbox serve`, the tests:
 * startSandbox). See docs/sandbox.md.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { trackInFlight } from './drain.js';
import type { SandboxKey } from '../domain/sandbox.js';
import { hostGuard } from './guard.js';
import { createPipeline, createRequestHandler, type PipelineOptions, type Respond, type SandboxResponse } from './http.js';
import { Router } from './router.js';
import type { State } from './model.js';
import { agentKey } from './keys.js';
import { installModules } from './routes/index.js';
import { resetDataFile, Store, type ResetOptions } from './store.js';
import { startDeliverer, type DelivererOptions, type WebhookDelivery } from './webhooks/deliverer.js';

/** A sandbox's store and pipeline, wherever it answers. */
export interface SandboxCoreOptions {
  /** Persisted snapshot; omit to keep everything in memory. */
  dataFile?: string;
  /** Catalogue seed for a new store; default 1. */
  seed?: number;
  /** Number of departures for a new store; default 400. */
  size?: number;
  /** Initial virtual clock of a new store; default the real time. */
  now?: Date;
  /** CPU time one request may spend searching and ordering; default SEARCH_LIMITS.cpuMs. */
  cpuBudgetMs?: number;
  /** Requests a second per key past which the answer is 429 with Retry-After; default no limit. */
  rateLimit?: number;
  /** Called with one line per request (never containing a key). */
  log?: (line: string) => void;
  /** How webhooks are delivered (retry schedule, attempt timeout, polling); tests shorten it. Default docs/sandbox.md, "Webhooks". */
  webhookDelivery?: Omit<DelivererOptions, 'log'>;
}

export interface SandboxOptions extends SandboxCoreOptions {
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Default 0: an ephemeral port. */
  port?: number;
  /** The one web origin allowed to call a TCP sandbox (CORS); default none. */
  cors?: string;
}

export interface RunningSandbox {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  baseUrl: string;
  /** Key of the default agent (agent 1, Maple Leaf Travel). */
  apiKey: string;
  /** Key of the operator controls (docs/sandbox.md): reset, clock, availability, staff actions, keys. */
  operatorKey: string;
  keys: SandboxKey[];
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** A store's keys: the default agent's, the operator's and every agent's with who it is. */
export function keysOf(state: State): Pick<RunningSandbox, 'apiKey' | 'operatorKey' | 'keys'> {
  const keys = Object.values(state.collections.agents).map((agent) => agentKey(state, agent));
  return { apiKey: state.collections.agents['1'].api_key, operatorKey: state.operator_key, keys };
}

export interface InProcessSandbox extends Pick<RunningSandbox, 'apiKey' | 'operatorKey' | 'keys'> {
  /** The request pipeline, called directly: no socket, no port, nothing another user could reach. */
  respond: Respond;
  /**
   * Starts sending the webhook outbox from this process — what this sandbox and every other
   * process on its data file queued — until stop() (`trek webhooks listen` runs it for the
   * built-in sandbox, which has no server of its own). close() stops it too.
   */
  startWebhookDelivery(): WebhookDelivery;
  /** Waits for the requests being answered and the writes they made. */
  close(): Promise<void>;
}

/** The sandbox without a listener, for the embedded profile (src/api/in-process.ts dispatches to it). */
export async function openSandbox(options: SandboxCoreOptions = {}): Promise<InProcessSandbox> {
  const { store, router, pipeline } = await openCore(options);
  const respond = createPipeline(store, router, pipeline);
  const answering = new Set<Promise<SandboxResponse>>();
  const deliverers = new Set<WebhookDelivery>();
  return {
    ...keysOf(store.read()),
    respond: (request) => {
      const answer = respond(request);
      answering.add(answer);
      const settled = () => answering.delete(answer);
      answer.then(settled, settled);
      return answer;
    },
    startWebhookDelivery: () => {
      const deliverer = startDeliverer(store, { ...options.webhookDelivery, log: options.log });
      deliverers.add(deliverer);
      return {
        stop: async () => {
          deliverers.delete(deliverer);
          await deliverer.stop();
        },
      };
    },
    close: async () => {
      await Promise.allSettled(answering);
      await Promise.allSettled([...deliverers].map((deliverer) => deliverer.stop()));
      await store.idle();
    },
  };
}

async function openCore(options: SandboxCoreOptions): Promise<{ store: Store; router: Router; pipeline: PipelineOptions }> {
  const store = await Store.open({ dataFile: options.dataFile, seed: options.seed, size: options.size, now: options.now });
  return { store, router: installModules(new Router(), store), pipeline: { log: options.log, cpuBudgetMs: options.cpuBudgetMs, rateLimit: options.rateLimit } };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const { store, router, pipeline } = await openCore(options);
  const server = createServer({ keepAlive: true });
  const inFlight = trackInFlight(server);
  const host = options.host ?? '127.0.0.1';
  await listen(server, options.port ?? 0, host);
  const { port } = server.address() as AddressInfo;
  // The port is known only now, and the Host rules need it; no request is read before this.
  server.on('request', createRequestHandler(store, router, { ...pipeline, guard: hostGuard({ host, port, cors: options.cors }) }));
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  // The process that serves delivers the webhooks (docs/sandbox.md, "Webhooks").
  const deliverer = startDeliverer(store, { ...options.webhookDelivery, log: options.log });
  return {
    baseUrl: `http://${shownHost}:${port}`,
    ...keysOf(store.read()),
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await inFlight.drain();
      await deliverer.stop();
      await store.idle();
      server.closeAllConnections();
      await closed;
    },
  };
}

/** Replaces the data file with a fresh seed (keeping its seed and size unless given). A
 * snapshot of an unknown version is refused, never overwritten; a damaged one is kept beside
 * it under a new name, which is returned. */
export async function resetSandbox(dataFile: string, options: ResetOptions = {}): Promise<{ damagedKeptAs?: string }> {
  return resetDataFile(dataFile, options);
}

export { SnapshotError } from './errors.js';
export { MAX_SANDBOX_SIZE, MAX_SEED } from './store.js';
export { normaliseOrigin } from './guard.js';
export { SEARCH_LIMITS } from './search.js';
