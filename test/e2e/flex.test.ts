/**
 * A flex plan from attach to exercise, as a script runs it: `node bin/trek` (the bundle built
 * by the test setup) in child processes against a sandbox started in this process on port 0,
 * TREK_HOME in a temp dir. The booking it covers, the payments and the records read back to
 * check trek's work go through the API: the flex commands are what this file is about. Spec §3.2: the flex service is confirmed only by paying the full
 * flex price, then brings one addon per covered customer and switches the departure service
 * to the plan's amount-based terms; cancelling the departure service exercises it.
 */
import { describe, expect, it } from 'vitest';
import { startFakeOperator } from '../commands/flex/operator.js';
import { runTrek, useTrekAgainstSandbox } from './trek-process.js';

const { env, api, trek, trekJson: json } = useTrekAgainstSandbox();

/** A payment of `amount` on the booking, as the operator records it. */
const pay = (bookingId: string, amount: string) => api('POST', '/_sandbox/payments', { booking: { id: bookingId }, amount });

describe('flex end to end', () => {
  it('attach, pay the flex price, two addons, then cancelling the departure service exercises the plan', async () => {
    // A booking for two travellers on a departure 200 days out (docs/sandbox.md: 100001), paid in full.
    const booking = await api('POST', '/bookings/', { currency: 'CAD' });
    const ada = await api('POST', '/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' } });
    const alan = await api('POST', '/customers/', { name: { legal_first_name: 'Alan', legal_last_name: 'Turing', title: 'Mr' } });
    const departureService = await api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: [{ id: ada.id }, { id: alan.id }] });
    await pay(booking.id, (await api('GET', `/bookings/${booking.id}/`)).amount_owing);
    expect((await api('GET', `/departure_services/${departureService.id}/`)).status).toBe('Confirmed');

    // Attach Flex Plus: Option, and the amount to pay is said on stderr.
    const attach = await trek('flex', 'attach', '--booking', booking.id, '--departure-service', departureService.id, '--plan', '100001-2');
    expect(attach.code).toBe(0);
    const flex = JSON.parse(attach.stdout);
    expect(flex.status).toBe('Option');
    const price: string = flex.purchase_price ?? (await api('GET', '/flex_plans/100001-2/')).prices.CAD;
    expect(attach.stderr).toContain(`, ${price} CAD for 2 travellers, paid in full to confirm it`);

    // Paying the full flex price (all that is owing now) confirms it: two addons, one per customer.
    expect((await api('GET', `/bookings/${booking.id}/`)).amount_owing).toBe(price);
    await pay(booking.id, price);
    const confirmed = await json('flex', 'get', flex.id);
    expect(confirmed.status).toBe('Confirmed');
    expect(confirmed.flex_plan_addons).toHaveLength(2);
    expect(confirmed.flex_plan_addons.map((a: { customer: { id: string } }) => a.customer.id).sort()).toEqual([ada.id, alan.id].sort());
    for (const addon of confirmed.flex_plan_addons) {
      expect(addon.products.map((p: { category: string }) => p.category).sort()).toEqual(['ESIM', 'LUGGAGE_PROTECTION']);
    }
    const table = await trek('flex', 'get', flex.id, '-o', 'table');
    expect(table.stdout).toMatch(/^STATUS +Confirmed$/m);

    // The departure service's terms are now the plan's; today's window says what cancelling gives back.
    const { now } = await api('GET', '/_sandbox/clock');
    const today = String(now).slice(0, 10);
    const terms = await json('flex', 'terms', departureService.id, '--date', today);
    expect(terms.applies).toBe('flex');
    expect(terms.flex_plan_service.id).toBe(flex.id);

    // A confirmed flex plan service itself cannot be cancelled.
    const refused = await trek('service', 'cancel', flex.id, '--yes');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`To use the plan, cancel the departure service it covers: trek service cancel ${departureService.id}`);

    // Cancelling the departure service exercises the plan (staff complete a requested cancellation).
    const cancel = await trek('service', 'cancel', departureService.id, '--yes');
    expect(cancel.code).toBe(0);
    if (JSON.parse(cancel.stdout).status === 'Request Cancellation') await api('POST', `/_sandbox/services/${departureService.id}/staff-cancel`, {}, 'operator');
    expect((await api('GET', `/departure_services/${departureService.id}/`)).status).toBe('Cancelled');

    const exercised = await json('flex', 'get', flex.id);
    expect(exercised.status).toBe('Confirmed');
    expect(exercised.finish_date).toBe(today);
    expect(exercised.flex_plan_addons.map((a: { status: string }) => a.status)).toEqual(['Cancelled', 'Cancelled']);

    // A handful of records each: one page holds them.
    const refunds = (await api('GET', `/bookings/${booking.id}/refunds/?max_per_page=100`)).results;
    const credits = (await api('GET', `/bookings/${booking.id}/travel_credits/?max_per_page=100`)).results;
    const sum = (records: Array<{ amount: string }>) => records.reduce((cents, r) => cents + Math.round(Number(r.amount) * 100), 0);
    expect(sum(refunds)).toBe(Math.round(Number(terms.refund_amount) * 100));
    expect(sum(credits)).toBe(Math.round(Number(terms.travel_credit_amount) * 100));
    // Flex travel credits: booking window 12 months, travel window 24 months from issue (spec §8).
    const inYears = (years: number) => `${Number(today.slice(0, 4)) + years}${today.slice(4)}`;
    for (const credit of credits) {
      expect(credit.booking_window.end_date).toBe(inYears(1));
      expect(credit.travel_window.end_date).toBe(inYears(2));
    }
  });
});

describe('an addon URL carrying escape sequences', () => {
  it('prints harmlessly in the table: percent-encoded, no control character reaches the terminal', async () => {
    // The sandbox only makes well-formed URLs, so a fake operator sends the hostile one.
    const fake = await startFakeOperator();
    try {
      const addon = fake.world.get('/flex_plan_addons/610001') as Record<string, unknown>;
      fake.world.set('/flex_plan_addons/610001', { ...addon, order_url: 'https://flex.example.com/\x1b]8;;https://evil.example/\x07activate\x1b]8;;\x07\x1b[2J\x1b]0;owned\x07' });
      // Wide enough that the URL is on one line, so the test reads it whole.
      const run = await runTrek(['flex', 'addons', '400002', '-o', 'table'], { ...env(), TREK_BASE_URL: fake.server.url, TREK_API_KEY: 'fake-key', COLUMNS: '200' });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('ORDER     https://flex.example.com/%1B]8;;https://evil.example/%07activate%1B]8;;%07%1B[2J%1B]0;owned%07\n');
      expect(run.stdout).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/);
    } finally {
      await fake.server.close();
    }
  });
});
