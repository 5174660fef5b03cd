import { Command } from 'commander';
import { getItinerary, getTourDossier, inRange, type DateRange } from '../../api/resources/itineraries.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import { makeTheme } from '../../output/theme.js';
import { resourceOptions } from '../resource.js';
import { apiToday, parseDate } from '../dates.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { rangeText, terminalStyle } from './plan.js';
import { checkMarkdownFlag, MARKDOWN_HELP, showItinerary, type ItineraryShowOptions } from './show.js';

export interface ItineraryForDossierOptions extends ItineraryShowOptions {
  dossier: string;
  /** YYYY-MM-DD: the travel date the itinerary must be valid on. */
  date: string;
}

export function newItineraryForDossierCmd(f: Factory, runF: (opts: ItineraryForDossierOptions) => Promise<void> = itineraryForDossierRun): Command {
  return new Command('for-dossier')
    .summary('the itinerary a tour dossier uses on a date, and its current variation')
    .description(
      "Show the itinerary of a tour dossier that applies on a date: the dossier's valid_during_ranges say which of its " +
        'itineraries (seasons, special editions) applies when. Tells on stderr which variation is current and, when another ' +
        'variation is valid on that date, shows that one.',
    )
    .addArgument(idArgument('<dossier-id>', 'tour dossier id'))
    .option('--date <YYYY-MM-DD>', 'travel date, or relative: +30d, +6mo (default: today)')
    .option('--markdown', MARKDOWN_HELP)
    .addHelpText(
      'after',
      examples(['trek itinerary for-dossier 20004 --date +4mo', 'trek itinerary for-dossier 20004 --date +1y --markdown > trip.md', 'trek itinerary for-dossier 20004 -o json | jq -r .id']),
    )
    .action(async (dossier: string, flags: { date?: string; markdown?: boolean }) => {
      // A mistake in --date is refused before anything is sent (any day shows it).
      if (flags.date !== undefined) parseDate(flags.date, '--date', '2000-01-01');
      // Which variation is current or past is the API's to say: on a sandbox, by its clock.
      const today = await apiToday(f);
      const date = flags.date === undefined ? today : parseDate(flags.date, '--date', today);
      checkMarkdownFlag(f, Boolean(flags.markdown));
      await runF({ ...(await resourceOptions(f)), dossier, date, markdown: Boolean(flags.markdown), today });
    });
}

export async function itineraryForDossierRun(opts: ItineraryForDossierOptions): Promise<void> {
  const client = await opts.api();
  const dossier = await getTourDossier(client, opts.dossier);
  const ranges = Array.isArray(dossier.valid_during_ranges) ? dossier.valid_during_ranges : [];
  const style = terminalStyle(makeTheme(false));
  const chosen = ranges.find((range) => range?.itinerary && inRange(range, opts.date));
  const itineraryId = chosen?.itinerary?.id ?? (ranges.length === 0 && dossier.itineraries?.length === 1 ? dossier.itineraries[0].id : undefined);
  if (itineraryId === undefined) {
    const known = ranges.map((r) => `${rangeText(r, style)}: itinerary ${sanitize(displayValue(r?.itinerary?.id))}`).join('; ');
    throw new UsageError(
      `no itinerary of tour dossier ${sanitize(opts.dossier)} applies on --date ${opts.date}`,
      known ? `Its itineraries apply: ${known}.` : 'The dossier lists no valid_during_ranges.',
    );
  }
  const itinerary = await getItinerary(client, String(itineraryId));
  const dossierName = dossier.name ? ` (${sanitize(dossier.name)})` : '';
  const why = chosen ? `its range ${rangeText(chosen, style)}` : 'its only itinerary';
  opts.io.err.write(`Tour dossier ${sanitize(String(dossier.id))}${dossierName}: itinerary ${sanitize(String(itinerary.id))} applies on ${opts.date} (${why}).\n`);

  const variations = Array.isArray(itinerary.variations) ? itinerary.variations : [];
  const current = variations[0];
  const rangeOnDate = (ranges: DateRange[] | undefined) => (Array.isArray(ranges) ? ranges.find((r) => inRange(r, opts.date)) : undefined);
  const onDate = variations.find((v) => rangeOnDate(v?.valid_during_ranges));
  if (current) opts.io.err.write(`Current variation: ${sanitize(displayValue(current.variation_id))} (the first the itinerary lists).\n`);
  if (onDate && onDate !== current) {
    opts.io.err.write(`On ${opts.date} variation ${sanitize(displayValue(onDate.variation_id))} applies (${rangeText(rangeOnDate(onDate.valid_during_ranges)!, style)}); showing it.\n`);
    await showItinerary(opts, await getItinerary(client, String(itinerary.id), String(onDate.variation_id)));
    return;
  }
  await showItinerary(opts, itinerary);
}
