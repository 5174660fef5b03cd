/**
 * The departure picker of `service add-departure`: a type-to-filter list that asks the
 * catalogue as the person types — a tour's name, a departure or tour id, an airport code, a
 * month ("2027-06", "June 2027", "jun") or a year — and offers only what can be booked today:
 * AVAILABLE, REQUEST_SPACE and WAIT_LIST departures that have not started (the API refuses a
 * departure starting today or earlier with DEPARTURE_STARTED, a NOT_BOOKABLE one with
 * PRODUCT_NOT_BOOKABLE). Soonest first, 20 at most.
 */
import type { ApiClient } from '../../api/client.js';
import { isHttpStatus } from '../../api/errors.js';
import { records } from '../../api/paginate.js';
import { parseOrderBy, parseWhere } from '../../api/query.js';
import { getBooking } from '../../api/resources/bookings.js';
import { fetchJson } from '../../api/resources/common.js';
import { SANDBOX_PREFIX, type SandboxClock } from '../../api/resources/sandbox.js';
import { UsageError } from '../../errors.js';
import { formatMoney } from '../../output/money.js';
import { sanitize } from '../../output/sanitize.js';
import { columnLines } from '../../output/grid.js';
import type { Choice, Prompter } from '../../prompt/prompter.js';
import { toArray } from '../../api/paginate.js';
import { depositOf, lowestPrice, placesLeft, placesText, priceCurrency, roomPrices } from '../departure/prices.js';
import { fitToWidth, typedSearch } from './pickers.js';

/** How many departures the list shows. */
export const DEPARTURE_LIST_SIZE = 20;

/** The availability statuses a departure service can be booked on (Option, On Request, Waitlisted). */
export const BOOKABLE_STATUSES = ['AVAILABLE', 'REQUEST_SPACE', 'WAIT_LIST'] as const;

/** The members of a departure the picker reads (docs/sandbox.md, "Resources"); each may be missing. */
export interface PickedDeparture {
  id: string;
  name?: string;
  start_date?: string;
  finish_date?: string;
  product_line?: string;
  availability?: { status?: string; total?: number; spaces_remaining?: number };
  prices?: Record<string, string>;
  deposits?: Record<string, string>;
  lowest_pp2a_prices?: Array<{ currency?: string; amount?: string }>;
  rooms?: unknown;
  tour_dossier?: { id?: string; name?: string };
  nearest_start_airport?: { code?: string };
  nearest_finish_airport?: { code?: string };
}

/** A month or a year typed into the search: start dates from `from` (inclusive) to `to` (exclusive). */
export interface DateSpan {
  from: string;
  to: string;
}

/** What typed text asks for: a span of start dates, and the words left to match a tour by. */
export interface DepartureSearch {
  span?: DateSpan;
  text: string;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_WORD = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

const pad2 = (n: number) => String(n).padStart(2, '0');
const monthSpan = (year: number, month: number): DateSpan => ({
  from: `${year}-${pad2(month)}-01`,
  to: month === 12 ? `${year + 1}-01-01` : `${year}-${pad2(month + 1)}-01`,
});
const monthOf = (word: string) => MONTHS.indexOf(word.slice(0, 3).toLowerCase()) + 1;

/**
 * Reads a month or year out of typed text: "2027-06", "2027/6", "June 2027", "jun 2027",
 * "2027 June", a month alone (its next occurrence from `today`), a year alone ("2027"). The
 * rest of the text is what a tour is matched by.
 */
export function parseDepartureSearch(term: string, today: string): DepartureSearch {
  const forms: Array<[RegExp, (m: RegExpExecArray) => DateSpan | undefined]> = [
    [/\b(\d{4})[-/](\d{1,2})\b/, (m) => (Number(m[2]) >= 1 && Number(m[2]) <= 12 ? monthSpan(Number(m[1]), Number(m[2])) : undefined)],
    [new RegExp(`\\b${MONTH_WORD}\\s+(\\d{4})\\b`, 'i'), (m) => monthSpan(Number(m[2]), monthOf(m[1]))],
    [new RegExp(`\\b(\\d{4})\\s+${MONTH_WORD}(?=\\s|$)`, 'i'), (m) => monthSpan(Number(m[1]), monthOf(m[2]))],
    [
      new RegExp(`\\b${MONTH_WORD}(?=\\s|$)`, 'i'),
      (m) => {
        const month = monthOf(m[1]);
        const [year, thisMonth] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
        return monthSpan(month >= thisMonth ? year : year + 1, month);
      },
    ],
    [/\b((?:19|20)\d{2})\b/, (m) => ({ from: `${m[1]}-01-01`, to: `${Number(m[1]) + 1}-01-01` })],
  ];
  for (const [pattern, span] of forms) {
    const match = pattern.exec(term);
    const found = match && span(match);
    if (found) return { span: found, text: squeeze(term.slice(0, match.index) + ' ' + term.slice(match.index + match[0].length)) };
  }
  return { text: squeeze(term) };
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The day before `date` (YYYY-MM-DD). */
function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The longest text sent as one search value (the sandbox refuses over 200 characters). */
const MAX_SEARCH_TEXT = 100;

/**
 * The catalogue queries for a search, each for the bookable departures starting after `today`
 * (and in the span), soonest first: one by the tour's name (the words in order, `*` between
 * them), and for a lone number the departure and tour ids, for three letters the airports.
 * The API allows one condition per attribute, so a span's end is applied to the answers.
 */
export function departureQueries(search: DepartureSearch, today: string): Array<Array<[string, string]>> {
  const after = search.span && dayBefore(search.span.from) > today ? dayBefore(search.span.from) : today;
  const base = [
    ...parseWhere([`availability.status__in=${BOOKABLE_STATUSES.join(',')}`, `start_date__gt=${after}`]),
    ...parseOrderBy(['start_date']),
    ['max_per_page', String(DEPARTURE_LIST_SIZE)] as [string, string],
  ];
  const text = search.text.slice(0, MAX_SEARCH_TEXT).replace(/\*/g, ' ').trim();
  if (text === '') return [base];
  const words = text.split(' ').slice(0, 10);
  const queries = [[...base, words.length === 1 ? ['name', text] : ['name__like', words.join('*')]] as Array<[string, string]>];
  if (/^\d+$/.test(text)) queries.push([...base, ['id', text]], [...base, ['tour_dossier.id', text]]);
  if (/^[a-z]{3}$/i.test(text)) queries.push([...base, ['nearest_start_airport.code', text]], [...base, ['nearest_finish_airport.code', text]]);
  return queries;
}

/** Whether a departure can be booked on `today`: bookable availability, not started, within the span. */
export function isBookable(departure: PickedDeparture, today: string, span?: DateSpan): boolean {
  const start = departure.start_date;
  if (typeof start !== 'string' || start <= today) return false;
  if (span && (start < span.from || start >= span.to)) return false;
  return (BOOKABLE_STATUSES as readonly string[]).includes(departure.availability?.status ?? '');
}

/** The answers of several queries as one list: each departure once, bookable only, soonest first, 20 at most. */
export function mergeDepartures(lists: ReadonlyArray<readonly PickedDeparture[]>, today: string, span?: DateSpan): PickedDeparture[] {
  const byId = new Map<string, PickedDeparture>();
  for (const departure of lists.flat()) if (!byId.has(String(departure.id)) && isBookable(departure, today, span)) byId.set(String(departure.id), departure);
  return [...byId.values()]
    .sort((a, b) => a.start_date!.localeCompare(b.start_date!) || String(a.name ?? '').localeCompare(String(b.name ?? '')) || String(a.id).localeCompare(String(b.id)))
    .slice(0, DEPARTURE_LIST_SIZE);
}

/**
 * Today as the API judges "started": the sandbox clock's UTC date where the server is a trek
 * sandbox (GET /_sandbox/clock), else this machine's UTC date.
 */
export async function bookingToday(client: ApiClient, now: () => Date = () => new Date()): Promise<string> {
  try {
    const clock = await fetchJson<SandboxClock>(client, `${SANDBOX_PREFIX}/clock`);
    const at = Date.parse(String(clock?.now));
    if (!Number.isNaN(at)) return new Date(at).toISOString().slice(0, 10);
  } catch (error) {
    if (!isHttpStatus(error, 404)) throw error;
  }
  return now().toISOString().slice(0, 10);
}

/** "5 places", "1 place", "available", "on request", "waitlist". */
export function availabilityText(departure: PickedDeparture): string {
  const status = departure.availability?.status;
  if (status === 'REQUEST_SPACE') return 'on request';
  if (status === 'WAIT_LIST') return 'waitlist';
  const places = placesLeft(departure);
  return places === undefined ? 'available' : placesText(places);
}

/** The lowest price of one traveller in `currency` (prices.ts: twin share, else the rooms' bands, else the price map). */
export function pricePerTraveller(departure: PickedDeparture, currency: string | undefined): string | undefined {
  const shown = priceCurrency(departure, currency);
  const amount = shown === undefined ? undefined : lowestPrice(departure, shown);
  return amount === undefined ? undefined : formatMoney(amount, shown);
}

/** "deposit 250.00 CAD · rooms STANDARD 4399.00, SINGLE 5498.75 (3 places)": what the highlighted line adds. */
function roomsAbout(departure: PickedDeparture, currency: string | undefined): string[] {
  const shown = priceCurrency(departure, currency);
  if (shown === undefined) return [];
  const deposit = depositOf(departure, shown);
  const rooms = roomPrices(departure, shown).filter((row) => row.amount !== undefined);
  const seen = new Set<string>();
  const each = rooms
    .filter((row) => !seen.has(row.room) && seen.add(row.room))
    .map((row) => `${sanitize(row.room)} ${formatMoney(row.amount)}${row.places === undefined ? '' : ` (${placesText(row.places)})`}`);
  return [deposit === undefined ? undefined : `deposit ${formatMoney(deposit, shown)}`, each.length ? `rooms ${each.join(', ')}` : undefined].filter((part): part is string => part !== undefined);
}

/**
 * One line per departure, in columns: start date, places left (or on request, waitlist), the
 * price per traveller in the booking's currency, then the tour and the departure's id, which
 * a narrow terminal cuts first. The highlighted one's dates, product line and airports show below.
 */
export async function departureChoices(departures: readonly PickedDeparture[], currency: string | undefined, columns: number): Promise<Array<Choice<string>>> {
  const rows = departures.map((d) => ({
    departure: d,
    start: sanitize(String(d.start_date)),
    name: `${sanitize(String(d.name ?? d.tour_dossier?.name ?? 'departure'))} (${sanitize(String(d.id))})`,
    places: availabilityText(d),
    price: pricePerTraveller(d, currency) ?? (currency ? `no ${sanitize(currency)} price` : 'no price'),
  }));
  // Prices right-aligned, so their digits line up.
  const lines = await columnLines(
    rows.map((r) => [r.start, r.places, r.price, r.name]),
    ['left', 'left', 'right', 'left'],
  );
  const choices = rows.map(({ departure: d, start, name }, i) => {
    const airports = [d.nearest_start_airport?.code, d.nearest_finish_airport?.code].map((code) => (code ? sanitize(String(code)) : '?'));
    const about = [
      `${start} – ${d.finish_date ? sanitize(String(d.finish_date)) : '?'}`,
      'price per traveller before promotions',
      ...roomsAbout(d, currency),
      d.product_line ? sanitize(String(d.product_line)) : undefined,
      `${airports[0]} → ${airports[1]}`,
      d.tour_dossier?.id ? `tour ${sanitize(String(d.tour_dossier.id))}` : undefined,
    ];
    return {
      name: lines[i],
      value: String(d.id),
      short: `${start} ${name}`,
      description: `Departure ${sanitize(String(d.id))}: ${about.filter(Boolean).join(' · ')}`,
    };
  });
  return fitToWidth(choices, columns);
}

export interface DeparturePickerOptions {
  /** The booking the departure goes on: its currency prices the list. */
  booking: string;
  /** Terminal width the lines are cut to. */
  columns: number;
  /** This machine's clock, for servers that are not a trek sandbox. */
  now?: () => Date;
}

/**
 * Asks for the departure to book from a list searched as the person types. With nothing
 * bookable to offer at all, there is nothing to ask: a usage error names --departure.
 */
export async function askDeparture(client: ApiClient, prompter: Prompter, options: DeparturePickerOptions): Promise<string> {
  const [booking, today] = await Promise.all([getBooking(client, options.booking), bookingToday(client, options.now)]);
  const currency = typeof booking.currency === 'string' ? booking.currency : undefined;
  const find = async (term: string | undefined): Promise<PickedDeparture[]> => {
    const search = parseDepartureSearch(term ?? '', today);
    const read = (query: Array<[string, string]>) => toArray(records<PickedDeparture>(client, '/departures', query, { limit: DEPARTURE_LIST_SIZE }));
    const [byName, ...byCode] = departureQueries(search, today);
    // A server that cannot search an id or airport attribute answers 400: those lookups then find nothing; the name's is the one that counts.
    const lists = await Promise.all([read(byName), ...byCode.map((query) => read(query).catch((error: unknown) => (isHttpStatus(error, 400) ? [] : Promise.reject(error))))]);
    return mergeDepartures(lists, today, search.span);
  };
  const first = await find(undefined);
  if (first.length === 0) {
    throw new UsageError(`--departure is required: no departure starting after ${today} is ${BOOKABLE_STATUSES.join(', ')} to choose from`, undefined, { field: '--departure' });
  }
  const source = typedSearch(async (term) => departureChoices(term === undefined ? first : await find(term), currency, options.columns));
  return prompter.search('Departure to book (type a tour, id, airport or month)', source);
}
