import type { Command } from 'commander';
import { searchFields } from '../../api/query.js';
import type { Factory } from '../../factory.js';
import { newSearchVerbCmd, type SearchOptions, type SearchResource } from './search.js';

export const ACTIVITIES: SearchResource = {
  name: 'activities',
  noun: 'activities',
  path: '/activities',
  summary: 'activities to book on a tour, by name, place and dates',
  description:
    'Search activities (products booked with `trek service add-activity`) by name, place and dates; listed by name.\nThe default condition matches case-insensitively on a part of the value.',
  fields: searchFields('activities'),
  defaultOrder: 'name',
  columns: [
    { field: 'id' },
    { field: 'name', maxWidth: 40 },
    { field: 'location.city', header: 'CITY' },
    { field: 'location.country', header: 'COUNTRY' },
    { field: 'duration_hours', header: 'HOURS' },
  ],
  examples: ['trek search activities --where name=cooking', "trek search activities --where 'location.city=lima' --order-by name", 'trek search activities --all -o ndjson | jq -r .id'],
};

export function newActivitiesCmd(f: Factory, runF?: (opts: SearchOptions) => Promise<void>): Command {
  return newSearchVerbCmd(f, ACTIVITIES, runF);
}
