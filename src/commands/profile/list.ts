import { Command } from 'commander';
import { BUILTIN_SANDBOX_PROFILE, resolveProfileName, type ResolveInput } from '../../config/resolve.js';
import type { ConfigStore } from '../../config/store.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import { renderList, type Column, type OutputSpec } from '../../output/render.js';
import { examples, outputSpec } from '../shared.js';

export interface ProfileListOptions {
  io: IOStreams;
  config: () => Promise<ConfigStore>;
  output: OutputSpec;
  /** To mark the profile this invocation would use (--profile, TREK_PROFILE, current_profile). */
  flags: ResolveInput['flags'];
  env: ResolveInput['env'];
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
}

export function newProfileListCmd(f: Factory, runF: (opts: ProfileListOptions) => Promise<void> = profileListRun): Command {
  return new Command('list')
    .alias('ls')
    .summary('list the profiles; keys are never shown')
    .description('List the profiles: the built-in sandbox and those you added. "*" marks the one trek uses now. Keys are never shown.')
    .addHelpText('after', examples(['trek profile list', 'trek profile list -o json | jq -r \'.[] | select(.api_key_set | not) | .name\'']))
    .action(async () => {
      await runF({
        io: f.io,
        config: () => f.config(),
        output: await outputSpec(f),
        flags: { profile: f.globals.profile, baseUrl: f.globals.baseUrl },
        env: f.env,
      });
    });
}

const COLUMNS: Column[] = [
  { field: 'current', header: '', format: (current) => (current ? '*' : '') },
  { field: 'name' },
  { field: 'base_url', header: 'BASE URL', format: (url, record) => ((record as ProfileSummary).builtin ? '(embedded sandbox)' : String(url ?? '')) },
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
  await renderList(opts.io, [builtin, ...stored], opts.output, { columns: COLUMNS });
}
