import { Command } from 'commander';
import type { ApiClient } from '../../api/client.js';
import { outcomeUnknown } from '../../api/errors.js';
import { BOOKING_FIELDS, bookingsWithExternalId, createBooking, createBookingRequest, getBooking, type AgencyIdentifier, type Booking, type BookingCreate } from '../../api/resources/bookings.js';
import { getAgency } from '../../api/resources/agencies.js';
import { whoami } from '../../api/resources/sandbox.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { sanitize } from '../../output/sanitize.js';
import type { Prompter } from '../../prompt/prompter.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { requireValue } from '../ask-or-refuse.js';
import { reportChange } from '../destination.js';
import { examples, parseEmail } from '../flags.js';
import { idOption } from '../ids.js';
import { agencyInUse } from './list.js';
import { bookingLabel, BOOKING_ROWS } from './view.js';

export interface BookingCreateOptions extends ChangeOptions {
  /** Asked for on a terminal when missing. */
  currency?: string;
  externalId?: string;
  agency?: AgencyIdentifier;
  noAutoFinalPayment: boolean;
  /** The profile's agency id, read only when the currency has to be asked for. */
  profileAgency: () => Promise<string | undefined>;
}

const CURRENCY_CODE = /^[A-Za-z]{3}$/;

/** A 3-letter currency code, upper-cased; whether the agency takes it is the API's call. */
export function parseCurrency(value: string, flag = '--currency'): string {
  const code = value.trim();
  if (!CURRENCY_CODE.test(code)) throw new UsageError(`${flag} must be a 3-letter currency code such as CAD, got "${value}"`);
  return code.toUpperCase();
}

export function newBookingCreateCmd(f: Factory, runF: (opts: BookingCreateOptions) => Promise<void> = bookingCreateRun): Command {
  return new Command('create')
    .summary('open a booking')
    .description(
      'Open a booking: the container of services, customers and payments. Prints the new booking.\n\n' +
        "On a terminal a missing --currency is picked from the agency's booking currencies (the agency of --agency, of the profile, or of your key).",
    )
    .option('--currency <code>', "currency of every price of the booking (one of the agency's booking currencies), e.g. CAD")
    .option('--external-id <id>', 'your own reference for the booking (not required to be unique)')
    .addOption(idOption('--agency <id>', 'agency of the booking, by id (default: the agency of your key)'))
    .option('--agency-email <email>', 'agency of the booking, by its transactional e-mail')
    .option('--no-auto-final-payment', 'do not take the final payment automatically at the balance due date')
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText(
      'after',
      examples([
        'trek booking create --currency CAD',
        'trek booking create --currency GBP --external-id CRM-1042 --agency-email bookings@agency.example',
        'B=$(trek booking create --currency CAD -o json | jq -r .id)',
        'trek booking create --currency CAD --dry-run',
      ]),
    )
    .action(async (flags: { currency?: string; externalId?: string; agency?: string; agencyEmail?: string; autoFinalPayment: boolean; dryRun?: boolean }) => {
      if (flags.agency !== undefined && flags.agencyEmail !== undefined) throw new UsageError('use either --agency or --agency-email, not both');
      const agency = agencyIdentifier(flags.agency, flags.agencyEmail);
      await runF({
        ...(await resourceOptions(f)),
        dryRun: Boolean(flags.dryRun),
        currency: flags.currency === undefined ? undefined : parseCurrency(flags.currency),
        externalId: flags.externalId,
        agency,
        noAutoFinalPayment: !flags.autoFinalPayment,
        profileAgency: async () => (await f.profile()).agency,
      });
    });
}

function agencyIdentifier(id: string | undefined, email: string | undefined): AgencyIdentifier | undefined {
  if (id !== undefined) return { field: 'id', value: id };
  if (email === undefined) return undefined;
  return { field: 'transactional_email', value: parseEmail(email, '--agency-email') };
}

export async function bookingCreateRun(opts: BookingCreateOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, BOOKING_FIELDS);
  const currency = await requireValue(opts.currency, '--currency', opts.io, (prompter) => askCurrency(opts, prompter), opts.prompter);
  const body: BookingCreate = { currency };
  if (opts.externalId !== undefined) body.external_id = opts.externalId;
  if (opts.agency) body.agency_identifier = opts.agency;
  if (opts.noAutoFinalPayment) body.no_auto_final_payment = true;
  if (opts.dryRun) return describeRequest(opts, createBookingRequest(body));

  const client = await opts.api();
  const found = await lostAnswerFinder(opts, client);
  let booking: Booking;
  let note = '';
  try {
    booking = await createBooking(client, body);
  } catch (error) {
    if (!outcomeUnknown(error) || found === undefined) throw error;
    const made = await found();
    if (made === undefined) throw error;
    booking = made;
    note = ` (its answer was lost: ${sanitize(error.message)}; found by its external_id)`;
  }
  opts.history.remember('booking', [{ id: booking.id, label: bookingLabel(booking) }]);
  await reportChange(opts, `Created booking ${sanitize(String(booking.id))}${note}`);
  await renderChanged(opts.io, booking, opts.output, { rows: BOOKING_ROWS, xmlRoot: 'booking' });
}

/**
 * With --external-id, the agency's bookings that carry it are read before the create, so that
 * when its answer is lost (outcomeUnknown) the booking it made is the one new among them, as
 * group import finds its booking. Undefined without an external id, or when the agency or its
 * bookings cannot be read (the lost answer is then reported as it is, with what to check).
 */
async function lostAnswerFinder(opts: BookingCreateOptions, client: ApiClient): Promise<(() => Promise<Booking | undefined>) | undefined> {
  const externalId = opts.externalId;
  if (externalId === undefined) return undefined;
  try {
    const agency = await agencyInUse({ agency: opts.agency?.field === 'id' ? opts.agency.value : undefined, profileAgency: opts.profileAgency, api: opts.api });
    const before = new Set((await bookingsWithExternalId(client, agency, externalId)).map((b) => String(b.id)));
    return async () => {
      const made = (await bookingsWithExternalId(client, agency, externalId).catch(() => [])).filter((b) => !before.has(String(b.id)));
      return made.length === 1 ? made[0] : undefined;
    };
  } catch {
    return undefined;
  }
}

/**
 * A list of the agency's booking currencies when the agency can be read, else a typed code;
 * either starts on the currency of the booking last made or used.
 */
async function askCurrency(opts: BookingCreateOptions, prompter: Prompter): Promise<string> {
  const [currencies, recent] = await Promise.all([agencyCurrencies(opts), recentCurrency(opts)]);
  if (currencies.length > 0) {
    const start = recent !== undefined && currencies.includes(recent) ? recent : undefined;
    return prompter.select(
      'Currency of the booking',
      currencies.map((code) => ({ name: sanitize(code), value: code })),
      start,
    );
  }
  const typed = await prompter.input('Currency of the booking (3-letter code, e.g. CAD)', {
    ...(recent === undefined ? {} : { default: recent }),
    validate: (value) => CURRENCY_CODE.test(value.trim()) || 'enter a 3-letter currency code such as CAD',
  });
  return parseCurrency(typed);
}

/** The currency of the booking last made or used, when it can still be read: only a default, so any failure means none. */
async function recentCurrency(opts: BookingCreateOptions): Promise<string | undefined> {
  const last = opts.history.recent('booking')[0];
  if (last === undefined) return undefined;
  const booking = await getBooking(await opts.api(), last.id).catch(() => undefined);
  return typeof booking?.currency === 'string' && CURRENCY_CODE.test(booking.currency) ? booking.currency.toUpperCase() : undefined;
}

/**
 * The booking currencies of the agency the booking will belong to: --agency, else the
 * profile's agency, else the agency of the key (asked of the sandbox's whoami; a real API
 * server has no such endpoint). An agency given by e-mail cannot be read, so none are known.
 */
async function agencyCurrencies(opts: BookingCreateOptions): Promise<string[]> {
  if (opts.agency?.field === 'transactional_email') return [];
  const client = await opts.api();
  const agencyId = opts.agency?.value ?? (await opts.profileAgency()) ?? (await whoami(client))?.agency?.id;
  if (agencyId === undefined || agencyId === null || agencyId === '') return [];
  const { booking_currencies: currencies } = await getAgency(client, String(agencyId));
  // Server text offered as choices: only what is a currency code.
  return (Array.isArray(currencies) ? currencies : []).filter((code): code is string => typeof code === 'string' && CURRENCY_CODE.test(code));
}
