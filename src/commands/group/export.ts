import { Command } from 'commander';
import { listBookingRecords, listBookingServices } from '../../api/resources/bookings.js';
import type { Customer } from '../../api/resources/customers.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { getPath, validateFields } from '../../output/fields.js';
import { renderList } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import { COLUMN_NAMES, PHONE_SEPARATOR, REQUIRED_COLUMNS, type ManifestColumn } from './manifest.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { toArray } from '../../api/paginate.js';
import { examples } from '../flags.js';
import { idOption } from '../ids.js';

export interface GroupExportOptions extends ResourceOptions {
  booking: string;
}

/** The formats `trek group import` reads back. */
const MANIFEST_FORMATS = ['csv', 'ndjson'];

export function newGroupExportCmd(f: Factory, runF: (opts: GroupExportOptions) => Promise<void> = groupExportRun): Command {
  return new Command('export')
    .summary("write a booking's travellers as a manifest (CSV or NDJSON) that group import reads back")
    .description(
      "Write the travellers of a booking as a group manifest: one row per customer, in the order of the booking's departure services, " +
        'with the columns that hold a value (the dotted customer fields `trek group import` reads). CSV unless -o ndjson; importing the ' +
        "file creates the same travellers again (for another booking or departure). Cells a spreadsheet would run as a formula start with ' " +
        '(which import reads back as the text it was).',
    )
    .addOption(idOption('--booking <id>', 'booking whose travellers to export'))
    .addHelpText(
      'after',
      examples([
        'trek group export --booking 200010 > school-trip.csv',
        'trek group export --booking 200010 -o ndjson > school-trip.ndjson',
        'trek group export --booking 200010 --fields name.title,name.legal_first_name,name.legal_last_name,date_of_birth',
      ]),
    )
    .action(async (flags: { booking?: string }) => {
      if (!flags.booking) throw new UsageError('--booking is required', 'See: trek group export --help', { field: '--booking' });
      // A manifest is CSV unless asked otherwise: the table a terminal would get is not one import reads.
      const options = await resourceOptions(f);
      const format = f.globals.output ?? 'csv';
      if (!MANIFEST_FORMATS.includes(format)) {
        throw new UsageError(`a manifest is written as ${MANIFEST_FORMATS.join(' or ')} (what trek group import reads), not ${format}`, undefined, { field: '--output' });
      }
      await runF({ ...options, output: { ...options.output, format }, booking: flags.booking });
    });
}

/** A customer as a manifest row: the writable fields, nested as the API has them, phone lists as `TYPE:NUMBER; TYPE:NUMBER`. */
function manifestRecord(customer: Customer, columns: readonly ManifestColumn[]): Record<string, unknown> {
  const record: Record<string, Record<string, unknown> | unknown> = {};
  for (const column of columns) {
    let value = getPath(customer, column);
    if (Array.isArray(value)) value = value.map((phone: { type?: string; number?: string }) => `${phone.type ?? 'HOME'}:${phone.number ?? ''}`).join(PHONE_SEPARATOR);
    if (value === null || value === undefined || value === '') continue;
    const [top, member] = column.split('.') as [string, string | undefined];
    if (member === undefined) record[top] = value;
    else ((record[top] ??= {}) as Record<string, unknown>)[member] = value;
  }
  return record;
}

export async function groupExportRun(opts: GroupExportOptions): Promise<void> {
  if (opts.output.fields) validateFields(opts.output.fields, COLUMN_NAMES);
  const client = await opts.api();
  const customers = await toArray(listBookingRecords<Customer>(client, opts.booking, 'customers'));
  // The departure services' order of travellers is the manifest's: import books them in it.
  const order = new Map<string, number>();
  for await (const service of listBookingServices(client, opts.booking)) {
    if (service.type !== 'departure_services') continue;
    for (const c of service.customers ?? []) if (!order.has(String(c.id))) order.set(String(c.id), order.size);
  }
  const rank = (c: Customer) => order.get(String(c.id)) ?? Number.MAX_SAFE_INTEGER;
  const fields = opts.output.fields as ManifestColumn[] | undefined;
  const rows = customers.sort((a, b) => rank(a) - rank(b)).map((customer) => manifestRecord(customer, fields ?? COLUMN_NAMES));
  const columns = fields ?? COLUMN_NAMES.filter((c) => REQUIRED_COLUMNS.includes(c) || rows.some((row) => getPath(row, c) !== undefined));
  if (rows.length === 0) opts.io.err.write(`Booking ${sanitize(opts.booking)} has no travellers: the manifest has its header only.\n`);
  await renderList(opts.io, rows, { ...opts.output, fields: undefined }, { columns: columns.map((field) => ({ field })) });
}
