/**
 * The sandbox: a stateful simulator of the operator's API on plain node:http, used by the
 * embedded default profile, `trek sandbox serve`, and the tests. See docs/sandbox.md.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { trackInFlight } from './drain.js';
import type { SandboxKey } from '../domain/sandbox.js';
import { hostGuard } from './guard.js';
import { createRequestHandler } from './http.js';
import { Router } from './router.js';
import type { State } from './model.js';
import { agentKey } from './keys.js';
import { installModules } from './routes/index.js';
import { resetDataFile, Store } from './store.js';

export interface SandboxOptions {
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Default 0: an ephemeral port. */
  port?: number;
  /**
   * Listen on a Unix socket instead of a port, in a new private (0700) folder made inside this
   * one — or under the system temp folder when that path would be too long for a socket.
   * Nobody but this user can connect, and no browser can reach it: no Host or Origin rules.
   */
  socketDir?: string;
  /** The one web origin allowed to call a TCP sandbox (CORS); default none. */
  cors?: string;
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
  /** Called with one line per request (never containing a key). */
  log?: (line: string) => void;
}

export interface RunningSandbox {
  /** `http://127.0.0.1:PORT`, no trailing slash; `http://localhost` on a Unix socket. */
  baseUrl: string;
  /** The Unix socket to connect to, when started with `socketDir`. */
  socketPath?: string;
  /** Key of the default agent (agent 1, Maple Leaf Travel). */
  apiKey: string;
  /** Key of the operator controls (docs/sandbox.md): reset, clock, availability, staff actions, keys. */
  operatorKey: string;
  keys: SandboxKey[];
  close(): Promise<void>;
}

/** Linux allows 107 bytes of socket path, macOS 103. */
const MAX_SOCKET_PATH_BYTES = 103;
const SOCKET_NAME = 'api.sock';

/**
 * A new private folder for the socket: `sbx-<pid>-XXXXXX` in `dir`, else (path too long) in the
 * temp folder. Folders left by a process that died without closing are removed on the way.
 */
function privateSocketPath(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  removeDeadSocketFolders(dir);
  const prefix = `sbx-${process.pid}-`;
  // mkdtemp adds six characters.
  const fits = Buffer.byteLength(join(dir, `${prefix}XXXXXX`, SOCKET_NAME)) <= MAX_SOCKET_PATH_BYTES;
  return join(mkdtempSync(join(fits ? dir : tmpdir(), fits ? prefix : `trek-${prefix}`)), SOCKET_NAME);
}

function removeDeadSocketFolders(dir: string): void {
  for (const name of readdirSync(dir)) {
    const pid = /^sbx-(\d+)-/.exec(name)?.[1];
    if (pid !== undefined && !isRunning(Number(pid))) rmSync(join(dir, name), { recursive: true, force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function listen(server: Server, ...args: [path: string] | [port: number, host: string]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    const listening = () => {
      server.off('error', reject);
      resolve();
    };
    if (args.length === 1) server.listen(args[0], listening);
    else server.listen(args[0], args[1], listening);
  });
}

/** A store's keys: the default agent's, the operator's and every agent's with who it is. */
export function keysOf(state: State): Pick<RunningSandbox, 'apiKey' | 'operatorKey' | 'keys'> {
  const keys = Object.values(state.collections.agents).map((agent) => agentKey(state, agent));
  return { apiKey: state.collections.agents['1']!.api_key, operatorKey: state.operator_key, keys };
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const store = await Store.open({ dataFile: options.dataFile, seed: options.seed, size: options.size, now: options.now });
  const router = installModules(new Router(), store);
  const server = createServer({ keepAlive: true });
  const inFlight = trackInFlight(server);
  const pipeline = { log: options.log, cpuBudgetMs: options.cpuBudgetMs };
  let baseUrl: string;
  let socketPath: string | undefined;
  if (options.socketDir !== undefined) {
    socketPath = privateSocketPath(options.socketDir);
    try {
      await listen(server, socketPath);
    } catch (error) {
      rmSync(dirname(socketPath), { recursive: true, force: true });
      throw error;
    }
    server.on('request', createRequestHandler(store, router, pipeline));
    baseUrl = 'http://localhost';
  } else {
    const host = options.host ?? '127.0.0.1';
    await listen(server, options.port ?? 0, host);
    const { port } = server.address() as AddressInfo;
    // The port is known only now, and the Host rules need it; no request is read before this.
    server.on('request', createRequestHandler(store, router, { ...pipeline, guard: hostGuard({ host, port, cors: options.cors }) }));
    const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    baseUrl = `http://${shownHost}:${port}`;
  }
  return {
    baseUrl,
    ...(socketPath === undefined ? {} : { socketPath }),
    ...keysOf(store.read()),
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await inFlight.drain();
      await store.idle();
      server.closeAllConnections();
      await closed;
      if (socketPath !== undefined) rmSync(dirname(socketPath), { recursive: true, force: true });
    },
  };
}

/** Replaces the data file with a fresh seed (keeping its seed and size unless given). A
 * snapshot of an unknown version is refused, never overwritten; a damaged one is kept beside
 * it under a new name, which is returned. */
export async function resetSandbox(dataFile: string, options: { seed?: number; size?: number } = {}): Promise<{ damagedKeptAs?: string }> {
  return resetDataFile(dataFile, options);
}

export { SnapshotError } from './errors.js';
export { MAX_SANDBOX_SIZE, MAX_SEED } from './store.js';
export { normaliseOrigin } from './guard.js';
export { SEARCH_LIMITS } from './search.js';
