import { Command } from 'commander';
import { BUILTIN_SANDBOX_PROFILE } from '../../config/resolve.js';
import type { ConfigStore } from '../../config/store.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import type { Theme } from '../../output/theme.js';
import { examples } from '../flags.js';

export interface ProfileUseOptions {
  io: IOStreams;
  theme: Theme;
  config: () => Promise<ConfigStore>;
  name: string;
  /** TREK_PROFILE, which still wins over the current profile in this environment. */
  envProfile?: string;
}

export function newProfileUseCmd(f: Factory, runF: (opts: ProfileUseOptions) => Promise<void> = profileUseRun): Command {
  return new Command('use')
    .summary('make a profile the current one')
    .description('Make a profile the current one: the one trek uses when neither --profile nor TREK_PROFILE is given.')
    .argument('<name>', `profile name ("${BUILTIN_SANDBOX_PROFILE}" for the built-in sandbox)`)
    .addHelpText('after', examples(['trek profile use prod', `trek profile use ${BUILTIN_SANDBOX_PROFILE}`]))
    .action(async (name: string) => {
      await runF({ io: f.io, theme: f.theme('err'), config: () => f.config(), name, envProfile: f.env.TREK_PROFILE || undefined });
    });
}

export async function profileUseRun(opts: ProfileUseOptions): Promise<void> {
  // An unknown name is refused by the store, under its lock (a profile removed meanwhile counts).
  await (await opts.config()).setCurrentProfile(opts.name);
  opts.io.err.write(`${opts.theme.success('✓')} Now using profile "${opts.name}"\n`);
  if (opts.envProfile && opts.envProfile !== opts.name) {
    opts.io.err.write(`${opts.theme.warning('!')} TREK_PROFILE=${JSON.stringify(opts.envProfile)} is set and still wins where it is set\n`);
  }
}
