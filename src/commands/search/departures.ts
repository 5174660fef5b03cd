import type { Command } from 'commander';
import { SEARCH_FIELD_TYPES } from '../../api/query.js';
import type { Factory } from '../../factory.js';
import { newSearchVerbCmd, type SearchOptions, type SearchResource } from './search.js';

export const DEPARTURES: SearchResource = {
  name: 'departures',
  noun: 'departures',
  path: '/departures',
  description:
    'Search departures (dated tours) by name, dates, availability and airport, soonest first. ' +
    'The default condition matches case-insensitively on a part of the value.\n\n' +
    'A month of departures: --starting 2027-06; any range of start dates: --from and --to. The API takes one condition ' +
    'per attribute, so trek sends the first bound and stops reading at the first departure past the second.\n\n' +
    'FLY IN and FLY OUT are the airports nearest the start and the finish.',
  fields: SEARCH_FIELD_TYPES.departures,
  defaultOrder: 'start_date',
  range: 'start_date',
  columns: [
    { field: 'id' },
    { field: 'name', maxWidth: 40 },
    { field: 'start_date', header: 'START' },
    { field: 'finish_date', header: 'FINISH' },
    { field: 'availability.status', header: 'AVAILABILITY', style: (text, _value, theme) => theme.status(text) },
    { field: 'nearest_start_airport.code', header: 'FLY IN' },
    { field: 'nearest_finish_airport.code', header: 'FLY OUT' },
  ],
  examples: [
    'trek search departures --starting next-month --where availability.status=AVAILABLE',
    'trek search departures --from today --to +30d --all -o csv > departures.csv',
    'trek search departures --where availability.status=AVAILABLE --limit 5',
    "trek search departures --where 'start_date__gte=+6mo' --where 'availability.status__in=AVAILABLE,REQUEST_SPACE'",
    "trek search departures --where name=peru --where 'nearest_finish_airport.code=LIM' -o csv",
    'trek search departures --all -o ndjson | jq -r .id',
  ],
};

export function newDeparturesCmd(f: Factory, runF?: (opts: SearchOptions) => Promise<void>): Command {
  return newSearchVerbCmd(f, DEPARTURES, runF);
}
