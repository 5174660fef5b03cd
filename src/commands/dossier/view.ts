/** How a tour dossier looks in table view. */
import type { TourDossier } from '../../api/resources/catalogue.js';
import { placeName } from '../../api/resources/common.js';
import { type Column } from '../../output/render.js';
import { displayValue, joinValues } from '../../output/value.js';

function route(value: unknown): string {
  const g = value as TourDossier['geography'];
  if (!g || typeof g !== 'object') return '';
  const cities = g.start_city || g.finish_city ? `${displayValue(g.start_city)} → ${displayValue(g.finish_city)}` : '';
  return joinValues([cities, placeName(g.primary_country)], ', ');
}

/** Which itinerary applies when (spec §2.10 rule 3): "700001 from 2025-11-25", one per line. */
function itineraryRanges(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((range: { start_date?: unknown; end_date?: unknown; itinerary?: { id?: unknown } }) => {
      const from = range?.start_date ? ` from ${displayValue(range.start_date)}` : '';
      const to = range?.end_date ? ` to ${displayValue(range.end_date)}` : '';
      return `${displayValue(range?.itinerary?.id)}${from}${to}`;
    })
    .join('\n');
}

export const DOSSIER_ROWS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'name', header: 'NAME' },
  { field: 'product_line', header: 'PRODUCT LINE' },
  { field: 'geography', header: 'ROUTE', format: route },
  {
    field: 'departures_start_date',
    header: 'DEPARTURES',
    format: (first, record) => (first ? `${displayValue(first)} – ${displayValue((record as TourDossier).departures_end_date)}` : ''),
  },
  { field: 'valid_during_ranges', header: 'ITINERARIES', format: itineraryRanges },
  { field: 'description', header: 'DESCRIPTION' },
];
