import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newCacheClearCmd } from './clear.js';
import { newCacheStatusCmd } from './status.js';

export function newCacheCmd(f: Factory): Command {
  // The summary and description are root.ts's, the same whether or not this module is loaded.
  return new Command('cache')
    .addHelpText(
      'after',
      '\ntrek keeps answers to catalogue reads (departures, tour dossiers, activities, itineraries, agencies) on disk, per profile and API key,\n' +
        'and uses them for a while (the cache.ttl.* settings: trek config list) before asking the API again with If-None-Match.\n' +
        '--no-cache reads past it; --refresh reads again and replaces what it holds; `trek webhooks listen --update-cache` evicts what events name.',
    )
    .addCommand(newCacheStatusCmd(f))
    .addCommand(newCacheClearCmd(f));
}
