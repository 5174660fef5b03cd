import { Command } from 'commander';
import { createActivityService, createServiceRequest, SERVICE_FIELDS, type BookedService, type ServiceCreate } from '../../api/resources/services.js';
import type { Factory } from '../../factory.js';
import { sanitize } from '../../output/sanitize.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, renderChangedList, resourceOptions } from '../resource.js';
import { requireValue } from '../ask-or-refuse.js';
import { reportChange } from '../destination.js';
import { examples } from '../flags.js';
import { idOption } from '../ids.js';
import { addedNote, rememberAdded, serviceCustomers, type AddServiceOptions } from './add-departure.js';
import { SERVICE_SUMMARY_COLUMNS, serviceRowsOf } from './columns.js';
import { bookingBeforeQuestions } from '../ask.js';
import { askActivity, warnOfOffTourActivities } from './activity-picker.js';

export interface AddActivityOptions extends AddServiceOptions {
  /** One service is created per activity, in order; asked for on a terminal when empty. */
  activities: string[];
}

export function newServiceAddActivityCmd(f: Factory, runF: (opts: AddActivityOptions) => Promise<void> = serviceAddActivityRun): Command {
  return new Command('add-activity')
    .summary('book activities on a booking that has a departure')
    .description(
      'Book an activity on a booking that has a departure service (the API refuses it otherwise, with TOUR_SERVICE_NOT_FOUND).\n\n' +
        'One activity service per --activity, created in order, each starting in Option. With one --activity the new service is printed; ' +
        'with several, the list of those created. If one fails, trek reports which were created and which were not, and stops.\n\n' +
        "On a terminal, a missing booking is asked for, the activity is picked from a list searched as you type, the booking's tour's activities (its places and dates) first; one off the tour is added only after a warning and a yes (given with --activity, it is added with the same warning on stderr). The customers are picked from the booking and recent customers.",
    )
    .addOption(idOption('--booking <id>', 'booking to add the service to'))
    .addOption(idOption('--activity <id>', 'activity to book (see: trek search activities); repeatable', { repeatable: true }))
    .addOption(idOption('--customer <id>', 'customer taking part; repeatable', { repeatable: true }))
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText(
      'after',
      examples([
        'trek service add-activity --booking 200001 --activity 500003 --customer 300001',
        'trek service add-activity --booking 200001 --activity 500003 --activity 500007 --customer 300001 --customer 300002 -o json',
      ]),
    )
    .action(async (flags: { booking?: string; activity?: string[]; customer?: string[]; dryRun?: boolean }) => {
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), booking: flags.booking, activities: flags.activity ?? [], customers: flags.customer ?? [] });
    });
}

export async function serviceAddActivityRun(opts: AddActivityOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, SERVICE_FIELDS);
  const booking = await bookingBeforeQuestions(opts, opts.booking, opts.activities.length === 0 || opts.customers.length === 0);
  const activities =
    opts.activities.length > 0
      ? opts.activities
      : [await requireValue(undefined, '--activity', opts.io, async (prompter) => askActivity(await opts.api(), prompter, { booking, io: opts.io }), opts.prompter)];
  const customers = await serviceCustomers(opts, booking);
  // --dry-run with every value given sends nothing, reads included.
  if (opts.activities.length > 0 && !opts.dryRun) await warnOfOffTourActivities(await opts.api(), opts.io, booking, activities);
  const bodies: ServiceCreate[] = activities.map((activity) => ({ booking: { id: booking }, product: { id: activity }, customers: customers.map((id) => ({ id })) }));
  if (opts.dryRun) {
    for (const body of bodies) await describeRequest(opts, createServiceRequest('activity_services', body));
    return;
  }

  const client = await opts.api();
  const created: BookedService[] = [];
  // Boxed, so that a thrown undefined still counts as a failure and is thrown on as it came.
  let failure: { error: unknown } | undefined;
  for (const body of bodies) {
    try {
      created.push(await createActivityService(client, body));
    } catch (error) {
      failure = { error };
      break;
    }
  }
  rememberAdded(opts, booking, created);
  for (const service of created) await reportChange(opts, addedNote(opts, service, booking));
  if (failure !== undefined && bodies.length > 1) opts.io.err.write(partialReport(activities, created, failure.error));
  if (created.length === 1 && bodies.length === 1) await renderChanged(opts.io, created[0], opts.output, { rows: await serviceRowsOf(client, created[0], opts.output), xmlRoot: 'service' });
  else if (created.length > 0) await renderChangedList(opts.io, created, opts.output, SERVICE_SUMMARY_COLUMNS);
  if (failure !== undefined) throw failure.error;
}

/** Which activities got a service and which did not, and why the first failed. */
function partialReport(activities: string[], created: BookedService[], failure: unknown): string {
  const madeFor = activities.slice(0, created.length);
  const failed = activities[created.length];
  const skipped = activities.slice(created.length + 1);
  const reason = failure instanceof Error ? failure.message : String(failure);
  const lines = [
    created.length
      ? `Created ${created.length} of ${activities.length} activity services: ${created.map((s, i) => `${sanitize(String(s.id))} (activity ${sanitize(madeFor[i])})`).join(', ')}.`
      : `Created none of the ${activities.length} activity services.`,
    `Not created: activity ${sanitize(failed)} (failed: ${sanitize(reason)})${skipped.length ? `; not attempted: ${skipped.map((a) => `activity ${sanitize(a)}`).join(', ')}` : ''}.`,
  ];
  return `${lines.join('\n')}\n`;
}
