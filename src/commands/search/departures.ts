import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newSearchVerbCmd, searchRun, type SearchOptions, type SearchResource } from './search.js';

export const DEPARTURES: SearchResource = {
  name: 'departures',
  path: '/departures',
  description: 'Search departures (dated tours) by name, dates, availability and airport.\nThe default condition matches case-insensitively on a part of the value.',
  columns: [
    { field: 'id' },
    { field: 'name', maxWidth: 40 },
    { field: 'start_date', header: 'START' },
    { field: 'finish_date', header: 'FINISH' },
    { field: 'availability.status', header: 'AVAILABILITY', style: (text, _value, theme) => theme.status(text) },
    { field: 'nearest_finish_airport.code', header: 'AIRPORT' },
  ],
  examples: [
    'trek search departures --where availability.status=AVAILABLE --order-by start_date --limit 5',
    "trek search departures --where 'start_date__gte=2027-05-01' --where 'availability.status__in=AVAILABLE,REQUEST_SPACE'",
    "trek search departures --where name=peru --where 'nearest_finish_airport.code=LIM' -o csv",
    'trek search departures --all -o ndjson | jq -r .id',
  ],
};

export function newDeparturesCmd(f: Factory, runF?: (opts: SearchOptions) => Promise<void>): Command {
  return newSearchVerbCmd(f, DEPARTURES, runF);
}

export const departuresRun = searchRun;
