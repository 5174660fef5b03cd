/**
 * Issue 26, "Money shown before a change is the money applied": on the sandbox, for each path
 * of a cancellation — deposit only, paid in full, flex-covered with the tour not paid in full,
 * a cancelled activity on the booking, unpaid — the preview trek shows (-o json and the text
 * on stderr) and what the cancellation then did (as the API states it, and as trek says after
 * it) agree cent for cent on the four figures: fee, money back, travel credit, owing after.
 */
import { describe, expect, it } from 'vitest';
import { bookingForTwo, useTrekSandbox } from '../../helpers/trek-sandbox.js';
import { NOW } from '../../helpers/clock.js';

const DAY = 86_400_000;
const sandbox = useTrekSandbox({ size: 40, now: NOW });
const api = sandbox.api;

async function trek(args: string[], options: { tty?: boolean } = {}) {
  const t = await sandbox.trek(args, { ...options, columns: 120 });
  return { code: t.code, out: t.out(), err: t.err() };
}

const setClock = (at: Date) => api('POST', '/_sandbox/clock', { set: at.toISOString() }, 'operator');
const pay = (booking: any, amount: string) => api('POST', '/_sandbox/payments', { booking: { id: booking.id }, amount });
const sum = (amounts: string[]) => amounts.reduce((total, a) => total + BigInt(a.replace('.', '')), 0n);
const decimal = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

interface Figures {
  fee: string;
  money_back: string;
  travel_credit: string;
  owing_after: string;
}

/** The four figures from the text trek writes before asking. */
function previewText(err: string): Figures {
  const figure = (label: string) => new RegExp(`\\n  ${label} +(\\d+\\.\\d{2}) CAD`).exec(err)?.[1];
  return { fee: figure('Fee the operator keeps')!, money_back: figure('Money back to customer')!, travel_credit: figure('Travel credit issued')!, owing_after: figure('Booking \\d+ owes')! };
}

/** The four figures trek says after the change, with the ids of the refunds and credits made. */
function afterText(err: string) {
  const m =
    /Fee the operator keeps: (\S+) CAD; money back to the customer: (\S+) CAD(?: \(refund ([^)]+)\))?; travel credit issued: (\S+) CAD(?: \(credit ([^)]+)\))?\. Booking \d+ now owes (\S+) CAD\./.exec(
      err,
    );
  expect(m, err).not.toBeNull();
  return { figures: { fee: m![1], money_back: m![2], travel_credit: m![4], owing_after: m![6] }, refunds: m![3]?.split(', ') ?? [], credits: m![5]?.split(', ') ?? [] };
}

/** What the cancellation did, as the API states it: the fee kept (less the credit), the refunds and credits made, what the booking owes. */
async function outcome(booking: any, service: any, before: { refunds: string[]; credits: string[] }) {
  const refunds = (await api('GET', `${booking.href}refunds/`)).results.filter((r: any) => !before.refunds.includes(r.id));
  const credits = (await api('GET', `${booking.href}travel_credits/`)).results.filter((c: any) => !before.credits.includes(c.id));
  const after = await api('GET', service.href);
  const credit = sum(credits.map((c: any) => c.amount));
  return {
    figures: {
      fee: decimal(after.status === 'Expired' ? 0n : sum([after.cancellation_fee]) - credit),
      money_back: decimal(sum(refunds.map((r: any) => r.amount))),
      travel_credit: decimal(credit),
      owing_after: (await api('GET', booking.href)).amount_owing,
    },
    refunds: refunds.map((r: any) => r.id),
    credits: credits.map((c: any) => c.id),
  };
}

/** Preview (-o json, then text), the cancellation, and what it did: all four figures agree. */
async function cancelAndCompare(booking: any, service: any) {
  const ids = async (sub: string) => (await api('GET', `${booking.href}${sub}/`)).results.map((r: any) => r.id);
  const before = { refunds: await ids('refunds'), credits: await ids('travel_credits') };
  const dry = await trek(['service', 'cancel', service.id, '--dry-run', '-o', 'json']);
  expect(dry.code, dry.err).toBe(0);
  const json = JSON.parse(dry.out);
  const preview: Figures = { fee: json.fee, money_back: json.money_back, travel_credit: json.travel_credit, owing_after: json.owing_after };
  const done = await trek(['service', 'cancel', service.id, '--yes']);
  expect(done.code, done.err).toBe(0);
  expect(previewText(done.err)).toEqual(preview);
  const applied = await outcome(booking, service, before);
  expect(applied.figures).toEqual(preview);
  expect(afterText(done.err)).toEqual(applied);
  return { preview, json, applied };
}

async function tour(booking: any, customers: any[]) {
  return api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: customers.map((c) => ({ id: c.id })) });
}

/** The clock `days` before the tour starts. */
const daysBefore = (service: any, days: number) => setClock(new Date(Date.parse(`${service.start_date}T15:00:00Z`) - days * DAY));

describe('service cancel: the preview is the money applied', () => {
  it('26 deposit only: the fee exceeds what was paid, nothing comes back, the booking owes the rest', async () => {
    await setClock(NOW);
    const { booking, customers } = await bookingForTwo(sandbox);
    const service = await tour(booking, customers);
    await pay(booking, service.deposit_amount);
    await daysBefore(service, 45);
    const { preview } = await cancelAndCompare(booking, service);
    expect(preview.money_back).toBe('0.00');
    expect(sum([preview.owing_after])).toBeGreaterThan(0n);
  });

  it('26 paid in full: the fee is kept and the rest comes back; the booking owes nothing', async () => {
    await setClock(NOW);
    const { booking, customers } = await bookingForTwo(sandbox);
    const service = await tour(booking, customers);
    await pay(booking, service.purchase_price);
    await daysBefore(service, 45);
    const { preview, applied } = await cancelAndCompare(booking, service);
    expect(sum([preview.fee]) + sum([preview.money_back])).toBe(sum([service.purchase_price]));
    expect(preview.owing_after).toBe('0.00');
    expect(applied.refunds).toHaveLength(1);
  });

  it('26 flex-covered, the tour not paid in full: the credit is what was paid for the tour, less nothing handed back unpaid', async () => {
    await setClock(NOW);
    const { booking, customers } = await bookingForTwo(sandbox);
    const service = await tour(booking, customers);
    await pay(booking, service.deposit_amount);
    const flex = await api('POST', '/flex_plan_services/', { booking: { id: booking.id }, departure_service: { id: service.id }, product: { id: '100001-1' } });
    await pay(booking, flex.purchase_price);
    expect((await api('GET', flex.href)).status).toBe('Confirmed');
    // 31+ days before: the Flex tier credits the whole price, less what was not paid for the tour.
    await daysBefore(service, 45);
    const { preview, json, applied } = await cancelAndCompare(booking, service);
    expect(json.terms.type).toBe('FLEX');
    expect(preview.travel_credit).toBe(service.deposit_amount);
    expect(preview.money_back).toBe('0.00');
    expect(applied.credits).toHaveLength(1);
  });

  it('26 a cancelled activity on the booking, and one left in Option: named, with the command that cancels it too', async () => {
    await setClock(NOW);
    const { booking, customers } = await bookingForTwo(sandbox);
    const service = await tour(booking, customers);
    const paidActivity = await api('POST', '/activity_services/', { booking: { id: booking.id }, product: { id: '500001' }, customers: customers.map((c) => ({ id: c.id })) });
    await pay(booking, decimal(sum([service.deposit_amount, paidActivity.purchase_price])));
    expect((await api('GET', paidActivity.href)).status).toBe('Confirmed');
    await api('PATCH', paidActivity.href, { status: 'Cancelled' });
    await daysBefore(service, 75);
    const left = await api('POST', '/activity_services/', { booking: { id: booking.id }, product: { id: '500001' }, customers: [{ id: customers[0].id }] });
    const { json } = await cancelAndCompare(booking, service);
    expect(json.left_behind).toEqual([{ id: left.id, type: 'activity_services', name: left.name, status: 'Option', price: left.purchase_price }]);
    const text = await trek(['service', 'cancel', service.id, '--dry-run'], { tty: true });
    expect(text.err).toContain('already Cancelled');
  });

  it("26 the text preview names a tour's activities left behind and the command that cancels them", async () => {
    await setClock(NOW);
    const { booking, customers } = await bookingForTwo(sandbox);
    const service = await tour(booking, customers);
    await pay(booking, service.deposit_amount);
    const left = await api('POST', '/activity_services/', { booking: { id: booking.id }, product: { id: '500001' }, customers: [{ id: customers[0].id }] });
    const text = await trek(['service', 'cancel', service.id, '--dry-run'], { tty: true });
    expect(text.err.replace(/\s+/g, ' ')).toContain(
      `Its activities stay on the booking and are still owed for: activity service ${left.id} "${left.name}" (Option, ${left.purchase_price} CAD). Cancel it too with: trek service cancel ${left.id}`,
    );
  });

  it('26 unpaid: the hold is released, nothing kept, nothing owed', async () => {
    await setClock(NOW);
    const { booking, customers } = await bookingForTwo(sandbox);
    const service = await tour(booking, customers);
    const { preview, json } = await cancelAndCompare(booking, service);
    expect(json.action).toBe('Expired');
    expect(preview).toEqual({ fee: '0.00', money_back: '0.00', travel_credit: '0.00', owing_after: '0.00' });
  });
});

describe('booking statement tells the whole story', () => {
  it('26 the ledger has a line for each fee, refund, credit and amount set against the balance, and at 80 columns every amount is whole', async () => {
    await setClock(NOW);
    const { booking, customers } = await bookingForTwo(sandbox);
    const service = await tour(booking, customers);
    const activity = await api('POST', '/activity_services/', { booking: { id: booking.id }, product: { id: '500001' }, customers: customers.map((c) => ({ id: c.id })) });
    await pay(booking, decimal(sum([service.deposit_amount, activity.purchase_price])));
    const flex = await api('POST', '/flex_plan_services/', { booking: { id: booking.id }, departure_service: { id: service.id }, product: { id: '100001-1' } });
    await pay(booking, flex.purchase_price);
    // The activity paid then cancelled: 10 % kept; the rest is not paid back while the tour is owed for, but set against the balance.
    await api('PATCH', activity.href, { status: 'Cancelled' });
    // The tour under flex, 45 days out: what was paid for it (its deposit and the activity's rest) becomes credit.
    // The booking: a deposit, a flex plan paid, an activity paid then cancelled — the preview is what is applied.
    await daysBefore(service, 45);
    await cancelAndCompare(booking, service);

    const json = JSON.parse((await trek(['booking', 'statement', booking.id])).out);
    const lines = (kind: string) => json.ledger.filter((e: any) => e.kind === kind).map((e: any) => [e.id, e.amount]);
    const cancelledActivity = await api('GET', activity.href);
    const cancelledTour = await api('GET', service.href);
    const activityRest = sum([activity.purchase_price]) - sum([cancelledActivity.cancellation_fee]);
    const credit = sum([service.deposit_amount]) + activityRest;
    expect(lines('fee')).toEqual([[activity.id, cancelledActivity.cancellation_fee]]);
    expect(lines('refund')).toEqual([]);
    expect(lines('travel_credit').map(([, amount]: string[]) => amount)).toEqual([decimal(credit)]);
    expect(lines('set_against_balance')).toEqual([
      [activity.id, decimal(activityRest)],
      [service.id, decimal(sum([cancelledTour.purchase_price]) - credit)],
    ]);
    expect(json.amount_owing).toBe('0.00');

    // At 80 columns every amount is whole and the view fits; narrower still, money is never cut (the table may run over).
    for (const columns of [80, 40]) {
      const text = (await sandbox.trek(['booking', 'statement', booking.id], { tty: true, columns })).out();
      const ledger = text.slice(text.indexOf('Ledger'));
      for (const entry of json.ledger) {
        const shown = `${entry.kind === 'refund' ? '-' : ''}${entry.amount} CAD`;
        expect(ledger, `${columns}: ${shown}\n${ledger}`).toContain(shown);
      }
      if (columns === 80) {
        expect(ledger, ledger).toContain('set against');
        for (const line of text.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
      }
    }
  });
});
