/**
 * What to pay to confirm a service that is waiting for money: the amount (the sandbox's
 * `payment_to_confirm`, which counts what the services paid before it take under the
 * allocation rule, docs/sandbox.md; else the deposit or full price), and, on a sandbox, the
 * `trek sandbox pay` line that pays it. Used where trek refuses a confirmation and where
 * `flex attach` says how to confirm the new plan.
 */
import type { ApiClient } from '../../api/client.js';
import { getBooking } from '../../api/resources/bookings.js';
import { whoami } from '../../api/resources/sandbox.js';
import type { BookedService } from '../../api/resources/services.js';
import { formatMoney, toCents } from '../../output/money.js';
import { sanitize } from '../../output/sanitize.js';
import { unlessNotFound } from '../../api/errors.js';
import { shortType } from './columns.js';
import { shellCommand } from '../../util/shell.js';

export interface Payable {
  serviceId: string;
  bookingId?: string;
  currency?: string;
  /** Undefined when the API states no amount (a real server sends neither extra). */
  amount?: string;
  /** "activity service 400011 (120.00 USD)" for each service a payment reaches first. */
  takenFirst: string[];
  /** The service's own requirement, when others are paid first. */
  own?: string;
  onSandbox: boolean;
}

/** What confirming this service needs from the service itself: its deposit (full price where required), a flex plan its price. */
function ownRequirement(service: BookedService): string | undefined {
  return service.deposit_amount ?? service.deposit ?? (service.type === 'flex_plan_services' ? (service.purchase_price ?? undefined) : undefined);
}

export async function payable(client: ApiClient, service: BookedService): Promise<Payable> {
  const bookingId = service.booking?.id === undefined ? undefined : String(service.booking.id);
  const [booking, sandbox] = await Promise.all([bookingId === undefined ? undefined : unlessNotFound(getBooking(client, bookingId)), whoami(client)]);
  const currency = booking?.currency;
  const needed = service.payment_to_confirm;
  const takenFirst = (needed?.taken_first ?? []).map((s) => `${shortType(s.type)} service ${sanitize(String(s.id))} (${formatMoney(s.amount, currency)})`);
  return {
    serviceId: String(service.id),
    ...(bookingId === undefined ? {} : { bookingId }),
    ...(currency === undefined ? {} : { currency }),
    ...((needed?.amount ?? ownRequirement(service)) ? { amount: needed?.amount ?? ownRequirement(service) } : {}),
    takenFirst,
    ...(takenFirst.length > 0 && ownRequirement(service) ? { own: ownRequirement(service) } : {}),
    onSandbox: sandbox !== undefined,
  };
}

/**
 * "Pay 887.76 USD on booking 200001: activity service 400011 (120.00 USD) is paid first
 * (payments go to departure services, then activities, then flex plans), then 767.76 USD for
 * this one. The payment confirms it." and, on a sandbox, the command that pays it.
 */
export function describePayable(p: Payable): string {
  const on = p.bookingId === undefined ? '' : ` on booking ${sanitize(p.bookingId)}`;
  if (p.amount === undefined) return `Pay the deposit (the full price where required)${on}; the payment confirms it.`;
  if (toCents(p.amount) === 0n) {
    // Money paid for other services but not yet held by them (a tour holds only its deposit) counts; the booking still owes its balance.
    return `No payment is needed to confirm it: money already paid${on} covers it (the booking still owes its balance by the due date); confirm it with: ${sanitize(shellCommand(['trek', 'service', 'confirm', p.serviceId]))}`;
  }
  let text = `Pay ${formatMoney(p.amount, p.currency)}${on}`;
  if (p.takenFirst.length > 0) {
    text +=
      `: ${p.takenFirst.join(', ')} ${p.takenFirst.length === 1 ? 'is' : 'are'} paid first (payments go to departure services, then activities, then flex plans)` +
      (p.own ? `, then ${formatMoney(p.own, p.currency)} for this one` : '');
  }
  text += '. The payment confirms it.';
  if (p.onSandbox && p.bookingId !== undefined) text += `\nOn the sandbox: ${sanitize(shellCommand(['trek', 'sandbox', 'pay', p.bookingId, p.amount]))}`;
  return text;
}
