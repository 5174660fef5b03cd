/**
 * Issue 18, "Money shown truthfully": what cancelling costs before the question and what was
 * kept after it, the deposit and fee in `service get`, a refused confirmation that names the
 * payment, and `sandbox pay` / `flex attach` saying what a payment actually confirms. Real HTTP
 * against a sandbox on port 0 (its clock set and its payments made through its controls);
 * commands run through main() with the test factory, on a terminal and not.
 */
import { describe, expect, it } from 'vitest';
import { bookingForTwo, paidTour, useTrekSandbox } from '../../helpers/trek-sandbox.js';
import { NOW } from '../../helpers/clock.js';

const DAY = 86_400_000;
const sandbox = useTrekSandbox({ size: 40, now: NOW });
const api = sandbox.api;

async function trek(args: string[], options: { tty?: boolean; answers?: unknown[] } = {}) {
  const t = await sandbox.trek(args, { ...options, columns: 120 });
  return { code: t.code, out: t.out(), err: t.err(), asked: t.prompter.asked };
}

const where = () => ` on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)`;
const cents = (decimal: string) => BigInt(decimal.replace('.', ''));
const decimal = (amount: bigint) => `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`;

/**
 * A booking with a departure service on 100001 for two travellers, its deposit paid (so
 * Confirmed; or its whole price), the clock set `daysBefore` its start. No automatic final
 * payment, so moving the clock takes no money.
 */
async function confirmedTour(daysBefore: number, options: { payFull?: boolean } = {}) {
  const { booking, customers } = await bookingForTwo(sandbox);
  const created = await paidTour(
    sandbox,
    booking.id,
    customers.map((c) => c.id),
    options.payFull ? 'full' : 'deposit',
  );
  const service = await api('GET', created.href);
  expect(service.status).toBe('Confirmed');
  const today = new Date(Date.parse(`${service.start_date}T15:00:00Z`) - daysBefore * DAY);
  await api('POST', '/_sandbox/clock', { set: today.toISOString() }, 'operator');
  return { booking: await api('GET', booking.href), service, today: today.toISOString().slice(0, 10) };
}

describe('trek service cancel', () => {
  it('18 26 service cancel on a Confirmed departure service prints the fee, money back, credit and what is owed after before asking; after it, the same figures', async () => {
    const { booking, service, today } = await confirmedTour(45);
    const price = cents(service.purchase_price);
    const fee = (price * 50n + 50n) / 100n;
    const owing = cents(booking.amount_owing);
    const paid = cents(booking.amount_paid);
    expect(fee > paid).toBe(true); // only the deposit was paid: the fee leaves the booking owing
    const terms = await api('GET', `/service_cancellation_terms/service-${service.id}/`);
    const window = terms.windows.find((w: any) => w.days_before_departure_from === 31);

    const t = await trek(['service', 'cancel', service.id], { tty: true, answers: [true] });
    expect(t.code).toBe(0);
    expect(t.asked).toEqual([`Cancel departure service ${service.id} "${service.name}" (Confirmed)? It will be cancelled.`]);
    const width = Math.max(service.purchase_price.length, decimal(fee).length, decimal(fee - paid).length) + 4;
    const row = (label: string, amount: string, note = '') => `  ${label.padEnd(24)}${`${amount} CAD`.padStart(width)}${note}\n`;
    const before =
      // The first line wraps to the terminal's 120 columns.
      `Departure service ${service.id}, cancelling it today (${today}, by the server's clock) falls in the window ${window.start_date} –\n` +
      `${window.end_date} (31–60 days before departure) of its generic terms service-${service.id}:\n` +
      row('Price', service.purchase_price) +
      row('Fee the operator keeps', decimal(fee), ' (50 %)') +
      row('Money back to customer', '0.00') +
      row('Travel credit issued', '0.00') +
      row(`Booking ${booking.id} owes`, decimal(fee - paid), ` after, ${decimal(owing)} CAD now`);
    expect(t.err).toBe(
      before +
        `Working${where()}\n` +
        // The summary wraps to the terminal's 120 columns, under its text.
        `✓ Moved departure service ${service.id} from Confirmed to Cancelled on profile sandbox (${sandbox.running.baseUrl}, from\n  TREK_BASE_URL)\n` +
        `Fee the operator keeps: ${decimal(fee)} CAD; money back to the customer: 0.00 CAD; travel credit issued: 0.00 CAD. Booking\n` +
        `${booking.id} now owes ${decimal(fee - paid)} CAD.\n`,
    );
    // What trek said matches what the sandbox did.
    expect(await api('GET', booking.href)).toMatchObject({ amount_owing: decimal(fee - paid) });
    expect(await api('GET', service.href)).toMatchObject({ status: 'Cancelled', cancellation_fee: decimal(fee) });
  });

  it('18 26 service cancel --dry-run shows the cost and sends nothing (-o json: the preview); -o json --yes keeps the API record on stdout', async () => {
    const { booking, service } = await confirmedTour(75);
    const dry = await trek(['service', 'cancel', service.id, '--dry-run'], { tty: true });
    expect(dry.code).toBe(0);
    const fee = (cents(service.purchase_price) * 10n + 50n) / 100n;
    expect(dry.err).toMatch(new RegExp(`\\n  Fee the operator keeps +${decimal(fee)} CAD \\(10 %\\)\\n`));
    expect(dry.err).toContain(` after, ${booking.amount_owing} CAD now\n`);
    expect(dry.out.split('\n')[0]).toBe(`PATCH ${sandbox.running.baseUrl}/departure_services/${service.id}/`);
    // In a pipe (or -o json) the preview itself is the data.
    const preview = JSON.parse((await trek(['service', 'cancel', service.id, '--dry-run'], { tty: false })).out);
    expect(preview).toMatchObject({ action: 'Cancelled', estimate: false, fee: decimal(fee), money_back: '0.00', travel_credit: '0.00', owing_now: booking.amount_owing });
    expect((await api('GET', service.href)).status).toBe('Confirmed');

    const json = await trek(['service', 'cancel', service.id, '--yes', '-o', 'json']);
    expect(json.code).toBe(0);
    const printed = JSON.parse(json.out);
    expect(printed).toEqual(await api('GET', service.href));
    expect(printed.cancellation_fee).toBe(decimal(fee));
    expect(json.err).toContain(`Fee the operator keeps: ${decimal(fee)} CAD;`);
    expect((await api('GET', booking.href)).amount_owing).toBe(preview.owing_after);
  });

  it('18 service cancel of an unpaid Option says there is no fee before releasing it', async () => {
    const booking = await api('POST', '/bookings/', { currency: 'CAD' });
    const customer = await api('POST', '/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Test', title: 'Ms' } });
    const service = await api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: [{ id: customer.id }] });
    const t = await trek(['service', 'cancel', service.id, '--yes']);
    expect(t.code).toBe(0);
    expect(t.err).toContain(`Departure service ${service.id}: no cancellation fee — a hold that was never confirmed is released without cancellation fees.\n`);
    expect(t.err).toMatch(new RegExp(`  Booking ${booking.id} owes +0\\.00 CAD after, ${service.purchase_price} CAD now\\n`));
    expect(t.err).toContain(
      `✓ Moved departure service ${service.id} from Option to Expired${where()}\nThe hold is released, without cancellation fees. Fee the operator keeps: 0.00 CAD; money back to the customer: 0.00 CAD; travel credit issued: 0.00 CAD. Booking ${booking.id} now owes 0.00 CAD.\n`,
    );
  });

  it('29 service cancel of a service already Cancelled says so, with or without --yes, on a terminal or not', async () => {
    const { service } = await confirmedTour(75);
    await api('PATCH', service.href, { status: 'Cancelled' });
    for (const args of [[], ['--yes']]) {
      const t = await trek(['service', 'cancel', service.id, ...args], { tty: false });
      expect(t.code).toBe(0);
      expect(t.err).toContain(`Departure service ${service.id} is already Cancelled; nothing to change.`);
      expect(t.err).not.toContain('refusing');
    }
  });
});

describe('trek service get and confirm', () => {
  it('18 service get shows the deposit in the booking currency and, once cancelled, the fee', async () => {
    const { service } = await confirmedTour(75);
    const before = await trek(['service', 'get', service.id], { tty: true });
    expect(before.out).toMatch(new RegExp(`\\nDEPOSIT +${service.deposit_amount} CAD\\n`));
    expect(before.out).toMatch(new RegExp(`\\nPRICE +${service.purchase_price} CAD\\n`));
    expect(before.out).not.toContain('CANCELLATION FEE');
    await trek(['service', 'cancel', service.id, '--yes']);
    const after = await trek(['service', 'get', service.id], { tty: true });
    const fee = (await api('GET', service.href)).cancellation_fee;
    expect(after.out).toMatch(new RegExp(`\\nCANCELLATION FEE +${fee} CAD\\n`));
  });

  it('18 service confirm refused for want of a deposit names the amount and the sandbox pay line, never Expired', async () => {
    const booking = await api('POST', '/bookings/', { currency: 'CAD' });
    const customer = await api('POST', '/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Test', title: 'Ms' } });
    const service = await api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: [{ id: customer.id }] });
    for (const tty of [true, false]) {
      const t = await trek(['service', 'confirm', service.id], { tty });
      expect(t.code).toBe(2);
      expect(t.out).toBe('');
      expect(t.err).toBe(
        `error: cannot confirm departure service ${service.id} yet: the deposit has not been paid; confirming an Option needs the deposit paid first (the payment confirms it)\n` +
          `Pay ${service.deposit_amount} CAD on booking ${booking.id}. The payment confirms it.\n` +
          `On the sandbox: trek sandbox pay ${booking.id} ${service.deposit_amount}\n`,
      );
      expect(t.err).not.toContain('Expired');
    }
    const paid = await trek(['sandbox', 'pay', booking.id, service.deposit_amount]);
    expect(paid.code).toBe(0);
    expect((await api('GET', service.href)).status).toBe('Confirmed');
  });
});

describe('flex price and what a payment confirms', () => {
  it('18 flex attach states the payment that confirms the plan, counting the unpaid activity a payment reaches first; sandbox pay says what it confirmed and why not the plan', async () => {
    await api('POST', '/_sandbox/clock', { set: NOW.toISOString() }, 'operator');
    const booking = await api('POST', '/bookings/', { currency: 'USD' });
    const customers = [];
    for (const first of ['Ada', 'Alan']) customers.push(await api('POST', '/customers/', { name: { legal_first_name: first, legal_last_name: 'Test', title: 'Ms' } }));
    const tour = await api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: customers.map((c) => ({ id: c.id })) });
    await api('POST', '/_sandbox/payments', { booking: { id: booking.id }, amount: tour.deposit_amount });
    const activity = await api('POST', '/activity_services/', { booking: { id: booking.id }, product: { id: '500001' }, customers: customers.map((c) => ({ id: c.id })) });
    const plan = await api('GET', '/flex_plans/100001-1/');

    const attach = await trek(['flex', 'attach', '--booking', booking.id, '--departure-service', tour.id, '--plan', '100001-1', '-o', 'json']);
    expect(attach.code).toBe(0);
    const flex = JSON.parse(attach.out);
    const total = cents(activity.purchase_price) + cents(flex.purchase_price);
    expect(cents(flex.purchase_price)).toBe(cents(plan.prices.USD) * 2n);
    expect(attach.err.split('\n').slice(1).join('\n')).toBe(
      `Flex price: ${plan.prices.USD} USD per traveller, ${flex.purchase_price} USD for 2 travellers, paid in full to confirm it (a tour deposit does not count); unpaid, it expires.\n` +
        `Pay ${decimal(total)} USD on booking ${booking.id}: activity service ${activity.id} (${activity.purchase_price} USD) is paid first (payments go to departure services, then activities, then flex plans), then ${flex.purchase_price} USD for this one. The payment confirms it.\n` +
        `On the sandbox: trek sandbox pay ${booking.id} ${decimal(total)}\n`,
    );

    // Paying only the flex price, as the old message said: the activity takes its share first.
    const short = await trek(['sandbox', 'pay', booking.id, flex.purchase_price]);
    expect(short.code).toBe(0);
    const left = cents(flex.purchase_price) - cents(activity.purchase_price);
    expect(short.err).toBe(
      `✓ Paid ${flex.purchase_price} USD on booking ${booking.id}${where()}\n` +
        `Confirmed: activity service ${activity.id} (took ${activity.purchase_price} USD).\n` +
        `Not confirmed: flex plan service ${flex.id} (Option) needs ${flex.purchase_price} USD; the booking has ${decimal(left)} USD free; ` +
        `paying ${activity.purchase_price} USD more confirms it (trek sandbox pay ${booking.id} ${activity.purchase_price}).\n`,
    );
    const rest = await trek(['sandbox', 'pay', booking.id, activity.purchase_price]);
    expect(rest.err).toContain(`Confirmed: flex plan service ${flex.id} (took ${flex.purchase_price} USD).`);
    expect((await api('GET', flex.href)).status).toBe('Confirmed');
  });

  it('18 flex plans for a departure service show the price per traveller and in total, in the booking currency only', async () => {
    const booking = await api('POST', '/bookings/', { currency: 'USD' });
    const customers = [];
    for (const first of ['Ada', 'Alan']) customers.push(await api('POST', '/customers/', { name: { legal_first_name: first, legal_last_name: 'Test', title: 'Ms' } }));
    const tour = await api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: customers.map((c) => ({ id: c.id })) });
    const plan = await api('GET', '/flex_plans/100001-1/');
    const t = await trek(['flex', 'plans', '--departure-service', tour.id], { tty: true });
    expect(t.code).toBe(0);
    expect(t.out).toMatch(/PER TRAVELLER +TOTAL \(2 TRAVELLERS\)/);
    expect(t.out).toContain(`${plan.prices.USD} USD`);
    expect(t.out).toContain(`${decimal(cents(plan.prices.USD) * 2n)} USD`);
    expect(t.out).not.toMatch(/CAD|EUR|GBP/);
  });
});

describe('trek booking get', () => {
  it('18 booking get on a terminal lists the travellers and what was paid and refunded', async () => {
    const { booking, service } = await confirmedTour(75, { payFull: true });
    await trek(['service', 'cancel', service.id, '--yes']);
    const fee = (cents(service.purchase_price) * 10n + 50n) / 100n;
    const t = await trek(['booking', 'get', booking.id], { tty: true });
    expect(t.code).toBe(0);
    expect(t.out).toMatch(/\nTravellers\nID +NAME +BORN\n\d+ +Ms Ada Test *\n\d+ +Ms Alan Test *\n/);
    const rows = t.out.split('\nPayments and refunds\n')[1].split('\n');
    expect(rows[0]).toMatch(/^DATE +KIND +AMOUNT +STATUS +REASON$/);
    expect(rows[1]).toMatch(new RegExp(`^2027-01-10 \\S+ UTC +payment +${service.purchase_price} CAD +APPLIED *$`));
    expect(rows[2]).toMatch(new RegExp(` +refund +-${decimal(cents(service.purchase_price) - fee)} CAD +APPLIED +CANCELLATION$`));
  });
});
