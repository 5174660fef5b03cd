import { Command } from 'commander';
import type { ApiClient } from '../../api/client.js';
import { getBooking, listBookingRecords, type Booking, type BookingMoneyRecord, type Invoice, type PaymentLink } from '../../api/resources/bookings.js';
import type { TravelCredit } from '../../api/resources/credits.js';
import { bookingWindowEnd, travelWindowEnd } from '../../api/resources/credits.js';
import type { Factory } from '../../factory.js';
import { formatMoney, fromCents, sumCents, toCents } from '../../output/money.js';
import { renderItem, type Column } from '../../output/render.js';
import { displayValue, joinValues } from '../../output/value.js';
import { sanitize, sanitizeUrl } from '../../output/sanitize.js';
import { unlessNotFound } from '../../api/errors.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { toArray } from '../../api/paginate.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import type { BookedService } from '../../api/resources/services.js';
import { servicesInFull } from '../service/cost.js';
import { serviceLabel } from '../service/status.js';
import { withExternalIdSuggestion } from './list.js';
import { bookingLabel, bookingWho } from './view.js';

export interface BookingStatementOptions extends ResourceOptions {
  id: string;
}

export function newBookingStatementCmd(f: Factory, runF: (opts: BookingStatementOptions) => Promise<void> = bookingStatementRun): Command {
  return new Command('statement')
    .summary('the money of a booking on one screen: paid, owing by when, payment links and the ledger')
    .description(
      'Show the money of a booking: its total, what is paid, pending and owing and the balance due date, the commission and ' +
        'the tax on it, the open payment links (amount and URL), then the ledger in date order: payments, refunds, invoices, ' +
        'travel credits, and for each cancelled service the fee it kept and the part of its price set against the balance (no longer owed, not paid back). ' +
        'Amounts are never cut. In a pipe (or -o json) the same numbers come as one JSON object: the amounts as the API writes them, ' +
        'every payment link, and the ledger entries with their kind.',
    )
    .addArgument(idArgument('<id>', 'booking id'))
    .addHelpText(
      'after',
      examples([
        'trek booking statement 200003',
        'trek booking statement 200003 -o json | jq -r .amount_owing',
        'trek booking statement 200003 -o json | jq -r \'.payment_links[] | select(.status == "OPEN") | .url\'',
        'trek booking statement 200003 -o json | jq \'.ledger[] | select(.kind == "refund")\'',
      ]),
    )
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

/**
 * `fee`: what a cancelled service keeps as its fee (its cancellation_fee less the travel credit
 * issued on it); `set_against_balance`: the part of its price that neither the fee, the credit
 * nor a refund took — no longer owed, set against the booking's balance instead of paid back.
 */
export type LedgerKind = 'payment' | 'refund' | 'invoice' | 'travel_credit' | 'fee' | 'set_against_balance';

/** One line of the ledger: a movement of money, an invoice issued or a credit given. */
export interface LedgerEntry {
  date: string;
  kind: LedgerKind;
  id: string;
  href: string;
  /** As the API writes it: a refund's amount is positive (its kind says it went back); an invoice's is its total. */
  amount: string;
  status: string | null;
  note: string;
}

/** What `booking statement` prints: the booking's own numbers, its payment links and the ledger. */
export interface Statement {
  id: string;
  currency: string;
  /** What the booking costs as it stands: amount_paid + amount_owing. */
  total: string | null;
  amount_paid: string;
  amount_pending: string;
  amount_owing: string;
  balance_due_date: string | null;
  commission: string;
  tax_on_commission: string;
  payment_links: PaymentLink[];
  ledger: LedgerEntry[];
}

/** A sub-collection this server does not serve (the spec shows none of their requests) reads as empty. */
async function listed<T>(client: ApiClient, id: string, sub: 'payments' | 'refunds' | 'invoices' | 'travel_credits' | 'payment_links'): Promise<T[]> {
  return (await unlessNotFound(toArray(listBookingRecords<T>(client, id, sub)))) ?? [];
}

export async function bookingStatementRun(opts: BookingStatementOptions): Promise<void> {
  const client = await opts.api();
  const [booking, payments, refunds, invoices, credits, links, services] = await Promise.all([
    getBooking(client, opts.id).catch((error: unknown) => Promise.reject(withExternalIdSuggestion(opts.id, error))),
    listed<BookingMoneyRecord>(client, opts.id, 'payments'),
    listed<BookingMoneyRecord>(client, opts.id, 'refunds'),
    listed<Invoice>(client, opts.id, 'invoices'),
    listed<TravelCredit>(client, opts.id, 'travel_credits'),
    listed<PaymentLink>(client, opts.id, 'payment_links'),
    servicesInFull(client, opts.id),
  ]);
  opts.history.remember('booking', [{ id: booking.id, label: bookingLabel(booking, bookingWho(services)) }]);
  const statement = statementOf(booking, { payments, refunds, invoices, credits, links, services });
  const mismatch = ledgerMismatch(booking, payments, refunds);
  if (mismatch) opts.io.err.write(`${mismatch}\n`);

  const currency = booking.currency;
  const resolve = (url: string) => {
    try {
      return client.resolve(url).href;
    } catch {
      return url;
    }
  };
  const open = links.filter((link) => link.status === 'OPEN');
  await renderItem(opts.io, statement, opts.output, {
    rows: statementRows(currency),
    sections: [
      { title: 'Open payment links', columns: linkColumns(currency, resolve), records: open },
      { title: 'Ledger', columns: ledgerColumns(currency), records: statement.ledger },
    ],
    xmlRoot: 'statement',
  });
}

interface Records {
  payments: BookingMoneyRecord[];
  refunds: BookingMoneyRecord[];
  invoices: Invoice[];
  credits: TravelCredit[];
  links: PaymentLink[];
  services: BookedService[];
}

export function statementOf(booking: Booking, records: Records): Statement {
  const paid = toCents(booking.amount_paid);
  const owing = toCents(booking.amount_owing);
  return {
    id: booking.id,
    currency: booking.currency,
    total: paid === undefined || owing === undefined ? null : fromCents(paid + owing),
    amount_paid: booking.amount_paid,
    amount_pending: booking.amount_pending,
    amount_owing: booking.amount_owing,
    balance_due_date: booking.balance_due_date,
    commission: booking.commission,
    tax_on_commission: booking.tax_on_commission,
    payment_links: records.links,
    ledger: ledgerOf(records),
  };
}

/** Payments, refunds, invoices and travel credits, oldest first (one moment keeps that order). */
function ledgerOf({ payments, refunds, invoices, credits, services }: Records): LedgerEntry[] {
  const entry = (kind: LedgerKind, record: { id: unknown; href?: unknown; date_created?: unknown; status?: unknown }, amount: unknown, note: string, date?: unknown): LedgerEntry => ({
    date: displayValue(record.date_created ?? date),
    kind,
    id: displayValue(record.id),
    href: displayValue(record.href),
    amount: displayValue(amount),
    status: record.status === undefined || record.status === null ? null : displayValue(record.status),
    note,
  });
  const entries = [
    ...payments.map((p) => entry('payment', p, p.amount, p.reason === 'FINAL_PAYMENT' ? 'the final payment, taken on the balance due date' : displayValue(p.reason))),
    ...refunds.map((r) => entry('refund', r, r.amount, joinValues([r.reason, serviceNote((r as { service?: unknown }).service)], '; '))),
    ...invoices.map((i) => entry('invoice', i, i.total, invoiceNote(i), i.date)),
    ...credits.map((c) => entry('travel_credit', c, c.amount, creditNote(c), c.issue_date)),
    ...services.flatMap((s) => cancellationEntries(s, refunds, credits).map(([kind, amount, note]) => entry(kind, { id: s.id, href: s.href, date_created: s.date_cancelled }, amount, note))),
  ];
  return entries.sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * A cancelled service's lines: the fee it keeps, and what of its price the fee, the credit and
 * the refunds did not take (set against the balance). Amounts as Decimals; none when the API
 * states no fee.
 */
function cancellationEntries(service: BookedService, refunds: BookingMoneyRecord[], credits: TravelCredit[]): Array<[LedgerKind, string, string]> {
  const charge = toCents(service.cancellation_fee ?? undefined);
  const price = toCents(service.purchase_price);
  if (service.status !== 'Cancelled' || charge === undefined || price === undefined) return [];
  const id = String(service.id);
  const of = (ref: unknown) => displayValue((ref as { id?: unknown } | null | undefined)?.id) === id;
  const credit = sumCents(credits.filter((c) => of(c.departure_service)).map((c) => c.amount)) ?? 0n;
  const refunded = sumCents(refunds.filter((r) => of((r as { service?: unknown }).service)).map((r) => r.amount)) ?? 0n;
  const label = serviceLabel(service);
  const fee = charge - credit;
  const setAgainst = price - charge - refunded;
  return [
    ...(fee > 0n ? [['fee', fromCents(fee), `kept on cancelling ${label}`] as [LedgerKind, string, string]] : []),
    ...(setAgainst > 0n ? [['set_against_balance', fromCents(setAgainst), `${label}: no longer owed, not paid back`] as [LedgerKind, string, string]] : []),
  ];
}

function serviceNote(service: unknown): string {
  const id = (service as { id?: unknown } | null | undefined)?.id;
  return id === undefined || id === null ? '' : `service ${displayValue(id)}`;
}

function invoiceNote(invoice: Invoice): string {
  const paid = invoice.amount_paid === undefined ? '' : `${displayValue(invoice.amount_paid)} paid at issue`;
  const due = invoice.amount_due === undefined ? '' : `${displayValue(invoice.amount_due)} due`;
  const replaces = invoice.supersedes?.id === undefined ? '' : `replaces ${displayValue(invoice.supersedes.id)}`;
  return joinValues([joinValues([paid, due], ', '), replaces], '; ');
}

function creditNote(credit: TravelCredit): string {
  const remaining = credit.remaining_amount === undefined ? '' : `${displayValue(credit.remaining_amount)} left`;
  const bookBy = bookingWindowEnd(credit);
  const travelBy = travelWindowEnd(credit);
  return joinValues([remaining, bookBy && `book by ${bookBy}`, travelBy && `travel by ${travelBy}`], ', ');
}

/**
 * "The ledger's applied payments less refunds come to …": said when they do not add up to the
 * booking's amount_paid, since the statement shows both and one of them is then wrong.
 */
function ledgerMismatch(booking: Booking, payments: BookingMoneyRecord[], refunds: BookingMoneyRecord[]): string | undefined {
  const applied = (records: BookingMoneyRecord[]) => records.filter((r) => r.status === undefined || r.status === 'APPLIED').map((r) => r.amount);
  const paidIn = sumCents(applied(payments));
  const paidBack = sumCents(applied(refunds));
  const paid = toCents(booking.amount_paid);
  if (paidIn === undefined || paidBack === undefined || paid === undefined || paidIn - paidBack === paid) return undefined;
  const currency = booking.currency;
  return `Note: the ledger's applied payments less refunds come to ${formatMoney(paidIn - paidBack, currency)}, but booking ${sanitize(booking.id)} says ${formatMoney(paid, currency)} is paid.`;
}

function statementRows(currency: string): Column[] {
  const money = (value: unknown) => formatMoney(value, currency);
  return [
    { field: 'id', header: 'BOOKING' },
    { field: 'total', header: 'TOTAL', format: money },
    { field: 'amount_paid', header: 'PAID', format: money },
    { field: 'amount_pending', header: 'PENDING', format: money },
    { field: 'amount_owing', header: 'OWING', format: money },
    { field: 'balance_due_date', header: 'BALANCE DUE' },
    { field: 'commission', header: 'COMMISSION', format: money },
    { field: 'tax_on_commission', header: 'TAX ON COMMISSION', format: money },
  ];
}

function linkColumns(currency: string, resolve: (url: string) => string): Column[] {
  return [
    { field: 'id', header: 'ID' },
    { field: 'amount', header: 'AMOUNT', format: (amount) => formatMoney(amount, currency), money: true },
    // The URL is given to the customer whole: never cut.
    { field: 'url', header: 'URL', format: (url) => (typeof url === 'string' && url !== '' ? sanitizeUrl(resolve(url)) : ''), whole: true },
  ];
}

const KIND_LABELS: Record<LedgerKind, string> = { payment: 'payment', refund: 'refund', invoice: 'invoice', travel_credit: 'travel credit', fee: 'fee', set_against_balance: 'set against' };

function ledgerColumns(currency: string): Column[] {
  return [
    { field: 'date', header: 'DATE' },
    { field: 'kind', header: 'KIND', format: (kind) => KIND_LABELS[kind as LedgerKind] ?? displayValue(kind) },
    { field: 'id', header: 'ID' },
    // Money back is shown negative, so payments and refunds add up to PAID; an invoice shows its total.
    {
      field: 'amount',
      header: 'AMOUNT',
      format: (amount, record) => formatMoney((record as LedgerEntry).kind === 'refund' && typeof amount === 'string' ? `-${amount}` : amount, currency),
      money: true,
    },
    { field: 'status', header: 'STATUS' },
    { field: 'note', header: 'NOTE', wrap: true },
  ];
}
