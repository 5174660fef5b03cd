/** How an activity looks in table view. */
import type { Activity } from '../../api/resources/catalogue.js';
import { type Column } from '../../output/render.js';
import { displayValue, joinValues } from '../../output/value.js';

/** One line per currency: "CAD 230.00". */
function prices(value: unknown): string {
  return value && typeof value === 'object'
    ? Object.entries(value)
        .map(([currency, amount]) => `${currency} ${displayValue(amount)}`)
        .join('\n')
    : '';
}

export const ACTIVITY_ROWS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'name', header: 'NAME' },
  { field: 'location', header: 'WHERE', format: (v) => joinValues([(v as Activity['location'])?.city, (v as Activity['location'])?.country], ', ') },
  { field: 'duration_hours', header: 'HOURS' },
  {
    field: 'available_from',
    header: 'AVAILABLE',
    format: (from, record) => (from || (record as Activity).available_to ? `${displayValue(from)} – ${displayValue((record as Activity).available_to)}` : ''),
  },
  { field: 'prices', header: 'PRICE', format: prices },
  { field: 'commission_rate', header: 'COMMISSION', format: (v) => (typeof v === 'number' ? `${v}%` : displayValue(v)) },
  { field: 'description', header: 'DESCRIPTION' },
];
