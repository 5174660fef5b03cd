import { Command } from 'commander';
import { getOverride, listOverrideReasons, OVERRIDE_FIELDS, updateOverride, updateOverrideRequest } from '../../api/resources/overrides.js';
import type { Factory } from '../../factory.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { requireFlagsWithoutTerminal, requireValue } from '../ask-or-refuse.js';
import { reportChange } from '../destination.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { askReason, checkReason, parseCode } from './codes.js';
import { overrideSummary, OVERRIDE_ROWS } from './view.js';

export interface OverrideUpdateOptions extends ChangeOptions {
  id: string;
  /** Picked from the reasons on a terminal when missing. */
  reason?: string;
}

export function newOverrideUpdateCmd(f: Factory, runF: (opts: OverrideUpdateOptions) => Promise<void> = overrideUpdateRun): Command {
  return new Command('update')
    .summary('change the reason of an override')
    .description('Change the reason of an override; the reason is all an override lets you change. To waive another requirement or ' + 'apply to other services, remove it and add a new one.')
    .addArgument(idArgument('<id>', 'override id'))
    .option('--reason <code>', 'the new reason (`trek override reasons` lists the codes)')
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples(['trek override update 640001 --reason INFO_AT_CHECKIN', 'trek override update 640001 --reason AGENT_VERIFIED --dry-run']))
    .action(async (id: string, flags: { reason?: string; dryRun?: boolean }) => {
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), id, reason: flags.reason === undefined ? undefined : parseCode(flags.reason, '--reason') });
    });
}

export async function overrideUpdateRun(opts: OverrideUpdateOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, OVERRIDE_FIELDS);
  requireFlagsWithoutTerminal(opts.io, [['--reason', opts.reason]]);
  const client = await opts.api();
  // Asked for, the reason starts on the override's own, read first: an override that does not
  // exist is said before the question, not after the answer.
  const current = opts.reason === undefined ? await getOverride(client, opts.id) : undefined;
  // --dry-run with --reason sends nothing at all; otherwise the reason is checked against the list.
  const reasons = opts.reason === undefined || !opts.dryRun ? await listOverrideReasons(client) : undefined;
  const reason = await requireValue(opts.reason, '--reason', opts.io, (p) => askReason(p, reasons, 'New reason', current?.reason?.code), opts.prompter);
  checkReason(reason, reasons);
  if (opts.dryRun) return describeRequest(opts, updateOverrideRequest(opts.id, reason));
  const override = await updateOverride(client, opts.id, reason);
  opts.history.remember('override', [{ id: override.id, label: overrideSummary(override) }]);
  await reportChange(opts, `Updated override ${sanitize(String(override.id))}: reason now ${sanitize(displayValue(override.reason?.label ?? override.reason?.code))}`);
  await renderChanged(opts.io, override, opts.output, { rows: OVERRIDE_ROWS, xmlRoot: 'override' });
}
