import { Command } from 'commander';
import { getBooking, listBookingServices } from '../../api/resources/bookings.js';
import type { ServiceSummary } from '../../api/resources/services.js';
import type { Factory } from '../../factory.js';
import { renderItem } from '../../output/render.js';
import { resourceOptions, toArray, type ResourceOptions } from '../resource.js';
import { SERVICE_SUMMARY_COLUMNS } from '../service/columns.js';
import { examples, idArgument } from '../shared.js';
import { withExternalIdSuggestion } from './list.js';
import { bookingLabel, BOOKING_ROWS } from './view.js';

export interface BookingGetOptions extends ResourceOptions {
  id: string;
}

export function newBookingGetCmd(f: Factory, runF: (opts: BookingGetOptions) => Promise<void> = bookingGetRun): Command {
  return new Command('get')
    .summary('show a booking with its money, dates and services')
    .description('Show a booking: money (paid, owing, pending, commission), dates, agent and agency, linked bookings and, in table view, its services.')
    .addArgument(idArgument('<id>', 'booking id'))
    .addHelpText('after', examples([
      'trek booking get 200001',
      'trek booking get 200001 -o json | jq .amount_owing',
      'trek booking get 200001 --fields amount_paid,amount_owing,balance_due_date',
    ]))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function bookingGetRun(opts: BookingGetOptions): Promise<void> {
  const client = await opts.api();
  // The services section is part of the table view only; other formats print the booking as the API sends it.
  const withServices = opts.output.format === 'table' && !opts.output.fields;
  const [booking, services] = await Promise.all([getBooking(client, opts.id).catch((error: unknown) => Promise.reject(withExternalIdSuggestion(opts.id, error))), withServices ? toArray(listBookingServices(client, opts.id)) : ([] as ServiceSummary[])]);
  opts.history.remember('booking', [{ id: booking.id, label: bookingLabel(booking) }]);
  const sections = withServices ? [{ title: 'Services', columns: SERVICE_SUMMARY_COLUMNS, records: services }] : [];
  await renderItem(opts.io, booking, opts.output, { rows: BOOKING_ROWS, sections, xmlRoot: 'booking' });
}
