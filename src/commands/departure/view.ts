/** How a departure looks in table view: dates, availability, airports, prices, what it includes. */
import { formatValue, joinValues, type Column } from '../../output/render.js';
import { reference, referenceList } from '../booking/view.js';
import { commaJoined } from '../service/columns.js';

type Prices = Readonly<Record<string, unknown>> | null | undefined;

/** "2027-06-13 – 2027-06-30 (18 days)": the length counts both ends, as a tour's days do. */
export function dateRange(first: unknown, last: unknown): string {
  if (!first && !last) return '';
  const range = `${formatValue(first)} – ${formatValue(last)}`;
  const days = (Date.parse(String(last)) - Date.parse(String(first))) / 86_400_000 + 1;
  return Number.isInteger(days) && days > 0 ? `${range} (${days} day${days === 1 ? '' : 's'})` : range;
}

/** One line per currency: "CAD 4399.00, deposit 250.00". */
function pricesByCurrency(_value: unknown, record: unknown): string {
  const { prices, deposits } = record as { prices?: Prices; deposits?: Prices };
  if (!prices || typeof prices !== 'object') return '';
  return Object.entries(prices)
    .map(([currency, amount]) => {
      const deposit = deposits && typeof deposits === 'object' ? deposits[currency] : undefined;
      return `${currency} ${formatValue(amount)}${deposit === undefined ? '' : `, deposit ${formatValue(deposit)}`}`;
    })
    .join('\n');
}

function availability(value: unknown): string {
  const a = value as { status?: unknown; spaces_remaining?: unknown } | null | undefined;
  if (!a || typeof a !== 'object') return formatValue(value);
  const places = typeof a.spaces_remaining === 'number' ? `${a.spaces_remaining} place${a.spaces_remaining === 1 ? '' : 's'} left` : undefined;
  return joinValues([a.status, places], ', ');
}

function airports(_value: unknown, record: unknown): string {
  const r = record as { nearest_start_airport?: { code?: unknown } | null; nearest_finish_airport?: { code?: unknown } | null };
  const start = formatValue(r.nearest_start_airport?.code);
  const finish = formatValue(r.nearest_finish_airport?.code);
  return start || finish ? `starts near ${start || '?'}, finishes near ${finish || '?'}` : '';
}

/** Itinerary references as "700001 (variation 7000011)". */
export function itineraryRefs(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((i: { id?: unknown; variation_id?: unknown }) => (i?.variation_id ? `${formatValue(i.id)} (variation ${formatValue(i.variation_id)})` : formatValue(i?.id)))
    .join(', ');
}

export const DEPARTURE_ROWS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'name', header: 'NAME' },
  { field: 'tour_dossier', header: 'DOSSIER', format: reference },
  { field: 'product_line', header: 'PRODUCT LINE' },
  { field: 'start_date', header: 'DATES', format: (_v, r) => dateRange((r as { start_date?: unknown }).start_date, (r as { finish_date?: unknown }).finish_date) },
  { field: 'availability', header: 'AVAILABILITY', format: availability, style: (text, _value, theme) => theme.status(text.split(',')[0]!) + text.slice(text.split(',')[0]!.length) },
  { field: 'nearest_start_airport', header: 'AIRPORTS', format: airports },
  { field: 'prices', header: 'PRICE', format: pricesByCurrency },
  { field: 'flags', header: 'FLAGS', format: commaJoined },
  { field: 'flex_plans', header: 'FLEX PLANS', format: referenceList },
  { field: 'cancellation_terms', header: 'CANCELLATION', format: reference },
  { field: 'structured_itineraries', header: 'ITINERARY', format: itineraryRefs },
];

/** Rooms: each with its price bands (who may book it) and how its price differs. */
export const ROOM_COLUMNS: Column[] = [
  { field: 'code', header: 'ROOM' },
  { field: 'name', header: 'NAME', wrap: true },
  { field: 'price_adjustment_percent', header: 'PRICE', format: (v) => (typeof v === 'number' && v !== 0 ? `${v > 0 ? '+' : ''}${v}%` : 'base') },
  {
    field: 'price_bands',
    header: 'BANDS',
    wrap: true,
    format: (bands) =>
      Array.isArray(bands)
        ? bands.map((b: { name?: unknown; min_age?: unknown; max_age?: unknown }) => {
            const ages = b?.min_age != null || b?.max_age != null ? ` ${formatValue(b.min_age ?? 0)}${b.max_age == null ? '+' : `–${formatValue(b.max_age)}`}` : '';
            return `${formatValue(b?.name)}${ages}`;
          }).join(', ')
        : '',
  },
];

/** The departure's components (its exact accommodation, spec §2.10 rule 4), in date order. */
export const COMPONENT_COLUMNS: Column[] = [
  { field: 'start_date', header: 'FROM' },
  { field: 'finish_date', header: 'TO' },
  { field: 'type', header: 'TYPE' },
  { field: 'summary', header: 'WHAT', wrap: true },
  { field: 'start_location.name', header: 'WHERE' },
];
