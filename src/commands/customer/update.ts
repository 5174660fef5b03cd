import { Command } from 'commander';
import type { ApiClient } from '../../api/client.js';
import { listBookingCheckins, type Checkin } from '../../api/resources/checkins.js';
import { CUSTOMER_FIELDS, CUSTOMERS, displayName, getCustomer, listCustomerBookings, updateCustomer, updateCustomerRequest, type Customer } from '../../api/resources/customers.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import { readinessLine } from '../checkin/view.js';
import { readAsKind } from '../id-kind.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { toArray } from '../../api/paginate.js';
import { reportChange } from '../destination.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { writeNotes } from '../stderr-notes.js';
import { addCustomerFlags, customerToday, parseCustomerFlags, type CustomerFields, type CustomerFlags } from './flags.js';
import { CUSTOMER_ROWS } from './view.js';
import { referenceName } from '../../output/value.js';

export interface CustomerUpdateOptions extends ChangeOptions {
  id: string;
  /** The members to set, checked; only those that differ from the customer's are sent. */
  fields: CustomerFields;
}

export function newCustomerUpdateCmd(f: Factory, runF: (opts: CustomerUpdateOptions) => Promise<void> = customerUpdateRun): Command {
  const command = new Command('update')
    .summary("change a customer's details: names, birth, nationality, passport, meals, contacts, address")
    .description(
      "Change a customer's details: any field of the customer (spec §2.3) has a flag. Values are checked before anything is sent " +
        '(dates are real dates, a birth date is not in the future, a passport expires after it was issued); then only the ' +
        "members that differ from the customer as it is now are sent (PATCH), and the customer is printed; the customer's " +
        'readiness on each booking they travel on, before and after, goes to stderr.\n\n' +
        '--phone and --emergency-phone replace the whole list. `trek checkin list` ends with the update that completes what a ' +
        'checkin is missing.',
    )
    .addArgument(idArgument('<id>', 'customer id'));
  return addCustomerFlags(command, false)
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText(
      'after',
      examples([
        'trek customer update 300001 --middle-name Augusta --nationality British --passport-number 502135446 --passport-expiry-date +5y',
        "trek customer update 300001 --emergency-first-name Charles --emergency-last-name Babbage --emergency-phone 'MOBILE:+44 20 7946 0011'",
        'trek customer update 300001 --meal-preference vegetarian -o json | jq .meal_preference',
      ]),
    )
    .action(async (id: string, flags: CustomerFlags & { dryRun?: boolean }) => {
      const fields = parseCustomerFlags(flags, await customerToday(f, flags));
      if (Object.keys(fields).length === 0) throw new UsageError('nothing to change: give at least one field flag', 'See: trek customer update --help');
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), id, fields });
    });
}

/** Equal values; a reference the API sent (a nationality, a country) is the same as the text naming it or its id. */
function same(a: unknown, b: unknown): boolean {
  if (a !== null && typeof a === 'object' && !Array.isArray(a) && typeof b === 'string') {
    const { id } = a as { id?: unknown };
    return referenceName(a) === b || ((typeof id === 'string' || typeof id === 'number') && String(id) === b);
  }
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The members of `wanted` that differ from `current`: scalars and lists whole, objects (name,
 * passport, emergency contact, address) member by member.
 */
export function changedMembers(current: Customer, wanted: CustomerFields): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wanted)) {
    const now = (current as unknown as Record<string, unknown>)[key];
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const inner = Object.entries(value as Record<string, unknown>).filter(([member, v]) => !same((now as Record<string, unknown> | null)?.[member], v));
      if (inner.length > 0) changes[key] = Object.fromEntries(inner);
    } else if (!same(now, value)) changes[key] = value;
  }
  return changes;
}

/** The bookings the customer is on (their ids). */
async function customerBookingIds(client: ApiClient, customer: string): Promise<string[]> {
  return (await toArray(listCustomerBookings(client, customer))).map((b) => displayValue(b.id)).filter((id) => id !== '');
}

/**
 * The customer's checkin on each of `bookings` that has one (a booking where the customer
 * travels on nothing has none), as `override add` shows readiness before and after.
 */
async function readinessOn(client: ApiClient, bookings: readonly string[], customer: string): Promise<Map<string, Checkin>> {
  const found = new Map<string, Checkin>();
  for (const booking of bookings) {
    const checkin = (await toArray(listBookingCheckins(client, booking))).find((c) => displayValue(c.customer?.id) === customer);
    if (checkin) found.set(booking, checkin);
  }
  return found;
}

/** "name.legal_middle_name, nationality, passport.number": what a change touched. */
function memberPaths(changes: Record<string, unknown>): string {
  return Object.entries(changes)
    .flatMap(([key, value]) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).map((member) => `${key}.${member}`) : [key]))
    .join(', ');
}

export async function customerUpdateRun(opts: CustomerUpdateOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, CUSTOMER_FIELDS);
  const client = await opts.api();
  const current = await readAsKind(client, CUSTOMERS, opts.id, () => getCustomer(client, opts.id));
  const changes = changedMembers(current, opts.fields);
  const who = sanitize(String(current.id));
  if (Object.keys(changes).length === 0) {
    opts.io.err.write(`Customer ${who} already has these values; nothing was sent.\n`);
    if (!opts.dryRun) await renderChanged(opts.io, current, opts.output, { rows: CUSTOMER_ROWS, xmlRoot: 'customer' });
    return;
  }
  if (opts.dryRun) return describeRequest(opts, updateCustomerRequest(opts.id, changes));
  const bookings = await customerBookingIds(client, opts.id);
  const before = await readinessOn(client, bookings, opts.id);
  const customer = await updateCustomer(client, opts.id, changes);
  opts.history.remember('customer', [{ id: customer.id, label: displayName(customer.name) }]);
  await reportChange(opts, `Updated customer ${who}: ${sanitize(memberPaths(changes))}`);
  const after = await readinessOn(client, bookings, opts.id);
  for (const [booking, checkin] of after) {
    const was = before.get(booking);
    const on = `Readiness on booking ${sanitize(booking)}`;
    if (was) await writeNotes(opts.io, [`${on} before: ${readinessLine(was)}`], on.length + 9);
    await writeNotes(opts.io, [`${on} after:  ${readinessLine(checkin)}`], on.length + 9);
  }
  await renderChanged(opts.io, customer, opts.output, { rows: CUSTOMER_ROWS, xmlRoot: 'customer' });
}
