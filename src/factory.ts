import type { ApiClient } from './api/client.js';
import type { ConfigStore } from './config/store.js';
import type { ResolvedProfile } from './config/resolve.js';
import { join } from 'node:path';
import { UsageError } from './errors.js';
import { GLOBAL_FLAGS } from './config/global-flags.js';
import { ensurePrivateFolder, trekPaths, type TrekPaths } from './config/paths.js';
import type { IOStreams, ColorMode } from './output/iostreams.js';
import { colorEnabled } from './output/iostreams.js';
import { isJsonFormat, type Format } from './output/formats.js';
import { sanitize } from './output/sanitize.js';
import { makeTheme, type Theme } from './output/theme.js';
import { inquirerPrompter, type Prompter } from './prompt/prompter.js';
import type { InProcessSandbox } from './sandbox/index.js';

export type Env = Record<string, string | undefined>;

/** The global flags, parsed by the root command before any action runs. */
export interface GlobalOptions {
  profile?: string;
  baseUrl?: string;
  output?: Format;
  fields?: string[];
  color: ColorMode;
  verbose: boolean;
  timeoutMs?: number;
  /** --jq: a jq program applied to JSON output. */
  jq?: string;
  /** False with --no-pager or TREK_PAGER= (empty): long terminal output is never paged. */
  pager: boolean;
  /** --wide: tables keep every column whole instead of fitting the terminal. */
  wide: boolean;
  /** --tz or the tz setting: the IANA zone times are shown in on a terminal (undefined: the system's). */
  tz?: string;
  /** Catalogue reads: from the local cache ('use'), never from it (--no-cache), or refetched into it (--refresh). */
  cache: 'use' | 'bypass' | 'refresh';
}

/**
 * What commands depend on. Everything costly is a lazy function so that `--help`,
 * `--version` and completion never load undici, conf, inquirer or the sandbox.
 */
export interface Factory {
  readonly io: IOStreams;
  readonly env: Env;
  readonly version: string;
  globals: GlobalOptions;
  paths(): TrekPaths;
  /** The built-in profile's sandbox snapshot, in a data folder checked (or made) the user's alone. */
  embeddedSandboxFile(): string;
  theme(stream?: 'out' | 'err'): Theme;
  config(): Promise<ConfigStore>;
  profile(): Promise<ResolvedProfile>;
  api(): Promise<ApiClient>;
  /** A client for another profile than the one in use (`trek profile list --check`); closed with the factory. */
  apiFor(profile: ResolvedProfile): Promise<ApiClient>;
  /**
   * The key of the sandbox's operator controls (reset, clock, staff actions, keys): the embedded
   * sandbox's own on the built-in profile, else TREK_SANDBOX_OPERATOR_KEY — a UsageError without it.
   */
  sandboxOperatorKey(): Promise<string>;
  /** The built-in profile's in-process sandbox (opened with the client), undefined on any other profile. */
  embeddedSandbox(): Promise<InProcessSandbox | undefined>;
  prompter(): Prompter;
  now(): Date;
  /** Releases what the lazy dependencies opened (keep-alive sockets, the embedded sandbox). */
  close(): Promise<void>;
}

export interface FactoryInit {
  io: IOStreams;
  env: Env;
  version: string;
  prompter?: Prompter;
  /** Tests pass their own undici dispatcher or sleep; production uses the client's defaults. */
  clientOverrides?: Partial<import('./api/client.js').ClientOptions>;
  now?: () => Date;
}

export const SANDBOX_STATE_FILE = 'sandbox.json';
/** The embedded sandbox's base URL: its requests never leave the process, whatever the host says. */
export const EMBEDDED_SANDBOX_URL = 'http://localhost';

export function createFactory(init: FactoryInit): Factory {
  const { io, env } = init;
  let configPromise: Promise<ConfigStore> | undefined;
  let profilePromise: Promise<ResolvedProfile> | undefined;
  let apiPromise: Promise<ApiClient> | undefined;
  let sandbox: InProcessSandbox | undefined;
  let sandboxOpening: Promise<InProcessSandbox> | undefined;
  const otherClients: ApiClient[] = [];
  let prompter = init.prompter;

  /** A client for `profile`: the one in use (api()), or another (apiFor, for `trek profile --check`). */
  async function clientFor(profile: ResolvedProfile): Promise<ApiClient> {
    (await import('./config/resolve.js')).checkKeyToSend(profile);
    let { baseUrl, apiKey } = profile;
    const { ApiClient } = await import('./api/client.js');
    let transport: import('./api/client.js').Transport | undefined;
    if (profile.builtinSandbox) {
      const [{ openSandbox }, { inProcessTransport }] = await Promise.all([import('./sandbox/index.js'), import('./api/in-process.js')]);
      // Answered in this process: no port or socket another local user or a web page could reach.
      // Opened once, whichever client asks first.
      sandbox = await (sandboxOpening ??= openSandbox({ dataFile: f.embeddedSandboxFile() }));
      transport = inProcessTransport(sandbox.respond);
      baseUrl = EMBEDDED_SANDBOX_URL;
      apiKey ??= sandbox.apiKey;
    }
    const errTheme = f.theme('err');
    // When errors are JSON a script reads stderr with jq: notices are left out unless --verbose
    // (whose trace and notices are for a person reading along, as they are).
    const configuredOutput = profile.output ?? (await import('./config/store.js').then(({ readSettings }) => readSettings(f.paths()).output).catch(() => undefined));
    const jsonStderr = () => (f.globals.output !== undefined || f.globals.jq !== undefined ? isJsonFormat(f.globals) : isJsonFormat({ output: configuredOutput }));
    const notice = (line: string) => {
      if (!jsonStderr() || f.globals.verbose) io.err.write(`${errTheme.warning('!')} ${line}\n`);
    };
    const { openResponseCache } = await import('./cache/index.js');
    return new ApiClient({
      baseUrl: baseUrl!,
      apiKey,
      authHeader: profile.authHeader,
      accept: f.globals.output === 'xml' ? 'xml' : 'json',
      timeoutMs: f.globals.timeoutMs,
      userAgent: `trek/${init.version}`,
      maxBodyBytes: profile.maxBodyBytes,
      notice,
      cache: openResponseCache({ paths: f.paths(), profile: profile.name, baseUrl: baseUrl!, authHeader: profile.authHeader, apiKey, mode: () => f.globals.cache, notice }),
      // Trace lines carry server header values: untrusted text.
      trace: f.globals.verbose ? (line) => io.err.write(`${errTheme.dim(sanitize(line))}\n`) : undefined,
      ...(transport === undefined ? { proxyEnv: env } : { transport }),
      ...init.clientOverrides,
    });
  }

  const f: Factory = {
    io,
    env,
    version: init.version,
    globals: { color: GLOBAL_FLAGS.color.default, verbose: false, pager: true, wide: false, cache: 'use' },
    paths: () => trekPaths(env),
    embeddedSandboxFile: () => join(ensurePrivateFolder(f.paths(), 'data'), SANDBOX_STATE_FILE),
    theme: (stream = 'out') => makeTheme(stream === 'out' ? io.colorOut : io.colorErr),
    config() {
      configPromise ??= Promise.all([import('./config/store.js'), import('./util/lock.js')]).then(([{ openConfig }, { lockWaitFromEnv }]) => {
        let lockWaitMs: number;
        try {
          lockWaitMs = lockWaitFromEnv(env);
        } catch (error) {
          throw new UsageError((error as Error).message);
        }
        return openConfig(f.paths(), { lockWaitMs });
      });
      return configPromise;
    },
    profile() {
      profilePromise ??= Promise.all([f.config(), import('./config/resolve.js')]).then(([store, { resolveProfile }]) =>
        resolveProfile({ flags: { profile: f.globals.profile, baseUrl: f.globals.baseUrl }, env, store }),
      );
      return profilePromise;
    },
    api() {
      apiPromise ??= f.profile().then((profile) => clientFor(profile));
      return apiPromise;
    },
    async apiFor(profile) {
      const client = await clientFor(profile);
      otherClients.push(client);
      return client;
    },
    async sandboxOperatorKey() {
      await f.api();
      if (sandbox) return sandbox.operatorKey;
      const key = env.TREK_SANDBOX_OPERATOR_KEY?.trim();
      if (key) return key;
      const { UsageError } = await import('./errors.js');
      throw new UsageError(
        "this sandbox control needs the sandbox's operator key",
        'Set TREK_SANDBOX_OPERATOR_KEY to the operator_key `trek sandbox serve` printed (the built-in sandbox profile needs none).',
      );
    },
    async embeddedSandbox() {
      await f.api();
      return sandbox;
    },
    prompter() {
      // Colour in prompts follows trek's decision for stderr, where they draw (--color, the color setting, NO_COLOR).
      prompter ??= inquirerPrompter({ color: () => io.colorErr });
      return prompter;
    },
    now: init.now ?? (() => new Date()),
    async close() {
      const client = apiPromise ? await apiPromise.catch(() => undefined) : undefined;
      await client?.close();
      await Promise.all(otherClients.splice(0).map((other) => other.close()));
      await sandbox?.close();
    },
  };
  return f;
}

/**
 * Applies --color (and NO_COLOR/FORCE_COLOR) and what turns input off once flags are parsed:
 * `inputOff` is --no-input or the no_input setting, when one of them is; TREK_NO_INPUT is read
 * here. The one a message names is the flag, else the variable, else the setting.
 */
export function applyStreamSettings(f: Factory, color: ColorMode, inputOff?: '--no-input' | 'no_input setting'): void {
  f.io.colorOut = colorEnabled(color, f.io.stdoutIsTTY, f.env);
  f.io.colorErr = colorEnabled(color, f.io.stderrIsTTY, f.env);
  const refusedBy = inputOff === '--no-input' ? inputOff : f.env.TREK_NO_INPUT ? 'TREK_NO_INPUT' : inputOff;
  f.io.inputAllowed = refusedBy === undefined;
  if (refusedBy === undefined) delete f.io.inputRefusedBy;
  else f.io.inputRefusedBy = refusedBy;
}
