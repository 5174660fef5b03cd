import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import { renderItem, type OutputSpec } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import type { RunningSandbox } from '../../sandbox/index.js';
import { examples, parseInteger } from '../flags.js';
import { outputSpec } from '../output-spec.js';
import { processSignals, type SignalHook } from '../signals.js';
import { DATA_HELP, dataFileFlag, explainSnapshotError, parseCatalogueFlags, SEED_HELP, SIZE_HELP, type CatalogueFlags } from './data.js';

// Where the signal hook lived first: kept importable from here for the commands and tests that do.
export { processSignals, type SignalHook } from '../signals.js';

export interface ServeOptions {
  io: IOStreams;
  output: OutputSpec;
  host: string;
  port: number;
  /** The one web origin allowed to call it (--cors); undefined: none. */
  cors?: string;
  /** Snapshot file; undefined with --memory. */
  dataFile?: string;
  seed?: number;
  size?: number;
  /** Requests a second per key past which the answer is 429 (--rate-limit); undefined: no limit. */
  rateLimit?: number;
  /** serveRun closes the server and resolves once this is aborted. */
  stop: AbortSignal;
}

/** `--rate-limit 20/s` (or `20`): whole requests a second, at least 1. */
export function parseRateLimit(value: string): number {
  const match = /^\s*(\d+)\s*(?:\/\s*s)?\s*$/.exec(value);
  const perSecond = match ? Number(match[1]) : Number.NaN;
  if (!(perSecond >= 1 && perSecond <= 1_000_000)) throw new UsageError(`--rate-limit takes requests a second per key, such as 20/s (1 to 1000000), got "${value}"`);
  return perSecond;
}

export const DEFAULT_HOST = '127.0.0.1';
/** Fixed, so integrators configure their code once; `--port 0` picks a free one. */
export const DEFAULT_PORT = 4010;

export function newServeCmd(f: Factory, runF: (opts: ServeOptions) => Promise<void> = serveRun, signals: SignalHook = processSignals): Command {
  return new Command('serve')
    .summary('run the sandbox as an HTTP server for your own code and scripts')
    .description(
      'Run the sandbox as an HTTP server for your own code and scripts: the whole API, with state.\n\n' +
        'Prints the base URL, a ready key and the operator key (with -o json: one line {"base_url": …, "api_key": …, "operator_key": …}, first on stdout), ' +
        'logs each request on stderr and stops cleanly on Ctrl-C or SIGTERM.\n\n' +
        'Keys are random per sandbox data file. The operator key (header X-Sandbox-Operator-Key; TREK_SANDBOX_OPERATOR_KEY for trek) drives the controls reaching beyond one agency: reset, clock, availability, staff actions, the key list. ' +
        'Requests naming another Host (DNS rebinding) and requests from web pages (an Origin header) are refused unless --host and --cors allow them.',
    )
    .option('--host <host>', 'interface to listen on; also the one host name, besides localhost and loopback addresses, that requests may use', DEFAULT_HOST)
    .option('--cors <origin>', 'let web pages of this one origin (http://localhost:3000) call the sandbox')
    .option('--port <n>', 'port to listen on; 0 picks a free one', String(DEFAULT_PORT))
    .option('--data <file>', DATA_HELP)
    .option('--memory', 'keep the state in memory only: nothing is read or written')
    .option('--seed <n>', `${SEED_HELP} (default 1)`)
    .option('--size <n>', `${SIZE_HELP} (default 400)`)
    .option('--rate-limit <n/s>', 'answer 429 with Retry-After past N requests a second per key, as a rate-limited API would (default: no limit)')
    .addHelpText(
      'after',
      examples([
        'trek sandbox serve --port 4010',
        'trek sandbox serve --port 0 --memory -o json > sandbox.json &   # its first line: {"base_url": …, "api_key": …}',
        'trek sandbox serve --data ./sandbox.json --seed 7 --size 100000',
        'trek sandbox serve --rate-limit 5/s   # test how your code handles 429 and Retry-After',
        'TREK_BASE_URL=http://127.0.0.1:4010 TREK_API_KEY=<api_key> trek search departures',
        'TREK_BASE_URL=http://127.0.0.1:4010 TREK_API_KEY=<api_key> TREK_SANDBOX_OPERATOR_KEY=<operator_key> trek sandbox clock advance 30d',
      ]),
    )
    .action(async (flags: { host: string; port: string; cors?: string; data?: string; memory?: boolean; rateLimit?: string } & CatalogueFlags) => {
      if (flags.memory && flags.data !== undefined) throw new UsageError('use either --data or --memory, not both');
      if (flags.host.trim() === '') throw new UsageError('--host must not be empty');
      const { normaliseOrigin } = await import('../../sandbox/index.js');
      const cors = flags.cors === undefined ? undefined : normaliseOrigin(flags.cors.trim());
      if (cors === null) throw new UsageError(`--cors takes an origin such as http://localhost:3000 (scheme, host and port only), got '${flags.cors}'`);
      const port = parseInteger(flags.port, '--port', { min: 0, max: 65535 });
      const rateLimit = flags.rateLimit === undefined ? undefined : parseRateLimit(flags.rateLimit);
      const catalogue = await parseCatalogueFlags(flags);
      const stopping = new AbortController();
      const unsubscribe = signals((signal) => stopping.abort(signal));
      try {
        await runF({
          io: f.io,
          output: await outputSpec(f),
          host: flags.host,
          port,
          cors,
          dataFile: flags.memory ? undefined : dataFileFlag(f, flags.data),
          ...catalogue,
          rateLimit,
          stop: stopping.signal,
        });
      } finally {
        unsubscribe();
      }
    });
}

export async function serveRun(opts: ServeOptions): Promise<void> {
  const { io } = opts;
  if (opts.dataFile && (opts.seed !== undefined || opts.size !== undefined) && existsSync(opts.dataFile)) {
    io.err.write(`note: --seed and --size shape a new sandbox; ${opts.dataFile} exists and keeps its catalogue (trek sandbox reset --seed N starts it over)\n`);
  }
  const { startSandbox } = await import('../../sandbox/index.js');
  let sandbox: RunningSandbox;
  try {
    sandbox = await startSandbox({
      host: opts.host,
      port: opts.port,
      cors: opts.cors,
      dataFile: opts.dataFile,
      seed: opts.seed,
      size: opts.size,
      rateLimit: opts.rateLimit,
      // Paths and query strings are whatever a client sent: untrusted text on a terminal.
      log: (line) => io.err.write(`${sanitize(line, { multiline: true })}\n`),
    });
  } catch (error) {
    throw explainListenError(error, opts) ?? explainSnapshotError(error, 'Meanwhile the sandbox can run on another file (--data FILE) or in memory (--memory).');
  }
  try {
    await printReady(opts, sandbox);
    await aborted(opts.stop);
    io.err.write('Stopping the sandbox…\n');
  } finally {
    await sandbox.close();
  }
  io.err.write('Sandbox stopped.\n');
}

/** Where to send requests and with which keys: data on stdout, a hint for people on stderr. */
async function printReady(opts: ServeOptions, sandbox: RunningSandbox): Promise<void> {
  const { io, output } = opts;
  const ready = { base_url: sandbox.baseUrl, api_key: sandbox.apiKey, operator_key: sandbox.operatorKey };
  if (output.format !== 'table') {
    // Scripts read the first line: JSON is one compact line here, not the usual indented document.
    await renderItem(io, ready, output.format === 'json' ? { ...output, format: 'ndjson' } : output);
    return;
  }
  const agent = sandbox.keys.find((k) => k.key === sandbox.apiKey);
  const details = {
    ...ready,
    agent: agent ? `${agent.agent_name}, ${agent.agency_name} (agent ${agent.agent_id})` : '',
    data: opts.dataFile ?? 'in memory: nothing is kept after it stops',
  };
  await renderItem(io, details, output, {
    rows: [
      { field: 'base_url', header: 'Base URL' },
      { field: 'api_key', header: 'API key' },
      { field: 'agent', header: 'Agent' },
      { field: 'operator_key', header: 'Operator key' },
      { field: 'data', header: 'Data' },
    ],
  });
  io.err.write(
    `\nTry it:\n` +
      `  curl -H 'X-Application-Key: ${sandbox.apiKey}' '${sandbox.baseUrl}/departures/?max_per_page=10'\n` +
      `  TREK_BASE_URL=${sandbox.baseUrl} TREK_API_KEY=${sandbox.apiKey} trek search departures\n` +
      `Or keep it as a profile (the key read from stdin, never on the command line):\n` +
      `  echo ${sandbox.apiKey} | trek profile add served --base-url ${sandbox.baseUrl} --api-key-stdin --use\n` +
      `The operator key (header X-Sandbox-Operator-Key, or TREK_SANDBOX_OPERATOR_KEY for trek) drives reset, clock, availability, staff actions and the key list:\n` +
      `  TREK_BASE_URL=${sandbox.baseUrl} TREK_API_KEY=${sandbox.apiKey} TREK_SANDBOX_OPERATOR_KEY=${sandbox.operatorKey} trek sandbox keys\n` +
      `Requests are logged below; Ctrl-C stops the sandbox.\n\n`,
  );
}

function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/** Listening problems are the flags' fault (port taken, no such interface): exit 2, not a crash. */
function explainListenError(error: unknown, opts: ServeOptions): UsageError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `${opts.host}:${opts.port}`;
  if (code === 'EADDRINUSE') return new UsageError(`cannot listen on ${where}: the port is in use`, 'Pick another with --port N, or --port 0 for any free port.');
  if (code === 'EACCES') return new UsageError(`cannot listen on ${where}: permission denied`, 'Ports below 1024 need privileges; pick a higher --port.');
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new UsageError(`cannot listen on ${where}: --host is not an address of this machine`);
  }
  return undefined;
}
