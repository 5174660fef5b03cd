/** How a departure looks in table view: dates, availability, airports, prices, what it includes. */
import { type Column } from '../../output/render.js';
import { formatMoney } from '../../output/money.js';
import { displayValue, joinValues } from '../../output/value.js';
import { currenciesOf, depositOf, lowestPrice, moneyOrNone, placesLeft, placesText, priceCurrency, roomPrices, type PricedDeparture, type RoomPrice } from './prices.js';
import { reference, referenceList } from '../booking/view.js';
import { commaJoined } from '../service/columns.js';

/** "2027-06-13 – 2027-06-30 (18 days)": the length counts both ends, as a tour's days do. */
export function dateRange(first: unknown, last: unknown): string {
  if (!first && !last) return '';
  const range = `${displayValue(first)} – ${displayValue(last)}`;
  const days = (Date.parse(String(last)) - Date.parse(String(first))) / 86_400_000 + 1;
  return Number.isInteger(days) && days > 0 ? `${range} (${days} day${days === 1 ? '' : 's'})` : range;
}

/** "AVAILABLE, 8 places left": the status and, where the server gives them, the places. */
function availability(value: unknown, record: unknown): string {
  const status = value && typeof value === 'object' ? (value as { status?: unknown }).status : value;
  const left = placesLeft(record as PricedDeparture);
  return joinValues([status, left === undefined ? undefined : `${placesText(left)} left`], ', ');
}

/** "3099.00 USD per person sharing, deposit 250.00 USD"; every currency the departure lists in another one's absence. */
function lowest(departure: PricedDeparture, currency: string | undefined): string {
  const shown = priceCurrency(departure, currency);
  if (shown === undefined) return '';
  const amount = lowestPrice(departure, shown);
  const deposit = depositOf(departure, shown);
  if (amount === undefined) return `${moneyOrNone(undefined, shown)} (priced in ${currenciesOf(departure).join(', ')})`;
  return `${formatMoney(amount, shown)} per person sharing${deposit === undefined ? '' : `, deposit ${formatMoney(deposit, shown)}`}`;
}

function airports(_value: unknown, record: unknown): string {
  const r = record as { nearest_start_airport?: { code?: unknown } | null; nearest_finish_airport?: { code?: unknown } | null };
  const start = displayValue(r.nearest_start_airport?.code);
  const finish = displayValue(r.nearest_finish_airport?.code);
  return start || finish ? `starts near ${start || '?'}, finishes near ${finish || '?'}` : '';
}

/** Itinerary references as "700001 (variation 7000011)". */
export function itineraryRefs(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value.map((i: { id?: unknown; variation_id?: unknown }) => (i?.variation_id ? `${displayValue(i.id)} (variation ${displayValue(i.variation_id)})` : displayValue(i?.id))).join(', ');
}

/** The rows of `departure get`, prices in `currency` (else the first the departure lists). */
export function departureRows(currency: string | undefined): Column[] {
  return [
    { field: 'id', header: 'ID' },
    { field: 'name', header: 'NAME' },
    { field: 'tour_dossier', header: 'DOSSIER', format: reference },
    { field: 'product_line', header: 'PRODUCT LINE' },
    { field: 'start_date', header: 'DATES', format: (_v, r) => dateRange((r as { start_date?: unknown }).start_date, (r as { finish_date?: unknown }).finish_date) },
    { field: 'availability', header: 'AVAILABILITY', format: availability, style: (text, _value, theme) => theme.status(text.split(',')[0]) + text.slice(text.split(',')[0].length) },
    { field: 'nearest_start_airport', header: 'AIRPORTS', format: airports },
    { field: 'lowest_pp2a_prices', header: 'FROM', format: (_v, r) => lowest(r as PricedDeparture, currency) },
    { field: 'flags', header: 'FLAGS', format: commaJoined },
    { field: 'flex_plans', header: 'FLEX PLANS', format: referenceList },
    { field: 'cancellation_terms', header: 'CANCELLATION', format: reference },
    { field: 'structured_itineraries', header: 'ITINERARY', format: itineraryRefs },
  ];
}

/** Rooms, one row per price band: who may book it, its price and deposit, places left in the room. */
export const ROOM_COLUMNS: Column[] = [
  { field: 'room', header: 'ROOM' },
  { field: 'roomName', header: 'NAME', wrap: true },
  { field: 'band', header: 'BAND', wrap: true, format: (band, row) => joinValues([band, (row as RoomPrice).ages], ' ') },
  { field: 'amount', header: 'PRICE', whole: true, format: (amount, row) => moneyOrNone(amount as string | undefined, (row as RoomPrice).currency) },
  { field: 'deposit', header: 'DEPOSIT', whole: true, format: (deposit, row) => (deposit === undefined ? '' : formatMoney(deposit, (row as RoomPrice).currency)) },
  { field: 'places', header: 'PLACES' },
];

/** The rooms section's rows: each band of each room in `currency` (else the first the departure lists). */
export function roomRows(departure: PricedDeparture, currency: string | undefined): RoomPrice[] {
  const shown = priceCurrency(departure, currency);
  return shown === undefined ? [] : roomPrices(departure, shown);
}

/** The departure's components (its exact accommodation, spec §2.10 rule 4), in date order. */
export const COMPONENT_COLUMNS: Column[] = [
  { field: 'start_date', header: 'FROM' },
  { field: 'finish_date', header: 'TO' },
  { field: 'type', header: 'TYPE' },
  { field: 'summary', header: 'WHAT', wrap: true },
  { field: 'start_location.name', header: 'WHERE' },
];
