import { Command } from 'commander';
import { listBookingServices } from '../../api/resources/bookings.js';
import type { Factory } from '../../factory.js';
import { renderList } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import { keepWhileStreaming, resourceOptions, type ResourceOptions } from '../resource.js';
import { SERVICE_SUMMARY_COLUMNS } from '../service/columns.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';

export interface BookingListOptions extends ResourceOptions {
  id: string;
}

export function newBookingServicesCmd(f: Factory, runF: (opts: BookingListOptions) => Promise<void> = bookingServicesRun): Command {
  return new Command('services')
    .summary('list the services of a booking with their status and transitions')
    .description('List the services of a booking (departure, activity and flex plan services) with their status and the statuses each can move to now.')
    .addArgument(idArgument('<id>', 'booking id'))
    .addHelpText(
      'after',
      examples([
        'trek booking services 200001',
        'trek booking services 200001 -o json | jq -r \'.[] | select(.status == "Option") | .id\'',
        'trek booking services 200001 --fields id,status,status_transitions -o csv',
      ]),
    )
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function bookingServicesRun(opts: BookingListOptions): Promise<void> {
  const client = await opts.api();
  const { records, seen } = keepWhileStreaming(listBookingServices(client, opts.id));
  await renderList(opts.io, records, opts.output, { columns: SERVICE_SUMMARY_COLUMNS, empty: `Booking ${sanitize(opts.id)} has no services.` });
  opts.history.remember(
    'service',
    seen.map((service) => ({ id: service.id, label: service.name })),
  );
  opts.history.remember('booking', [{ id: opts.id }]);
}
