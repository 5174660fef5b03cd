/**
 * Issue 20, trek's part, against a sandbox on port 0 (real HTTP): the booking's statement, its
 * documents and what holds back a voucher, saving a document's PDF, the agency's travel credits
 * after a flex exercise, and linked bookings. Set-up goes straight to the API; what is checked
 * is what trek prints.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/main.js';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index.js';
import { testFactory } from '../../helpers/factory.js';
import { clientFor, expectOk } from '../../helpers/sandbox-client.js';
import { NOW } from '../../helpers/clock.js';

let sandbox: RunningSandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, size: 40, now: NOW });
  dir = mkdtempSync(join(tmpdir(), 'trek-test-paperwork-'));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

const api = (method: string, path: string, body?: unknown) => expectOk(clientFor(sandbox), method, path, { body });
const results = async (path: string) => (await api('GET', path)).results as any[];

async function trek(args: string[], options: { tty?: boolean; home?: string } = {}) {
  const t = testFactory({ tty: options.tty, baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey, env: { NO_COLOR: '1', ...(options.home ? { TREK_HOME: options.home } : {}) }, columns: 200 });
  const code = await main(args, t.f);
  return { code, out: t.out(), err: t.err(), home: t.home };
}

const json = (out: string) => JSON.parse(out);
const cents = (decimal: string) => BigInt(decimal.replace('.', ''));
const decimal = (amount: bigint) => `${amount < 0n ? '-' : ''}${(amount < 0n ? -amount : amount) / 100n}.${String((amount < 0n ? -amount : amount) % 100n).padStart(2, '0')}`;

/** A booking with a departure service on `departure` for `travellers` new customers (in Option). */
async function tour(options: { departure?: string; travellers?: number; customers?: any[] } = {}) {
  const booking = await api('POST', '/bookings/', { currency: 'CAD', no_auto_final_payment: true });
  const customers = options.customers ?? [];
  for (let i = customers.length; i < (options.travellers ?? 1); i++) {
    customers.push(await api('POST', '/customers/', { name: { legal_first_name: ['Ada', 'Alan', 'Grace'][i], legal_last_name: 'Paper', title: 'Ms' } }));
  }
  const service = await api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: options.departure ?? '100001' }, customers: customers.map((c) => ({ id: c.id })) });
  return { booking, customers, service };
}

const pay = (bookingId: string, amount: string) => api('POST', '/_sandbox/payments', { booking: { id: bookingId }, amount });

describe('trek booking documents', () => {
  it('20 confirming a departure service by payment makes an invoice and an INVOICE document appear in trek booking documents', async () => {
    const { booking, service } = await tour();
    const before = await trek(['booking', 'documents', booking.id, '-o', 'json']);
    expect(before.code).toBe(0);
    expect(json(before.out).filter((d: any) => d.type === 'INVOICE')).toEqual([]);

    await pay(booking.id, service.deposit_amount);
    const [invoice] = await results(`/bookings/${booking.id}/invoices/`);
    const after = await trek(['booking', 'documents', booking.id, '-o', 'json']);
    expect(after.code).toBe(0);
    const invoices = json(after.out).filter((d: any) => d.type === 'INVOICE');
    expect(invoices.map((d: any) => d.audience).sort()).toEqual(['AGENT', 'CUSTOMER']);
    expect(invoices.map((d: any) => d.invoice.id)).toEqual([invoice.id, invoice.id]);
    // As the API lists them: trek adds nothing to a document record.
    expect(invoices).toEqual((await results(`/bookings/${booking.id}/documents/`)).filter((d) => d.type === 'INVOICE'));

    const table = await trek(['booking', 'documents', booking.id], { tty: true });
    for (const d of invoices) expect(table.out).toMatch(new RegExp(`^${d.id} +INVOICE +${d.audience} +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\S+ +${service.id} +issued$`, 'm'));
  });

  it("20 before the travellers' CHECKIN requirements are met there is no VOUCHER and the line says which requirement of which traveller blocks it, with what clears it", async () => {
    const { booking, customers, service } = await tour();
    await pay(booking.id, service.deposit_amount);
    const incomplete = (await api('GET', service.href)).incomplete_requirements;
    expect(incomplete.length).toBeGreaterThan(0);

    const listed = await trek(['booking', 'documents', booking.id, '-o', 'json']);
    const lines = json(listed.out);
    expect(lines.filter((d: any) => d.type === 'VOUCHER' && d.id !== null)).toEqual([]);
    const pending = lines.find((d: any) => d.pending);
    expect(pending).toMatchObject({ id: null, type: 'VOUCHER', waiting_for: 'CHECKIN', services: [{ id: service.id }] });
    expect(pending.blocked_by.map((b: any) => [b.requirement.code, b.customer.id])).toEqual(incomplete.map((r: any) => [r.code, r.customer.id]));
    const checkin = (await results(`/bookings/${booking.id}/checkins/`))[0];
    const passport = pending.blocked_by.find((b: any) => b.requirement.code === 'PASSPORT_INFORMATION');
    expect(passport.items).toEqual(checkin.requirements.find((r: any) => r.code === 'PASSPORT_INFORMATION').INCOMPLETE.map((i: any) => i.code));
    expect(passport.clear.override).toBe(`trek override add --booking ${booking.id} --customer ${customers[0].id} --service ${service.id} --requirement PASSPORT_INFORMATION --reason REASON`);
    expect(passport.clear.customer_update).toMatch(new RegExp(`^trek customer update ${customers[0].id} .*--passport-number NUMBER`));

    const table = await trek(['booking', 'documents', booking.id], { tty: true });
    const who = `Ms Ada Paper (${customers[0].id})`;
    expect(table.out).toMatch(new RegExp(`^ +VOUCHER +${service.id} +not yet: ${incomplete.map((r: any) => r.code).join(', ')} of ${who.replace(/[()]/g, '\\$&')}$`, 'm'));
    expect(table.out).toContain(`The voucher of service ${service.id} (${service.name}) waits for:\n  PASSPORT_INFORMATION of ${who}: ${passport.items.join(', ')} missing\n`);
    expect(table.out).toContain(`    or: ${passport.clear.override}\n`);
    expect(table.out.endsWith('\nREASON: a code from `trek override reasons`.\n')).toBe(true);

    // --service narrows to the service; a service of another booking is refused, naming the booking's.
    const one = await trek(['booking', 'documents', booking.id, '--service', service.id, '-o', 'json']);
    expect(
      json(one.out)
        .map((d: any) => d.type)
        .sort(),
    ).toEqual(['INVOICE', 'INVOICE', 'VOUCHER']);
    const other = await trek(['booking', 'documents', booking.id, '--service', '400001']);
    expect(other.code).toBe(2);
    expect(other.err).toBe(`error: service 400001 is not on booking ${booking.id}\nIts services: ${service.id} (trek booking services ${booking.id})\n`);
  });

  it('20 after overrides for each missing requirement the VOUCHER is there, and trek document get saves a PDF that pdf-lib parses back', async () => {
    const { booking, customers, service } = await tour({ travellers: 2 });
    await pay(booking.id, service.deposit_amount);
    const pending = json((await trek(['booking', 'documents', booking.id, '-o', 'json'])).out).find((d: any) => d.pending);
    expect(new Set(pending.blocked_by.map((b: any) => b.customer.id))).toEqual(new Set(customers.map((c) => c.id)));
    // Each line's own override command, with a reason code, clears it.
    for (const blocker of pending.blocked_by) {
      const words = blocker.clear.override
        .split(' ')
        .slice(1)
        .map((w: string) => (w === 'REASON' ? 'PASSPORT_RENEWAL' : w));
      const added = await trek([...words, '-o', 'json']);
      expect(added.code, added.err).toBe(0);
    }
    const documents = json((await trek(['booking', 'documents', booking.id, '-o', 'json'])).out);
    expect(documents.filter((d: any) => d.pending)).toEqual([]);
    const voucher = documents.find((d: any) => d.type === 'VOUCHER');
    expect(voucher).toMatchObject({ audience: 'CUSTOMER', mime_type: 'application/pdf', services: [expect.objectContaining({ id: service.id })] });

    const file = join(dir, 'voucher.pdf');
    const saved = await trek(['document', 'get', voucher.id, '--save', file]);
    expect(saved.code, saved.err).toBe(0);
    expect(saved.out).toBe('');
    const bytes = readFileSync(file);
    expect(saved.err).toBe(`Saved voucher ${voucher.id} (application/pdf, ${bytes.length} bytes) to ${file}\n`);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);

    // Without --save: the document's details, as the API has them.
    const details = await trek(['document', 'get', voucher.id, '-o', 'json']);
    expect(json(details.out)).toEqual(voucher);

    // The ids a listing showed complete `document get`, with their type and audience.
    const home = (await trek(['booking', 'documents', booking.id])).home;
    const offered = await trek(['__complete', 'document', 'get', ''], { home });
    expect(offered.out.split('\n')).toEqual(expect.arrayContaining([`${voucher.id}\tVOUCHER · CUSTOMER`]));
    expect(
      offered.out
        .split('\n')
        .filter((line) => /^\d/.test(line))
        .map((line) => line.split('\t')[0])
        .sort(),
    ).toEqual(documents.map((d: any) => d.id).sort());
  });
});

describe('trek booking statement', () => {
  it('20 booking statement -o json: paid equals applied payments minus refunds, owing equals amount_owing, for a booking with a deposit, a full payment, a cancellation fee and a refund', async () => {
    const { booking, customers, service } = await tour();
    await pay(booking.id, service.deposit_amount);
    await pay(booking.id, decimal(cents(service.purchase_price) - cents(service.deposit_amount)));
    const cancelled = await trek(['service', 'cancel', service.id, '--yes', '-o', 'json']);
    expect(cancelled.code, cancelled.err).toBe(0);
    const fee = json(cancelled.out).cancellation_fee;
    expect(cents(fee) > 0n).toBe(true);
    // Owing again, from a second service, so owing is not trivially zero.
    await api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: '100004' }, customers: [{ id: customers[0].id }] });

    const payments = await results(`/bookings/${booking.id}/payments/`);
    const refunds = await results(`/bookings/${booking.id}/refunds/`);
    expect(payments.length).toBe(2);
    expect(refunds.length).toBeGreaterThan(0);
    const fresh = await api('GET', booking.href);
    const t = await trek(['booking', 'statement', booking.id]);
    expect(t.code).toBe(0);
    expect(t.err).toBe('');
    const statement = json(t.out);
    const applied = (records: any[]) => records.filter((r) => r.status === 'APPLIED').reduce((sum: bigint, r) => sum + cents(r.amount), 0n);
    expect(statement.amount_paid).toBe(decimal(applied(payments) - applied(refunds)));
    expect(statement.amount_paid).toBe(fresh.amount_paid);
    expect(statement.amount_owing).toBe(fresh.amount_owing);
    expect(cents(statement.amount_owing) > 0n).toBe(true);
    expect(statement.total).toBe(decimal(cents(fresh.amount_paid) + cents(fresh.amount_owing)));
    expect(statement).toMatchObject({
      id: booking.id,
      currency: 'CAD',
      amount_pending: fresh.amount_pending,
      balance_due_date: fresh.balance_due_date,
      commission: fresh.commission,
      tax_on_commission: fresh.tax_on_commission,
    });
    // The ledger: every payment, refund and invoice, in date order.
    const invoices = await results(`/bookings/${booking.id}/invoices/`);
    expect(statement.ledger.filter((e: any) => e.kind === 'payment').map((e: any) => e.id)).toEqual(payments.map((p) => p.id));
    expect(statement.ledger.filter((e: any) => e.kind === 'refund').map((e: any) => [e.id, e.amount])).toEqual(refunds.map((r) => [r.id, r.amount]));
    expect(statement.ledger.filter((e: any) => e.kind === 'invoice').map((e: any) => e.id)).toEqual(invoices.map((i) => i.id));
    const dates = statement.ledger.map((e: any) => e.date);
    expect(dates).toEqual([...dates].sort());
    expect(statement.payment_links).toEqual(await results(`/bookings/${booking.id}/payment_links/`));
  });

  it('20 booking statement on a terminal: the numbers with the currency, the open payment link with its amount and whole URL, refunds negative in the ledger', async () => {
    const { booking, service } = await tour();
    await pay(booking.id, service.deposit_amount);
    const fresh = await api('GET', booking.href);
    const [open] = (await results(`/bookings/${booking.id}/payment_links/`)).filter((l) => l.status === 'OPEN');
    expect(open.amount).toBe(fresh.amount_owing);
    const t = await trek(['booking', 'statement', booking.id], { tty: true });
    expect(t.code).toBe(0);
    const [payment] = await results(`/bookings/${booking.id}/payments/`);
    expect(t.out).toContain(
      `BOOKING            ${booking.id}\n` +
        `TOTAL              ${service.purchase_price} CAD\n` +
        `PAID               ${service.deposit_amount} CAD\n` +
        'PENDING            0.00 CAD\n' +
        `OWING              ${fresh.amount_owing} CAD\n` +
        `BALANCE DUE        ${fresh.balance_due_date}\n` +
        `COMMISSION         ${fresh.commission} CAD\n` +
        `TAX ON COMMISSION  ${fresh.tax_on_commission} CAD\n`,
    );
    expect(t.out).toMatch(new RegExp(`\nOpen payment links\nID +AMOUNT +URL\n${open.id} +${open.amount} CAD +${sandbox.baseUrl}${open.url}\n`));
    expect(t.out).toMatch(new RegExp(`^\\S+ \\S+ \\S+ +payment +${payment.id} +${payment.amount} CAD +APPLIED$`, 'm'));

    // Paid in full, then cancelled: what the fee does not keep comes back as a refund, and no link is open.
    await pay(booking.id, fresh.amount_owing);
    expect((await trek(['service', 'cancel', service.id, '--yes'])).code).toBe(0);
    const [refund] = await results(`/bookings/${booking.id}/refunds/`);
    const after = (await trek(['booking', 'statement', booking.id], { tty: true })).out;
    expect(after).toMatch(new RegExp(`^\\S+ \\S+ \\S+ +refund +${refund.id} +-${refund.amount} CAD +`, 'm'));
    expect(after).toContain('\nOpen payment links\n(none)\n');
  });
});

describe('trek credit list', () => {
  it("20 cancelling a flex-covered confirmed departure service lists the travel credit in trek credit list -o json and in the agency's travel_credits, windows 12 and 24 months after issue", async () => {
    const { booking, service } = await tour({ travellers: 2 });
    await pay(booking.id, service.deposit_amount);
    const flex = await api('POST', '/flex_plan_services/', { booking: { id: booking.id }, departure_service: { id: service.id }, product: { id: '100001-2' } });
    await pay(booking.id, flex.purchase_price);
    expect((await api('GET', flex.href)).status).toBe('Confirmed');
    const cancelled = await trek(['service', 'cancel', service.id, '--yes']);
    expect(cancelled.code, cancelled.err).toBe(0);

    const [credit] = await results(`/bookings/${booking.id}/travel_credits/`);
    const agency = (await api('GET', '/_sandbox/whoami')).agency;
    expect((await results(`/agencies/${agency.id}/travel_credits/`)).map((c) => c.id)).toContain(credit.id);
    const listed = await trek(['credit', 'list', '-o', 'json']);
    expect(listed.code, listed.err).toBe(0);
    const mine = json(listed.out).find((c: any) => c.id === credit.id);
    expect(mine).toEqual(credit);
    const issued = credit.issue_date;
    expect(issued).toBe('2027-01-10');
    expect(mine.booking_window.end_date).toBe('2028-01-10');
    expect(mine.travel_window.end_date).toBe('2029-01-10');
    // The booking's own list, and one credit by id.
    expect(json((await trek(['credit', 'list', '--booking', booking.id, '-o', 'json'])).out)).toEqual([credit]);
    expect(json((await trek(['credit', 'get', credit.id, '-o', 'json'])).out)).toEqual(credit);
    // `credit get <TAB>` offers the agency's credits, with what is left and until when, in a fresh home too.
    const offered = await trek(['__complete', 'credit', 'get', '']);
    expect(offered.out.split('\n')).toContain(`${credit.id}\t${credit.remaining_amount} CAD left · book by 2028-01-10`);
    const table = await trek(['credit', 'list', '--booking', booking.id], { tty: true });
    expect(table.out).toMatch(new RegExp(`^${credit.id} +${booking.id} +${credit.amount} CAD +${credit.remaining_amount} CAD +2027-01-10 +2028-01-10 +2029-01-10$`, 'm'));
  });
});

describe('trek booking linked', () => {
  it('20 booking linked lists the bookings that share a traveller, with both travel dates', async () => {
    const first = await tour();
    const second = await tour({ departure: '100004', customers: [...first.customers] });
    const t = await trek(['booking', 'linked', first.booking.id, '-o', 'json']);
    expect(t.code).toBe(0);
    const other = await api('GET', second.booking.href);
    expect(json(t.out)).toEqual([{ id: other.id, href: other.href, date_of_first_travel: other.date_of_first_travel, date_of_last_travel: other.date_of_last_travel }]);
    const table = await trek(['booking', 'linked', first.booking.id], { tty: true });
    expect(table.out).toBe(`ID      FIRST TRAVEL  LAST TRAVEL\n${other.id}  ${other.date_of_first_travel}    ${other.date_of_last_travel}\n`);
    const alone = await trek(['booking', 'linked', (await tour({ departure: '100004' })).booking.id], { tty: true });
    expect(alone.err).toMatch(/^Booking \d+ has no linked bookings\.\n$/);
  });
});
