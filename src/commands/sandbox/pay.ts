import { Command } from 'commander';
import { listBookingServices } from '../../api/resources/bookings.js';
import type { ApiClient, RequestOptions } from '../../api/client.js';
import {
  createPayment,
  createPaymentRequest,
  PAY_LINK_PREFIX,
  payLink,
  payLinkRequest,
  previewPayLink,
  previewPayment,
  type PaymentAllocation,
  type SandboxPayment,
} from '../../api/resources/sandbox.js';
import type { PaidService } from '../../api/resources/services.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { formatMoney } from '../../output/money.js';
import { sanitize } from '../../output/sanitize.js';
import type { Column } from '../../output/render.js';
import { checkFieldsBeforeChange, describeRequest, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { toArray } from '../../api/paginate.js';
import { shortType } from '../service/columns.js';
import { reportChange } from '../destination.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { RESOURCE_FIELDS } from '../../domain/contract-fields.js';
import { shellCommand } from '../../util/shell.js';

/** A payment link as given on the command line: its token, and the origin it names when the URL was absolute. */
export interface PaymentLinkTarget {
  token: string;
  origin: string | null;
}

/** A payment on a booking, or (`--link`) the payment of a payment link's amount. */
export type SandboxPayOptions = ChangeOptions &
  ({ booking: string; /** Two fraction digits, as the API writes decimals. */ amount: string; link?: undefined } | { link: PaymentLinkTarget; booking?: undefined; amount?: undefined });

/** The payment as a record: its scalars, with the amount in its currency and the booking's id. */
const PAYMENT_ROWS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'booking.id', header: 'BOOKING' },
  { field: 'amount', header: 'AMOUNT', format: (amount, payment) => formatMoney(amount, (payment as { currency?: unknown }).currency) },
  { field: 'status', header: 'STATUS' },
  { field: 'reason', header: 'REASON' },
  { field: 'date_created', header: 'DATE CREATED' },
];

const PAYMENT_FIELDS = RESOURCE_FIELDS.Payment;

const TOKEN_RE = /^[0-9a-f]{32}$/;

/**
 * A payment link's URL (a booking's `payment_links[].url`): absolute, or the path alone as the
 * sandbox writes it — `/_sandbox/pay/<token>`, nothing after it.
 */
export function parsePaymentLink(text: string): PaymentLinkTarget {
  const refuse = () =>
    new UsageError(`--link must be a payment link's URL, such as http://localhost${PAY_LINK_PREFIX}<token> (a booking's payment_links list holds them), got "${sanitize(text)}"`, undefined, {
      field: 'link',
    });
  let url: URL;
  try {
    url = new URL(text.trim(), 'http://relative.invalid');
  } catch {
    throw refuse();
  }
  const absolute = !text.trim().startsWith('/');
  if ((absolute && url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') throw refuse();
  const at = url.pathname.lastIndexOf(PAY_LINK_PREFIX);
  const token = at < 0 ? '' : url.pathname.slice(at + PAY_LINK_PREFIX.length).replace(/\/$/, '');
  if (!TOKEN_RE.test(token)) throw refuse();
  return { token, origin: absolute ? url.origin : null };
}

/** "500", "500.5", "500.50" → "500.50"; more than two decimals, signs and zero are refused. */
export function parseAmount(value: string, name = 'AMOUNT'): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match || Number(value) <= 0) throw new UsageError(`${name} must be a positive amount with at most two decimals, such as 250 or 250.00, got "${value}"`);
  return `${BigInt(match[1])}.${(match[2] ?? '').padEnd(2, '0')}`;
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
    .addArgument(idArgument('[booking]', 'booking id'))
    .argument('[amount]', 'amount in the booking currency, e.g. 250.00')
    .option('--link <url>', "pay a payment link instead: its URL from the booking's payment_links (pays the amount it is for)")
    .option('--dry-run', 'say what the payment would confirm (the sandbox makes it and rolls it back) and pay nothing')
    .addHelpText(
      'after',
      examples([
        'trek sandbox pay 200001 250.00',
        'trek sandbox pay 200001 250.00 --dry-run   # what it would confirm',
        'trek sandbox pay "$B" "$(trek booking get "$B" -o json | jq -r .amount_owing)"   # pay in full',
        'trek sandbox pay --link http://localhost/_sandbox/pay/0f1e2d3c4b5a69788796a5b4c3d2e1f0',
      ]),
    )
    .action(async (booking: string | undefined, amount: string | undefined, flags: { dryRun?: boolean; link?: string }) => {
      const dryRun = Boolean(flags.dryRun);
      if (flags.link !== undefined) {
        if (booking !== undefined) throw new UsageError('--link pays the amount of the link: give no BOOKING or AMOUNT with it', undefined, { field: 'link' });
        await runF({ ...(await resourceOptions(f)), dryRun, link: parsePaymentLink(flags.link) });
        return;
      }
      if (booking === undefined || amount === undefined)
        throw new UsageError(`trek sandbox pay needs a BOOKING and an AMOUNT (or --link URL)`, undefined, { field: booking === undefined ? 'booking' : 'amount' });
      await runF({ ...(await resourceOptions(f)), dryRun, booking, amount: parseAmount(amount) });
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
    const more = s.payment_to_confirm
      ? `; paying ${formatMoney(s.payment_to_confirm, currency)} more confirms it (${sanitize(shellCommand(['trek', 'sandbox', 'pay', booking, s.payment_to_confirm]))})`
      : '';
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
  if (opts.link) return payLinkRun(opts, opts.link);
  const client = await opts.api();
  if (opts.dryRun) return showPreview(opts, await previewPayment(client, opts.booking, opts.amount), opts.booking, createPaymentRequest(opts.booking, opts.amount));
  const payment = await createPayment(client, opts.booking, opts.amount);
  await reportPayment(opts, client, payment, opts.booking, `Paid ${formatMoney(payment.amount, payment.currency)} on booking ${sanitize(opts.booking)}.`);
}

/** The payment's summary (what it confirmed, or the services' statuses after it), then the payment. */
async function reportPayment(opts: ChangeOptions, client: ApiClient, payment: SandboxPayment, booking: string, paid: string): Promise<void> {
  opts.history.remember('booking', [{ id: booking }]);
  await reportChange(opts, payment.allocation ? [paid, ...describeAllocation(payment.allocation, payment.currency, booking)].join('\n') : paid + (await statusesNow(client, booking)));
  // Money is shown with its currency: the amount row says "250.00 CAD", and the booking by its id.
  await renderChanged(opts.io, payment, opts.output, { xmlRoot: 'payment', rows: PAYMENT_ROWS });
}

/**
 * --dry-run: what the payment would confirm, as the sandbox works it out by making the payment
 * and rolling it back — the same code that pays. On stderr in words; on stdout the request
 * (or, -o json, the payment as it would be, with its allocation).
 */
async function showPreview(opts: ChangeOptions, would: SandboxPayment, booking: string, request: RequestOptions): Promise<void> {
  const lines = would.allocation ? describeAllocation(would.allocation, would.currency, booking) : [];
  opts.io.err.write(`Dry run, nothing paid: paying ${formatMoney(would.amount, would.currency)} on booking ${sanitize(booking)} would do this.\n${lines.map((l) => `${l}\n`).join('')}`);
  if (opts.output.format === 'table') return describeRequest(opts, request);
  await renderChanged(opts.io, would, opts.output, { xmlRoot: 'payment', rows: PAYMENT_ROWS });
}

/** `--link`: pays the link on the profile's own sandbox; a link naming another server is refused before any request. */
async function payLinkRun(opts: ChangeOptions, link: PaymentLinkTarget): Promise<void> {
  const client = await opts.api();
  const here = new URL(client.baseUrl).origin;
  if (link.origin !== null && link.origin !== here) {
    throw new UsageError(`the payment link is on ${sanitize(link.origin)}, but this profile's sandbox is ${sanitize(here)}: pay it with the profile of that sandbox (--profile)`, undefined, {
      field: 'link',
    });
  }
  if (opts.dryRun) {
    const would = await previewPayLink(client, link.token);
    return showPreview(opts, would, String(would.booking.id), payLinkRequest(link.token));
  }
  const payment = await payLink(client, link.token);
  const booking = String(payment.booking.id);
  const through = payment.payment_link ? ` through payment link ${sanitize(String(payment.payment_link.id))}` : '';
  await reportPayment(opts, client, payment, booking, `Paid ${formatMoney(payment.amount, payment.currency)} on booking ${sanitize(booking)}${through}.`);
}
