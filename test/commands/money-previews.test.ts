/**
 * Issue 26, "the same rule for every command that previews money": what `sandbox pay
 * --dry-run`, `service confirm` (what to pay) and `flex attach` (the payment that confirms the
 * plan) say before the change is what the change then does. The sandbox on port 0, trek through
 * main(), payments checked through the API.
 */
import { describe, expect, it } from 'vitest';
import { bookingForTwo, useTrekSandbox } from '../helpers/trek-sandbox.js';
import { clientFor } from '../helpers/sandbox-client.js';
import { NOW } from '../helpers/clock.js';
import { tempDir } from '../helpers/temp-dirs.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const sandbox = useTrekSandbox({ size: 40, now: NOW });
const api = sandbox.api;

async function trek(args: string[], options: { tty?: boolean } = {}) {
  const t = await sandbox.trek(args, { ...options, columns: 120 });
  return { code: t.code, out: t.out(), err: t.err() };
}

const cents = (amount: string) => BigInt(amount.replace('.', ''));
const decimal = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
const oneCentLess = (amount: string) => decimal(cents(amount) - 1n);

/** A booking with a tour (Option) and an activity (Option) on it, nothing paid. */
async function unpaidBooking() {
  await api('POST', '/_sandbox/clock', { set: NOW.toISOString() }, 'operator');
  const { booking, customers } = await bookingForTwo(sandbox);
  const tour = await api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: customers.map((c) => ({ id: c.id })) });
  const activity = await api('POST', '/activity_services/', { booking: { id: booking.id }, product: { id: '500001' }, customers: customers.map((c) => ({ id: c.id })) });
  return { booking, tour, activity };
}

/** `sandbox pay --dry-run` then the payment: the allocation previewed is the allocation made; the preview paid nothing. */
async function payAsPreviewed(booking: any, amount: string) {
  const dry = await trek(['sandbox', 'pay', booking.id, amount, '--dry-run', '-o', 'json']);
  expect(dry.code, dry.err).toBe(0);
  const would = JSON.parse(dry.out);
  expect(would).toMatchObject({ id: null, preview: true, amount });
  expect((await api('GET', booking.href)).amount_paid).toBe((await api('GET', booking.href)).amount_paid);
  const paid = await trek(['sandbox', 'pay', booking.id, amount, '-o', 'json']);
  expect(paid.code, paid.err).toBe(0);
  const payment = JSON.parse(paid.out);
  expect(would.allocation).toEqual(payment.allocation);
  // The words before are the words after.
  expect(dry.err.split('\n').slice(1).join('\n')).toBe(paid.err.split('\n').slice(1).join('\n'));
  return payment;
}

describe('sandbox pay --dry-run', () => {
  it('26 says what the payment would confirm and pays nothing; paying then confirms exactly that', async () => {
    const { booking, tour, activity } = await unpaidBooking();
    const before = await api('GET', booking.href);
    const dry = await trek(['sandbox', 'pay', booking.id, tour.deposit_amount, '--dry-run'], { tty: true });
    expect(dry.code).toBe(0);
    expect(dry.err).toContain(
      `Dry run, nothing paid: paying ${tour.deposit_amount} CAD on booking ${booking.id} would do this.\nConfirmed: departure service ${tour.id} (took ${tour.deposit_amount} CAD).\n`,
    );
    expect(dry.out.split('\n')[0]).toBe(`POST ${sandbox.running.baseUrl}/_sandbox/payments`);
    expect(await api('GET', booking.href)).toEqual(before);
    expect((await api('GET', activity.href)).status).toBe('Option');

    const payment = await payAsPreviewed(booking, tour.deposit_amount);
    expect(payment.allocation.confirmed.map((s: any) => s.id)).toEqual([tour.id]);
    expect((await api('GET', tour.href)).status).toBe('Confirmed');
    await payAsPreviewed(booking, activity.purchase_price);
    expect((await api('GET', activity.href)).status).toBe('Confirmed');
  });

  it("26 --link --dry-run previews the link's payment and leaves the link OPEN", async () => {
    const { booking } = await unpaidBooking();
    const link = (await api('GET', `${booking.href}payment_links/`)).results.find((l: any) => l.status === 'OPEN');
    const url = new URL(link.url, sandbox.running.baseUrl).href;
    const dry = await trek(['sandbox', 'pay', '--link', url, '--dry-run', '-o', 'json']);
    expect(dry.code, dry.err).toBe(0);
    const would = JSON.parse(dry.out);
    expect((await api('GET', link.href)).status).toBe('OPEN');
    const paid = JSON.parse((await trek(['sandbox', 'pay', '--link', url, '-o', 'json'])).out);
    expect(would.allocation).toEqual(paid.allocation);
    expect(would.payment_link.id).toBe(paid.payment_link.id);
  });
});

describe('what to pay, said before, is what confirms', () => {
  it('26 service confirm names the payment that confirms an activity behind an unpaid tour: one cent less would not, that amount does', async () => {
    const { booking, tour, activity } = await unpaidBooking();
    const refused = await trek(['service', 'confirm', activity.id]);
    expect(refused.code).toBe(2);
    const amount = /Pay (\d+\.\d{2}) CAD on booking/.exec(refused.err)?.[1];
    expect(amount, refused.err).toBe(decimal(cents(tour.deposit_amount) + cents(activity.purchase_price)));
    const short = JSON.parse((await trek(['sandbox', 'pay', booking.id, oneCentLess(amount!), '--dry-run', '-o', 'json'])).out);
    expect(short.allocation.confirmed.map((s: any) => s.id)).not.toContain(activity.id);
    const payment = await payAsPreviewed(booking, amount!);
    expect(payment.allocation.confirmed.map((s: any) => s.id)).toEqual([tour.id, activity.id]);
    const again = await trek(['service', 'confirm', activity.id]);
    expect(again.err).toContain('is already Confirmed');
  });

  it('26 flex attach names the payment that confirms the plan: one cent less would not, that amount does', async () => {
    const { booking, tour, activity } = await unpaidBooking();
    await api('POST', '/_sandbox/payments', { booking: { id: booking.id }, amount: tour.deposit_amount });
    const flexArgs = ['flex', 'attach', '--booking', booking.id, '--departure-service', tour.id, '--plan', '100001-1'];
    const dry = await trek([...flexArgs, '--dry-run']);
    expect(dry.code, dry.err).toBe(0);
    expect((await api('GET', `${booking.href}services/`)).results.map((s: any) => s.type)).not.toContain('flex_plan_services');
    const attach = await trek([...flexArgs, '-o', 'json']);
    expect(attach.code, attach.err).toBe(0);
    // The price and the payment said before attaching are those said after.
    expect(dry.err).toContain(`Dry run, nothing attached. ${attach.err.split('\n').slice(1).join('\n')}`);
    const flex = JSON.parse(attach.out);
    const amount = /Pay (\d+\.\d{2}) CAD on booking/.exec(attach.err)?.[1];
    expect(amount, attach.err).toBe(decimal(cents(activity.purchase_price) + cents(flex.purchase_price)));
    const short = JSON.parse((await trek(['sandbox', 'pay', booking.id, oneCentLess(amount!), '--dry-run', '-o', 'json'])).out);
    expect(short.allocation.confirmed.map((s: any) => s.id)).not.toContain(flex.id);
    const payment = await payAsPreviewed(booking, amount!);
    expect(payment.allocation.confirmed.map((s: any) => s.id)).toEqual([activity.id, flex.id]);
    expect((await api('GET', flex.href)).status).toBe('Confirmed');
  });
});

describe('group import --dry-run', () => {
  it('26 says what the departure service would cost and what confirms it: the import books it at that price, that deposit', async () => {
    await api('POST', '/_sandbox/clock', { set: NOW.toISOString() }, 'operator');
    const dir = tempDir('trek-group-');
    const file = join(dir, 'group.csv');
    writeFileSync(file, 'name.title,name.legal_first_name,name.legal_last_name\nMs,Ada,Lovelace\nMr,Alan,Turing\nMs,Grace,Hopper\n');
    const args = ['group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', '100001'];
    const dry = await trek([...args, '--dry-run']);
    expect(dry.code, dry.err).toBe(0);
    const m = /It would cost (\d+\.\d{2}) CAD for 3 travellers(?:, after \S+ −\d+\.\d{2} CAD)?; (\d+\.\d{2}) CAD paid confirms it\.\n/.exec(dry.err);
    expect(m, dry.err).not.toBeNull();
    const done = await trek(args);
    expect(done.code, done.err).toBe(0);
    const bookingId = /booking (\d+)/.exec(done.err)![1];
    const [summary] = (await api('GET', `/bookings/${bookingId}/services/`)).results;
    const service = await api('GET', summary.href);
    expect([service.purchase_price, service.deposit_amount]).toEqual([m![1], m![2]]);
  });

  it('26 the quote refuses what it cannot price: a bad traveller count or currency (400), an unknown departure (404)', async () => {
    const client = clientFor(sandbox.running);
    expect((await client.get('/_sandbox/departures/100001/quote?travellers=0&currency=CAD')).status).toBe(400);
    expect((await client.get('/_sandbox/departures/100001/quote?travellers=2&currency=XXX')).status).toBe(400);
    expect((await client.get('/_sandbox/departures/999999/quote?travellers=2&currency=CAD')).status).toBe(404);
  });
});
