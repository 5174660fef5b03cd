import { Command } from 'commander';
import { pMapIterable } from 'p-map';
import type { ApiClient } from '../../api/client.js';
import { records } from '../../api/paginate.js';
import { agencyBookingsPath, bookingPath } from '../../api/resources/bookings.js';
import { displayName, type Customer } from '../../api/resources/customers.js';
import type { Factory } from '../../factory.js';
import { renderList, type Column } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import { agencyInUse } from '../booking/list.js';
import { keepWhileStreaming, resourceOptions, type ResourceOptions } from '../resource.js';
import { examples, parseInteger } from '../flags.js';
import { idOption } from '../ids.js';
import { BOOKING_FETCH_CONCURRENCY } from './bookings.js';

export const DEFAULT_RECENT_BOOKINGS = 20;

export interface CustomerListOptions extends ResourceOptions {
  /** --booking: the customers of these bookings; else of the agency's `recent` newest bookings. */
  bookings: string[];
  recent: number;
  agency?: string;
  profileAgency: () => Promise<string | undefined>;
}

const WHY = 'The API has no list of customers: trek lists the travellers of bookings';

export function newCustomerListCmd(f: Factory, runF: (opts: CustomerListOptions) => Promise<void> = customerListRun): Command {
  return new Command('list')
    .summary("list the travellers of your agency's recent bookings (or of --booking B)")
    .description(
      `${WHY}: of your agency's ${DEFAULT_RECENT_BOOKINGS} newest bookings (--recent N for more or fewer), or of the bookings given ` +
        'with --booking. Each customer is listed once, in the order of the newest booking they travel on, with the bookings they were found on. ' +
        'On a terminal a note on stderr says which bookings were read.',
    )
    .addOption(idOption('--booking <id>', 'list the travellers of this booking; repeatable', { repeatable: true }))
    .option('--recent <n>', `how many of the agency's newest bookings to read (default ${DEFAULT_RECENT_BOOKINGS})`)
    .addOption(idOption('--agency <id>', 'agency whose bookings to read (default: yours)'))
    .addHelpText('after', examples(['trek customer list', 'trek customer list --booking 200009', "trek customer list --recent 100 -o json | jq -r '.[] | select(.passport.number == null) | .id'"]))
    .action(async (flags: { booking?: string[]; recent?: string; agency?: string }) => {
      const recent = flags.recent === undefined ? DEFAULT_RECENT_BOOKINGS : parseInteger(flags.recent, '--recent', { min: 1, max: 1000 });
      await runF({ ...(await resourceOptions(f)), bookings: flags.booking ?? [], recent, agency: flags.agency, profileAgency: async () => (await f.profile()).agency });
    });
}

/** Ids of the agency's newest bookings. */
async function recentBookingIds(client: ApiClient, agency: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  const query: Array<[string, string]> = [
    ['order_by__desc', 'date_created'],
    ['max_per_page', String(Math.min(100, Math.max(10, count)))],
  ];
  for await (const booking of records<{ id: string }>(client, agencyBookingsPath(agency), query, { limit: count })) ids.push(String(booking.id));
  return ids;
}

export async function customerListRun(opts: CustomerListOptions): Promise<void> {
  const client = await opts.api();
  let bookingIds = opts.bookings;
  if (bookingIds.length === 0) {
    const agency = await agencyInUse({ ...opts, api: () => Promise.resolve(client) });
    bookingIds = await recentBookingIds(client, agency, opts.recent);
    if (opts.io.stderrIsTTY) {
      opts.io.err.write(`${WHY}: these are the travellers of agency ${sanitize(agency)}'s ${bookingIds.length} newest booking${bookingIds.length === 1 ? '' : 's'} (--recent N, --booking B).\n`);
    }
  }
  // Which bookings each customer was found on, for the table's BOOKINGS column.
  const foundOn = new Map<string, string[]>();
  const travellers = pMapIterable(
    bookingIds,
    async (booking) => {
      const customers: Customer[] = [];
      for await (const customer of records<Customer>(client, bookingPath(booking, 'customers'), undefined, { all: true })) customers.push(customer);
      return { booking, customers };
    },
    { concurrency: BOOKING_FETCH_CONCURRENCY },
  );
  async function* once(): AsyncGenerator<Customer> {
    for await (const { booking, customers } of travellers) {
      for (const customer of customers) {
        const id = String(customer.id);
        const seen = foundOn.get(id);
        foundOn.set(id, [...(seen ?? []), booking]);
        if (!seen) yield customer;
      }
    }
  }
  // Where each was found is for people; csv and tsv print the customer's own values only.
  const columns: Column[] =
    opts.output.format === 'table'
      ? [
          { field: 'id', header: 'ID' },
          { field: 'name', header: 'NAME', format: (name) => displayName(name as Customer['name']), maxWidth: 32 },
          { field: 'date_of_birth', header: 'BORN' },
          { field: 'nationality', header: 'NATIONALITY', maxWidth: 16 },
          { field: 'account_email', header: 'EMAIL', maxWidth: 28 },
          { field: 'id', header: 'BOOKINGS', format: (id) => (foundOn.get(String(id)) ?? []).join(', '), wrap: true },
        ]
      : ['id', 'name.title', 'name.legal_first_name', 'name.legal_middle_name', 'name.legal_last_name', 'date_of_birth', 'nationality', 'account_email'].map((field) => ({ field }));
  const { records: listed, seen } = keepWhileStreaming(once());
  const where = opts.bookings.length > 0 ? `booking${opts.bookings.length === 1 ? '' : 's'} ${opts.bookings.map((b) => sanitize(b)).join(', ')}` : 'these bookings';
  await renderList(opts.io, listed, opts.output, { columns, empty: `No customers travel on ${where}.` });
  opts.history.remember(
    'customer',
    seen.map((customer) => ({ id: customer.id, label: displayName(customer.name) })),
  );
}
