import { Command } from 'commander';
import { BOOKING_FIELDS, updateBooking, updateBookingRequest, type BookingUpdate } from '../../api/resources/bookings.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { sanitize } from '../../output/sanitize.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { reportChange } from '../destination.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { BOOKING_ROWS } from './view.js';

export interface BookingUpdateOptions extends ChangeOptions {
  id: string;
  changes: BookingUpdate;
}

export function newBookingUpdateCmd(f: Factory, runF: (opts: BookingUpdateOptions) => Promise<void> = bookingUpdateRun): Command {
  return new Command('update')
    .summary("change a booking's external id")
    .description('Change a booking. The API lets you change the external id; everything else on a booking is read-only or set by its services and payments.')
    .addArgument(idArgument('<id>', 'booking id'))
    .option('--external-id <id>', 'your own reference for the booking')
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples(['trek booking update 200001 --external-id CRM-1042', 'trek booking update 200001 --external-id CRM-1042 --dry-run']))
    .action(async (id: string, flags: { externalId?: string; dryRun?: boolean }) => {
      if (flags.externalId === undefined) throw new UsageError('nothing to update: give --external-id');
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), id, changes: { external_id: flags.externalId } });
    });
}

export async function bookingUpdateRun(opts: BookingUpdateOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, BOOKING_FIELDS);
  if (opts.dryRun) return describeRequest(opts, updateBookingRequest(opts.id, opts.changes));
  const booking = await updateBooking(await opts.api(), opts.id, opts.changes);
  // The id only: a label naming its traveller and tour, remembered before, is kept.
  opts.history.remember('booking', [{ id: booking.id }]);
  await reportChange(opts, `Updated booking ${sanitize(String(booking.id))}`);
  await renderChanged(opts.io, booking, opts.output, { rows: BOOKING_ROWS, xmlRoot: 'booking' });
}
