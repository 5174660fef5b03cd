import { Command } from 'commander';
import { listBookingOverrides } from '../../api/resources/bookings.js';
import type { Factory } from '../../factory.js';
import { formatValue, renderList, type Column } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import { resourceOptions } from '../resource.js';
import { examples } from '../shared.js';
import type { BookingListOptions } from './services.js';

const OVERRIDE_COLUMNS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'customer.id', header: 'CUSTOMER' },
  { field: 'services', header: 'SERVICES', format: (services) => (Array.isArray(services) ? services.map((s: { id?: unknown }) => formatValue(s?.id)).join(', ') : '') },
  { field: 'requirement.code', header: 'REQUIREMENT' },
  { field: 'reason.code', header: 'REASON' },
  { field: 'reason.label', header: 'REASON LABEL', maxWidth: 40 },
];

export function newBookingOverridesCmd(f: Factory, runF: (opts: BookingListOptions) => Promise<void> = bookingOverridesRun): Command {
  return new Command('overrides')
    .summary('list the overrides of a booking')
    .description("List the overrides of a booking: requirements waived for a customer, with the reason.")
    .argument('<id>', 'booking id')
    .addHelpText('after', examples(['trek booking overrides 200001', 'trek booking overrides 200001 -o json | jq -r ".[].id"']))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function bookingOverridesRun(opts: BookingListOptions): Promise<void> {
  const client = await opts.api();
  await renderList(opts.io, listBookingOverrides(client, opts.id), opts.output, { columns: OVERRIDE_COLUMNS, empty: `Booking ${sanitize(opts.id)} has no overrides.` });
}
