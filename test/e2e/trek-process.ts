/**
 * Runs the built CLI (`node bin/trek`, as a user would) in child processes with a fresh
 * TREK_HOME and none of the caller's TREK_* settings, so "no profile" really means none.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { clientAt, clientFor, expectOk, type HttpClient, type Key } from '../helpers/sandbox-client.js';
import { NOW } from '../helpers/clock.js';
import { tempDir } from '../helpers/temp-dirs.js';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const TREK_BIN = join(REPO, 'bin', 'trek');

/** A fresh TREK_HOME, removed once the test file is done (temp-dirs.ts). */
export function freshHome(): string {
  return tempDir('trek-e2e-');
}

/** The test process's environment without TREK_*, colour or XDG settings, plus `extra`. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(TREK_|XDG_|NO_COLOR$|FORCE_COLOR$|COLUMNS$)/.test(key)) env[key] = value;
  }
  return { ...env, ...extra };
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Watched {
  /** What the child printed so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves when the child has exited and its streams are closed. */
  exited: Promise<Finished>;
}

export function watch(child: ChildProcessWithoutNullStreams): Watched {
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<Finished>((resolvePromise, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => resolvePromise({ code, signal, stdout, stderr }));
  });
  return { stdout: () => stdout, stderr: () => stderr, exited };
}

/** `trek ARGS` to completion. */
export function runTrek(args: string[], env: Record<string, string>): Promise<Finished> {
  return watch(spawn(process.execPath, [TREK_BIN, ...args], { cwd: REPO, env: cleanEnv(env) })).exited;
}

export interface Server extends Watched {
  child: ChildProcessWithoutNullStreams;
  baseUrl: string;
  apiKey: string;
  operatorKey: string;
}

/** Plain HTTP to a served sandbox, with its default key (its agents' keys are not known here). */
export function clientOf(server: Server): HttpClient {
  return clientAt(server.baseUrl, { apiKey: server.apiKey, operatorKey: server.operatorKey, keys: [] });
}

/** `trek sandbox serve … -o json`, resolved once its first stdout line (the URL and key) is printed. */
export async function startServer(args: string[], env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, [TREK_BIN, 'sandbox', 'serve', '--port', '0', '-o', 'json', ...args], { cwd: REPO, env: cleanEnv(env) });
  const watched = watch(child);
  const firstLine = await new Promise<string>((resolveLine, reject) => {
    const onData = () => {
      const end = watched.stdout().indexOf('\n');
      if (end < 0) return;
      child.stdout.off('data', onData);
      resolveLine(watched.stdout().slice(0, end));
    };
    child.stdout.on('data', onData);
    void watched.exited.then((result) => reject(new Error(`trek sandbox serve exited early (${result.code}): ${result.stderr}`)));
  });
  const { base_url: baseUrl, api_key: apiKey, operator_key: operatorKey } = JSON.parse(firstLine) as { base_url: string; api_key: string; operator_key: string };
  return { ...watched, child, baseUrl, apiKey, operatorKey };
}

/**
 * For an e2e test file: a sandbox started in this process on port 0, and `trek` run against
 * it with a fresh TREK_HOME and no colour. `trek` never throws on a non-zero exit; `trekJson`
 * must exit 0 and gives the parsed stdout (JSON, as stdout is a pipe).
 */
export function useTrekAgainstSandbox() {
  let sandbox: RunningSandbox | undefined;
  let env: Record<string, string> = {};
  beforeAll(async () => {
    sandbox = await startSandbox({ now: NOW, port: 0 });
    env = {
      TREK_HOME: freshHome(),
      TREK_BASE_URL: sandbox.baseUrl,
      TREK_API_KEY: sandbox.apiKey,
      TREK_SANDBOX_OPERATOR_KEY: sandbox.operatorKey,
      NO_COLOR: '1',
      LANG: 'C.UTF-8',
    };
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  const trek = (...args: string[]): Promise<Finished> => runTrek(args, env);
  return {
    /** The environment trek runs with (TREK_HOME, TREK_BASE_URL, TREK_API_KEY, TREK_SANDBOX_OPERATOR_KEY, …). */
    env: () => env,
    /** Plain HTTP to the sandbox trek runs against, for setting up and checking what trek did. */
    client: (): HttpClient => clientFor(sandbox!),
    /**
     * A direct API call that must succeed (expectOk), with the default key unless `key` says
     * otherwise: a set-up step a test is not about costs no trek process.
     */
    api: (method: string, path: string, body?: unknown, key?: Key): Promise<any> => expectOk(clientFor(sandbox!), method, path, { body, key }),
    trek,
    async trekJson(...args: string[]): Promise<any> {
      const run = await trek(...args);
      expect(run.code, `trek ${args.join(' ')}: ${run.stderr}`).toBe(0);
      return JSON.parse(run.stdout);
    },
  };
}
