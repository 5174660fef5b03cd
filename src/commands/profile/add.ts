import { Command } from 'commander';
import { checkAuthHeader, checkBaseUrl, checkProfileName } from '../../config/resolve.js';
import { profileExistsError, type ConfigStore, type ProfileRecord } from '../../config/store.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { canPrompt, type IOStreams } from '../../output/iostreams.js';
import type { Format } from '../../output/formats.js';
import type { Theme } from '../../output/theme.js';
import type { Prompter } from '../../prompt/prompter.js';
import { requireValue } from '../ask-or-refuse.js';
import { examples, parseFormat, readAll } from '../flags.js';

export interface ProfileAddOptions {
  io: IOStreams;
  theme: Theme;
  config: () => Promise<ConfigStore>;
  prompter: () => Prompter;
  name: string;
  baseUrl: string;
  authHeader?: string;
  agency?: string;
  defaultOutput?: Format;
  apiKeyStdin: boolean;
  use: boolean;
  force: boolean;
}

interface AddFlags {
  authHeader?: string;
  agency?: string;
  defaultOutput?: string;
  apiKeyStdin?: boolean;
  use?: boolean;
  force?: boolean;
}

export function newProfileAddCmd(f: Factory, runF: (opts: ProfileAddOptions) => Promise<void> = profileAddRun): Command {
  return (
    new Command('add')
      .summary('add a profile: base URL and API key (read from stdin or a hidden prompt)')
      .description(
        'Add a profile: the base URL of an API and the key to use with it.\n\n' +
          'The key is read from stdin (--api-key-stdin) or asked for without echo at a terminal. It is never taken\n' +
          'from the command line, where it would end up in the shell history, and never printed.',
      )
      // --base-url is the global flag (it must be, or commander would take it for the global one).
      .usage('<name> --base-url <url> [options]')
      .argument('<name>', 'profile name: letters, digits, "-" and "_"')
      .option('--auth-header <name>', 'header that carries the key (default X-Application-Key)')
      .option('--agency <id>', 'agency ID for commands that need one')
      .option('--default-output <format>', 'output format of this profile when -o is not given')
      .option('--api-key-stdin', 'read the API key from stdin, e.g. from a password manager')
      .option('--use', 'make it the current profile')
      .option('--force', 'replace an existing profile of the same name')
      .addHelpText(
        'after',
        examples([
          'pass show trek/prod | trek profile add prod --base-url https://rest.example.com --api-key-stdin --use',
          'trek profile add staging --base-url https://staging.example.com --agency 1234',
          'echo "$SANDBOX_KEY" | trek profile add local --base-url http://127.0.0.1:8080 --api-key-stdin --default-output json',
        ]),
      )
      .action(async (name: string, flags: AddFlags) => {
        const io = f.io;
        const profileName = checkProfileName(name);
        const baseUrl = await requireValue(
          f.globals.baseUrl,
          '--base-url',
          io,
          (p) => p.input('Base URL of the API', { validate: urlValidator }),
          () => f.prompter(),
        );
        await runF({
          io,
          theme: f.theme('err'),
          config: () => f.config(),
          prompter: () => f.prompter(),
          name: profileName,
          baseUrl: checkBaseUrl(baseUrl, '--base-url'),
          authHeader: flags.authHeader === undefined ? undefined : checkAuthHeader(flags.authHeader, '--auth-header'),
          agency: flags.agency === undefined ? undefined : checkAgency(flags.agency),
          defaultOutput: flags.defaultOutput === undefined ? undefined : parseFormat(flags.defaultOutput, '--default-output'),
          apiKeyStdin: Boolean(flags.apiKeyStdin),
          use: Boolean(flags.use),
          force: Boolean(flags.force),
        });
      })
  );
}

export async function profileAddRun(opts: ProfileAddOptions): Promise<void> {
  const { io, theme, name } = opts;
  const store = await opts.config();
  // Checked now so that nobody types a key in vain, and again under the config lock.
  if (store.getProfile(name) && !opts.force) throw profileExistsError(name);
  const apiKey = await readApiKey(opts);
  const record: ProfileRecord = {
    base_url: opts.baseUrl,
    api_key: apiKey,
    auth_header: opts.authHeader,
    output: opts.defaultOutput,
    agency: opts.agency,
  };
  await store.setProfile(name, record, { mustBeNew: !opts.force, makeCurrent: opts.use });

  io.err.write(`${theme.success('✓')} Added profile "${name}" for ${opts.baseUrl}${opts.use ? '; it is now the current profile' : ''}\n`);
  if (!apiKey) {
    io.err.write(
      `${theme.warning('!')} No API key stored for "${name}": requests go without one unless TREK_API_KEY is set.\n` +
        `  Store one with: trek profile add ${name} --base-url ${opts.baseUrl} --api-key-stdin --force\n`,
    );
  }
  if (!opts.use) io.err.write(`  Use it with --profile ${name}, or make it the default with: trek profile use ${name}\n`);
}

/** stdin with --api-key-stdin; else a masked prompt when someone is there; else no key. */
async function readApiKey(opts: ProfileAddOptions): Promise<string | undefined> {
  if (opts.apiKeyStdin) {
    const key = checkKey((await readAll(opts.io.in)).trim(), '--api-key-stdin');
    if (!key) throw new UsageError('--api-key-stdin: stdin was empty; nothing was stored');
    return key;
  }
  if (!canPrompt(opts.io)) return undefined;
  const answer = (await opts.prompter().password(`API key for "${opts.name}" (hidden; leave empty for none)`)).trim();
  return answer ? checkKey(answer, 'the key entered') : undefined;
}

/** A key goes into an HTTP header, where control characters (a pasted line break) cannot go. */
function checkKey(key: string, origin: string): string {
  // The key itself is never echoed, not even in this error.
  if (/[\x00-\x1f\x7f]/.test(key)) throw new UsageError(`${origin}: the key contains control characters or line breaks; nothing was stored`);
  return key;
}

function checkAgency(value: string): string {
  if (!/^[^\s\x00-\x1f\x7f]+$/.test(value)) throw new UsageError(`--agency must be an agency ID without spaces, got ${JSON.stringify(value)}`);
  return value;
}

function urlValidator(value: string): true | string {
  try {
    checkBaseUrl(value, 'the answer');
    return true;
  } catch (error) {
    return (error as Error).message;
  }
}
