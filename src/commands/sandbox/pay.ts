import { Command } from 'commander';
import { listBookingServices } from '../../api/resources/bookings.js';
import { createPayment, createPaymentRequest } from '../../api/resources/sandbox.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { sanitize } from '../../output/sanitize.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, toArray, type ChangeOptions } from '../resource.js';
import { examples, idArgument, reportChange } from '../shared.js';

export interface SandboxPayOptions extends ChangeOptions {
  booking: string;
  /** Two fraction digits, as the API writes decimals. */
  amount: string;
}

/** The payment as the sandbox answers it (docs/sandbox.md). */
const PAYMENT_FIELDS = ['id', 'href', 'booking', 'amount', 'currency', 'date_created', 'status'];

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
        'a paid deposit (or full price where required) confirms services in Option. Prints the payment; the statuses of the services after it go to stderr.',
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

export async function sandboxPayRun(opts: SandboxPayOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, PAYMENT_FIELDS);
  if (opts.dryRun) return describeRequest(opts, createPaymentRequest(opts.booking, opts.amount));
  const client = await opts.api();
  const payment = await createPayment(client, opts.booking, opts.amount);
  opts.history.remember('booking', [{ id: opts.booking }]);
  // What the payment did: the statuses of the booking's services now.
  const services = await toArray(listBookingServices(client, opts.booking));
  const statuses = services.map((s) => `${sanitize(String(s.id))} ${sanitize(s.status)}`).join(', ');
  await reportChange(opts, `Paid ${sanitize(payment.amount)} ${sanitize(payment.currency)} on booking ${sanitize(opts.booking)}.${services.length ? ` Services now: ${statuses}.` : ''}`);
  await renderChanged(opts.io, payment, opts.output, { xmlRoot: 'payment' });
}
