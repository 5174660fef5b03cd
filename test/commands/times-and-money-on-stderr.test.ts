/**
 * Issue 18's "times print in UTC only" and "money shown truthfully", where the first pass left
 * gaps: the status lines of add-departure, flex attach and the sandbox clock show the reader's
 * zone on a terminal (the API's UTC text in a pipe), the service views of add-departure,
 * transition, staff-cancel and flex get show amounts with the booking's currency, and
 * `booking get` lists the travel credits a booking was given. Real HTTP against a sandbox on
 * port 0; commands through main() with the test factory, on a terminal 200 columns wide so that
 * no summary line wraps.
 */
import { describe, expect, it } from 'vitest';
import { bookingForTwo, paidTour, useTrekSandbox } from '../helpers/trek-sandbox.js';
import { NOW } from '../helpers/clock.js';

const sandbox = useTrekSandbox({ size: 40, now: NOW });
const api = sandbox.api;

async function trek(args: string[], options: { tty?: boolean } = {}) {
  const t = await sandbox.trek(args, { ...options, columns: 200 });
  return { code: t.code, out: t.out(), err: t.err() };
}

const where = () => ` on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)`;
const rowOf = (out: string, header: string) =>
  out
    .split('\n')
    .find((line) => line.startsWith(`${header} `))
    ?.replace(/\s+/g, ' ');

/** A CAD booking with two customers, as ids. */
async function booking() {
  const { booking, customers } = await bookingForTwo(sandbox);
  return { id: String(booking.id), customers: customers.map((c) => String(c.id)) };
}

describe('times on stderr in the reader zone', () => {
  it('18 service add-departure on a terminal says when the option expires in the --tz zone, named; in a pipe the API UTC text', async () => {
    const b = await booking();
    const add = ['service', 'add-departure', '--booking', b.id, '--departure', '100001', ...b.customers.flatMap((c) => ['--customer', c])];
    const onTerminal = await trek([...add, '--tz', 'America/Toronto'], { tty: true });
    expect(onTerminal.code).toBe(0);
    const service = (await api('GET', `/bookings/${b.id}/services/`)).results[0];
    const full = await api('GET', service.href);
    // The sandbox's options expire at midnight EST: 05:00 UTC.
    expect(full.option_expiry_date).toMatch(/^\d{4}-\d{2}-\d{2}T05:00:00Z$/);
    const day = full.option_expiry_date.slice(0, 10);
    expect(onTerminal.err).toBe(`✓ Added departure service ${full.id} to booking ${b.id}: Option until ${day} 00:00 EST${where()}\n`);
    expect(rowOf(onTerminal.out, 'PRICE')).toBe(`PRICE ${full.purchase_price} CAD`);
    expect(rowOf(onTerminal.out, 'DEPOSIT')).toBe(`DEPOSIT ${full.deposit_amount} CAD`);

    const inPipe = await trek(add);
    expect(inPipe.code).toBe(0);
    const second = JSON.parse(inPipe.out);
    expect(second.purchase_price).toBe(full.purchase_price); // JSON keeps the API's amount, no currency added
    expect(inPipe.err).toBe(`✓ Added departure service ${second.id} to booking ${b.id}: Option until ${second.option_expiry_date}${where()}\n`);
  });

  it('18 flex attach on a terminal says when the option expires in the --tz zone, and flex get shows its price with the booking currency', async () => {
    const b = await booking();
    const tour = await paidTour(sandbox, b.id, b.customers); // flex is attached to a confirmed tour
    const attached = await trek(['flex', 'attach', '--booking', b.id, '--departure-service', String(tour.id), '--plan', '100001-1', '--tz', 'UTC'], { tty: true });
    expect(attached.code).toBe(0);
    const flex = (await api('GET', `/bookings/${b.id}/services/`)).results.find((s: any) => s.type === 'flex_plan_services');
    const full = await api('GET', flex.href);
    const [day, time] = [full.option_expiry_date.slice(0, 10), full.option_expiry_date.slice(11, 16)];
    expect(attached.err.split('\n')[0]).toBe(`✓ Attached flex plan service ${full.id} to departure service ${tour.id}: Option until ${day} ${time} UTC${where()}`);
    expect(rowOf(attached.out, 'PRICE')).toBe(`PRICE ${full.purchase_price} CAD`);

    const shown = await trek(['flex', 'get', String(full.id)], { tty: true });
    expect(shown.code).toBe(0);
    expect(rowOf(shown.out, 'PRICE')).toBe(`PRICE ${full.purchase_price} CAD`);
  });

  it('18 sandbox clock set on a terminal says the new time in the --tz zone; in a pipe as the sandbox sent it', async () => {
    const onTerminal = await trek(['sandbox', 'clock', 'set', '2027-01-10T17:00:00Z', '--tz', 'Europe/Paris'], { tty: true });
    expect(onTerminal.code).toBe(0);
    // Its first line; what the move changed follows (sandbox clock advance lists it).
    expect(onTerminal.err.split('\n')[0]).toBe(`✓ Sandbox clock set: now 2027-01-10 18:00 GMT+1${where()}`);
    const inPipe = await trek(['sandbox', 'clock', 'set', '2027-01-10T15:00:00Z']);
    expect(inPipe.code).toBe(0);
    expect(inPipe.err.split('\n')[0]).toBe(`✓ Sandbox clock set: now 2027-01-10T15:00:00Z${where()}`);
  });
});

describe('times in a refusal in the reader zone', () => {
  it('18 flex attach refused for the late-attach window says when it closed and when the tour was confirmed in the --tz zone', async () => {
    const b = await booking();
    const tour = await paidTour(sandbox, b.id, b.customers);
    expect((await api('GET', tour.href)).date_confirmed).toBe('2027-01-10T15:00:00Z');
    await api('POST', '/_sandbox/clock', { set: '2027-01-13T15:00:00Z' }, 'operator');
    try {
      const refused = await trek(['flex', 'attach', '--booking', b.id, '--departure-service', String(tour.id), '--plan', '100001-1', '--tz', 'America/Toronto'], { tty: true });
      expect(refused.code).toBe(2);
      expect(refused.err).toContain(`  - late-attach window: it closed at 2027-01-12 10:00 EST, 48 hours after departure service ${tour.id} was confirmed (2027-01-10 10:00 EST)\n`);
    } finally {
      await api('POST', '/_sandbox/clock', { set: NOW.toISOString() }, 'operator');
    }
  });
});

describe('amounts with the booking currency', () => {
  it('18 service transition and sandbox staff-cancel show the price with the booking currency', async () => {
    const b = await booking();
    const tour = await paidTour(sandbox, b.id, b.customers);
    const asked = await trek(['service', 'transition', String(tour.id), 'request cancellation'], { tty: true });
    expect(asked.code).toBe(0);
    expect(rowOf(asked.out, 'PRICE')).toBe(`PRICE ${tour.purchase_price} CAD`);

    const cancelled = await trek(['sandbox', 'staff-cancel', String(tour.id)], { tty: true });
    expect(cancelled.code).toBe(0);
    const after = await api('GET', tour.href);
    expect(after.status).toBe('Cancelled');
    expect(rowOf(cancelled.out, 'PRICE')).toBe(`PRICE ${after.purchase_price} CAD`);
    expect(rowOf(cancelled.out, 'CANCELLATION FEE')).toBe(`CANCELLATION FEE ${after.cancellation_fee} CAD`);
  });
});

describe('booking get lists travel credits', () => {
  it('18 booking get on a terminal lists the travel credit a flex exercise gave, with its amount in the booking currency and both windows', async () => {
    const b = await booking();
    const tour = await paidTour(sandbox, b.id, b.customers, 'full');
    const flex = await api('POST', '/flex_plan_services/', { booking: { id: b.id }, departure_service: { id: tour.id }, product: { id: '100001-2' } });
    await api('POST', '/_sandbox/payments', { booking: { id: b.id }, amount: flex.purchase_price });
    await api('PATCH', tour.href, { status: 'Cancelled' });
    const credits = (await api('GET', `/bookings/${b.id}/travel_credits/`)).results;
    expect(credits).toHaveLength(1);
    const credit = credits[0];

    const shown = await trek(['booking', 'get', b.id, '--tz', 'UTC'], { tty: true });
    expect(shown.code).toBe(0);
    const lines = shown.out.split('\n');
    const title = lines.indexOf('Travel credits');
    expect(title).toBeGreaterThan(0);
    expect(lines[title + 1].split(/\s{2,}/)).toEqual(['ID', 'ISSUED', 'AMOUNT', 'BOOK BY', 'TRAVEL BY']);
    const issued = `${credit.date_created.slice(0, 10)} ${credit.date_created.slice(11, 16)} UTC`;
    expect(lines[title + 2].split(/\s{2,}/)).toEqual([String(credit.id), issued, `${credit.amount} CAD`, credit.booking_window.end_date, credit.travel_window.end_date]);

    const without = await trek(['booking', 'get', (await booking()).id], { tty: true });
    expect(without.code).toBe(0);
    expect(without.out).not.toContain('Travel credits');
  });
});
