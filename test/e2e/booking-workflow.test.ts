/**
 * The booking workflow as a script and a person run it: `node bin/trek` (the bundle built by
 * the test setup) in child processes against a sandbox started in this process on port 0,
 * with TREK_HOME in a temp dir. Checks every status and money field against the spec's
 * rules (§2.2, §3.1) as the sandbox documents them (docs/sandbox.md: amount_owing counts the
 * purchase prices of services in Option, On Request, Request Confirmation and Confirmed,
 * minus what was paid; commission sums the commissions of those same services).
 */
import { describe, expect, it, beforeEach } from 'vitest';
import { cleanEnv, TREK_BIN, useTrekAgainstSandbox } from './trek-process.js';
import { PROGRAMS, requirePrograms } from '../helpers/programs.js';
import { openTerminal } from '../helpers/terminal.js';

const { env, api, trek, trekJson } = useTrekAgainstSandbox();

const cents = (decimal: string): number => {
  expect(decimal).toMatch(/^\d+\.\d{2}$/);
  return Math.round(Number(decimal) * 100);
};
const decimal = (amount: number): string => (amount / 100).toFixed(2);

/** An AVAILABLE departure that needs only the deposit to confirm, of `departures` in start date order. */
function bookableDeparture(departures: any[]): any {
  const departure = departures.filter((d: any) => !d.flags?.includes('FULL_PAYMENT_REQUIRED_TO_BOOK')).at(-1);
  expect(departure).toBeDefined();
  return departure;
}

/**
 * A booking with two customers and a departure to book, through the API: the set-up of the
 * scenarios after the first, which takes these steps with trek, so each costs no trek process.
 */
async function bookingAndTravellers(): Promise<{ booking: any; customers: any[]; departure: any }> {
  const booking = await api('POST', '/bookings/', { currency: 'CAD' });
  const customers = [
    await api('POST', '/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' } }),
    await api('POST', '/customers/', { name: { legal_first_name: 'Alan', legal_last_name: 'Turing', title: 'Mr' }, date_of_birth: '1912-06-23' }),
  ];
  const departures = await api('GET', '/departures/?availability.status=AVAILABLE&order_by=start_date&max_per_page=40');
  return { booking, customers, departure: bookableDeparture(departures.results) };
}

/** A departure service for `customers` (Option, unpaid), through the API. */
const departureService = (booking: any, departure: any, customers: any[]) =>
  api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: departure.id }, customers: customers.map((c) => ({ id: c.id })) });

describe('the booking workflow, scripted', () => {
  it('books, pays the deposit, confirms, adds and cancels an activity; money and statuses follow the rules', async () => {
    const booking = await trekJson('booking', 'create', '--currency', 'CAD');
    const customers = [
      await trekJson('customer', 'create', '--first-name', 'Ada', '--last-name', 'Lovelace', '--title', 'Ms'),
      await trekJson('customer', 'create', '--first-name', 'Alan', '--last-name', 'Turing', '--title', 'Mr', '--date-of-birth', '1912-06-23'),
    ];
    expect(booking).toMatchObject({ currency: 'CAD', amount_paid: '0.00', amount_owing: '0.00', date_of_first_travel: null });
    const departure = bookableDeparture(await trekJson('search', 'departures', '--where', 'availability.status=AVAILABLE', '--order-by', 'start_date', '--limit', '40'));

    const tour = await trekJson('service', 'add-departure', '--booking', booking.id, '--departure', departure.id, '--customer', customers[0].id, '--customer', customers[1].id);
    expect(tour).toMatchObject({ type: 'departure_services', status: 'Option', start_date: departure.start_date, finish_date: departure.finish_date, booking: { id: booking.id } });
    expect(tour.customers.map((c: any) => c.id)).toEqual(customers.map((c) => c.id));
    expect(tour.option_expiry_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(tour.status_transitions).toContain('Expired');
    expect(tour.status_transitions).not.toContain('Confirmed'); // the deposit is not paid yet
    const tourPrice = cents(tour.purchase_price);
    const tourCommission = cents(tour.commission);

    let now = await trekJson('booking', 'get', booking.id);
    expect(now).toMatchObject({
      amount_paid: '0.00',
      amount_owing: tour.purchase_price,
      amount_pending: '0.00',
      commission: tour.commission,
      date_of_first_travel: departure.start_date,
      date_of_last_travel: departure.finish_date,
    });

    // The deposit: the departure's deposit in the booking currency, per traveller.
    const deposit = cents(departure.deposits.CAD) * customers.length;
    expect(deposit).toBeLessThan(tourPrice);
    const pay = await trek('sandbox', 'pay', booking.id, decimal(deposit), '-o', 'json');
    expect(pay.code).toBe(0);
    expect(JSON.parse(pay.stdout)).toMatchObject({ booking: { id: booking.id }, amount: decimal(deposit), currency: 'CAD' });

    const confirm = await trek('service', 'confirm', tour.id, '-o', 'json');
    expect(confirm.code).toBe(0);
    const confirmed = JSON.parse(confirm.stdout);
    expect(confirmed.status).toBe('Confirmed');
    expect(confirmed.date_confirmed).toMatch(/Z$/);
    expect(confirmed.purchase_price).toBe(tour.purchase_price);

    now = await trekJson('booking', 'get', booking.id);
    expect(now).toMatchObject({ amount_paid: decimal(deposit), amount_owing: decimal(tourPrice - deposit), commission: tour.commission });

    const activities = await trekJson('search', 'activities', '--limit', '1');
    const activity = await trekJson('service', 'add-activity', '--booking', booking.id, '--activity', activities[0].id, '--customer', customers[0].id);
    expect(activity).toMatchObject({ type: 'activity_services', status: 'Option', booking: { id: booking.id } });
    now = await trekJson('booking', 'get', booking.id);
    expect(now.amount_owing).toBe(decimal(tourPrice + cents(activity.purchase_price) - deposit));
    expect(now.commission).toBe(decimal(tourCommission + cents(activity.commission)));

    const cancel = await trek('service', 'cancel', activity.id, '--yes', '-o', 'json');
    expect(cancel.code).toBe(0);
    const cancelled = JSON.parse(cancel.stdout);
    // An unconfirmed activity is cancelled without fees (the transition table: Option → Cancelled for activities), and trek says so.
    expect(cancelled.status).toBe('Cancelled');
    expect(cancel.stderr).toContain(`✓ Moved activity service ${activity.id} from Option to Cancelled`);
    expect(cancelled.date_cancelled).toMatch(/Z$/);

    const final = await trekJson('booking', 'get', booking.id);
    expect(final).toMatchObject({
      id: booking.id,
      currency: 'CAD',
      amount_paid: decimal(deposit),
      amount_owing: decimal(tourPrice - deposit),
      amount_pending: '0.00',
      commission: tour.commission,
      date_of_first_travel: departure.start_date,
      date_of_last_travel: departure.finish_date,
      date_closed: null,
    });
    // Tax on the agent's commission: the agency (Maple Leaf Travel) is in Ontario, 13 % (docs/sandbox.md).
    expect(final.tax_on_commission).toBe(decimal(Math.round(tourCommission * 0.13)));
    // Latest payment date: not after travel starts, not before the booking was made.
    expect(final.balance_due_date <= departure.start_date).toBe(true);
    expect(final.balance_due_date >= booking.date_created.slice(0, 10)).toBe(true);
    const services = await trekJson('booking', 'services', booking.id);
    expect(services.map((s: any) => [s.id, s.status])).toEqual([
      [tour.id, 'Confirmed'],
      [activity.id, cancelled.status],
    ]);
    expect(services[0].status_transitions).toContain('Request Cancellation');
    // Some twenty trek processes, one after another: a loaded machine needs more than the default 30 s.
  }, 90_000);

  it('refuses to confirm an unpaid Option, naming the deposit, and sends nothing', async () => {
    const { booking, customers, departure } = await bookingAndTravellers();
    const tour = await departureService(booking, departure, customers.slice(0, 1));
    const run = await trek('service', 'transition', tour.id, 'Confirmed');
    expect([2, 5]).toContain(run.code);
    expect(run.stderr).toContain('deposit');
    expect(run.stdout).toBe('');
    expect((await api('GET', `/departure_services/${tour.id}/`)).status).toBe('Option');
  });

  it('expires an unpaid Option when the sandbox clock passes its option expiry', async () => {
    const { booking, customers, departure } = await bookingAndTravellers();
    const tour = await departureService(booking, departure, customers.slice(1));
    expect(tour.status).toBe('Option');
    const advance = await trek('sandbox', 'clock', 'advance', '30d');
    expect(advance.code).toBe(0);
    const services = await trekJson('booking', 'services', booking.id);
    expect(services).toEqual([expect.objectContaining({ id: tour.id, status: 'Expired', status_transitions: [] })]);
    const table = await trek('booking', 'services', booking.id, '-o', 'table');
    expect(table.stdout).toMatch(new RegExp(`^${tour.id} .* Expired `, 'm'));
    const after = await trekJson('booking', 'get', booking.id);
    expect(after).toMatchObject({ amount_owing: '0.00', commission: '0.00' });
  });

  it('prints TOUR_SERVICE_NOT_FOUND and booking_id (exit 5) for an activity on a booking without a departure', async () => {
    const { booking, customers } = await bookingAndTravellers();
    const activities = await api('GET', '/activities/?max_per_page=10');
    const run = await trek('service', 'add-activity', '--booking', booking.id, '--activity', activities.results[0].id, '--customer', customers[0].id);
    expect(run.code).toBe(5);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('TOUR_SERVICE_NOT_FOUND');
    expect(run.stderr).toContain('booking_id');
  });
});

describe('trek booking create in a terminal', () => {
  beforeEach((ctx) => requirePrograms(ctx, PROGRAMS.tmux));
  it("with no flags, asks for the currency from a list of the agency's booking currencies", async () => {
    const command = `'${process.execPath}' '${TREK_BIN}' booking create; echo "[exit $?]"; sleep 60`;
    const terminal = await openTerminal(command, { columns: 100, rows: 40, env: cleanEnv(env()) });
    try {
      const question = await terminal.waitFor((text) => text.includes('Currency of the booking') && /USD/.test(text));
      const lines = question.split('\n');
      // A list, not a typed answer: each currency on a line of its own, the first one selected.
      expect(lines.find((line) => line.includes('Currency of the booking'))).not.toContain('3-letter');
      expect(lines.some((line) => /^\S\s+CAD$/.test(line.trimEnd()))).toBe(true);
      expect(lines.some((line) => /^\s+USD$/.test(line.trimEnd()))).toBe(true);

      await terminal.sendKeys('Down');
      await terminal.sendKeys('Enter');
      const finished = await terminal.waitFor((text) => text.includes('[exit'));
      expect(finished).toContain('[exit 0]');
      expect(finished).toMatch(/^CURRENCY +USD$/m);
      expect(finished).toMatch(/^✓ Created booking \d+ on profile sandbox \(/m);
    } finally {
      await terminal.close();
    }
  });
});
