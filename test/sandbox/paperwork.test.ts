/**
 * Issue 20, the sandbox's part: invoices, documents (and their PDF content), travel credits on
 * the agency, payment links and linked bookings. Each test is named after the rule it checks
 * (docs/sandbox-rules.md, "Spec rules and where they are checked").
 */
import { spawnSync } from 'node:child_process';
import { inflateSync } from 'node:zlib';
import { PDFDocument, PDFRawStream, PDFName } from 'pdf-lib';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { clientFor, collectPages, KEYS, useSandboxClient, type Client, type Key } from '../helpers/sandbox-client.js';
import { book, cents, decimal, get, newCustomers, pay, refs, setStatus, type Booked } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 40, now: NOW });

async function confirmedTour(c: Client, options: { travellers?: number; key?: Key; currency?: string; departure?: string } = {}): Promise<Booked> {
  const booked = await book(c, options);
  await pay(c, booked.booking.id, booked.service.deposit_amount, options.key);
  booked.service = await get(c, booked.service.href, options.key);
  expect(booked.service.status).toBe('Confirmed');
  return booked;
}

const list = async (c: Client, path: string, key?: Key) => (await get(c, path, key)).results as any[];
const documentsOf = (c: Client, booking: { href: string }, key?: Key) => list(c, `${booking.href}documents/`, key);
const types = (documents: any[]) => documents.map((d) => `${d.type}/${d.audience}`);

/** Waives every requirement the service's travellers still miss, one override each. */
async function overrideAll(c: Client, booking: { id: string }, service: { id: string; href: string }) {
  for (const requirement of (await get(c, service.href)).incomplete_requirements) {
    const answer = await c.post('/overrides/', {
      booking: { id: booking.id },
      customer: { id: requirement.customer.id },
      services: [{ id: service.id }],
      reason: { code: 'PASSPORT_RENEWAL' },
      requirement: { code: requirement.code },
    });
    expect(answer.status, answer.text).toBe(201);
  }
}

/** The document's bytes, as GET <content href> serves them. */
async function content(c: Client, document: any, accept = 'application/pdf') {
  const res = await fetch(c.sandbox.baseUrl + document.content.href, { headers: { 'x-application-key': c.sandbox.apiKey, accept } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The text-showing operators of every page, content streams inflated. */
async function pageText(bytes: Buffer): Promise<{ pages: number; streams: string }> {
  const pdf = await PDFDocument.load(bytes);
  let streams = '';
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const refsOf = contents && 'asArray' in contents ? (contents as any).asArray() : [page.node.get(PDFName.of('Contents'))];
    for (const ref of refsOf) {
      const stream = pdf.context.lookup(ref) as PDFRawStream;
      const raw = Buffer.from(stream.contents);
      streams += stream.dict.get(PDFName.of('Filter')) ? inflateSync(raw).toString('latin1') : raw.toString('latin1');
    }
  }
  return { pages: pdf.getPageCount(), streams };
}

/** Text as pdf-lib shows it with a standard font: a hex string of its WinAnsi bytes. */
const hexOf = (text: string) => `<${Buffer.from(text, 'latin1').toString('hex').toUpperCase()}>`;

describe('invoices (spec §2.2)', () => {
  it('20 an invoice is issued when a service is confirmed, with its date, total, a line per service and the amount paid against it', async () => {
    const { booking, service } = await book(client);
    expect(await list(client, `${booking.href}invoices/`)).toEqual([]);
    await pay(client, booking.id, service.deposit_amount);
    const [invoice] = await list(client, `${booking.href}invoices/`);
    expect(invoice).toEqual({
      id: expect.stringMatching(/^62\d{4}$/),
      href: `/invoices/${invoice.id}/`,
      booking: { id: booking.id, href: booking.href },
      currency: 'CAD',
      date: '2027-01-10',
      date_created: expect.stringMatching(/^2027-01-10T/),
      reason: 'SERVICE_CONFIRMED',
      total: service.purchase_price,
      amount_paid: service.deposit_amount,
      amount_due: decimal(cents(service.purchase_price) - cents(service.deposit_amount)),
      lines: [{ service: { id: service.id, href: service.href, type: 'departure_services', name: service.name }, kind: 'SERVICE', description: service.name, amount: service.purchase_price }],
      supersedes: null,
      documents: [expect.objectContaining({ href: expect.stringMatching(/^\/documents\/63\d{4}\/$/) }), expect.anything()],
    });
    expect(await get(client, invoice.href)).toEqual(invoice);
    expect((await client.get(invoice.href, KEYS.harbourLights)).status).toBe(403);
    expect((await client.get('/invoices/629999/')).status).toBe(404);
  });

  it('20 an invoice is re-issued when the money changes: another service, a flex purchase, a cancellation fee', async () => {
    const tour = await confirmedTour(client, { travellers: 1 });
    const activity = (await client.post('/activity_services/', { booking: { id: tour.booking.id }, product: { id: '500003' }, customers: refs(tour.customers) })).json;
    // An Option is not invoiced: nothing new until it is confirmed.
    expect(await list(client, `${tour.booking.href}invoices/`)).toHaveLength(1);
    await pay(client, tour.booking.id, activity.purchase_price);
    const flex = (await client.post('/flex_plan_services/', { booking: { id: tour.booking.id }, departure_service: { id: tour.service.id }, product: { id: '100001-1' } })).json;
    await pay(client, tour.booking.id, flex.purchase_price);
    const cancelled = await setStatus(client, activity, 'Cancelled');
    expect(cancelled.status).toBe(200);
    // The write's answer already lists the documents the cancellation issued.
    expect(cancelled.json.documents).toEqual((await get(client, activity.href)).documents);

    const invoices = await list(client, `${tour.booking.href}invoices/`);
    expect(invoices.map((i) => i.reason)).toEqual(['SERVICE_CONFIRMED', 'SERVICE_ADDED', 'SERVICE_ADDED', 'CANCELLATION']);
    for (let i = 1; i < invoices.length; i++) expect(invoices[i].supersedes).toEqual({ id: invoices[i - 1].id, href: invoices[i - 1].href });
    const last = invoices.at(-1);
    const fee = (await get(client, activity.href)).cancellation_fee;
    expect(last.lines.map((l: any) => [l.service.id, l.kind, l.amount])).toEqual([
      [tour.service.id, 'SERVICE', tour.service.purchase_price],
      [activity.id, 'CANCELLATION_FEE', fee],
      [flex.id, 'SERVICE', flex.purchase_price],
    ]);
    expect(cents(last.total)).toBe(last.lines.reduce((sum: number, l: any) => sum + cents(l.amount), 0));
    // Each invoice has its two INVOICE documents.
    const documents = await documentsOf(client, tour.booking);
    for (const invoice of invoices) expect(documents.filter((d) => d.invoice?.id === invoice.id).map((d) => d.audience)).toEqual(['AGENT', 'CUSTOMER']);
  });
});

describe('documents (spec §2.4)', () => {
  it('20 no VOUCHER before the CHECKIN requirements are met; overrides for each make it appear, listed on the booking and the service, resolving at its href', async () => {
    const { booking, service } = await book(client);
    await pay(client, booking.id, service.deposit_amount);
    expect(types(await documentsOf(client, booking))).toEqual(['INVOICE/AGENT', 'INVOICE/CUSTOMER']);
    const before = await get(client, service.href);
    expect(before.incomplete_requirements.length).toBeGreaterThan(0);
    expect(before.incomplete_requirements.every((r: any) => r.type === 'CHECKIN')).toBe(true);
    expect(types(before.documents)).toEqual(['INVOICE/AGENT', 'INVOICE/CUSTOMER']);

    // One override short of all of them: still no voucher.
    const [first, ...rest] = before.incomplete_requirements;
    expect(rest.length).toBeGreaterThan(0);
    await client.post('/overrides/', {
      booking: { id: booking.id },
      customer: { id: first.customer.id },
      services: [{ id: service.id }],
      reason: { code: 'PASSPORT_RENEWAL' },
      requirement: { code: first.code },
    });
    expect(types(await documentsOf(client, booking))).not.toContain('VOUCHER/CUSTOMER');

    await overrideAll(client, booking, service);
    const documents = await documentsOf(client, booking);
    expect(types(documents)).toEqual(['INVOICE/AGENT', 'INVOICE/CUSTOMER', 'VOUCHER/CUSTOMER']);
    const voucher = documents[2];
    expect(voucher).toEqual({
      id: expect.stringMatching(/^63\d{4}$/),
      href: `/documents/${voucher.id}/`,
      date_created: expect.any(String),
      type: 'VOUCHER',
      audience: 'CUSTOMER',
      booking: { id: booking.id, href: booking.href },
      mime_type: 'application/pdf',
      name: `voucher-${service.id}-customer.pdf`,
      invoice: null,
      services: [{ id: service.id, href: service.href, type: 'departure_services' }],
      content: { href: `/documents/${voucher.id}/content` },
    });
    expect(await get(client, voucher.href)).toEqual(voucher);
    expect((await get(client, service.href)).documents).toContainEqual(voucher);
    expect((await client.get(voucher.href, KEYS.harbourLights)).status).toBe(403);
  });

  it('20 a VOUCHER comes once the travellers complete their profiles too, and never for an unconfirmed service', async () => {
    const { booking, customers, service } = await book(client, { travellers: 1 });
    const ready = { date_of_birth: '1980-12-09', nationality: 'US', passport: { number: 'X1234567', issue_date: '2020-01-15', expiry_date: '2030-01-14', place_of_issue: 'Washington' } };
    expect((await client.patch(customers[0].href, ready)).status).toBe(200);
    expect((await get(client, service.href)).incomplete_requirements).toEqual([]);
    // Ready, but in Option: no voucher.
    expect(await documentsOf(client, booking)).toEqual([]);
    await pay(client, booking.id, service.deposit_amount);
    expect(types(await documentsOf(client, booking))).toEqual(['INVOICE/AGENT', 'INVOICE/CUSTOMER', 'VOUCHER/CUSTOMER']);
  });

  it('20 an ATOL_CERTIFICATE is issued for a confirmed booking of a UK agency, and not for others', async () => {
    const uk = await confirmedTour(client, { key: KEYS.harbourLights, currency: 'GBP', travellers: 1 });
    const atol = (await documentsOf(client, uk.booking, KEYS.harbourLights)).filter((d) => d.type === 'ATOL_CERTIFICATE');
    expect(atol).toEqual([expect.objectContaining({ audience: 'CUSTOMER', services: [{ id: uk.service.id, href: uk.service.href, type: 'departure_services' }] })]);
    const ca = await confirmedTour(client, { travellers: 1 });
    expect(types(await documentsOf(client, ca.booking))).not.toContain('ATOL_CERTIFICATE/CUSTOMER');
    // The seed's UK booking has one.
    const seeded = (await list(client, '/bookings/?external_id=seed-other-agency', KEYS.harbourLights))[0];
    expect(types(await documentsOf(client, seeded, KEYS.harbourLights))).toContain('ATOL_CERTIFICATE/CUSTOMER');
  });

  it('20 document content is a real PDF served as its mime_type, showing booking, travellers, service and amounts; it parses back', async () => {
    const tour = await confirmedTour(client, { travellers: 1 });
    await overrideAll(client, tour.booking, tour.service);
    const documents = await documentsOf(client, tour.booking);
    for (const document of documents) {
      const answer = await content(client, document);
      expect(answer.status).toBe(200);
      expect(answer.type).toBe(document.mime_type);
      expect(answer.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const { pages, streams } = await pageText(answer.bytes);
      expect(pages).toBe(1);
      expect(streams).toContain(hexOf(`Booking ${tour.booking.id}, agency Maple Leaf Travel`));
      expect(streams).toContain(hexOf('Ms Traveller1 Test'));
      expect(streams).toContain(hexOf(`${tour.service.purchase_price} CAD`));
    }
    const invoicePdf = (await pageText((await content(client, documents[0])).bytes)).streams;
    expect(invoicePdf).toContain(hexOf(`${tour.service.id}  ${tour.service.name}`));
    expect(invoicePdf).toContain(hexOf(`${tour.service.deposit_amount} CAD`));
    // The same document twice is the same bytes (its dates are its own), so its ETag holds.
    expect((await content(client, documents[0])).bytes.equals((await content(client, documents[0])).bytes)).toBe(true);
  });

  it('20 document content: another agency 403, unknown 404, an Accept that takes neither PDF nor JSON 406; */* and JSON-only clients still get the PDF', async () => {
    const tour = await confirmedTour(client, { travellers: 1 });
    const [document] = await documentsOf(client, tour.booking);
    expect((await client.get(document.content.href, KEYS.harbourLights)).status).toBe(403);
    expect((await client.get('/documents/639999/content')).status).toBe(404);
    expect((await content(client, document, 'text/html')).status).toBe(406);
    for (const accept of ['*/*', 'application/json', 'application/pdf, application/json;q=0.5']) {
      const answer = await content(client, document, accept);
      expect([answer.status, answer.type]).toEqual([200, 'application/pdf']);
    }
  });

  it('20 hostile traveller names are data in the PDF: no PDF syntax injected, no escapes, the document still parses', async () => {
    const booking = (await client.post('/bookings/', { currency: 'CAD' })).json;
    const hostile = ') Tj ET /JavaScript (app.alert(1)) BT (\\';
    const customer = (await client.post('/customers/', { name: { legal_first_name: hostile, legal_last_name: 'Nul\u0000\u001b[2J\n/Launch 🎉 中', title: 'Mr' } })).json;
    const service = (await client.post('/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: [{ id: customer.id }] })).json;
    await pay(client, booking.id, service.deposit_amount);
    const [document] = await documentsOf(client, { href: booking.href });
    const { bytes } = await content(client, document);
    const { pages, streams } = await pageText(bytes);
    expect(pages).toBe(1);
    // Drawn as hex strings: the name's bytes, never the raw text, in the page's operators.
    expect(streams).toContain(hexOf(`Mr ${hostile} Nul  [2J /Launch ? ?`));
    expect(streams).not.toContain('/JavaScript');
    expect(bytes.toString('latin1')).not.toContain('/JavaScript');
    expect(bytes.toString('latin1')).not.toContain('/Launch');
  });
});

describe('travel credits (spec §2.9, §3.2)', () => {
  it('20 the agency travel_credits list holds every credit issued on its bookings with both windows; the booking list agrees', async () => {
    const c = client;
    const agency = (await get(c, '/_sandbox/whoami')).agency;
    const before = await list(c, `/agencies/${agency.id}/travel_credits/`);
    const tour = await confirmedTour(c, { travellers: 2 });
    const flex = (await c.post('/flex_plan_services/', { booking: { id: tour.booking.id }, departure_service: { id: tour.service.id }, product: { id: '100001-2' } })).json;
    await pay(c, tour.booking.id, flex.purchase_price);
    await pay(c, tour.booking.id, (await get(c, tour.booking.href)).amount_owing);
    expect((await setStatus(c, tour.service, 'Cancelled')).status).toBe(200);

    const [credit] = await list(c, `${tour.booking.href}travel_credits/`);
    expect(credit).toMatchObject({
      amount: expect.any(String),
      remaining_amount: credit.amount,
      issue_date: '2027-01-10',
      booking_window: { start_date: '2027-01-10', end_date: '2028-01-10' },
      travel_window: { start_date: '2027-01-10', end_date: '2029-01-10' },
      booking_window_end: '2028-01-10',
      travel_window_end: '2029-01-10',
    });
    const after = await list(c, `/agencies/${agency.id}/travel_credits/`);
    expect(after).toEqual([...before, credit]);
    expect((await c.get(`/agencies/${agency.id}/travel_credits/`, KEYS.harbourLights)).status).toBe(403);
    // Searchable by the flat window ends, like any list.
    expect((await list(c, `/agencies/${agency.id}/travel_credits/?travel_window_end__lte=2029-01-10`)).map((x) => x.id)).toContain(credit.id);
  });
});

describe('payment links (spec §2.2)', () => {
  it('20 a payment link for the amount owing that the sandbox settles at its URL; closed once paid, a new one when owing changes', async () => {
    const { booking, service } = await book(client);
    const [link] = await list(client, `${booking.href}payment_links/`);
    expect(link).toEqual({
      id: expect.stringMatching(/^67\d{4}$/),
      href: `/payment_links/${link.id}/`,
      booking: { id: booking.id, href: booking.href },
      amount: service.purchase_price,
      currency: 'CAD',
      status: 'OPEN',
      url: expect.stringMatching(/^\/_sandbox\/pay\/[0-9a-f]{32}$/),
      date_created: expect.any(String),
      date_closed: null,
      payment: null,
    });
    expect(await get(client, link.url)).toEqual(link);
    expect(await get(client, link.href)).toEqual(link);

    // A payment changes what is owed: the link closes and a new one is issued for the rest.
    await pay(client, booking.id, service.deposit_amount);
    const [closed, open] = await list(client, `${booking.href}payment_links/`);
    expect(closed).toMatchObject({ id: link.id, status: 'CLOSED', date_closed: expect.any(String) });
    expect(open).toMatchObject({ status: 'OPEN', amount: decimal(cents(service.purchase_price) - cents(service.deposit_amount)) });

    const paid = await client.post(open.url, {});
    expect(paid.status, paid.text).toBe(201);
    expect(paid.json).toMatchObject({ amount: open.amount, status: 'APPLIED', payment_link: { id: open.id, status: 'PAID', payment: { id: paid.json.id } } });
    expect(await get(client, booking.href)).toMatchObject({ amount_owing: '0.00', amount_paid: service.purchase_price });
    expect((await list(client, `${booking.href}payment_links/`)).map((l) => l.status)).toEqual(['CLOSED', 'PAID']);

    const again = await client.post(open.url, {});
    expect(again.status).toBe(400);
    expect(again.json.errors).toEqual([expect.objectContaining({ field: 'token', code: 'PAYMENT_LINK_CLOSED' })]);
    expect((await client.post(closed.url, {})).json.errors[0].code).toBe('PAYMENT_LINK_CLOSED');
    expect((await client.post('/_sandbox/pay/0123456789abcdef0123456789abcdef', {})).status).toBe(404);
    expect((await client.post(open.url, {}, KEYS.harbourLights)).status).toBe(403);
  });
});

describe('linked bookings (spec §2.2)', () => {
  it('20 two bookings that share a traveller list each other with both travel dates; leaving the traveller off unlinks them', async () => {
    const first = await book(client, { travellers: 1 });
    const second = (await client.post('/bookings/', { currency: 'CAD' })).json;
    const stranger = (await newCustomers(client, 1))[0];
    await client.post('/departure_services/', { booking: { id: second.id }, product: { id: '100004' }, customers: [{ id: stranger.id }] });
    expect((await get(client, second.href)).linked_bookings).toEqual([]);

    await client.post('/departure_services/', { booking: { id: second.id }, product: { id: '100004' }, customers: refs(first.customers) });
    const [a, b] = [await get(client, first.booking.href), await get(client, second.href)];
    expect(a.linked_bookings).toEqual([{ id: b.id, href: b.href, date_of_first_travel: b.date_of_first_travel, date_of_last_travel: b.date_of_last_travel }]);
    expect(b.linked_bookings).toEqual([{ id: a.id, href: a.href, date_of_first_travel: a.date_of_first_travel, date_of_last_travel: a.date_of_last_travel }]);
    expect(a.date_of_first_travel).not.toBe(b.date_of_first_travel);
  });
});

describe('webhook events for the paperwork', () => {
  it('20 a new invoice, document, refund and travel credit each emit their created event through the one emitter', async () => {
    const own = clientFor(await startSandbox({ size: 12, now: NOW }));
    onTestFinished(() => own.sandbox.close());
    const wanted = ['invoices.created', 'documents.created', 'refunds.created', 'travel_credits.created'];
    // A receiver nobody answers at: the deliveries stay queued, and their log shows the events.
    const subscription = (await own.post('/_sandbox/webhooks', { url: 'http://127.0.0.1:9/hooks', events: wanted })).json;
    const tour = await confirmedTour(own, { travellers: 1 });
    const flex = (await own.post('/flex_plan_services/', { booking: { id: tour.booking.id }, departure_service: { id: tour.service.id }, product: { id: '100001-2' } })).json;
    await pay(own, tour.booking.id, flex.purchase_price);
    await pay(own, tour.booking.id, (await get(own, tour.booking.href)).amount_owing);
    expect((await setStatus(own, tour.service, 'Cancelled')).status).toBe(200);

    const events = (await collectPages(own, `/_sandbox/webhooks/${subscription.id}/deliveries`)).flatMap((d) => d.events);
    const ids = async (name: string) => (await list(own, `${tour.booking.href}${name}/`)).map((r) => r.href);
    for (const [type, name] of [
      ['invoices.created', 'invoices'],
      ['documents.created', 'documents'],
      ['refunds.created', 'refunds'],
      ['travel_credits.created', 'travel_credits'],
    ] as const) {
      const hrefs = await ids(name);
      expect(hrefs.length, name).toBeGreaterThan(0);
      expect(
        events
          .filter((e: any) => e.event_type === type)
          .map((e: any) => e.data.href)
          .sort(),
      ).toEqual([...hrefs].sort());
    }
  });
});

describe('document content is made on request', () => {
  it('20 the built sandbox loads pdf-lib only when a document content is asked for', () => {
    // The bundle, as trek runs it (vitest's global setup built it): pdf-lib stays out of it and out of memory until then.
    const script = `
      const { startSandbox } = require('./dist/sandbox.cjs');
      const loaded = () => Object.keys(require.cache).some((file) => file.includes('pdf-lib'));
      (async () => {
        const sandbox = await startSandbox({ now: new Date(${JSON.stringify(NOW)}), size: 12 });
        const get = (path) => fetch(sandbox.baseUrl + path, { headers: { 'x-application-key': sandbox.keys.find((k) => k.agent_id === '3').key } });
        const [document] = (await (await get('/bookings/200002/documents/')).json()).results;
        const before = loaded();
        const pdf = Buffer.from(await (await get(document.content.href)).arrayBuffer());
        console.log(JSON.stringify({ before, after: loaded(), magic: pdf.subarray(0, 5).toString() }));
        await sandbox.close();
      })();`;
    const run = spawnSync(process.execPath, ['-e', script], { cwd: process.cwd(), encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ before: false, after: true, magic: '%PDF-' });
  });
});
