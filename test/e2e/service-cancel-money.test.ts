/**
 * Issues 18, 26 and 29 in a real terminal (tmux, 80 columns): `trek service cancel S` prints,
 * before asking, the fee, the money back, the travel credit and what the booking owes after —
 * the figures the cancellation then applies, said again after it with the refund and credit
 * made — and no line of it runs past the edge. The built CLI against a sandbox started in this
 * process; one terminal per path (deposit only, paid in full, flex-covered, a cancelled activity
 * on the booking, unpaid), in one test: the unpaid one today, then the four paid ones at once,
 * on the one day 45 days before their tour.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { PROGRAMS, requirePrograms } from '../helpers/programs.js';
import { openTerminal } from '../helpers/terminal.js';
import { cleanEnv, TREK_BIN, useTrekAgainstSandbox } from './trek-process.js';

const { env, api } = useTrekAgainstSandbox();
const DAY = 86_400_000;
const sum = (amounts: string[]) => amounts.reduce((total, a) => total + BigInt(a.replace('.', '')), 0n);
const decimal = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

type Path = 'deposit' | 'full' | 'flex' | 'activity' | 'unpaid';

/**
 * A tour for two on 100001 (on the sandbox's day) paid as `how` — its deposit, in full, its
 * deposit and a flex plan, its deposit and an activity paid then cancelled — or (`unpaid`) nothing paid.
 */
async function paidTour(how: Path) {
  const booking = await api('POST', '/bookings/', { currency: 'CAD', no_auto_final_payment: true });
  const customers = [];
  for (const first of ['Ada', 'Alan']) customers.push(await api('POST', '/customers/', { name: { legal_first_name: first, legal_last_name: 'Test', title: 'Ms' } }));
  const service = await api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: customers.map((c) => ({ id: c.id })) });
  if (how === 'unpaid') return { booking, service };
  const payment = how === 'full' ? service.purchase_price : service.deposit_amount;
  if (how === 'activity') {
    const activity = await api('POST', '/activity_services/', { booking: { id: booking.id }, product: { id: '500001' }, customers: customers.map((c) => ({ id: c.id })) });
    await api('POST', '/_sandbox/payments', { booking: { id: booking.id }, amount: decimal(sum([payment, activity.purchase_price])) });
    await api('PATCH', activity.href, { status: 'Cancelled' });
  } else await api('POST', '/_sandbox/payments', { booking: { id: booking.id }, amount: payment });
  if (how === 'flex') {
    const flex = await api('POST', '/flex_plan_services/', { booking: { id: booking.id }, departure_service: { id: service.id }, product: { id: '100001-1' } });
    await api('POST', '/_sandbox/payments', { booking: { id: booking.id }, amount: flex.purchase_price });
  }
  return { booking, service };
}

/** `trek service cancel` of the tour in an 80-column terminal, answered yes: its preview's figures are what the cancellation applied. */
async function cancelInTerminal(how: Path, { booking, service }: { booking: any; service: any }): Promise<void> {
  const command = `'${process.execPath}' '${TREK_BIN}' service cancel ${service.id}; echo "[exit $?]"; sleep 60`;
  const terminal = await openTerminal(command, { columns: 80, rows: 40, env: cleanEnv({ ...env(), TREK_PAGER: '' }) });
  try {
    const question = await terminal.waitFor((text) => text.includes('(y/N)'), { joined: true });
    // Every line of the preview fits the terminal: joined again, none is longer than the 80 columns (trek wrapped it, not the terminal).
    const preview = question.slice(0, question.indexOf('? Cancel'));
    for (const line of preview.split('\n')) expect([...line].length, `${how}: ${line}`).toBeLessThanOrEqual(80);
    const figure = (label: string) => new RegExp(`\\n  ${label} +(\\d+\\.\\d{2}) CAD`).exec(question)?.[1];
    const figures = [figure('Fee the operator keeps'), figure('Money back to customer'), figure('Travel credit issued'), figure(`Booking ${booking.id} owes`)];
    expect(
      figures.every((f) => f !== undefined),
      question,
    ).toBe(true);
    await terminal.sendKeys('y', 'Enter');
    const finished = await terminal.waitFor((text) => text.includes('[exit'), { scrollback: true });
    expect(finished, how).toContain('[exit 0]');

    const cancelled = await api('GET', service.href);
    // Refunds the cancellation made: the activity's earlier ones (none: its money went on counting toward the tour) aside.
    const refunds = (await api('GET', `${booking.href}refunds/`)).results.filter((r: any) => r.service?.id === service.id);
    const credits = (await api('GET', `${booking.href}travel_credits/`)).results;
    const credit = sum(credits.map((c: any) => c.amount));
    const applied = [
      decimal(cancelled.status === 'Expired' ? 0n : sum([cancelled.cancellation_fee]) - credit),
      decimal(sum(refunds.map((r: any) => r.amount))),
      decimal(credit),
      (await api('GET', booking.href)).amount_owing,
    ];
    expect(figures, how).toEqual(applied);
    const refund = refunds.length ? ` (refund ${refunds.map((r: any) => r.id).join(', ')})` : '';
    const made = credits.length ? ` (credit ${credits.map((c: any) => c.id).join(', ')})` : '';
    expect(finished.replace(/\n/g, ' ')).toContain(
      `Fee the operator keeps: ${applied[0]} CAD; money back to the customer: ${applied[1]} CAD${refund}; travel credit issued: ${applied[2]} CAD${made}. Booking ${booking.id} now owes ${applied[3]} CAD.`,
    );
  } finally {
    await terminal.close();
  }
}

describe('trek service cancel in a terminal', () => {
  beforeEach((ctx) => requirePrograms(ctx, PROGRAMS.tmux));

  it('18 26 29 the preview before the question is the money the cancellation applies (deposit only, paid in full, flex, a cancelled activity, unpaid), and fits 80 columns', async () => {
    // Unpaid, still in Option today.
    await cancelInTerminal('unpaid', await paidTour('unpaid'));
    // The paid ones 45 days before their tour, which all four share.
    const paid = [];
    for (const how of ['deposit', 'full', 'flex', 'activity'] as const) paid.push({ how, tour: await paidTour(how) });
    await api('POST', '/_sandbox/clock', { set: new Date(Date.parse(`${paid[0].tour.service.start_date}T15:00:00Z`) - 45 * DAY).toISOString() }, 'operator');
    await Promise.all(paid.map(({ how, tour }) => cancelInTerminal(how, tour)));
  });
});
