import { Command } from 'commander';
import type { ApiClient } from '../../api/client.js';
import { listBookingServices } from '../../api/resources/bookings.js';
import { isBlocking, listBookingCheckins, type Checkin } from '../../api/resources/checkins.js';
import { createOverride, createOverrideRequest, listBookingOverrides, listOverrideReasons, OVERRIDE_FIELDS, type OverrideCreate } from '../../api/resources/overrides.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import type { Prompter } from '../../prompt/prompter.js';
import { rememberCheckins } from '../checkin/get.js';
import { readinessLine } from '../checkin/view.js';
import { customerLabel } from '../customer/view.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { toArray } from '../../api/paginate.js';
import { askBooking, recentChoice } from '../ask.js';
import { requireFlagsWithoutTerminal, requireValue } from '../ask-or-refuse.js';
import { reportChange } from '../destination.js';
import { examples } from '../flags.js';
import { idOption } from '../ids.js';
import { writeNotes } from '../stderr-notes.js';
import { askReason, checkReason, checkRequirement, parseCode, USUAL_REASON } from './codes.js';
import { overrideSummary, OVERRIDE_ROWS } from './view.js';

/** Each value left out is asked for on a terminal; --service defaults to the customer's services on the booking. */
export interface OverrideAddOptions extends ChangeOptions {
  booking?: string;
  customer?: string;
  services: string[];
  reason?: string;
  requirement?: string;
}

export function newOverrideAddCmd(f: Factory, runF: (opts: OverrideAddOptions) => Promise<void> = overrideAddRun): Command {
  return new Command('add')
    .summary("waive a customer's requirement with a reason; shows readiness before and after")
    .description(
      'Waive a requirement for a customer: record why it cannot be met (an override). The customer no longer needs it to be ' +
        "ready for travel. Prints the override; the customer's readiness before and after goes to stderr. " +
        'Without --service the override applies to every service of the booking the customer travels on. ' +
        'On a terminal, missing values are picked from lists (customers of the booking, their requirements, the reasons).',
    )
    .addOption(idOption('--booking <id>', 'booking of the customer'))
    .addOption(idOption('--customer <id>', 'customer the requirement is waived for'))
    .addOption(idOption('--service <id>', "service the override applies to; repeatable (default: all of the customer's services on the booking)", { repeatable: true }))
    .option('--reason <code>', 'why the requirement cannot be met (`trek override reasons` lists the codes)')
    .option('--requirement <code>', "requirement to waive, as the customer's checkin names it: PASSPORT_INFORMATION, PERSONAL_DETAILS, AGE_RESTRICTION… (not an item such as MIDDLE_NAME)")
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText(
      'after',
      examples([
        'trek override add --booking 200003 --customer 300001 --requirement PASSPORT_INFORMATION --reason PASSPORT_RENEWAL',
        'trek override add --booking 200003 --customer 300001 --service 400001 --requirement AGE_RESTRICTION --reason MINOR_TRAVELLER',
        'trek override add --booking 200003      # pick the customer, requirement and reason from lists',
        'ID=$(trek override add --booking "$B" --customer "$C" --requirement PASSPORT_INFORMATION --reason PASSPORT_RENEWAL -o json | jq -r .id)',
      ]),
    )
    .action(async (flags: { booking?: string; customer?: string; service?: string[]; reason?: string; requirement?: string; dryRun?: boolean }) => {
      await runF({
        ...(await resourceOptions(f)),
        dryRun: Boolean(flags.dryRun),
        booking: flags.booking,
        customer: flags.customer,
        services: flags.service ?? [],
        reason: flags.reason === undefined ? undefined : parseCode(flags.reason, '--reason'),
        requirement: flags.requirement === undefined ? undefined : parseCode(flags.requirement, '--requirement'),
      });
    });
}

const sameId = (a: unknown, b: string) => displayValue(a) === b;

function checkinOf(checkins: Checkin[], customerId: string): Checkin | undefined {
  return checkins.find((c) => sameId(c.customer?.id, customerId));
}

export async function overrideAddRun(opts: OverrideAddOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, OVERRIDE_FIELDS);
  requireFlagsWithoutTerminal(opts.io, [
    ['--booking', opts.booking],
    ['--customer', opts.customer],
    ['--requirement', opts.requirement],
    ['--reason', opts.reason],
  ]);
  const booking = await requireValue(opts.booking, '--booking', opts.io, (p) => askBooking(p, opts), opts.prompter);
  const client = await opts.api();
  // --dry-run with every value given sends nothing at all; otherwise the checkins give the
  // customers and requirements to pick from and the readiness before.
  const needCheckins = !opts.dryRun || opts.customer === undefined || opts.requirement === undefined;
  const checkins = needCheckins ? await toArray(listBookingCheckins(client, booking)) : [];
  const customer = await requireValue(opts.customer, '--customer', opts.io, (p) => askCustomer(p, checkins, booking, opts.history.recent('customer')), opts.prompter);
  const services = opts.services.length > 0 ? opts.services : await customerServices(opts, client, booking, customer);
  const before = checkinOf(checkins, customer);
  const requirement = await requireValue(opts.requirement, '--requirement', opts.io, (p) => askRequirement(p, before, customer), opts.prompter);
  await checkRequirement(requirement, { customer, booking }, checkins, () => toArray(listBookingOverrides(client, booking)));
  const reasons = opts.reason === undefined || !opts.dryRun ? await listOverrideReasons(client) : undefined;
  const reason = await requireValue(opts.reason, '--reason', opts.io, (p) => askReason(p, reasons, 'Reason', undefined, USUAL_REASON[requirement]), opts.prompter);
  checkReason(reason, reasons);

  const body: OverrideCreate = { booking: { id: booking }, customer: { id: customer }, services: services.map((id) => ({ id })), reason: { code: reason }, requirement: { code: requirement } };
  if (opts.dryRun) return describeRequest(opts, createOverrideRequest(body));

  const override = await createOverride(client, body);
  opts.history.remember('override', [{ id: override.id, label: overrideSummary(override) }]);
  const after = checkinOf(await toArray(listBookingCheckins(client, booking)), customer);
  rememberCheckins(opts, after ? [after] : []);
  const why = override.reason?.label ?? override.reason?.code ?? reason;
  await reportChange(opts, `Created override ${sanitize(String(override.id))}: ${sanitize(overrideSummary(override))} (${sanitize(displayValue(why))})`);
  if (before) await writeNotes(opts.io, [`Readiness before: ${readinessLine(before)}`], 'Readiness before: '.length);
  if (after) await writeNotes(opts.io, [`Readiness after:  ${readinessLine(after)}`], 'Readiness after:  '.length);
  await renderChanged(opts.io, override, opts.output, { rows: OVERRIDE_ROWS, xmlRoot: 'override' });
}

/** Every service of the booking the customer travels on; said on stderr, since the user did not name them. */
async function customerServices(opts: OverrideAddOptions, client: ApiClient, booking: string, customer: string): Promise<string[]> {
  const services = (await toArray(listBookingServices(client, booking))).filter((s) => Array.isArray(s.customers) && s.customers.some((c) => sameId(c?.id, customer)));
  if (services.length === 0) {
    throw new UsageError(
      `customer ${sanitize(customer)} travels on no service of booking ${sanitize(booking)}`,
      'Check --customer and --booking (`trek booking services BOOKING` lists who travels on what).',
    );
  }
  const ids = services.map((s) => displayValue(s.id));
  await writeNotes(opts.io, [`Applying to the customer's services on booking ${sanitize(booking)}: ${sanitize(ids.join(', '))}.`]);
  return ids;
}

/**
 * The booking's travellers with their readiness; the cursor starts on one not yet ready: the
 * customer last made or used when that one is, else the first (a complete one has nothing to waive).
 */
function askCustomer(prompter: Prompter, checkins: Checkin[], booking: string, recent: ReadonlyArray<{ id: string }>): Promise<string> {
  if (checkins.length === 0) throw new UsageError(`booking ${sanitize(booking)} has no customers on its services; nothing to waive`);
  const choices = checkins.map((c) => ({ name: sanitize(`${customerLabel(c.customer)} — ${readinessLine(c)}`), value: displayValue(c.customer?.id) }));
  const notReady = checkins.filter(isBlocking).map((c) => displayValue(c.customer?.id));
  return prompter.select('Customer', choices, recentChoice(recent, notReady) ?? notReady[0]);
}

/** The customer's requirements, those still incomplete first. */
function askRequirement(prompter: Prompter, checkin: Checkin | undefined, customer: string): Promise<string> {
  const requirements = checkin && Array.isArray(checkin.requirements) ? checkin.requirements : [];
  if (requirements.length === 0) throw new UsageError(`customer ${sanitize(customer)} has no requirement left to waive on this booking; give --requirement to try anyway`);
  const ordered = [...requirements].sort((a, b) => Number(b.INCOMPLETE?.length > 0) - Number(a.INCOMPLETE?.length > 0));
  return prompter.select(
    'Requirement to waive',
    ordered.map((r) => {
      const missing = Array.isArray(r.INCOMPLETE) && r.INCOMPLETE.length ? `incomplete: ${r.INCOMPLETE.map((i) => displayValue(i?.code)).join(', ')}` : 'complete';
      return { name: sanitize(`${displayValue(r.code)} — ${displayValue(r.name)} (${missing})`), value: displayValue(r.code) };
    }),
  );
}
