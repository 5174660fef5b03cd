import { Command } from 'commander';
import { BUILTIN_SANDBOX_PROFILE, resolveProfileName, type ResolveInput, type ValueSource } from '../../config/resolve.js';
import type { ConfigStore } from '../../config/store.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import { renderList, type Column, type OutputSpec } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import { examples } from '../flags.js';
import { outputSpec } from '../output-spec.js';
import { checkCell, checkKey, checkTarget, requireAllPassed, whyInUse, type KeyCheck } from './check.js';

export interface ProfileListOptions {
  io: IOStreams;
  config: () => Promise<ConfigStore>;
  output: OutputSpec;
  /** To mark the profile this invocation would use (--profile, TREK_PROFILE, current_profile). */
  flags: ResolveInput['flags'];
  env: ResolveInput['env'];
  /** --check: each profile's key tried with one request (check.ts); undefined without --check. */
  checkKey?: (name: string) => Promise<KeyCheck>;
}

/** One line of `profile list`. Whether a key is stored, never the key. */
export interface ProfileSummary {
  name: string;
  current: boolean;
  builtin: boolean;
  base_url: string | null;
  api_key_set: boolean;
  auth_header: string | null;
  output: string | null;
  agency: string | null;
  /** With --check, on the profile in use: why it is the one (--profile, TREK_PROFILE, current_profile, default). */
  current_source?: ValueSource;
  /** With --check: whether its key works. */
  check?: KeyCheck;
}

export function newProfileListCmd(f: Factory, runF: (opts: ProfileListOptions) => Promise<void> = profileListRun): Command {
  return new Command('list')
    .alias('ls')
    .summary('list the profiles; keys are never shown')
    .description('List the profiles: the built-in sandbox and those you added. "*" marks the one trek uses now. Keys are never shown.')
    .option('--check', "say which profile is in use and why, and try each profile's key with one request (exit 3 if a server refuses one)")
    .addHelpText(
      'after',
      examples([
        'trek profile list',
        'trek profile list --check',
        "trek profile list -o json | jq -r '.[] | select(.api_key_set | not) | .name'",
        "trek profile list --check --jq '.[] | select(.check.ok | not) | .name'",
      ]),
    )
    .action(async (flags: { check?: boolean }) => {
      const input = { flags: { profile: f.globals.profile, baseUrl: f.globals.baseUrl }, env: f.env };
      await runF({
        io: f.io,
        config: () => f.config(),
        output: await outputSpec(f),
        ...input,
        ...(flags.check && { checkKey: async (name: string) => checkKey(checkTarget(f, { ...input, store: await f.config() }, name)) }),
      });
    });
}

const CHECK_COLUMN: Column = { field: 'check', header: 'CHECK', ...checkCell, wrap: true };

const COLUMNS: Column[] = [
  { field: 'current', header: '', format: (current) => (current ? '*' : '') },
  { field: 'name' },
  { field: 'base_url', header: 'BASE URL', format: (url, record) => ((record as ProfileSummary).builtin ? '(embedded sandbox)' : displayValue(url)) },
  { field: 'api_key_set', header: 'KEY', format: (set, record) => ((record as ProfileSummary).builtin ? 'built-in' : set ? 'yes' : 'no') },
  { field: 'agency' },
];

export async function profileListRun(opts: ProfileListOptions): Promise<void> {
  const store = await opts.config();
  const current = resolveProfileName({ flags: opts.flags, env: opts.env, store }).name;
  const stored = Object.entries(store.profiles())
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, record]): ProfileSummary => ({
      name,
      current: name === current,
      builtin: false,
      base_url: record.base_url ?? null,
      api_key_set: Boolean(record.api_key),
      auth_header: record.auth_header ?? null,
      output: record.output ?? null,
      agency: record.agency ?? null,
    }));
  const builtin: ProfileSummary = {
    name: BUILTIN_SANDBOX_PROFILE,
    current: current === BUILTIN_SANDBOX_PROFILE,
    builtin: true,
    base_url: null,
    api_key_set: false,
    auth_header: null,
    output: null,
    agency: null,
  };
  const profiles = [builtin, ...stored];
  if (!opts.checkKey) {
    await renderList(opts.io, profiles, opts.output, { columns: COLUMNS });
    return;
  }
  const inUse = resolveProfileName({ flags: opts.flags, env: opts.env, store });
  opts.io.err.write(`Profile in use: ${sanitize(inUse.name)} (${sanitize(whyInUse(inUse.source, store.path))})\n`);
  // Asked all at once: a server that does not answer holds up only its own line.
  const checks = await Promise.all(profiles.map((profile) => opts.checkKey!(profile.name)));
  const checked = profiles.map((profile, i): ProfileSummary => ({ ...profile, ...(profile.current && { current_source: inUse.source }), check: checks[i] }));
  await renderList(opts.io, checked, opts.output, { columns: [...COLUMNS, CHECK_COLUMN] });
  requireAllPassed(checked.map((profile) => ({ name: profile.name, ...profile.check! })));
}
