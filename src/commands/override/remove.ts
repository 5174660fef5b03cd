import { Command } from 'commander';
import { listBookingCheckins } from '../../api/resources/checkins.js';
import { deleteOverride, deleteOverrideRequest, getOverride } from '../../api/resources/overrides.js';
import type { Factory } from '../../factory.js';
import { canPrompt } from '../../output/iostreams.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import { readinessLine } from '../checkin/view.js';
import { describeRequest, DRY_RUN_HELP, resourceOptions, type ChangeOptions } from '../resource.js';
import { toArray } from '../../api/paginate.js';
import { confirmDestructive } from '../ask-or-refuse.js';
import { reportChange } from '../destination.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { writeNotes } from '../stderr-notes.js';
import { overrideSummary } from './view.js';

export interface OverrideRemoveOptions extends ChangeOptions {
  id: string;
  yes: boolean;
}

export function newOverrideRemoveCmd(f: Factory, runF: (opts: OverrideRemoveOptions) => Promise<void> = overrideRemoveRun): Command {
  return new Command('remove')
    .summary('delete an override: the requirement applies again (asks first)')
    .description(
      'Delete an override: the requirement applies to the customer again. Prints nothing on stdout; what happened and the ' +
        "customer's readiness now go to stderr. Asks for confirmation; --yes skips the question and is required when not on a terminal.",
    )
    .addArgument(idArgument('<id>', 'override id'))
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples(['trek override remove 640001', 'trek override remove 640001 --yes', 'trek override remove 640001 --dry-run']))
    .action(async (id: string, flags: { yes?: boolean; dryRun?: boolean }) => {
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), id, yes: Boolean(flags.yes) });
    });
}

export async function overrideRemoveRun(opts: OverrideRemoveOptions): Promise<void> {
  if (opts.dryRun) return describeRequest(opts, deleteOverrideRequest(opts.id));
  // With no one to ask and no --yes the answer is known: refuse before reading anything.
  if (!opts.yes && !canPrompt(opts.io)) await confirmDestructive(opts, `Remove override ${sanitize(opts.id)}?`);
  const client = await opts.api();
  const override = await getOverride(client, opts.id);
  await confirmDestructive(opts, `Remove override ${sanitize(String(override.id))} (${sanitize(overrideSummary(override))})? The requirement will apply again.`);
  await deleteOverride(client, opts.id);
  await reportChange(opts, `Removed override ${sanitize(String(override.id))}; ${sanitize(displayValue(override.requirement?.code))} applies again`);
  const bookingId = displayValue(override.booking?.id);
  const checkin = (await toArray(listBookingCheckins(client, bookingId))).find((c) => displayValue(c.customer?.id) === displayValue(override.customer?.id));
  if (checkin) await writeNotes(opts.io, [`Readiness now: ${readinessLine(checkin)}`], 'Readiness now: '.length);
}
