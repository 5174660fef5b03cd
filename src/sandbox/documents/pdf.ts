/**
 * The content of a booking's documents: a small PDF made with pdf-lib, on request only (routes
 * import this module lazily, so pdf-lib is loaded the first time content is asked for).
 *
 * Everything drawn is data, from customers and agents who may type anything: pdf-lib writes
 * each string as a hex string (`<48656C6C6F>`), so no text can end a string and inject PDF
 * syntax; before that, `printable` turns control characters into spaces and what the standard
 * font cannot encode into `?`, and cuts a long value short.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatCents } from '../money.js';
import type { DocumentRecord, ServiceRecord, State } from '../model.js';
import { paidCents } from '../rules/money.js';

const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const; // A4, in points
const LONGEST_VALUE = 90;

const TITLES: Record<DocumentRecord['type'], string> = { INVOICE: 'Invoice', VOUCHER: 'Travel voucher', ATOL_CERTIFICATE: 'ATOL certificate' };

/** Control characters and separators that would move the text (newlines, escapes, bidi overrides). */
const LAYOUT_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

/** `text` as the font can draw it on one line: layout characters as spaces, the unencodable as `?`, cut at LONGEST_VALUE. */
export function printable(text: string, encodable: ReadonlySet<number>): string {
  const flat = text.normalize('NFC').replace(LAYOUT_CHARACTERS, ' ');
  let out = '';
  for (const ch of flat) out += encodable.has(ch.codePointAt(0)!) ? ch : '?';
  return out.length > LONGEST_VALUE ? `${out.slice(0, LONGEST_VALUE - 1)}\u2026` : out;
}

/** Writes lines down the page, starting a new page when one is full. */
class Writer {
  private page: PDFPage;
  private y: number = PAGE.height - PAGE.margin;
  private readonly encodable: ReadonlySet<number>;
  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([PAGE.width, PAGE.height]);
    this.encodable = new Set(font.getCharacterSet());
  }

  line(text: string, options: { size?: number; bold?: boolean; right?: string } = {}): void {
    const size = options.size ?? 10;
    if (this.y < PAGE.margin + size) {
      this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
      this.y = PAGE.height - PAGE.margin;
    }
    const font = options.bold ? this.bold : this.font;
    this.page.drawText(printable(text, this.encodable), { x: PAGE.margin, y: this.y, size, font, color: rgb(0.1, 0.1, 0.1) });
    if (options.right !== undefined) {
      const right = printable(options.right, this.encodable);
      this.page.drawText(right, { x: PAGE.width - PAGE.margin - font.widthOfTextAtSize(right, size), y: this.y, size, font });
    }
    this.y -= size * 1.6;
  }

  gap(): void {
    this.y -= 8;
  }
}

function travellerNames(state: State, customerIds: readonly string[]): string[] {
  return customerIds.map((id) => {
    const c = state.collections.customers[id];
    if (!c) return `customer ${id}`;
    return [c.name.title, c.name.legal_first_name, c.name.legal_middle_name, c.name.legal_last_name].filter(Boolean).join(' ');
  });
}

function serviceLine(service: ServiceRecord): string {
  const dates = service.start_date ? ` (${service.start_date} to ${service.finish_date ?? '?'})` : '';
  return `${service.name}${dates}, ${service.status}`;
}

/** The PDF of `document`, as of the state given; its dates are the document's, so the same state gives the same bytes. */
export async function documentPdf(state: State, document: DocumentRecord): Promise<Uint8Array> {
  const booking = state.collections.bookings[document.booking_id];
  const agency = state.collections.agencies[booking.agency_id];
  const money = (cents: number) => `${formatCents(cents)} ${booking.currency}`;
  const issued = new Date(document.date_created);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${TITLES[document.type]} ${document.id}`);
  pdf.setAuthor('trek sandbox');
  pdf.setProducer('trek sandbox (pdf-lib)');
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  const write = new Writer(pdf, await pdf.embedFont(StandardFonts.Helvetica), await pdf.embedFont(StandardFonts.HelveticaBold));

  write.line(TITLES[document.type], { size: 20, bold: true });
  write.line(`Document ${document.id}, for the ${document.audience === 'AGENT' ? 'agent' : 'customer'}, issued ${document.date_created}`);
  write.line(`Booking ${booking.id}${booking.external_id ? ` (${booking.external_id})` : ''}, agency ${agency?.name ?? booking.agency_id}`);
  write.gap();

  const services = document.service_ids.flatMap((id) => state.collections.services[id] ?? []);
  const travellers = travellerNames(state, [...new Set(services.flatMap((s) => s.customer_ids))]);
  write.line('Travellers', { bold: true });
  for (const name of travellers.length ? travellers : ['none']) write.line(name);
  write.gap();

  if (document.type === 'INVOICE') {
    const invoice = state.collections.invoices[document.invoice_id!];
    write.line(`Invoice ${invoice.id} of ${invoice.date_created.slice(0, 10)}${invoice.supersedes_id ? `, replacing invoice ${invoice.supersedes_id}` : ''}`, { bold: true });
    for (const line of invoice.lines) {
      const service = state.collections.services[line.service_id];
      const what = line.kind === 'SERVICE' ? (service?.name ?? line.service_id) : `Cancellation fee: ${service?.name ?? line.service_id}`;
      write.line(`${line.service_id}  ${what}`, { right: money(line.amount_cents) });
    }
    write.gap();
    write.line('Total', { bold: true, right: money(invoice.total_cents) });
    write.line('Paid', { right: money(invoice.paid_cents) });
    write.line('Due', { bold: true, right: money(invoice.total_cents - invoice.paid_cents) });
    if (document.audience === 'AGENT') {
      const commission = invoice.lines.reduce((sum, line) => sum + (line.kind === 'SERVICE' ? (state.collections.services[line.service_id]?.commission_cents ?? 0) : 0), 0);
      write.line('Commission on these services', { right: money(commission) });
    }
  } else {
    write.line(document.type === 'VOUCHER' ? 'Service' : 'Protected services', { bold: true });
    for (const service of services) write.line(serviceLine(service), { right: money(service.purchase_price_cents) });
    write.gap();
    write.line('Paid on the booking', { right: money(paidCents(state, booking.id)) });
    if (document.type === 'VOUCHER') write.line('Present this voucher to the local team on the first day.');
    else write.line('This trip is ATOL protected under the operator\u2019s ATOL agreement (sandbox certificate, not valid for travel).');
  }
  return pdf.save();
}
