import { Command } from 'commander';
import { incompleteRequirements, isBlocking, listBookingCheckins, readinessPagePath, type Checkin } from '../../api/resources/checkins.js';
import { listBookingOverrides } from '../../api/resources/overrides.js';
import type { Factory } from '../../factory.js';
import { renderList, type Column } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import { columnLines } from '../../output/grid.js';
import { makeTheme } from '../../output/theme.js';
import { getCustomer } from '../../api/resources/customers.js';
import { customerLabel } from '../customer/view.js';
import { ITEMS_JUDGED_BY_RECORD, readinessFixes, wrapComment } from './fixes.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { toArray } from '../../api/paginate.js';
import { askBooking } from '../ask.js';
import { requireValue } from '../ask-or-refuse.js';
import { examples } from '../flags.js';
import { idOption } from '../ids.js';
import { rememberCheckins } from './get.js';
import { CHECKIN_DELIMITED_COLUMNS, checkinMatrixColumns, wrapCommand } from './view.js';

export interface CheckinListOptions extends ResourceOptions {
  /** Asked for on a terminal when missing. */
  booking?: string;
  /** Only what still blocks travel. */
  incomplete: boolean;
}

export function newCheckinListCmd(f: Factory, runF: (opts: CheckinListOptions) => Promise<void> = checkinListRun): Command {
  return new Command('list')
    .summary('one row per customer of a booking: status and each requirement')
    .description(
      'List the checkins of a booking: one row per customer with the status and, per requirement, COMPLETE or the items still ' +
        'INCOMPLETE; requirements waived by an override show the reason. Each row has the path of the readiness page. ' +
        '--incomplete keeps only customers not yet ready and, for each, the requirements that still block travel (in every format).',
    )
    .addOption(idOption('--booking <id>', 'booking whose customers to show'))
    .option('--incomplete', 'only what still blocks travel')
    .addHelpText(
      'after',
      examples([
        'trek checkin list --booking 200003',
        'trek checkin list --booking 200003 --incomplete',
        "trek checkin list --booking 200003 --incomplete -o json | jq -r '.[].customer.id'",
        'trek checkin list --booking 200003 -o csv > readiness.csv',
      ]),
    )
    .action(async (flags: { booking?: string; incomplete?: boolean }) => {
      await runF({ ...(await resourceOptions(f)), booking: flags.booking, incomplete: Boolean(flags.incomplete) });
    });
}

/** The checkin cut down to what blocks travel. */
function blockingPart(checkin: Checkin): Checkin {
  return { ...checkin, requirements: incompleteRequirements(checkin) };
}

export async function checkinListRun(opts: CheckinListOptions): Promise<void> {
  const booking = await requireValue(opts.booking, '--booking', opts.io, (p) => askBooking(p, opts), opts.prompter);
  const client = await opts.api();
  const all = await toArray(listBookingCheckins(client, booking));
  const checkins = opts.incomplete ? all.filter(isBlocking).map(blockingPart) : all;
  rememberCheckins(opts, all);
  opts.history.remember('booking', [{ id: booking }]);

  let columns: Column[] = CHECKIN_DELIMITED_COLUMNS;
  if (opts.output.format === 'table' && !opts.output.fields) {
    // Waived requirements are gone from the checkins; the booking's overrides say which and why.
    const waived = new Map<string, string>();
    if (!opts.incomplete && checkins.length > 0) {
      for await (const o of listBookingOverrides(client, booking)) waived.set(`${displayValue(o.customer?.id)} ${displayValue(o.requirement?.code)}`, displayValue(o.reason?.code));
    }
    columns = checkinMatrixColumns(checkins, waived);
  }
  const empty =
    opts.incomplete && all.length > 0 ? `Every customer on booking ${sanitize(booking)} is ready for travel.` : `Booking ${sanitize(booking)} has no checkins: no customer is on its services yet.`;
  await renderList(opts.io, checkins, opts.output, { columns, empty });
  if (opts.output.format === 'table' && !opts.output.fields && checkins.length > 0) await printReadinessAndFixes(opts, booking, checkins);
}

/** Ids put into a command line to paste: plain ones only (server text never reaches a shell unchecked). */
const PLAIN_ID = /^[A-Za-z0-9_.-]+$/;

/**
 * Under the table: each customer's readiness page (a path too long to share a row with the
 * requirements at 80 columns), then, on a terminal, what completes what each customer is
 * missing (readinessFixes: an update, or an override where the fact on file is the reason),
 * broken to the terminal's width.
 */
async function printReadinessAndFixes(opts: CheckinListOptions, booking: string, checkins: Checkin[]): Promise<void> {
  const { io } = opts;
  const pages = checkins.map((c) => [sanitize(displayValue(c.customer?.id)), readinessPagePath(displayValue(c.id))]).filter(([, path]) => path !== '');
  if (pages.length > 0) io.out.write(`\n${makeTheme(opts.output.color).bold('Readiness pages')}\n${(await columnLines(pages)).join('\n')}\n`);
  if (!io.stderrIsTTY) return;
  const client = await opts.api();
  const fixes: string[] = [];
  for (const checkin of checkins) {
    const id = displayValue(checkin.customer?.id);
    const items = incompleteRequirements(checkin).flatMap((r) => (Array.isArray(r.INCOMPLETE) ? r.INCOMPLETE.map((item) => displayValue(item?.code)) : []));
    if (!PLAIN_ID.test(id) || !PLAIN_ID.test(booking) || items.length === 0) continue;
    // The record says which fix applies (a birth date, a title, a passport expiry on file); a hint without it is still a hint.
    const customer = items.some((item) => ITEMS_JUDGED_BY_RECORD.has(item)) ? await getCustomer(client, id).catch(() => undefined) : undefined;
    const fix = readinessFixes(booking, id, items, customer, checkin.expires);
    if (fix.reasons.length > 0) fixes.push(wrapComment(sanitize(`${customerLabel(checkin.customer)}: ${fix.reasons.join('; ')}`), io.columns));
    fixes.push(...fix.commands.map((words) => wrapCommand(words, io.columns)));
  }
  if (fixes.length > 0) io.err.write(`\nTo complete what is missing:\n${fixes.join('\n')}\n`);
}
