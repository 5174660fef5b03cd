import { Command } from 'commander';
import { getDeparture } from '../../api/resources/flex.js';
import type { Factory } from '../../factory.js';
import { renderItem } from '../../output/render.js';
import { readAsKind } from '../id-kind.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { chosenCurrency, CURRENCY_HELP } from './prices.js';
import { COMPONENT_COLUMNS, departureRows, ROOM_COLUMNS, roomRows } from './view.js';

export interface DepartureGetOptions extends ResourceOptions {
  id: string;
  /** Prices in this currency (--currency or the setting); undefined: the first the departure lists. */
  currency?: string;
}

export function newDepartureGetCmd(f: Factory, runF: (opts: DepartureGetOptions) => Promise<void> = departureGetRun): Command {
  return new Command('get')
    .summary('show a departure: dates, availability, prices, rooms, what it includes')
    .description(
      'Show one departure (a dated tour): its dossier, dates, availability and places left, airports, price and deposit per ' +
        'currency (the lowest per person, and per room and band in the Rooms section), flags, flex plans, cancellation terms and itinerary; in table view also its rooms and the accommodation it ' +
        'includes. With -o json/yaml/… the departure is printed as the API sends it.\n\n' +
        'An id of another kind is named as such ("20001 is a dossier, not a departure"); exit 4 only for an id nothing has.',
    )
    .addArgument(idArgument('<id>', 'departure id'))
    .option('--currency <code>', CURRENCY_HELP)
    .addHelpText(
      'after',
      examples([
        'trek departure get 100001',
        'trek departure get 100001 --fields name,start_date,availability.status,availability.spaces_remaining',
        'trek departure get 100001 --currency GBP',
        'trek departure get 100001 -o json | jq -r \'.lowest_pp2a_prices[] | select(.currency == "CAD") | .amount\'',
      ]),
    )
    .action(async (id: string, flags: { currency?: string }) => {
      const currency = await chosenCurrency(f, flags.currency);
      await runF({ ...(await resourceOptions(f)), id, ...(currency === undefined ? {} : { currency }) });
    });
}

export async function departureGetRun(opts: DepartureGetOptions): Promise<void> {
  const client = await opts.api();
  const departure = await readAsKind(client, 'departures', opts.id, () => getDeparture(client, opts.id));
  const { components } = departure as { components?: unknown };
  await renderItem(opts.io, departure, opts.output, {
    rows: departureRows(opts.currency),
    xmlRoot: 'departure',
    sections: [
      { title: 'Rooms', columns: ROOM_COLUMNS, records: roomRows(departure, opts.currency) },
      { title: 'Included', columns: COMPONENT_COLUMNS, records: Array.isArray(components) ? components : [] },
    ],
  });
}
