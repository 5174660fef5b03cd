import { Command } from 'commander';
import { BUILTIN_SANDBOX_PROFILE, resolveProfile, unknownProfileError, type ResolvedField, type ResolvedProfile, type ResolveInput, type ValueSource } from '../../config/resolve.js';
import type { ConfigStore } from '../../config/store.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import { renderItem, type Column, type OutputSpec } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { examples } from '../flags.js';
import { outputSpec } from '../output-spec.js';
import { checkCell, checkKey, requireAllPassed, targetFor, type KeyCheck } from './check.js';

export interface ProfileShowOptions {
  io: IOStreams;
  config: () => Promise<ConfigStore>;
  output: OutputSpec;
  /** The profile to show; without it, the one this invocation would use. */
  name?: string;
  flags: ResolveInput['flags'];
  env: ResolveInput['env'];
  /** --check: the profile's key tried with one request (check.ts); undefined without --check. */
  checkKey?: (profile: ResolvedProfile) => Promise<KeyCheck>;
}

/** What `profile show` prints: the values trek would use and where each came from. Never the key. */
export interface ProfileView {
  name: string;
  builtin_sandbox: boolean;
  base_url: string | null;
  api_key: 'set' | 'not set';
  auth_header: string;
  output: string | null;
  agency: string | null;
  sources: Record<'name' | 'base_url' | 'api_key' | 'auth_header' | 'output' | 'agency', ValueSource>;
  /** With --check: whether its key works. */
  check?: KeyCheck;
}

export function newProfileShowCmd(f: Factory, runF: (opts: ProfileShowOptions) => Promise<void> = profileShowRun): Command {
  return new Command('show')
    .summary('show the values a profile resolves to and their sources')
    .description(
      'Show the settings a profile resolves to and where each comes from (flag, environment, config file, profile, default).\n' +
        'Without NAME: the profile trek uses now. The API key is shown only as "set" or "not set".',
    )
    .argument('[name]', 'profile name (default: the current one)')
    .option('--check', 'also try the key with one request (exit 3 if the server refuses it)')
    .addHelpText(
      'after',
      examples(['trek profile show', 'trek profile show --check', 'trek profile show prod -o json', 'TREK_API_KEY=… trek profile show prod   # the key now comes from the environment']),
    )
    .action(async (name: string | undefined, flags: { check?: boolean }) => {
      await runF({
        io: f.io,
        config: () => f.config(),
        output: await outputSpec(f),
        name,
        flags: { profile: f.globals.profile, baseUrl: f.globals.baseUrl },
        env: f.env,
        ...(flags.check && { checkKey: (profile: ResolvedProfile) => checkKey(targetFor(f, profile)) }),
      });
    });
}

export async function profileShowRun(opts: ProfileShowOptions): Promise<void> {
  const store = await opts.config();
  if (opts.name !== undefined && opts.name !== BUILTIN_SANDBOX_PROFILE && !store.getProfile(opts.name)) throw unknownProfileError(store, opts.name);
  const flags = opts.name === undefined ? opts.flags : { ...opts.flags, profile: opts.name };
  const profile = resolveProfile({ flags, env: opts.env, store });
  const source = (field: ResolvedField) => profile.sources[field];
  const view: ProfileView = {
    name: profile.name,
    builtin_sandbox: profile.builtinSandbox,
    base_url: profile.baseUrl ?? null,
    api_key: profile.apiKey ? 'set' : 'not set',
    auth_header: profile.authHeader,
    output: profile.output ?? null,
    agency: profile.agency ?? null,
    sources: {
      name: source('name'),
      base_url: source('baseUrl'),
      api_key: source('apiKey'),
      auth_header: source('authHeader'),
      output: source('output'),
      agency: source('agency'),
    },
  };
  if (!opts.checkKey) {
    await renderItem(opts.io, view, opts.output, { rows: detailRows(view, opts.name !== undefined), xmlRoot: 'profile' });
    return;
  }
  const checked: ProfileView = { ...view, check: await opts.checkKey(profile) };
  const checkRow: Column = { field: 'check', header: 'KEY CHECK', ...checkCell };
  await renderItem(opts.io, checked, opts.output, { rows: [...detailRows(view, opts.name !== undefined), checkRow], xmlRoot: 'profile' });
  requireAllPassed([{ name: profile.name, ...checked.check! }]);
}

/** Environment variable and flag behind each value, so the table can say exactly where it came from. */
const ORIGINS: Record<keyof ProfileView['sources'], { flag?: string; env?: string }> = {
  name: { flag: '--profile', env: 'TREK_PROFILE' },
  base_url: { flag: '--base-url', env: 'TREK_BASE_URL' },
  api_key: { env: 'TREK_API_KEY' },
  auth_header: { env: 'TREK_AUTH_HEADER' },
  output: {},
  agency: {},
};

function detailRows(view: ProfileView, nameFromArgument: boolean): Column[] {
  const describe = (field: keyof ProfileView['sources']): string => {
    const source = view.sources[field];
    if (source === 'flag') return field === 'name' && nameFromArgument ? 'argument' : ORIGINS[field].flag!;
    if (source === 'env') return ORIGINS[field].env!;
    if (source === 'config') return 'current_profile';
    if (source === 'profile') return `profile "${view.name}"`;
    return 'default';
  };
  const row = (field: keyof ProfileView['sources'], header: string, shown: (value: unknown) => string): Column => ({
    field,
    header,
    format: (value) => `${shown(value)}  (${describe(field)})`,
    style: (text, _value, theme) => text.replace(/ {2}\(.*\)$/, (origin) => theme.dim(origin)),
  });
  return [
    row('name', 'PROFILE', String),
    row('base_url', 'BASE URL', (url) => (view.builtin_sandbox ? 'embedded sandbox, started in-process when needed' : String(url))),
    row('api_key', 'API KEY', (set) => (view.builtin_sandbox && set === 'not set' ? 'provided by the embedded sandbox' : String(set))),
    row('auth_header', 'AUTH HEADER', String),
    row('output', 'OUTPUT', (format) => displayValue(format) || 'not set'),
    row('agency', 'AGENCY', (agency) => displayValue(agency) || 'not set'),
  ];
}
