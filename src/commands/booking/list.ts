import { Command } from 'commander';
import { ApiError, isHttpStatus } from '../../api/errors.js';
import { agencyBookingsPath, listBookingServices, type Booking } from '../../api/resources/bookings.js';
import { whoami } from '../../api/resources/sandbox.js';
import { searchFields } from '../../api/query.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { type Column, type OutputSpec } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { addListOptions, listRun, readListFlags, type ListFlags, type ListRequest, type ListSpec } from '../list.js';
import { toArray } from '../../api/paginate.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idOption } from '../ids.js';
import { bookingLabel, bookingWho, money, type BookingWho } from './view.js';

export interface BookingListOptions extends ResourceOptions {
  request: ListRequest;
  /** --agency: whose bookings; else the profile's agency, else the agency of the key. */
  agency?: string;
  profileAgency: () => Promise<string | undefined>;
}

/** Dates and money owing, narrow enough for 80 columns. */
export const BOOKING_LIST: ListSpec = {
  noun: 'bookings',
  fields: searchFields('bookings'),
  defaultOrder: '-date_created',
  columns: [
    { field: 'id', header: 'ID' },
    { field: 'external_id', header: 'EXTERNAL ID', maxWidth: 16 },
    { field: 'date_created', header: 'CREATED', format: (value) => displayValue(value).slice(0, 10) },
    { field: 'date_of_first_travel', header: 'TRAVEL', whole: true },
    { field: 'amount_owing', header: 'OWING', format: money, whole: true },
    { field: 'balance_due_date', header: 'BALANCE DUE', whole: true },
    { field: 'date_closed', header: 'CLOSED' },
  ] satisfies Column[],
};

export function newBookingListCmd(f: Factory, runF: (opts: BookingListOptions) => Promise<void> = bookingListRun): Command {
  const command = new Command('list')
    .summary("list your agency's bookings, newest first; --where external_id=… finds one by your reference")
    .description(
      "List your agency's bookings (its bookings sub-collection), newest first: on a terminal the lead traveller and the tour " +
        "(read from each booking's services), created, first day of travel, amount owing and balance due date (below 100 columns " +
        'without created and closed).\n\n' +
        "The agency is --agency, else the profile's agency, else the agency of your key (the sandbox says whose it is). " +
        '--where filters on a booking field (external_id=CRM-2077 finds a booking by your own reference: the default condition ' +
        'matches case-insensitively on a part of the value).',
    );
  return addListOptions(command, BOOKING_LIST)
    .addOption(idOption('--agency <id>', 'agency whose bookings to list (default: yours)'))
    .addHelpText(
      'after',
      examples([
        'trek booking list',
        'trek booking list --where external_id=CRM-2077',
        "trek booking list --where 'balance_due_date__lte=+30d' --order-by balance_due_date",
        'trek booking list --all -o ndjson | jq -r \'select(.amount_owing != "0.00") | .id\'',
      ]),
    )
    .action(async (flags: ListFlags & { agency?: string }) => {
      const request = await readListFlags(f, flags, BOOKING_LIST);
      await runF({ ...(await resourceOptions(f)), request, agency: flags.agency, profileAgency: async () => (await f.profile()).agency });
    });
}

/**
 * The agency in use: the profile's, else the key's (the sandbox's whoami; the operator's API
 * has no such endpoint, so there the profile must name it).
 */
export async function agencyInUse(opts: Pick<BookingListOptions, 'agency' | 'profileAgency' | 'api'>): Promise<string> {
  const agency = opts.agency ?? (await opts.profileAgency()) ?? (await whoami(await opts.api()))?.agency?.id;
  if (agency === undefined || agency === null || String(agency) === '') {
    throw new UsageError('no agency known for this profile', 'Pass --agency ID, or save it in the profile: trek profile add NAME --agency ID …');
  }
  return String(agency);
}

/** Bookings whose services are read at once, for the traveller and tour columns. */
const SERVICES_CONCURRENCY = 4;

/**
 * The table's columns: the lead traveller and the tour after the id. A booking holds neither
 * (its services do, a request each), so they are read for the table only, where a person
 * chooses by them; other formats print the bookings as the API sends them.
 */
function travellerColumns(who: ReadonlyMap<string, BookingWho>, output: OutputSpec): Column[] {
  const of = (record: unknown) => who.get(String((record as { id?: unknown }).id));
  const [id, ...rest] = BOOKING_LIST.columns;
  // Narrower than WIDE_BOOKING_LIST, the reference, creation and closing dates make room for the names.
  const narrow = !output.wide && output.width < WIDE_BOOKING_LIST;
  return [
    id,
    // Names wrap rather than being cut: a cut name is not the traveller any more.
    { field: 'lead_traveller', header: 'TRAVELLER', maxWidth: 24, wrap: true, format: (_value, record) => of(record)?.lead ?? '' },
    { field: 'tour', header: 'TOUR', maxWidth: 28, wrap: true, format: (_value, record) => of(record)?.tour ?? '' },
    ...rest.filter((column) => !narrow || !NARROW_LEAVES_OUT.has(column.field)),
  ];
}

/** Below this width the booking table leaves out NARROW_LEAVES_OUT. */
const WIDE_BOOKING_LIST = 100;
const NARROW_LEAVES_OUT = new Set(['date_created', 'date_closed']);

export async function bookingListRun(opts: BookingListOptions): Promise<void> {
  const path = agencyBookingsPath(await agencyInUse(opts));
  const table = opts.output.format === 'table' && !opts.output.fields;
  const who = new Map<string, BookingWho>();
  const labels: Array<{ id: string; label: string }> = [];
  const client = table ? await opts.api() : undefined;
  const beforePage = async (records: readonly unknown[]) => {
    const bookings = records as Array<Pick<Booking, 'id' | 'currency' | 'external_id'>>;
    for (let i = 0; i < bookings.length; i += SERVICES_CONCURRENCY) {
      await Promise.all(
        bookings.slice(i, i + SERVICES_CONCURRENCY).map(async (booking) => {
          // A booking whose services cannot be read still lists, without the two names.
          const services = await toArray(listBookingServices(client!, String(booking.id))).catch(() => []);
          const found = bookingWho(services);
          who.set(String(booking.id), found);
          if (found.lead || found.tour) labels.push({ id: String(booking.id), label: bookingLabel(booking, found) });
        }),
      );
    }
  };
  const spec = table ? { ...BOOKING_LIST, columns: travellerColumns(who, opts.output) } : BOOKING_LIST;
  await listRun({ io: opts.io, api: opts.api, output: opts.output, path, spec, request: opts.request, empty: 'No bookings match.', ...(table ? { beforePage } : {}) });
  opts.history.remember('booking', labels);
}

/** The API's ids are digits (the spec's examples and the sandbox's); anything else is more likely a reference staff typed. */
const API_ID_SHAPE = /^\d+$/;

/**
 * A 404 for a booking id not shaped like the API's ("CRM-2077") says where such a reference
 * is found: the error is the same 404 (exit 4), with the search to run added to its message.
 */
export function withExternalIdSuggestion(id: string, error: unknown): unknown {
  if (API_ID_SHAPE.test(id) || !isHttpStatus(error, 404)) return error;
  const suggestion = `${error.message.replace(/\.?$/, '.')} It is not shaped like a booking id; if it is your own reference: trek booking list --where external_id=${id}`;
  return new ApiError({ kind: error.kind, status: error.status, method: error.method, url: error.url, message: suggestion, ...(error.body ? { body: { ...error.body, message: suggestion } } : {}) });
}
