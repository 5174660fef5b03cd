import { Command } from 'commander';
import { getBooking } from '../../api/resources/bookings.js';
import type { Factory } from '../../factory.js';
import { renderList, type Column } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import { resourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { withExternalIdSuggestion } from './list.js';
import type { BookingListOptions } from './services.js';

export function newBookingLinkedCmd(f: Factory, runF: (opts: BookingListOptions) => Promise<void> = bookingLinkedRun): Command {
  return new Command('linked')
    .summary('the bookings linked to a booking, with their travel dates')
    .description(
      'List the bookings linked to a booking (its `linked_bookings`), each with its first and last day of travel. ' +
        "Which bookings are linked is the API's rule; the sandbox links two bookings of an agency that share a traveller.",
    )
    .addArgument(idArgument('<id>', 'booking id'))
    .addHelpText('after', examples(['trek booking linked 200003', "trek booking linked 200003 -o json | jq -r '.[].id'"]))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

const LINKED_COLUMNS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'date_of_first_travel', header: 'FIRST TRAVEL' },
  { field: 'date_of_last_travel', header: 'LAST TRAVEL' },
];

export async function bookingLinkedRun(opts: BookingListOptions): Promise<void> {
  const client = await opts.api();
  const booking = await getBooking(client, opts.id).catch((error: unknown) => Promise.reject(withExternalIdSuggestion(opts.id, error)));
  const linked = Array.isArray(booking.linked_bookings) ? booking.linked_bookings : [];
  await renderList(opts.io, linked, opts.output, { columns: LINKED_COLUMNS, empty: `Booking ${sanitize(opts.id)} has no linked bookings.` });
  opts.history.remember('booking', [{ id: booking.id }, ...linked.map((l) => ({ id: displayValue(l.id) }))]);
}
