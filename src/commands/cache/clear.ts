import { Command } from 'commander';
import type { TrekPaths } from '../../config/paths.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import type { Theme } from '../../output/theme.js';
import { examples } from '../flags.js';

export interface CacheClearOptions {
  io: IOStreams;
  theme: Theme;
  paths: TrekPaths;
  /** The profile whose cache goes; undefined with --all-profiles. */
  profile: () => Promise<string | undefined>;
}

export function newCacheClearCmd(f: Factory, runF: (opts: CacheClearOptions) => Promise<void> = cacheClearRun): Command {
  return new Command('clear')
    .summary('empty the local cache')
    .description("Remove the current profile's cached catalogue reads (every API key's) and its hit counts; the next reads ask the API. " + 'Nothing else is touched: profiles, keys and history stay.')
    .option('--all-profiles', "empty every profile's cache")
    .addHelpText('after', examples(['trek cache clear', 'trek --profile prod cache clear', 'trek cache clear --all-profiles']))
    .action(async (flags: { allProfiles?: boolean }) => {
      await runF({ io: f.io, theme: f.theme('err'), paths: f.paths(), profile: async () => (flags.allProfiles ? undefined : (await f.profile()).name) });
    });
}

export async function cacheClearRun(opts: CacheClearOptions): Promise<void> {
  const { clearCache } = await import('../../cache/index.js');
  const profile = await opts.profile();
  const removed = clearCache(opts.paths, profile === undefined ? 'all-profiles' : { profile });
  const whose = profile === undefined ? 'every profile' : `profile ${JSON.stringify(profile)}`;
  opts.io.err.write(`${opts.theme.success('✓')} Cleared the cache of ${whose}: ${removed.entries} ${removed.entries === 1 ? 'entry' : 'entries'}\n`);
}
