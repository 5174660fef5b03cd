import { Command } from 'commander';
import { BUILTIN_SANDBOX_PROFILE, unknownProfileError } from '../../config/resolve.js';
import type { ConfigStore } from '../../config/store.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import type { Theme } from '../../output/theme.js';
import type { Prompter } from '../../prompt/prompter.js';
import { confirmDestructive } from '../ask-or-refuse.js';
import { examples } from '../flags.js';

export interface ProfileRemoveOptions {
  io: IOStreams;
  theme: Theme;
  config: () => Promise<ConfigStore>;
  prompter: () => Prompter;
  name: string;
  yes: boolean;
}

export function newProfileRemoveCmd(f: Factory, runF: (opts: ProfileRemoveOptions) => Promise<void> = profileRemoveRun): Command {
  return new Command('remove')
    .alias('rm')
    .summary('remove a profile and its stored key')
    .description('Remove a profile and its stored API key. Asks first; --yes skips the question (required without a terminal).')
    .argument('<name>', 'profile name')
    .option('-y, --yes', 'remove without asking')
    .addHelpText('after', examples(['trek profile remove staging', 'trek profile remove staging --yes']))
    .action(async (name: string, flags: { yes?: boolean }) => {
      if (name === BUILTIN_SANDBOX_PROFILE) throw new UsageError(`"${name}" is the built-in profile and cannot be removed`);
      await runF({ io: f.io, theme: f.theme('err'), config: () => f.config(), prompter: () => f.prompter(), name, yes: Boolean(flags.yes) });
    });
}

export async function profileRemoveRun(opts: ProfileRemoveOptions): Promise<void> {
  const store = await opts.config();
  if (!store.getProfile(opts.name)) throw unknownProfileError(store, opts.name);
  // The key may exist nowhere else, so this is as irreversible as anything trek does.
  await confirmDestructive(opts, `Remove profile "${opts.name}" and its stored API key?`);
  const { removed, wasCurrent } = await store.removeProfile(opts.name);
  // Another trek removed it while this one asked.
  if (!removed) throw unknownProfileError(store, opts.name);
  const after = wasCurrent ? `; trek now uses the built-in "${BUILTIN_SANDBOX_PROFILE}" profile unless --profile or TREK_PROFILE says otherwise` : '';
  opts.io.err.write(`${opts.theme.success('✓')} Removed profile "${opts.name}"${after}\n`);
}
