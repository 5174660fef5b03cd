import { Command } from 'commander';
import type { ApiClient } from '../../api/client.js';
import { getBooking, listBookingRecords, listBookingServices, type BookingMoneyRecord } from '../../api/resources/bookings.js';
import { displayName, type Customer } from '../../api/resources/customers.js';
import type { ServiceSummary } from '../../api/resources/services.js';
import type { Factory } from '../../factory.js';
import { formatMoney } from '../../output/money.js';
import { renderItem, type Column } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { toArray } from '../../api/paginate.js';
import { unlessNotFound } from '../../api/errors.js';
import { SERVICE_SUMMARY_COLUMNS } from '../service/columns.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { withExternalIdSuggestion } from './list.js';
import { bookingLabel, bookingWho, BOOKING_ROWS } from './view.js';

export interface BookingGetOptions extends ResourceOptions {
  id: string;
}

export function newBookingGetCmd(f: Factory, runF: (opts: BookingGetOptions) => Promise<void> = bookingGetRun): Command {
  return new Command('get')
    .summary('show a booking with its money, dates and services')
    .description(
      'Show a booking: money (paid, owing, pending, commission), dates, agent and agency, linked bookings and, in table view, its services, its travellers, its payments and refunds, and the travel credits it was given (if any).',
    )
    .addArgument(idArgument('<id>', 'booking id'))
    .addHelpText('after', examples(['trek booking get 200001', 'trek booking get 200001 -o json | jq .amount_owing', 'trek booking get 200001 --fields amount_paid,amount_owing,balance_due_date']))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function bookingGetRun(opts: BookingGetOptions): Promise<void> {
  const client = await opts.api();
  // The services, travellers and money sections are part of the table view only; other formats print the booking as the API sends it.
  const withSections = opts.output.format === 'table' && !opts.output.fields;
  const [booking, services, travellers, money, credits] = await Promise.all([
    getBooking(client, opts.id).catch((error: unknown) => Promise.reject(withExternalIdSuggestion(opts.id, error))),
    withSections ? toArray(listBookingServices(client, opts.id)) : ([] as ServiceSummary[]),
    withSections ? orNone(toArray(listBookingRecords<Customer>(client, opts.id, 'customers'))) : [],
    withSections ? moneyRecords(client, opts.id) : [],
    withSections ? orNone(toArray(listBookingRecords<BookingMoneyRecord>(client, opts.id, 'travel_credits'))) : [],
  ]);
  // Only the table view reads the services that name the traveller and tour: other formats keep the label remembered before.
  opts.history.remember('booking', [{ id: booking.id, ...(withSections ? { label: bookingLabel(booking, bookingWho(services)) } : {}) }]);
  const sections = withSections
    ? [
        { title: 'Services', columns: SERVICE_SUMMARY_COLUMNS, records: services },
        { title: 'Travellers', columns: TRAVELLER_COLUMNS, records: travellers },
        { title: 'Payments and refunds', columns: moneyColumns(booking.currency), records: money },
        // Most bookings have none: the section is there only when a cancellation under flex terms gave one.
        ...(credits.length > 0 ? [{ title: 'Travel credits', columns: creditColumns(booking.currency), records: credits }] : []),
      ]
    : [];
  await renderItem(opts.io, booking, opts.output, { rows: BOOKING_ROWS, sections, xmlRoot: 'booking' });
}

/** A sub-collection the server does not serve (the spec shows none of their requests) reads as empty. */
async function orNone<T>(read: Promise<T[]>): Promise<T[]> {
  return (await unlessNotFound(read)) ?? [];
}

type MoneyLine = BookingMoneyRecord & { kind: 'payment' | 'refund' };

/** Payments and refunds, oldest first: what was paid and what came back. */
async function moneyRecords(client: ApiClient, id: string): Promise<MoneyLine[]> {
  const [payments, refunds] = await Promise.all([
    orNone(toArray(listBookingRecords<BookingMoneyRecord>(client, id, 'payments'))),
    orNone(toArray(listBookingRecords<BookingMoneyRecord>(client, id, 'refunds'))),
  ]);
  const lines: MoneyLine[] = [...payments.map((p) => ({ ...p, kind: 'payment' as const })), ...refunds.map((r) => ({ ...r, kind: 'refund' as const }))];
  return lines.sort((a, b) => String(a.date_created ?? '').localeCompare(String(b.date_created ?? '')));
}

const TRAVELLER_COLUMNS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'name', header: 'NAME', format: (name) => displayName(name as Customer['name']) },
  { field: 'date_of_birth', header: 'BORN' },
];

function moneyColumns(currency: string): Column[] {
  return [
    { field: 'date_created', header: 'DATE' },
    { field: 'kind', header: 'KIND' },
    // A refund takes money back: shown negative, so the column adds up to amount_paid.
    { field: 'amount', header: 'AMOUNT', format: (amount, record) => formatMoney((record as MoneyLine).kind === 'refund' ? `-${displayValue(amount)}` : amount, currency) },
    { field: 'status', header: 'STATUS' },
    { field: 'reason', header: 'REASON' },
  ];
}

/** A travel credit (spec §2.2 `travel_credits`): when it was given, its amount, and until when it can be booked and travelled on. */
function creditColumns(currency: string): Column[] {
  return [
    { field: 'id', header: 'ID' },
    { field: 'date_created', header: 'ISSUED' },
    { field: 'amount', header: 'AMOUNT', format: (amount) => formatMoney(amount, currency) },
    { field: 'booking_window.end_date', header: 'BOOK BY' },
    { field: 'travel_window.end_date', header: 'TRAVEL BY' },
  ];
}
