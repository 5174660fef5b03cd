import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach } from 'vitest';
import { main } from '../../src/main.js';
import { createFactory, type Env, type Factory, type FactoryInit } from '../../src/factory.js';
import type { IOStreams } from '../../src/output/iostreams.js';
import { scriptedPrompter } from '../../src/prompt/prompter.js';
import { tempDir } from './temp-dirs.js';

export interface TestIO {
  io: IOStreams;
  out(): string;
  err(): string;
}

/**
 * In-memory streams; `tty` sets all three TTY flags (colour stays off unless asked). `rows` is
 * the screen's height: without it nothing is paged.
 */
export function testIO(options: { tty?: boolean; stdin?: string; columns?: number; rows?: number } = {}): TestIO {
  let out = '';
  let err = '';
  const input = new PassThrough();
  input.end(options.stdin ?? '');
  const tty = options.tty ?? false;
  const io: IOStreams = {
    out: { write: (chunk: string | Uint8Array) => (out += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()) },
    err: { write: (chunk: string) => (err += chunk) },
    in: input,
    stdoutIsTTY: tty,
    stderrIsTTY: tty,
    stdinIsTTY: tty,
    columns: options.columns ?? 100,
    rows: options.rows,
    colorOut: false,
    colorErr: false,
    inputAllowed: true,
  };
  return { io, out: () => out, err: () => err };
}

/** A fresh TREK_HOME, removed once the test file is done (temp-dirs.ts). */
export function tempHome(): string {
  return tempDir('trek-test-');
}

/**
 * For a test file about what trek keeps on disk: a fresh TREK_HOME for each test (removed after
 * it), its config file's path, and `trek(argv)` run in-process against it.
 */
export function useTempHome() {
  let home = '';
  beforeEach(() => {
    home = tempHome();
  });
  afterEach(() => {
    rmSync(home, { recursive: true, force: true });
  });
  return {
    home: () => home,
    configFile: () => join(home, 'config', 'config.json'),
    async trek(argv: string[], options: TestFactoryOptions = {}) {
      const t = testFactory({ ...options, env: { TREK_HOME: home, ...options.env } });
      const code = await main(argv, t.f);
      return { code, out: t.out(), err: t.err(), asked: t.prompter.asked };
    },
  };
}

export interface TestFactoryOptions {
  tty?: boolean;
  stdin?: string;
  columns?: number;
  rows?: number;
  env?: Env;
  /** Answers for the scripted prompter, in order. */
  answers?: unknown[];
  /** Point the factory at a running server (sets TREK_BASE_URL and TREK_API_KEY). */
  baseUrl?: string;
  apiKey?: string;
  clientOverrides?: FactoryInit['clientOverrides'];
  /** This machine's clock as trek sees it (default: the real one). */
  now?: () => Date;
}

export interface TestFactory extends TestIO {
  f: Factory;
  home: string;
  prompter: ReturnType<typeof scriptedPrompter>;
}

/** A factory on in-memory streams with TREK_HOME in a fresh temp dir (never the real home). */
export function testFactory(options: TestFactoryOptions = {}): TestFactory {
  const streams = testIO(options);
  const home = options.env?.TREK_HOME ?? tempHome();
  const env: Env = { TREK_HOME: home, ...options.env };
  if (options.baseUrl) env.TREK_BASE_URL = options.baseUrl;
  if (options.apiKey) env.TREK_API_KEY = options.apiKey;
  const prompter = scriptedPrompter(options.answers ?? []);
  const f = createFactory({ io: streams.io, env, version: '0.0.0-test', prompter, clientOverrides: options.clientOverrides, ...(options.now ? { now: options.now } : {}) });
  return { ...streams, f, home, prompter };
}
