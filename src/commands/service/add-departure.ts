import { Command } from 'commander';
import { createDepartureService, createServiceRequest, SERVICE_FIELDS, type BookedService, type ServiceCreate } from '../../api/resources/services.js';
import type { Factory } from '../../factory.js';
import { sanitize } from '../../output/sanitize.js';
import { stderrTime } from '../../output/time.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { requireValue } from '../ask-or-refuse.js';
import { reportChange } from '../destination.js';
import { collect, examples } from '../flags.js';
import { idOption } from '../ids.js';
import { writeNotes } from '../stderr-notes.js';
import { serviceRowsOf } from './columns.js';
import { bookingWho } from '../booking/view.js';
import { askCustomers, bookingBeforeQuestions } from '../ask.js';
import { askDeparture } from './departure-picker.js';
import { askRoom } from './room-picker.js';
import { getBooking } from '../../api/resources/bookings.js';
import { getDeparture } from '../../api/resources/flex.js';
import { checkId } from '../../api/resources/ids.js';
import { UsageError } from '../../errors.js';
import { canPrompt, type IOStreams } from '../../output/iostreams.js';
import { formatMoney } from '../../output/money.js';
import { roomCodesOf, roomQuote, STANDARD_ROOM, type RoomQuote } from '../departure/prices.js';
import { warnOfMinors } from './age-warning.js';

export interface AddServiceOptions extends ChangeOptions {
  /** Each asked for on a terminal when missing. */
  booking?: string;
  customers: string[];
}

export interface AddDepartureOptions extends AddServiceOptions {
  departure?: string;
  /** --room: the room of every traveller (`all`) and of single ones, by customer id. */
  rooms?: RoomFlags;
}

export interface RoomFlags {
  all?: string;
  byCustomer: Record<string, string>;
}

const ROOM_CODE = /^[A-Za-z][A-Za-z0-9_-]{0,39}$/;

/** --room values: `CODE` for every traveller (once), `CODE:CUSTOMER` for one. */
export function parseRoomFlags(values: readonly string[]): RoomFlags {
  const rooms: RoomFlags = { byCustomer: {} };
  for (const value of values) {
    const [code = '', customer, ...rest] = value.split(':').map((part) => part.trim());
    if (!ROOM_CODE.test(code) || rest.length > 0 || customer === '') {
      throw new UsageError(`--room must be a room code such as SINGLE, or CODE:CUSTOMER such as SINGLE:300021, got "${value}"`, undefined, { field: '--room' });
    }
    if (customer === undefined) {
      if (rooms.all !== undefined && rooms.all !== code.toUpperCase())
        throw new UsageError(`--room ${rooms.all} and --room ${code} both name every traveller's room; give one, and CODE:CUSTOMER for the others`, undefined, { field: '--room' });
      rooms.all = code.toUpperCase();
    } else rooms.byCustomer[checkId(customer, '--room')] = code.toUpperCase();
  }
  return rooms;
}

export function newServiceAddDepartureCmd(f: Factory, runF: (opts: AddDepartureOptions) => Promise<void> = serviceAddDepartureRun): Command {
  return new Command('add-departure')
    .summary('book a departure on a booking')
    .description(
      'Book a departure (a dated tour) on a booking for its customers. The new service starts in Option until its option_expiry_date ' +
        '(On Request for a departure with availability REQUEST_SPACE, Waitlisted for WAIT_LIST). Prints the new service.\n\n' +
        'On a terminal, a missing booking is asked for, the departure is picked from a list searched as you type (a tour\'s name, a departure or tour id, an airport code, a month such as 2027-06 or "June 2027") that holds only departures bookable today, with places left and the price in the booking\'s currency, and the customers from the booking and recent customers; ' +
        'a departure picked so asks for the room too, offering each with its places and price.\n\n' +
        'Travellers take the standard (shared) room unless --room says otherwise: --room SINGLE for everyone, --room SINGLE:300021 for one. ' +
        "With a room chosen, the price of the rooms before promotions, in the booking's currency, is said on stderr before the service is created. " +
        "The request names them as rooms: [{code, customers: [{id}]}] (trek's member: the spec's request has none).",
    )
    .addOption(idOption('--booking <id>', 'booking to add the service to'))
    .addOption(idOption('--departure <id>', 'departure to book (see: trek search departures)'))
    .addOption(idOption('--customer <id>', 'customer travelling on it; repeatable', { repeatable: true }))
    .option('--room <code>', 'room of every traveller, e.g. SINGLE, or CODE:CUSTOMER for one traveller; repeatable (default: STANDARD, shared)', collect, [])
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText(
      'after',
      examples([
        'trek service add-departure --booking 200001 --departure 100012 --customer 300001 --customer 300002',
        'trek service add-departure --booking 200001 --departure 100012 --customer 300001 --customer 300021 --room SINGLE:300021',
        'S=$(trek service add-departure --booking "$B" --departure "$D" --customer "$C" -o json | jq -r .id)',
        'trek service add-departure   # on a terminal: asks for everything',
      ]),
    )
    .action(async (flags: { booking?: string; departure?: string; customer?: string[]; room: string[]; dryRun?: boolean }) => {
      const rooms = flags.room.length ? { rooms: parseRoomFlags(flags.room) } : {};
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), booking: flags.booking, departure: flags.departure, customers: flags.customer ?? [], ...rooms });
    });
}

export async function serviceAddDepartureRun(opts: AddDepartureOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, SERVICE_FIELDS);
  const booking = await bookingBeforeQuestions(opts, opts.booking, opts.departure === undefined || opts.customers.length === 0);
  const departure = await requireValue(opts.departure, '--departure', opts.io, async (prompter) => askDeparture(await opts.api(), prompter, { booking, columns: opts.io.columns }), opts.prompter);
  const customers = await serviceCustomers(opts, booking);
  const rooms = await chooseRooms(opts, booking, departure, customers);
  // --dry-run with every value given sends nothing, reads included.
  if (!opts.dryRun) await warnOfMinors(opts.io, await opts.api(), departure, customers);
  const body: ServiceCreate = { booking: { id: booking }, product: { id: departure }, customers: customers.map((id) => ({ id })), ...(rooms ? { rooms: roomsMember(customers, rooms) } : {}) };
  if (opts.dryRun) return describeRequest(opts, createServiceRequest('departure_services', body));

  const service = await createDepartureService(await opts.api(), body);
  rememberAdded(opts, booking, [service]);
  await reportChange(opts, addedNote(opts, service, booking));
  await renderChanged(opts.io, service, opts.output, { rows: await serviceRowsOf(await opts.api(), service, opts.output), xmlRoot: 'service' });
}

/** Customer id → room code for every traveller, as the request's `rooms` groups them. */
function roomsMember(customers: readonly string[], rooms: Readonly<Record<string, string>>): NonNullable<ServiceCreate['rooms']> {
  const byCode = new Map<string, Array<{ id: string }>>();
  for (const id of customers) {
    const code = rooms[id] ?? STANDARD_ROOM;
    byCode.set(code, [...(byCode.get(code) ?? []), { id }]);
  }
  return [...byCode].map(([code, members]) => ({ code, customers: members }));
}

/**
 * The rooms of the travellers (customer id → code), or undefined to leave `rooms` out (all
 * standard): from --room, else asked on a terminal when the departure was picked there too and
 * offers more than one room. With rooms chosen, their codes are checked against the departure's
 * and their price before promotions is said on stderr, before anything is created.
 */
async function chooseRooms(opts: AddDepartureOptions, bookingId: string, departureId: string, customers: readonly string[]): Promise<Record<string, string> | undefined> {
  const flags = opts.rooms;
  const asking = flags === undefined && opts.departure === undefined && canPrompt(opts.io);
  if (flags === undefined && !asking) return undefined;
  for (const id of Object.keys(flags?.byCustomer ?? {})) {
    if (!customers.includes(id))
      throw new UsageError(`--room ${flags!.byCustomer[id]}:${id}: customer ${id} is not one of this service's travellers (${customers.join(', ')})`, undefined, { field: '--room' });
  }
  const client = await opts.api();
  const [departure, booking] = await Promise.all([getDeparture(client, departureId), getBooking(client, bookingId)]);
  const currency = typeof booking.currency === 'string' ? booking.currency : undefined;
  const codes = roomCodesOf(departure);
  let rooms: Record<string, string>;
  if (flags) {
    rooms = Object.fromEntries(customers.map((id) => [id, flags.byCustomer[id] ?? flags.all ?? STANDARD_ROOM]));
    for (const code of new Set(Object.values(rooms))) {
      if (codes.length > 0 && !codes.includes(code))
        throw new UsageError(`--room ${code}: departure ${sanitize(departureId)} has no room ${code}; its rooms are ${codes.map((c) => sanitize(c)).join(', ')}`, undefined, { field: '--room' });
    }
  } else {
    const code = await askRoom(opts.prompter(), departure, currency, customers.length);
    if (code === undefined) return undefined;
    rooms = Object.fromEntries(customers.map((id) => [id, code]));
  }
  if (currency !== undefined) await sayRoomPrice(opts.io, roomQuote(departure, customers, rooms, currency), currency);
  return rooms;
}

/**
 * "Price before promotions: STANDARD … × 1: 1499.00 CAD + SINGLE … × 1: 1873.75 CAD = 3372.75
 * CAD, deposit 500.00 CAD" on one line; on a terminal too narrow for it, a line per room and
 * one for the total, each under the first room, so no amount is split across lines.
 */
async function sayRoomPrice(io: IOStreams, quote: RoomQuote, currency: string): Promise<void> {
  const label = 'Price before promotions: ';
  const terms = quote.lines.map((line) => sanitize(line));
  const total = quote.total === undefined ? undefined : `= ${formatMoney(quote.total, currency)}`;
  const deposit = quote.deposit === undefined ? undefined : `deposit ${formatMoney(quote.deposit, currency)}`;
  const line = `${label}${terms.join(' + ')}${total === undefined ? '' : ` ${total}`}${deposit === undefined ? '' : `, ${deposit}`}`;
  const fits = async () => (await (await import('../../output/text.js')).textTools()).width(line) <= io.columns;
  if (!io.stderrIsTTY || (await fits())) {
    io.err.write(`${line}\n`);
    return;
  }
  const under = ' '.repeat(label.length - 2);
  const sum = [total, deposit].filter((part) => part !== undefined).join(', ');
  await writeNotes(io, [`${label}${terms[0] ?? ''}`, ...terms.slice(1).map((term) => `${under}+ ${term}`), ...(sum === '' ? [] : [`${under}${sum}`])], label.length);
}

/** --customer values, else the customers picked on a terminal. */
export async function serviceCustomers(opts: AddServiceOptions, booking: string): Promise<string[]> {
  if (opts.customers.length > 0) return [...new Set(opts.customers)];
  return requireValue(undefined, '--customer', opts.io, async (prompter) => askCustomers(prompter, opts, booking), opts.prompter);
}

export function rememberAdded(opts: AddServiceOptions, booking: string, services: BookedService[]): void {
  opts.history.remember(
    'service',
    services.map((service) => ({ id: service.id, label: service.name })),
  );
  // A tour booked names the booking by its traveller, then what its label said (currency, reference), then the tour: for completion.
  const tours = services.filter((service) => service.type === 'departure_services');
  if (tours.length === 0) return opts.history.remember('booking', [{ id: booking }]);
  const { lead, tour } = bookingWho(tours);
  const before =
    opts.history
      .recent('booking')
      .find((entry) => entry.id === booking)
      ?.label?.split(' · ') ?? [];
  const label = [...new Set([lead, ...before, tour].filter((part): part is string => Boolean(part)))].join(' · ');
  opts.history.remember('booking', [{ id: booking, label }]);
}

/** "Added departure service 400001 to booking 200001: Option until 2027-01-05 00:00 EST." (the API's UTC text when stderr is no terminal) */
export function addedNote(opts: Pick<AddServiceOptions, 'io' | 'output'>, service: BookedService, booking: string): string {
  const until = service.option_expiry_date ? ` until ${sanitize(stderrTime(service.option_expiry_date, opts.io, opts.output.timeZone))}` : '';
  const kind = service.type === 'activity_services' ? 'activity' : 'departure';
  return `Added ${kind} service ${sanitize(String(service.id))} to booking ${sanitize(booking)}: ${sanitize(service.status)}${until}.`;
}
