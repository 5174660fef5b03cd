import { Command } from 'commander';
import { listBookingServices } from '../../api/resources/bookings.js';
import type { ApiClient } from '../../api/client.js';
import { createPayment, createPaymentRequest, type PaymentAllocation } from '../../api/resources/sandbox.js';
import type { PaidService } from '../../api/resources/services.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { quote } from 'shell-quote';
import { formatMoney } from '../../output/money.js';
import { sanitize } from '../../output/sanitize.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, toArray, type ChangeOptions } from '../resource.js';
import { shortType } from '../service/columns.js';
import { examples, idArgument, reportChange } from '../shared.js';

export interface SandboxPayOptions extends ChangeOptions {
  booking: string;
  /** Two fraction digits, as the API writes decimals. */
  amount: string;
}

/** The payment as the sandbox answers it (docs/sandbox.md). */
const PAYMENT_FIELDS = ['id', 'href', 'booking', 'amount', 'currency', 'date_created', 'status', 'reason', 'allocation'];

/** "500", "500.5", "500.50" → "500.50"; more than two decimals, signs and zero are refused. */
export function parseAmount(value: string, name = 'AMOUNT'): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match || Number(value) <= 0) throw new UsageError(`${name} must be a positive amount with at most two decimals, such as 250 or 250.00, got "${value}"`);
  return `${BigInt(match[1]!)}.${(match[2] ?? '').padEnd(2, '0')}`;
}

export function newPayCmd(f: Factory, runF: (opts: SandboxPayOptions) => Promise<void> = sandboxPayRun): Command {
  return new Command('pay')
    .summary('record a payment on a booking (confirms what it pays for)')
    .description(
      'Sandbox only: record a payment on a booking, in its currency. The sandbox applies it as the operator would: ' +
        'the money goes to the services waiting for it — departure services first (deposit, or full price where required), then activities, then flex plans ' +
        '(full price), each in the order they were added, passing over one it does not cover. Prints the payment as the sandbox answers it (with its allocation); ' +
        'on stderr, which services it confirmed and why the others are not, with the payment that would confirm each.',
    )
    .addArgument(idArgument('<booking>', 'booking id'))
    .argument('<amount>', 'amount in the booking currency, e.g. 250.00')
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples([
      'trek sandbox pay 200001 250.00',
      'trek sandbox pay "$B" "$(trek booking get "$B" -o json | jq -r .amount_owing)"   # pay in full',
    ]))
    .action(async (booking: string, amount: string, flags: { dryRun?: boolean }) => {
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), booking, amount: parseAmount(amount) });
    });
}

/** "Confirmed activity service 400011: it took 120.00 USD." */
const named = (s: PaidService) => `${shortType(s.type)} service ${sanitize(String(s.id))}`;

/**
 * What the payment did, by the sandbox's allocation rule (docs/sandbox.md): the services it
 * confirmed, each with what it took, then each service still waiting and why: the money left
 * did not reach it (and what payment now confirms it), or its tour is not confirmed.
 */
export function describeAllocation(allocation: PaymentAllocation, currency: string, booking: string): string[] {
  const lines = allocation.confirmed.map((s) => {
    const verb = s.status === 'Request Confirmation' ? 'Sent to the local office' : 'Confirmed';
    return `${verb}: ${named(s)} (took ${formatMoney(s.amount, currency)}).`;
  });
  const free = formatMoney(allocation.free_amount, currency);
  for (const s of allocation.waiting) {
    if (s.reason === 'DEPARTURE_SERVICE_NOT_CONFIRMED') {
      lines.push(`Not confirmed: ${named(s)} (${sanitize(String(s.status))}) waits for the departure service it covers to be confirmed.`);
      continue;
    }
    const more = s.payment_to_confirm ? `; paying ${formatMoney(s.payment_to_confirm, currency)} more confirms it (${sanitize(quote(['trek', 'sandbox', 'pay', booking, s.payment_to_confirm]))})` : '';
    lines.push(`Not confirmed: ${named(s)} (${sanitize(String(s.status))}) needs ${formatMoney(s.amount, currency)}; the booking has ${free} free${more}.`);
  }
  return lines;
}

/** Without the sandbox's allocation in the answer: the statuses of the booking's services now. */
async function statusesNow(client: ApiClient, booking: string): Promise<string> {
  const services = await toArray(listBookingServices(client, booking));
  return services.length ? ` Services now: ${services.map((s) => `${sanitize(String(s.id))} ${sanitize(s.status)}`).join(', ')}.` : '';
}

export async function sandboxPayRun(opts: SandboxPayOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, PAYMENT_FIELDS);
  if (opts.dryRun) return describeRequest(opts, createPaymentRequest(opts.booking, opts.amount));
  const client = await opts.api();
  const payment = await createPayment(client, opts.booking, opts.amount);
  opts.history.remember('booking', [{ id: opts.booking }]);
  const paid = `Paid ${formatMoney(payment.amount, payment.currency)} on booking ${sanitize(opts.booking)}.`;
  await reportChange(opts, payment.allocation ? [paid, ...describeAllocation(payment.allocation, payment.currency, opts.booking)].join('\n') : paid + (await statusesNow(client, opts.booking)));
  await renderChanged(opts.io, payment, opts.output, { xmlRoot: 'payment' });
}
