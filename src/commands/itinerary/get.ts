import { Command } from 'commander';
import { getItinerary } from '../../api/resources/itineraries.js';
import type { Factory } from '../../factory.js';
import { resourceOptions } from '../resource.js';
import { apiToday } from '../dates.js';
import { examples } from '../flags.js';
import { idArgument, idOption } from '../ids.js';
import { checkMarkdownFlag, MARKDOWN_HELP, showItinerary, type ItineraryShowOptions } from './show.js';

export interface ItineraryGetOptions extends ItineraryShowOptions {
  id: string;
  variation?: string;
}

export function newItineraryGetCmd(f: Factory, runF: (opts: ItineraryGetOptions) => Promise<void> = itineraryGetRun): Command {
  return new Command('get')
    .summary('an itinerary as a day-by-day plan, or as Markdown')
    .description(
      'Show an itinerary as a day-by-day plan: days with identical content merged ("Days 2–3"), included meals, the ' +
        'components of each day by time period, optional activities, meal budget, ripple score and the dates it is valid for. ' +
        'With -o json/yaml/… the itinerary resource is printed as the API sends it.',
    )
    .addArgument(idArgument('<id>', 'itinerary id'))
    .addOption(idOption('--variation <id>', 'a variation of the itinerary (the first of its variations is the current one)'))
    .option('--markdown', MARKDOWN_HELP)
    .addHelpText(
      'after',
      examples([
        'trek itinerary get 700001',
        'trek itinerary get 700001 --variation 7000013',
        'trek itinerary get 700001 --markdown > itinerary.md',
        "trek itinerary get 700001 -o json | jq '.days | length'",
      ]),
    )
    .action(async (id: string, flags: { variation?: string; markdown?: boolean }) => {
      checkMarkdownFlag(f, Boolean(flags.markdown));
      await runF({ ...(await resourceOptions(f)), id, variation: flags.variation, markdown: Boolean(flags.markdown), today: await apiToday(f) });
    });
}

export async function itineraryGetRun(opts: ItineraryGetOptions): Promise<void> {
  await showItinerary(opts, await getItinerary(await opts.api(), opts.id, opts.variation));
}
