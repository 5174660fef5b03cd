import { Command } from 'commander';
import { getDeparture } from '../../api/resources/flex.js';
import type { Factory } from '../../factory.js';
import { renderItem } from '../../output/render.js';
import { readAsKind } from '../id-kind.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples, idArgument } from '../shared.js';
import { COMPONENT_COLUMNS, DEPARTURE_ROWS, ROOM_COLUMNS } from './view.js';

export interface DepartureGetOptions extends ResourceOptions {
  id: string;
}

export function newDepartureGetCmd(f: Factory, runF: (opts: DepartureGetOptions) => Promise<void> = departureGetRun): Command {
  return new Command('get')
    .summary('show a departure: dates, availability, prices, rooms, what it includes')
    .description(
      'Show one departure (a dated tour): its dossier, dates, availability and places left, airports, price and deposit per ' +
        'currency, flags, flex plans, cancellation terms and itinerary; in table view also its rooms and the accommodation it ' +
        'includes. With -o json/yaml/… the departure is printed as the API sends it.\n\n' +
        'An id of another kind is named as such ("20001 is a dossier, not a departure"); exit 4 only for an id nothing has.',
    )
    .addArgument(idArgument('<id>', 'departure id'))
    .addHelpText('after', examples([
      'trek departure get 100001',
      'trek departure get 100001 --fields name,start_date,availability.status,availability.spaces_remaining',
      'trek departure get 100001 -o json | jq -r .deposits.CAD',
    ]))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function departureGetRun(opts: DepartureGetOptions): Promise<void> {
  const client = await opts.api();
  const departure = await readAsKind(client, 'departures', opts.id, () => getDeparture(client, opts.id));
  const { rooms, components } = departure as { rooms?: unknown; components?: unknown };
  await renderItem(opts.io, departure, opts.output, {
    rows: DEPARTURE_ROWS,
    xmlRoot: 'departure',
    sections: [
      { title: 'Rooms', columns: ROOM_COLUMNS, records: Array.isArray(rooms) ? rooms : [] },
      { title: 'Included', columns: COMPONENT_COLUMNS, records: Array.isArray(components) ? components : [] },
    ],
  });
}
