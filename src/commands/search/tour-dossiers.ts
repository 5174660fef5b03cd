import type { Command } from 'commander';
import { searchFields } from '../../api/query.js';
import type { Factory } from '../../factory.js';
import { displayValue } from '../../output/value.js';
import { newSearchVerbCmd, type SearchOptions, type SearchResource } from './search.js';

export const TOUR_DOSSIERS: SearchResource = {
  name: 'tour-dossiers',
  noun: 'tour dossiers',
  path: '/tour_dossiers',
  summary: 'the tours behind departures, by name, product line and dates',
  description: 'Search tour dossiers (the tours behind departures) by name, product line, dates and description; listed by name.',
  fields: searchFields('tour_dossiers'),
  defaultOrder: 'name',
  columns: [
    { field: 'id' },
    { field: 'name', maxWidth: 40 },
    { field: 'product_line', header: 'PRODUCT LINE' },
    {
      field: 'departures_start_date',
      header: 'DEPARTURES',
      format: (_value, record) => {
        const r = record as { departures_start_date?: unknown; departures_end_date?: unknown };
        return `${displayValue(r.departures_start_date)} – ${displayValue(r.departures_end_date)}`;
      },
    },
  ],
  examples: [
    'trek search tour-dossiers --where name=inca',
    "trek search tour-dossiers --where 'description__phrase=machu picchu' --order-by -departures_end_date",
    'trek search tour-dossiers --all -o json | jq length',
  ],
};

export function newTourDossiersCmd(f: Factory, runF?: (opts: SearchOptions) => Promise<void>): Command {
  return newSearchVerbCmd(f, TOUR_DOSSIERS, runF);
}
