import { Command } from 'commander';
import { pMapIterable } from 'p-map';
import { getBookingByHref, type Booking } from '../../api/resources/bookings.js';
import { listCustomerBookings } from '../../api/resources/customers.js';
import type { Factory } from '../../factory.js';
import { renderList, type Column } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import { money } from '../booking/view.js';
import { keepWhileStreaming, resourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import type { CustomerIdOptions } from './get.js';

/** Bookings fetched at once: enough to hide latency, few enough not to hit rate limits. */
export const BOOKING_FETCH_CONCURRENCY = 4;

/** Narrow enough for 80 columns: travel dates as one range, money with its currency. */
const CUSTOMER_BOOKING_COLUMNS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'external_id', header: 'EXTERNAL ID', maxWidth: 20 },
  {
    field: 'date_of_first_travel',
    header: 'TRAVEL',
    format: (first, record) => (first ? `${displayValue(first)} – ${displayValue((record as Booking).date_of_last_travel)}` : ''),
  },
  { field: 'amount_paid', header: 'PAID', format: money },
  { field: 'amount_owing', header: 'OWING', format: money },
  { field: 'date_closed', header: 'CLOSED' },
];

export function newCustomerBookingsCmd(f: Factory, runF: (opts: CustomerIdOptions) => Promise<void> = customerBookingsRun): Command {
  return new Command('bookings')
    .summary('list the bookings a customer travels on')
    .description(`List the bookings of a customer. The API lists references only, so each booking is read by its href, ${BOOKING_FETCH_CONCURRENCY} at a time, in list order.`)
    .addArgument(idArgument('<id>', 'customer id'))
    .addHelpText('after', examples(['trek customer bookings 300001', 'trek customer bookings 300001 -o ndjson | jq -r .amount_owing']))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function customerBookingsRun(opts: CustomerIdOptions): Promise<void> {
  const client = await opts.api();
  // In list order; after a failure no further booking is fetched and the error is thrown in its turn.
  const read = pMapIterable(listCustomerBookings(client, opts.id), (ref) => getBookingByHref(client, ref.href), { concurrency: BOOKING_FETCH_CONCURRENCY });
  const { records, seen } = keepWhileStreaming(read);
  await renderList(opts.io, records, opts.output, { columns: CUSTOMER_BOOKING_COLUMNS, empty: `Customer ${sanitize(opts.id)} has no bookings.` });
  // The ids only: a label naming the traveller and tour, remembered before, is kept.
  opts.history.remember(
    'booking',
    seen.map((booking) => ({ id: booking.id })),
  );
}
