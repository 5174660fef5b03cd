import { Command } from 'commander';
import { dossierDeparturesList, getTourDossier, TOUR_DOSSIERS } from '../../api/resources/catalogue.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { renderItem } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import { makeTheme } from '../../output/theme.js';
import { readAsKind } from '../id-kind.js';
import { addListOptions, DEFAULT_LIMIT, listRun, readListFlags, type ListFlags, type ListRequest } from '../list.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { chosenCurrency, CURRENCY_HELP } from '../departure/prices.js';
import { departureColumns, DEPARTURES } from '../search/departures.js';
import { registerCompleter, registeredCompleter } from '../../completion/registry.js';
import { fieldList } from '../../completion/values.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { DOSSIER_ROWS } from './view.js';

export interface DossierGetOptions extends ResourceOptions {
  id: string;
  /** --departures: the dossier's departures, as the list flags ask for them. */
  departures?: ListRequest;
  /** Departure prices in this currency (--currency or the setting). */
  currency?: string;
}

/** The list flags given, by their names: they ask for departures, so they need --departures. */
function listFlagsGiven(flags: ListFlags): string[] {
  const { where, orderBy, ...single } = flags;
  const named = Object.entries(single)
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([name]) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  return [...(where.length ? ['--where'] : []), ...(orderBy.length ? ['--order-by'] : []), ...named];
}

export function newDossierGetCmd(f: Factory, runF: (opts: DossierGetOptions) => Promise<void> = dossierGetRun): Command {
  const command = new Command('get')
    .summary('show a tour dossier, and with --departures its departures')
    .description(
      'Show one tour dossier (the tour behind departures): product line, route, the dates its departures run, which ' +
        'itinerary applies when, and its description.\n\n' +
        `With --departures, its departures too, soonest first, paged like every list (${DEFAULT_LIMIT} unless --limit or --all; ` +
        '--where, --starting, --from and --to as in `trek search departures`): on a terminal under the dossier; in other formats ' +
        '(-o json, ndjson, csv…) the list of departures alone, as `trek search departures` prints it.\n\n' +
        'An id of another kind is named as such ("100001 is a departure; its dossier is 20001"); exit 4 only for an id nothing has.',
    )
    .addArgument(idArgument('<id>', 'tour dossier id'))
    .option('--departures', "list the dossier's departures")
    .option('--currency <code>', `with --departures: ${CURRENCY_HELP}`);
  addListOptions(command, DEPARTURES);
  // --fields picks the dossier's fields, or with --departures the departures' (addListOptions registered those).
  const departureFields = registeredCompleter(command, '--fields');
  const dossierFields = fieldList(DOSSIER_ROWS.map((row) => row.field));
  registerCompleter(command, '--fields', (ctx) => ('departures' in ctx.flags ? (departureFields?.(ctx) ?? []) : dossierFields(ctx)));
  return command
    .addHelpText(
      'after',
      examples([
        'trek dossier get 20001',
        'trek dossier get 20001 --departures --starting next-month',
        'trek dossier get 20001 --departures --all -o ndjson | jq -r \'select(.availability.status == "AVAILABLE") | .id\'',
      ]),
    )
    .action(async (id: string, { departures, currency: currencyFlag, ...flags }: ListFlags & { departures?: boolean; currency?: string }) => {
      const listFlags = listFlagsGiven(flags);
      if (!departures && listFlags.length > 0) throw new UsageError(`${listFlags.join(', ')} ${listFlags.length === 1 ? 'lists' : 'list'} departures: add --departures`);
      if (!departures && currencyFlag !== undefined) throw new UsageError('--currency prices departures: add --departures', undefined, { field: '--currency' });
      const currency = await chosenCurrency(f, currencyFlag);
      await runF({ ...(await resourceOptions(f)), id, ...(currency === undefined ? {} : { currency }), ...(departures ? { departures: await readListFlags(f, flags, DEPARTURES) } : {}) });
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
  const request = { ...opts.departures, query: [...query, ...opts.departures.query] };
  const noun = `departures of ${sanitize(String(dossier.id))}`;
  const spec = { ...DEPARTURES, columns: departureColumns(opts.currency, opts.output) };
  await listRun({ io: opts.io, api: opts.api, output: opts.output, path, spec, request, empty: `No ${noun} match.` });
}
