/**
 * A booking's paperwork on the wire (docs/sandbox.md, "Invoices, documents and payment
 * links"): invoices, documents and their PDF content, payment links and paying one. The rules
 * that issue them are rules/paperwork.ts, run after every change by this module's ChangeHook.
 */
import { SandboxError } from '../errors.js';
import { formatCents } from '../money.js';
import type { DocumentRecord, InvoiceRecord, PaymentLinkRecord, ServiceRecord, State } from '../model.js';
import { href, ref, serviceRef, type Wire } from '../refs.js';
import { bookingCurrency } from '../views.js';
import type { Reply, RequestContext, Router } from '../router.js';
import { paperworkAfterChange, paymentLinkToken } from '../rules/paperwork.js';
import { childCollection, visibleChild } from './bookings.js';

/** A service paperwork names: on an invoice line with its name (serviceRef), in a document's `services` without; `{id, href}` alone should a hand-edited data file lack it. */
function servicePaperRef(state: State, id: string, named: true): Wire<'Invoice'>['lines'][number]['service'];
function servicePaperRef(state: State, id: string, named: false): Wire<'Document'>['services'][number];
function servicePaperRef(state: State, id: string, named: boolean): Wire<'Document'>['services'][number] {
  const service = state.collections.services[id];
  // Typed as named but without type and name: short of the contract, as no data file the sandbox writes is.
  if (!service) return ref<{ type: string; name: string }>('services', id);
  return named ? serviceRef(service) : ref(service.type, id, { type: service.type });
}

function invoiceView(state: State, invoice: InvoiceRecord): Wire<'Invoice'> {
  return {
    id: invoice.id,
    href: href('invoices', invoice.id),
    booking: ref('bookings', invoice.booking_id),
    currency: bookingCurrency(state, invoice),
    date: invoice.date_created.slice(0, 10),
    date_created: invoice.date_created,
    reason: invoice.reason,
    total: formatCents(invoice.total_cents),
    amount_paid: formatCents(invoice.paid_cents),
    amount_due: formatCents(invoice.total_cents - invoice.paid_cents),
    lines: invoice.lines.map((line) => {
      const name = state.collections.services[line.service_id]?.name ?? null;
      return {
        service: servicePaperRef(state, line.service_id, true),
        kind: line.kind,
        description: line.kind === 'SERVICE' ? name : `Cancellation fee: ${name}`,
        amount: formatCents(line.amount_cents),
      };
    }),
    supersedes: invoice.supersedes_id ? ref('invoices', invoice.supersedes_id) : null,
    documents: Object.values(state.collections.documents)
      .filter((d) => d.invoice_id === invoice.id)
      .map((d) => ref('documents', d.id)),
  };
}

/** A file name a client may save it under: digits, lower-case letters and dashes only. */
function documentFileName(document: DocumentRecord): string {
  const subject = document.invoice_id ?? document.service_ids[0] ?? document.booking_id;
  return `${document.type.toLowerCase().replace(/_/g, '-')}-${subject}-${document.audience.toLowerCase()}.pdf`.replace(/[^a-z0-9.-]/g, '');
}

/** A document as spec §2.4 lists them (`id, href, date_created, type, audience, booking, mime_type`), plus the sandbox's extras. */
function documentView(state: State, document: DocumentRecord): Wire<'Document'> {
  return {
    id: document.id,
    href: href('documents', document.id),
    date_created: document.date_created,
    type: document.type,
    audience: document.audience,
    booking: ref('bookings', document.booking_id),
    mime_type: document.mime_type,
    name: documentFileName(document),
    invoice: document.invoice_id ? ref('invoices', document.invoice_id) : null,
    services: document.service_ids.map((id) => servicePaperRef(state, id, false)),
    content: { href: `${href('documents', document.id)}content` },
  };
}

/** A service's `documents` (spec §2.4): the documents about it, oldest first. */
export function serviceDocuments(state: State, service: ServiceRecord): Array<Wire<'ServiceDocument'>> {
  return Object.values(state.collections.documents)
    .filter((d) => d.booking_id === service.booking_id && d.service_ids.includes(service.id))
    .sort((a, b) => a.seq - b.seq)
    .map((d) => documentView(state, d));
}

export function paymentLinkView(state: State, link: PaymentLinkRecord): Wire<'PaymentLink'> {
  return {
    id: link.id,
    href: href('payment_links', link.id),
    booking: ref('bookings', link.booking_id),
    amount: formatCents(link.amount_cents),
    currency: bookingCurrency(state, link),
    status: link.status,
    url: `/_sandbox/pay/${paymentLinkToken(state, link.id)}`,
    date_created: link.date_created,
    date_closed: link.date_closed,
    payment: link.payment_id ? ref('payments', link.payment_id) : null,
  };
}

/** The largest document the sandbox serves: its PDFs are a few kilobytes. */
const MAX_DOCUMENT_BYTES = 1024 * 1024;

async function documentContent(ctx: RequestContext): Promise<Reply> {
  const document = visibleChild(ctx, ctx.state.collections.documents, 'Document');
  // pdf-lib is loaded on the first request for content, never before (docs/sandbox.md).
  const { documentPdf } = await import('../documents/pdf.js');
  const bytes = Buffer.from(await documentPdf(ctx.state, document));
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new SandboxError(500, `Document ${document.id} came out larger than ${MAX_DOCUMENT_BYTES} bytes.`);
  return { status: 200, body: bytes, headers: { 'content-type': document.mime_type, 'content-disposition': `inline; filename="${documentFileName(document)}"` } };
}

export const bookingCollections = {
  invoices: childCollection('invoices', invoiceView),
  documents: childCollection('documents', documentView),
  payment_links: childCollection('payment_links', paymentLinkView),
};

export const changeHooks = [paperworkAfterChange];

export function register(router: Router): void {
  router
    .get('/invoices/:id', (ctx) => ({ status: 200, body: invoiceView(ctx.state, visibleChild(ctx, ctx.state.collections.invoices, 'Invoice')) }))
    .get('/documents/:id', (ctx) => ({ status: 200, body: documentView(ctx.state, visibleChild(ctx, ctx.state.collections.documents, 'Document')) }))
    .get('/documents/:id/content', documentContent)
    .get('/payment_links/:id', (ctx) => ({ status: 200, body: paymentLinkView(ctx.state, visibleChild(ctx, ctx.state.collections.payment_links, 'Payment link')) }));
}
