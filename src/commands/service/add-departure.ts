import { Command } from 'commander';
import { createDepartureService, createServiceRequest, SERVICE_FIELDS, type BookedService, type ServiceCreate } from '../../api/resources/services.js';
import type { Factory } from '../../factory.js';
import { sanitize } from '../../output/sanitize.js';
import { stderrTime } from '../../output/time.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { examples, idOption, reportChange, requireValue } from '../shared.js';
import { serviceRowsOf } from './columns.js';
import { askCustomers, bookingBeforeQuestions } from '../ask.js';
import { askDeparture } from './departure-picker.js';

export interface AddServiceOptions extends ChangeOptions {
  /** Each asked for on a terminal when missing. */
  booking?: string;
  customers: string[];
}

export interface AddDepartureOptions extends AddServiceOptions {
  departure?: string;
}

export function newServiceAddDepartureCmd(f: Factory, runF: (opts: AddDepartureOptions) => Promise<void> = serviceAddDepartureRun): Command {
  return new Command('add-departure')
    .summary('book a departure on a booking')
    .description(
      'Book a departure (a dated tour) on a booking for its customers. The new service starts in Option until its option_expiry_date ' +
        '(On Request for a departure with availability REQUEST_SPACE, Waitlisted for WAIT_LIST). Prints the new service.\n\n' +
        'On a terminal, a missing booking is asked for, the departure is picked from a list searched as you type (a tour\'s name, a departure or tour id, an airport code, a month such as 2027-06 or "June 2027") that holds only departures bookable today, with places left and the price in the booking\'s currency, and the customers from the booking and recent customers.',
    )
    .addOption(idOption('--booking <id>', 'booking to add the service to'))
    .addOption(idOption('--departure <id>', 'departure to book (see: trek search departures)'))
    .addOption(idOption('--customer <id>', 'customer travelling on it; repeatable', { repeatable: true }))
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples([
      'trek service add-departure --booking 200001 --departure 100012 --customer 300001 --customer 300002',
      'S=$(trek service add-departure --booking "$B" --departure "$D" --customer "$C" -o json | jq -r .id)',
      'trek service add-departure   # on a terminal: asks for everything',
    ]))
    .action(async (flags: { booking?: string; departure?: string; customer?: string[]; dryRun?: boolean }) => {
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), booking: flags.booking, departure: flags.departure, customers: flags.customer ?? [] });
    });
}

export async function serviceAddDepartureRun(opts: AddDepartureOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, SERVICE_FIELDS);
  const booking = await bookingBeforeQuestions(opts, opts.booking, opts.departure === undefined || opts.customers.length === 0);
  const departure = await requireValue(opts.departure, '--departure', opts.io, async (prompter) => askDeparture(await opts.api(), prompter, { booking, columns: opts.io.columns }), opts.prompter);
  const customers = await serviceCustomers(opts, booking);
  const body: ServiceCreate = { booking: { id: booking }, product: { id: departure }, customers: customers.map((id) => ({ id })) };
  if (opts.dryRun) return describeRequest(opts, createServiceRequest('departure_services', body));

  const service = await createDepartureService(await opts.api(), body);
  rememberAdded(opts, booking, [service]);
  await reportChange(opts, addedNote(opts, service, booking));
  await renderChanged(opts.io, service, opts.output, { rows: await serviceRowsOf(await opts.api(), service, opts.output), xmlRoot: 'service' });
}

/** --customer values, else the customers picked on a terminal. */
export async function serviceCustomers(opts: AddServiceOptions, booking: string): Promise<string[]> {
  if (opts.customers.length > 0) return [...new Set(opts.customers)];
  return requireValue(undefined, '--customer', opts.io, async (prompter) => askCustomers(prompter, opts, booking), opts.prompter);
}

export function rememberAdded(opts: AddServiceOptions, booking: string, services: BookedService[]): void {
  opts.history.remember('service', services.map((service) => ({ id: service.id, label: service.name })));
  opts.history.remember('booking', [{ id: booking }]);
}

/** "Added departure service 400001 to booking 200001: Option until 2027-01-05 00:00 EST." (the API's UTC text when stderr is no terminal) */
export function addedNote(opts: Pick<AddServiceOptions, 'io' | 'output'>, service: BookedService, booking: string): string {
  const until = service.option_expiry_date ? ` until ${sanitize(stderrTime(service.option_expiry_date, opts.io, opts.output.timeZone))}` : '';
  const kind = service.type === 'activity_services' ? 'activity' : 'departure';
  return `Added ${kind} service ${sanitize(String(service.id))} to booking ${sanitize(booking)}: ${sanitize(service.status)}${until}.`;
}
