import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newCacheClearCmd } from './clear.js';
import { newCacheStatusCmd } from './status.js';

export function newCacheCmd(f: Factory): Command {
  return new Command('cache')
    .summary('inspect or empty the local cache of catalogue reads')
    .description(
      'trek keeps answers to catalogue reads (departures, tour dossiers, activities, itineraries, agencies) on disk, per profile and API key, ' +
        'and uses them for a while (the cache.ttl.* settings; see trek config list) before asking the API again with If-None-Match. ' +
        '--no-cache reads past it; --refresh reads again and replaces what it holds; `trek webhooks listen --update-cache` evicts what events name.',
    )
    .addCommand(newCacheStatusCmd(f))
    .addCommand(newCacheClearCmd(f));
}
