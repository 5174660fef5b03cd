import { Command } from 'commander';
import { listBookingCheckins, type Checkin } from '../../api/resources/bookings.js';
import { displayName } from '../../api/resources/customers.js';
import type { Factory } from '../../factory.js';
import { formatValue, renderList, type Column } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import { resourceOptions } from '../resource.js';
import { statusColumn } from '../service/columns.js';
import { examples } from '../shared.js';
import type { BookingListOptions } from './services.js';

/** "PASSPORT_INFORMATION: DATE_OF_BIRTH, NATIONALITY" per requirement with incomplete items. */
function incompleteItems(requirements: unknown): string {
  if (!Array.isArray(requirements)) return '';
  return (requirements as Checkin['requirements'])
    .filter((r) => Array.isArray(r?.INCOMPLETE) && r.INCOMPLETE.length > 0)
    .map((r) => `${formatValue(r.code)}: ${r.INCOMPLETE.map((item) => formatValue(item?.code)).join(', ')}`)
    .join('; ');
}

const CHECKIN_COLUMNS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'customer', header: 'CUSTOMER', format: (customer) => {
    const ref = customer as Checkin['customer'] | null;
    return ref ? displayName(ref.name) || formatValue(ref.id) : '';
  } },
  statusColumn,
  { field: 'expires', header: 'EXPIRES' },
  { field: 'requirements', header: 'INCOMPLETE', format: incompleteItems },
];

export function newBookingCheckinsCmd(f: Factory, runF: (opts: BookingListOptions) => Promise<void> = bookingCheckinsRun): Command {
  return new Command('checkins')
    .summary("list the customers' checkins of a booking")
    .description("List the checkins of a booking: each customer's readiness for travel and what is still incomplete.")
    .argument('<id>', 'booking id')
    .addHelpText('after', examples(['trek booking checkins 200001', "trek booking checkins 200001 -o json | jq '.[] | {id, status}'"]))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function bookingCheckinsRun(opts: BookingListOptions): Promise<void> {
  const client = await opts.api();
  await renderList(opts.io, listBookingCheckins(client, opts.id), opts.output, { columns: CHECKIN_COLUMNS, empty: `Booking ${sanitize(opts.id)} has no checkins.` });
}
