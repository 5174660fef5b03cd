import { Command } from 'commander';
import { dossierDeparturesList, getTourDossier, TOUR_DOSSIERS } from '../../api/resources/catalogue.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { renderItem } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import { makeTheme } from '../../output/theme.js';
import { readAsKind } from '../id-kind.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { DEPARTURES } from '../search/departures.js';
import { DEFAULT_LIMIT, searchRun } from '../search/search.js';
import { examples, idArgument, parseInteger } from '../shared.js';
import { DOSSIER_ROWS } from './view.js';

export interface DossierGetOptions extends ResourceOptions {
  id: string;
  /** List the dossier's departures: records to print (undefined with `all`). */
  departures?: { limit?: number; all: boolean };
}

export function newDossierGetCmd(f: Factory, runF: (opts: DossierGetOptions) => Promise<void> = dossierGetRun): Command {
  return new Command('get')
    .summary("show a tour dossier, and with --departures its departures")
    .description(
      'Show one tour dossier (the tour behind departures): product line, route, the dates its departures run, which ' +
        'itinerary applies when, and its description.\n\n' +
        `With --departures, its departures too, ${DEFAULT_LIMIT} at most unless --limit or --all says otherwise: on a terminal ` +
        'under the dossier; in other formats (-o json, ndjson, csv…) the list of departures alone, as `trek search departures` prints it.\n\n' +
        'An id of another kind is named as such ("100001 is a departure; its dossier is 20001"); exit 4 only for an id nothing has.',
    )
    .addArgument(idArgument('<id>', 'tour dossier id'))
    .option('--departures', "also list the dossier's departures")
    .option('-L, --limit <n>', `with --departures: print at most N departures (default ${DEFAULT_LIMIT})`)
    .option('--all', 'with --departures: every departure (every page)')
    .addHelpText('after', examples([
      'trek dossier get 20001',
      'trek dossier get 20001 --departures --limit 10',
      "trek dossier get 20001 --departures --all -o ndjson | jq -r 'select(.availability.status == \"AVAILABLE\") | .id'",
    ]))
    .action(async (id: string, flags: { departures?: boolean; limit?: string; all?: boolean }) => {
      if (!flags.departures && (flags.limit !== undefined || flags.all)) throw new UsageError(`${flags.all ? '--all' : '--limit'} goes with --departures`);
      if (flags.all && flags.limit !== undefined) throw new UsageError('use either --all or --limit, not both');
      const departures = flags.departures
        ? { all: Boolean(flags.all), limit: flags.all ? undefined : flags.limit === undefined ? DEFAULT_LIMIT : parseInteger(flags.limit, '--limit', { min: 1 }) }
        : undefined;
      await runF({ ...(await resourceOptions(f)), id, ...(departures ? { departures } : {}) });
    });
}

export async function dossierGetRun(opts: DossierGetOptions): Promise<void> {
  const client = await opts.api();
  const dossier = await readAsKind(client, TOUR_DOSSIERS, opts.id, () => getTourDossier(client, opts.id));
  if (!opts.departures) {
    await renderItem(opts.io, dossier, opts.output, { rows: DOSSIER_ROWS, xmlRoot: 'tour_dossier' });
    return;
  }
  // The departures are the data asked for: a script gets them alone; a person sees whose they are first.
  const asDetail = opts.output.format === 'table' && !opts.output.fields;
  if (asDetail) {
    await renderItem(opts.io, dossier, opts.output, { rows: DOSSIER_ROWS });
    opts.io.out.write(`\n${makeTheme(opts.output.color).bold('Departures')}\n`);
  }
  const { path, query } = dossierDeparturesList(dossier);
  const { limit, all } = opts.departures;
  // As trek search asks: no more than needed (a --limit 5 reads one page of 10), soonest first.
  query.push(['order_by', 'start_date'], ['max_per_page', String(limit === undefined ? 100 : Math.min(100, Math.max(10, limit)))]);
  await searchRun({
    io: opts.io,
    api: opts.api,
    output: opts.output,
    resource: { ...DEPARTURES, path, name: `departures of ${sanitize(String(dossier.id))}` },
    query,
    limit,
    all,
  });
}
