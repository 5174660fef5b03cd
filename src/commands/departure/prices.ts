/**
 * What a departure costs and how many places it has, read from the operator's members
 * (`rooms[].price_bands[].prices[]`, `lowest_pp2a_prices[]`, `availability.total`) and, where a
 * server sends only those, the older members trek's sandbox sent (`prices`/`deposits` maps by
 * currency, `availability.spaces_remaining`). Every departure view reads them here.
 */
import type { Unchecked } from '../../api/resources/common.js';
import type { Departure } from '../../api/resources/flex.js';
import type { components } from '../../domain/contract.js';
import type { Factory } from '../../factory.js';
import { formatMoney, toCents } from '../../output/money.js';
import { parseCurrency } from '../booking/create.js';

type Room = NonNullable<Departure['rooms']>[number];
type Price = Unchecked<components['schemas']['Price']>;
type Band = Unchecked<NonNullable<Room['price_bands']>[number]>;
type Availability = Unchecked<NonNullable<Departure['availability']>> | null;

export type PricedRoom = Unchecked<Pick<Room, 'code' | 'name' | 'price_bands'>> & { availability?: Availability };

/** The members of a departure these views read; each may be missing or of another shape. */
export type PricedDeparture = Unchecked<Pick<Departure, 'rooms' | 'lowest_pp2a_prices' | 'prices' | 'deposits'>> & { availability?: Availability };

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value.filter((item) => item !== null && typeof item === 'object') as T[]) : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined);

/** A count of places: `total` (the operator's member), else `spaces_remaining` (trek's sandbox before). */
function places(availability: PricedDeparture['availability']): number | undefined {
  if (!availability || typeof availability !== 'object') return undefined;
  for (const count of [availability.total, availability.spaces_remaining]) if (typeof count === 'number' && Number.isFinite(count)) return count;
  return undefined;
}

/** Places left on the departure; undefined when the server says nothing of them. */
export function placesLeft(departure: PricedDeparture): number | undefined {
  return places(departure.availability);
}

/** Places left in one room, where the departure gives them per room. */
export function roomPlacesLeft(room: PricedRoom): number | undefined {
  return places(room.availability);
}

export const placesText = (count: number): string => `${count} place${count === 1 ? '' : 's'}`;

/** A per-currency map's entry (`prices.CAD`). */
function mapEntry(map: unknown, currency: string): string | undefined {
  return map && typeof map === 'object' && !Array.isArray(map) ? text((map as Record<string, unknown>)[currency]) : undefined;
}

/** The currencies the departure is priced in, in the order it lists them. */
export function currenciesOf(departure: PricedDeparture): string[] {
  const found = new Set<string>();
  for (const price of list<Price>(departure.lowest_pp2a_prices)) if (text(price.currency)) found.add(String(price.currency));
  for (const room of list<PricedRoom>(departure.rooms))
    for (const band of list<Band>(room.price_bands)) for (const price of list<Price>(band.prices)) if (text(price.currency)) found.add(String(price.currency));
  if (departure.prices && typeof departure.prices === 'object' && !Array.isArray(departure.prices)) for (const currency of Object.keys(departure.prices)) found.add(currency);
  return [...found];
}

/** The currency to show prices in: the one asked for, else the first the departure lists. */
export function priceCurrency(departure: PricedDeparture, wanted: string | undefined): string | undefined {
  return wanted ?? currenciesOf(departure)[0];
}

/** One price of one band of one room, in one currency. */
export interface RoomPrice {
  room: string;
  roomName: string;
  band: string;
  /** "18+", "12–100"; empty when the band names no ages. */
  ages: string;
  amount?: string;
  deposit?: string;
  currency: string;
  places?: number;
}

function ages(band: Band): string {
  const min = text(band.min_age);
  const max = text(band.max_age);
  if (min === undefined && max === undefined) return '';
  return max === undefined ? `${min}+` : `${min ?? 0}–${max}`;
}

/**
 * Each band of each room, priced in `currency`. A band with no price in that currency has no
 * amount (the view says so); a room without bands is one row without a price.
 */
export function roomPrices(departure: PricedDeparture, currency: string): RoomPrice[] {
  const rows: RoomPrice[] = [];
  for (const room of list<PricedRoom>(departure.rooms)) {
    const base = { room: text(room.code) ?? '', roomName: text(room.name) ?? '', currency, ...optional('places', roomPlacesLeft(room)) };
    const bands = list<Band>(room.price_bands);
    for (const band of bands) {
      const price = list<Price>(band.prices).find((p) => p.currency === currency);
      rows.push({ ...base, band: text(band.name) ?? text(band.code) ?? '', ages: ages(band), ...optional('amount', text(price?.amount)), ...optional('deposit', text(price?.deposit)) });
    }
    if (bands.length === 0) rows.push({ ...base, band: '', ages: '' });
  }
  return rows;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** Per-currency map entry of the sandbox's older members, when the rooms say nothing. */
function fromMaps(departure: PricedDeparture, currency: string): { amount?: string; deposit?: string } {
  return { ...optional('amount', mapEntry(departure.prices, currency)), ...optional('deposit', mapEntry(departure.deposits, currency)) };
}

/**
 * The lowest price per person in `currency`: `lowest_pp2a_prices` (per person, two adults
 * sharing), else the lowest band price of the rooms, else the departure's `prices` map.
 */
export function lowestPrice(departure: PricedDeparture, currency: string): string | undefined {
  const listed = text(list<Price>(departure.lowest_pp2a_prices).find((p) => p.currency === currency)?.amount);
  if (listed !== undefined) return listed;
  const amounts = roomPrices(departure, currency).flatMap((row) => (row.amount !== undefined && toCents(row.amount) !== undefined ? [row.amount] : []));
  if (amounts.length) return amounts.reduce((low, amount) => (toCents(amount)! < toCents(low)! ? amount : low));
  return fromMaps(departure, currency).amount;
}

/** The deposit per person in `currency`: of the room band the lowest price is from, else the `deposits` map. */
export function depositOf(departure: PricedDeparture, currency: string): string | undefined {
  const lowest = lowestPrice(departure, currency);
  const rows = roomPrices(departure, currency).filter((row) => row.deposit !== undefined);
  return (rows.find((row) => row.amount === lowest) ?? rows[0])?.deposit ?? fromMaps(departure, currency).deposit;
}

/** The price of room `code` for one adult in `currency` (its first band priced in it). */
export function roomPrice(departure: PricedDeparture, code: string, currency: string): RoomPrice | undefined {
  const rows = roomPrices(departure, currency).filter((row) => row.room === code);
  return rows.find((row) => row.amount !== undefined) ?? rows[0];
}

/** "3299.00 CAD" or, without a price in that currency, "no CAD price". */
export function moneyOrNone(amount: string | undefined, currency: string): string {
  return amount === undefined ? `no ${currency} price` : formatMoney(amount, currency);
}

export const CURRENCY_HELP = 'currency to show prices in, e.g. CAD (default: the currency setting, else the first the departure lists)';

/** --currency, else the `currency` setting; undefined when neither is given. */
export async function chosenCurrency(f: Factory, flag: string | undefined): Promise<string | undefined> {
  if (flag !== undefined) return parseCurrency(flag);
  return (await f.config()).getSetting('currency');
}

/** What booking travellers into rooms costs, worked out from the departure before the service is created. */
export interface RoomQuote {
  /** One per room taken: "SINGLE My Own Room × 1: 5498.75 CAD". */
  lines: string[];
  /** The sum, in cents; undefined when a room has no price in the currency. */
  total?: bigint;
  deposit?: bigint;
}

/**
 * The price before promotions of `customers` in their rooms (`rooms`: customer id → room code,
 * STANDARD for those it does not name), each at their room's adult price in `currency`.
 */
export function roomQuote(departure: PricedDeparture, customers: readonly string[], rooms: Readonly<Record<string, string>>, currency: string): RoomQuote {
  const counts = new Map<string, number>();
  for (const id of customers) counts.set(rooms[id] ?? STANDARD_ROOM, (counts.get(rooms[id] ?? STANDARD_ROOM) ?? 0) + 1);
  let total: bigint | undefined = 0n;
  let deposit: bigint | undefined = 0n;
  const lines = [...counts].map(([code, n]) => {
    const price = roomPrice(departure, code, currency);
    const amount = price?.amount === undefined ? undefined : toCents(price.amount);
    const each = price?.deposit === undefined ? undefined : toCents(price.deposit);
    total = total === undefined || amount === undefined ? undefined : total + amount * BigInt(n);
    deposit = deposit === undefined || each === undefined ? undefined : deposit + each * BigInt(n);
    const name = joinName(code, price?.roomName);
    return `${name} × ${n}: ${amount === undefined ? moneyOrNone(undefined, currency) : formatMoney(amount * BigInt(n), currency)}`;
  });
  return { lines, ...(total === undefined ? {} : { total }), ...(deposit === undefined ? {} : { deposit }) };
}

const joinName = (code: string, name: string | undefined) => (name ? `${code} ${name}` : code);

/** The room a traveller takes when none is chosen: the operator's shared room. */
export const STANDARD_ROOM = 'STANDARD';

/** The codes of the departure's rooms. */
export function roomCodesOf(departure: PricedDeparture): string[] {
  return [...new Set(list<PricedRoom>(departure.rooms).flatMap((room) => (text(room.code) ? [String(room.code)] : [])))];
}
