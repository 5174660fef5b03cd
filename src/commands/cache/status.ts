import { Command } from 'commander';
import type { TrekPaths } from '../../config/paths.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import { renderItem, type Column, type OutputSpec } from '../../output/render.js';
import { examples } from '../flags.js';
import { outputSpec } from '../output-spec.js';

export interface CacheStatusOptions {
  io: IOStreams;
  paths: TrekPaths;
  profile: () => Promise<string>;
  output: OutputSpec;
}

export function newCacheStatusCmd(f: Factory, runF: (opts: CacheStatusOptions) => Promise<void> = cacheStatusRun): Command {
  return new Command('status')
    .summary("show the local cache's size and hit rate")
    .description(
      "Show the current profile's local cache of catalogue reads: its entries and size on disk, and since it was last cleared " +
        'how many reads it answered (hits: no request; revalidated: the API said 304, not modified) and how many it had to fetch (misses). ' +
        'The hit rate is hits and revalidations over all cached reads.',
    )
    .addHelpText('after', examples(['trek cache status', 'trek cache status -o json | jq .hit_rate', 'trek --profile prod cache status']))
    .action(async () => {
      await runF({ io: f.io, paths: f.paths(), profile: async () => (await f.profile()).name, output: await outputSpec(f) });
    });
}

/** "0 bytes", "812 bytes", "12.4 KiB", "3.0 MiB". */
function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

const ROWS: Column[] = [
  { field: 'profile' },
  { field: 'entries' },
  { field: 'bytes', header: 'SIZE', format: (value) => size(value as number) },
  { field: 'hits' },
  { field: 'revalidated' },
  { field: 'misses' },
  { field: 'hit_rate', header: 'HIT RATE', format: (value) => (value === null ? '-' : `${Math.round((value as number) * 100)}%`) },
  { field: 'folder' },
];

export async function cacheStatusRun(opts: CacheStatusOptions): Promise<void> {
  const { cacheStatus } = await import('../../cache/index.js');
  const status = cacheStatus(opts.paths, await opts.profile());
  await renderItem(opts.io, status, opts.output, { rows: ROWS, xmlRoot: 'cache' });
}
