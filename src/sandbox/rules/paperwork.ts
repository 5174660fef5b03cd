/**
 * A booking's paperwork (spec §2.2 `invoices`, `documents`, `payment_links`, `linked_bookings`;
 * §2.4 service `documents`), kept in step with its services and money by one rule that runs
 * after every change (a ChangeHook, routes/paperwork.ts) and once over the seed:
 *
 * - an invoice whenever the booking's invoiceable lines change — each service once it is
 *   Confirmed (or awaiting staff cancellation) at its price, each cancelled service that was
 *   confirmed or charged at what it keeps — with two INVOICE documents, AGENT and CUSTOMER;
 * - a VOUCHER per Confirmed departure or activity service once none of its travellers' CHECKIN
 *   requirements is incomplete (an override waives one), never before, and never taken back;
 * - an ATOL_CERTIFICATE once a UK agency's booking has a Confirmed departure service;
 * - one OPEN payment link for the amount owing, CLOSED and replaced when that amount changes;
 * - linked bookings: two bookings that share a traveller list each other.
 *
 * Records are issued, never edited (a link's status aside), so a booking's lists are its history.
 */
import { createHmac } from 'node:crypto';
import type { TouchedRecord } from '../changes.js';
import {
  bookingServices,
  type BookingRecord,
  type DocumentRecord,
  type InvoiceLineRecord,
  type InvoiceReason,
  type InvoiceRecord,
  type PaymentLinkRecord,
  type ServiceRecord,
  type State,
} from '../model.js';
import type { Transaction } from '../transaction.js';
import { amountOwingCents, paidCents } from './money.js';
import { incompleteRequirements } from './requirements.js';

/** The documents' one format. */
const DOCUMENT_MIME_TYPE = 'application/pdf';
/** Where the agency must be for an ATOL certificate: the operator's ATOL agreement covers UK agents (spec §2.2). */
const ATOL_COUNTRY = 'GB';

/** Collections whose change can change a booking's paperwork; customers and overrides through the checkins. */
const PAPERWORK_SOURCES: ReadonlySet<string> = new Set(['bookings', 'services', 'payments', 'refunds', 'overrides', 'customers']);

/** What the booking is invoiced for now, in service order. */
function invoiceLines(services: readonly ServiceRecord[]): InvoiceLineRecord[] {
  const lines: InvoiceLineRecord[] = [];
  for (const s of services) {
    if (s.status === 'Confirmed' || s.status === 'Request Cancellation') lines.push({ service_id: s.id, kind: 'SERVICE', amount_cents: s.purchase_price_cents });
    else if (s.status === 'Cancelled' && (s.date_confirmed !== null || s.cancellation_charge_cents > 0)) {
      lines.push({ service_id: s.id, kind: 'CANCELLATION_FEE', amount_cents: s.cancellation_charge_cents });
    }
  }
  return lines;
}

const sameLines = (a: readonly InvoiceLineRecord[], b: readonly InvoiceLineRecord[]) =>
  a.length === b.length && a.every((line, i) => line.service_id === b[i].service_id && line.kind === b[i].kind && line.amount_cents === b[i].amount_cents);

function reasonFor(previous: InvoiceRecord | undefined, lines: readonly InvoiceLineRecord[]): InvoiceReason {
  if (!previous) return 'SERVICE_CONFIRMED';
  const before = new Map(previous.lines.map((line) => [line.service_id, line]));
  if (lines.some((line) => line.kind === 'CANCELLATION_FEE' && before.get(line.service_id)?.kind !== 'CANCELLATION_FEE')) return 'CANCELLATION';
  if (lines.some((line) => !before.has(line.service_id))) return 'SERVICE_ADDED';
  return 'MONEY_CHANGED';
}

const childrenOf = <R extends { booking_id: string; seq: number }>(records: Record<string, R>, bookingId: string): R[] =>
  Object.values(records)
    .filter((r) => r.booking_id === bookingId)
    .sort((a, b) => a.seq - b.seq);

/** The booking's newest invoice, if any. */
function currentInvoice(state: State, bookingId: string): InvoiceRecord | undefined {
  return childrenOf(state.collections.invoices, bookingId).at(-1);
}

function issueDocument(tx: Transaction, booking: BookingRecord, fields: Pick<DocumentRecord, 'type' | 'audience' | 'invoice_id' | 'service_ids'>): void {
  tx.insert('documents', { booking_id: booking.id, mime_type: DOCUMENT_MIME_TYPE, ...fields });
}

function reconcileInvoice(state: State, tx: Transaction, booking: BookingRecord, services: readonly ServiceRecord[]): void {
  const lines = invoiceLines(services);
  const previous = currentInvoice(state, booking.id);
  if (previous ? sameLines(previous.lines, lines) : lines.length === 0) return;
  const total = lines.reduce((sum, line) => sum + line.amount_cents, 0);
  const invoice = tx.insert('invoices', {
    booking_id: booking.id,
    reason: reasonFor(previous, lines),
    lines,
    total_cents: total,
    paid_cents: Math.max(0, Math.min(paidCents(state, booking.id), total)),
    supersedes_id: previous?.id ?? null,
  });
  const serviceIds = lines.map((line) => line.service_id);
  for (const audience of ['AGENT', 'CUSTOMER'] as const) issueDocument(tx, booking, { type: 'INVOICE', audience, invoice_id: invoice.id, service_ids: serviceIds });
}

/** True when `service` may have its voucher: Confirmed, a tour or an activity, no CHECKIN requirement of its travellers left open. */
function voucherReady(state: State, service: ServiceRecord): boolean {
  return service.status === 'Confirmed' && service.type !== 'flex_plan_services' && incompleteRequirements(state, service).length === 0;
}

function reconcileDocuments(state: State, tx: Transaction, booking: BookingRecord, services: readonly ServiceRecord[]): void {
  const documents = childrenOf(state.collections.documents, booking.id);
  const vouchered = new Set(documents.filter((d) => d.type === 'VOUCHER').flatMap((d) => d.service_ids));
  for (const service of services) {
    if (!vouchered.has(service.id) && voucherReady(state, service)) issueDocument(tx, booking, { type: 'VOUCHER', audience: 'CUSTOMER', invoice_id: null, service_ids: [service.id] });
  }
  const tours = services.filter((s) => s.type === 'departure_services' && s.status === 'Confirmed');
  const agency = state.collections.agencies[booking.agency_id];
  if (tours.length > 0 && agency?.address.country?.id === ATOL_COUNTRY && !documents.some((d) => d.type === 'ATOL_CERTIFICATE')) {
    issueDocument(tx, booking, { type: 'ATOL_CERTIFICATE', audience: 'CUSTOMER', invoice_id: null, service_ids: tours.map((s) => s.id) });
  }
}

/** At most one OPEN link, for the amount owing now: a link for another amount is CLOSED, and a new one issued while anything is owed. */
function reconcilePaymentLinks(state: State, tx: Transaction, booking: BookingRecord, services: readonly ServiceRecord[]): void {
  const owing = booking.date_closed === null ? amountOwingCents(services, paidCents(state, booking.id)) : 0;
  const open = childrenOf(state.collections.payment_links, booking.id).filter((link) => link.status === 'OPEN');
  let current: PaymentLinkRecord | undefined;
  for (const link of open) {
    if (link.amount_cents === owing && !current) current = link;
    else closeLink(tx, link, 'CLOSED');
  }
  if (!current && owing > 0) tx.insert('payment_links', { booking_id: booking.id, amount_cents: owing, status: 'OPEN', date_closed: null, payment_id: null });
}

export function closeLink(tx: Transaction, link: PaymentLinkRecord, status: 'PAID' | 'CLOSED', paymentId: string | null = null): void {
  link.status = status;
  link.date_closed = tx.now;
  link.payment_id = paymentId;
  tx.emit({ type: `payment_links.${status.toLowerCase()}`, id: link.id });
}

/** The link's secret part of its URL: keyed with the store's operator key, so only the store can make one. */
export function paymentLinkToken(state: State, linkId: string): string {
  return createHmac('sha256', state.operator_key).update(`payment-link:${linkId}`).digest('hex').slice(0, 32);
}

export function paymentLinkByToken(state: State, token: string): PaymentLinkRecord | undefined {
  if (!/^[0-9a-f]{32}$/.test(token)) return undefined;
  return Object.values(state.collections.payment_links).find((link) => paymentLinkToken(state, link.id) === token);
}

/**
 * Linked bookings (the sandbox's rule; spec §2.2 shows only the members): two bookings list
 * each other when one customer travels on a service of each, whatever its status. Recomputed
 * for the bookings given and every booking linked to them before or after.
 */
function relink(state: State, bookingIds: ReadonlySet<string>): void {
  const bookingsOf = new Map<string, Set<string>>();
  const customersOf = new Map<string, Set<string>>();
  for (const s of Object.values(state.collections.services)) {
    for (const customerId of s.customer_ids) {
      let bookings = bookingsOf.get(customerId);
      if (!bookings) bookingsOf.set(customerId, (bookings = new Set()));
      bookings.add(s.booking_id);
      let customers = customersOf.get(s.booking_id);
      if (!customers) customersOf.set(s.booking_id, (customers = new Set()));
      customers.add(customerId);
    }
  }
  const linksOf = (bookingId: string) => {
    const linked = new Set<string>();
    for (const customerId of customersOf.get(bookingId) ?? []) for (const other of bookingsOf.get(customerId) ?? []) if (other !== bookingId) linked.add(other);
    return [...linked].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
  };
  const affected = new Set<string>();
  for (const id of bookingIds) {
    affected.add(id);
    for (const other of state.collections.bookings[id]?.linked_booking_ids ?? []) affected.add(other);
    for (const other of linksOf(id)) affected.add(other);
  }
  for (const id of affected) {
    const booking = state.collections.bookings[id];
    if (!booking) continue;
    const links = linksOf(id);
    if (links.length !== booking.linked_booking_ids.length || links.some((l, i) => l !== booking.linked_booking_ids[i])) booking.linked_booking_ids = links;
  }
}

/** Brings the paperwork of the bookings given up to date with their services and money. */
export function reconcilePaperwork(state: State, tx: Transaction, bookingIds: Iterable<string>, relinkToo = true): void {
  const ids = new Set(bookingIds);
  for (const id of ids) {
    const booking = state.collections.bookings[id];
    if (!booking) continue;
    const services = bookingServices(state, id);
    reconcileInvoice(state, tx, booking, services);
    reconcileDocuments(state, tx, booking, services);
    reconcilePaymentLinks(state, tx, booking, services);
  }
  if (relinkToo && ids.size > 0) relink(state, ids);
}

/** The bookings a change may have changed the paperwork of; whether travellers moved (links then). */
function bookingsTouched(state: State, changed: readonly TouchedRecord[]): { ids: Set<string>; travellersMoved: boolean } {
  const ids = new Set<string>();
  const customers = new Set<string>();
  let travellersMoved = false;
  for (const record of changed) {
    if (!PAPERWORK_SOURCES.has(record.collection)) continue;
    if (record.collection === 'customers') {
      customers.add(record.id);
      continue;
    }
    if (record.collection === 'bookings') {
      ids.add(record.id);
      continue;
    }
    const records = state.collections[record.collection as 'services'] as Record<string, { booking_id: string; customer_ids?: string[] }>;
    const after = records[record.id];
    const before = record.before() as { booking_id: string; customer_ids?: string[] } | undefined;
    for (const r of [after, before]) if (r) ids.add(r.booking_id);
    if (record.collection === 'services' && (before?.customer_ids?.join() ?? '') !== (after?.customer_ids?.join() ?? '')) travellersMoved = true;
  }
  if (customers.size > 0) for (const s of Object.values(state.collections.services)) if (s.customer_ids.some((id) => customers.has(id))) ids.add(s.booking_id);
  return { ids, travellersMoved };
}

/** The ChangeHook: after every change, the paperwork of the bookings it touched. */
export function paperworkAfterChange(state: State, tx: Transaction, changed: readonly TouchedRecord[]): void {
  const { ids, travellersMoved } = bookingsTouched(state, changed);
  if (ids.size === 0) return;
  reconcilePaperwork(state, tx, ids, travellersMoved);
}

/** Every booking's paperwork: run once over a new store's seed. */
export function reconcileAllPaperwork(state: State, tx: Transaction): void {
  reconcilePaperwork(state, tx, Object.keys(state.collections.bookings));
}
