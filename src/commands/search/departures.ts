import type { Command } from 'commander';
import { searchFields } from '../../api/query.js';
import type { Factory } from '../../factory.js';
import { formatMoney } from '../../output/money.js';
import type { Column, OutputSpec } from '../../output/render.js';
import { depositOf, lowestPrice, moneyOrNone, placesLeft, placesText, priceCurrency, roomPrices, type PricedDeparture, type RoomPrice } from '../departure/prices.js';
import { newSearchVerbCmd, type SearchOptions, type SearchResource } from './search.js';

/** Narrower than this, a table of departures leaves the airports out so places and price still fit. */
export const AIRPORTS_FROM_WIDTH = 100;

/** The lowest price per person in `currency` (else the first the departure lists), for a cell. */
function priceCell(record: unknown, currency: string | undefined): string {
  const departure = record as PricedDeparture;
  const shown = priceCurrency(departure, currency);
  if (shown === undefined) return '';
  const amount = lowestPrice(departure, shown);
  return amount === undefined ? moneyOrNone(undefined, shown) : formatMoney(amount, shown);
}

/** "STANDARD 4399.00 · SINGLE 5498.75 (3 places)": each room's price for an adult, and its places where given. */
function roomsCell(record: unknown, currency: string | undefined): string {
  const departure = record as PricedDeparture;
  const shown = priceCurrency(departure, currency);
  if (shown === undefined) return '';
  const rooms = new Map<string, RoomPrice>();
  for (const row of roomPrices(departure, shown)) if (!rooms.has(row.room) || (rooms.get(row.room)!.amount === undefined && row.amount !== undefined)) rooms.set(row.room, row);
  return [...rooms.values()]
    .map((row) => `${row.room} ${row.amount === undefined ? 'no price' : formatMoney(row.amount)}${row.places === undefined ? '' : ` (${placesText(row.places)})`}`)
    .join(' · ');
}

/** What --wide adds: the deposit with the lowest price, and each room's price. */
function wideColumns(currency: string | undefined): Column[] {
  return [
    {
      field: 'deposit',
      header: 'DEPOSIT',
      format: (_value, record) => {
        const shown = priceCurrency(record as PricedDeparture, currency);
        const deposit = shown === undefined ? undefined : depositOf(record as PricedDeparture, shown);
        return deposit === undefined ? '' : formatMoney(deposit, shown);
      },
    },
    { field: 'rooms', header: 'ROOMS', format: (_value, record) => roomsCell(record, currency) },
  ];
}

/**
 * The columns of a list of departures: dates, availability, places left and the lowest price per
 * person in `currency`, then the airports where the table has room for them (--wide, or at least
 * AIRPORTS_FROM_WIDTH columns, or any format but a table). Places and price are never cut.
 */
export function departureColumns(currency: string | undefined, output?: Pick<OutputSpec, 'format' | 'width' | 'wide'>): Column[] {
  const narrow = output !== undefined && output.format === 'table' && !output.wide && output.width < AIRPORTS_FROM_WIDTH;
  return [
    { field: 'id' },
    { field: 'name', maxWidth: 40 },
    { field: 'start_date', header: 'START', whole: true },
    { field: 'finish_date', header: 'FINISH', whole: true },
    { field: 'availability.status', header: 'AVAILABILITY', style: (text, _value, theme) => theme.status(text) },
    { field: 'availability.total', header: 'PLACES', whole: true, format: (_value, record) => String(placesLeft(record as PricedDeparture) ?? '') },
    { field: 'lowest_pp2a_prices', header: 'PRICE', whole: true, format: (_value, record) => priceCell(record, currency) },
    ...(output?.wide && output.format === 'table' ? wideColumns(currency) : []),
    ...(narrow
      ? []
      : [
          { field: 'nearest_start_airport.code', header: 'FLY IN' },
          { field: 'nearest_finish_airport.code', header: 'FLY OUT' },
        ]),
  ];
}

export const DEPARTURES: SearchResource = {
  name: 'departures',
  noun: 'departures',
  path: '/departures',
  summary: 'dated tours by name, dates, availability and airport, soonest first',
  description:
    'Search departures (dated tours) by name, dates, availability and airport, soonest first. ' +
    'The default condition matches case-insensitively on a part of the value.\n\n' +
    'A month of departures: --starting 2027-06; any range of start dates: --from and --to. The API takes one condition ' +
    'per attribute, so trek sends the first bound and stops reading at the first departure past the second.\n\n' +
    'PLACES is how many are left; PRICE the lowest per person (two sharing) in --currency, else the currency setting, else ' +
    'the first the departure lists. FLY IN and FLY OUT, the airports nearest the start and the finish, need ' +
    `${AIRPORTS_FROM_WIDTH} columns (or --wide).`,
  fields: searchFields('departures'),
  defaultOrder: 'start_date',
  range: 'start_date',
  columns: departureColumns(undefined),
  columnsFor: departureColumns,
  examples: [
    'trek search departures --starting next-month --where availability.status=AVAILABLE',
    'trek search departures --from today --to +30d --all -o csv > departures.csv',
    'trek search departures --where availability.status=AVAILABLE --limit 5 --currency GBP',
    "trek search departures --where 'start_date__gte=+6mo' --where 'availability.status__in=AVAILABLE,REQUEST_SPACE'",
    "trek search departures --where name=peru --where 'nearest_finish_airport.code=LIM' -o csv",
    'trek search departures --all -o ndjson | jq -r .id',
  ],
};

export function newDeparturesCmd(f: Factory, runF?: (opts: SearchOptions) => Promise<void>): Command {
  return newSearchVerbCmd(f, DEPARTURES, runF);
}
