import { Command } from 'commander';
import { findService, SERVICE_FIELDS } from '../../api/resources/services.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { canPrompt } from '../../output/iostreams.js';
import { sanitize } from '../../output/sanitize.js';
import { explainFlexCancelRefusal } from '../flex/rules.js';
import { checkFieldsBeforeChange, DRY_RUN_HELP, resourceOptions, type ChangeOptions } from '../resource.js';
import { confirmDestructive, examples, idArgument } from '../shared.js';
import { cancellationTarget, possibleNow, serviceLabel, whyNot } from './status.js';
import { applyStatus, unchanged } from './transition.js';

export interface ServiceCancelOptions extends ChangeOptions {
  id: string;
  yes: boolean;
}

export function newServiceCancelCmd(f: Factory, runF: (opts: ServiceCancelOptions) => Promise<void> = serviceCancelRun): Command {
  return new Command('cancel')
    .summary('cancel a service (asks first)')
    .description(
      "Cancel a service. Where the service's transitions allow it, it moves to Cancelled; otherwise cancellation is requested " +
        "(Request Cancellation) and the operator's staff cancel it, with fees if applicable. A hold never confirmed (Option, On Request, " +
        'Waitlisted) that can do neither is released instead: moved to Expired, without cancellation fees. trek says which on stderr.\n\n' +
        'Asks for confirmation; --yes skips the question and is required when not on a terminal.',
    )
    .addArgument(idArgument('<id>', 'service id'))
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples(['trek service cancel 400007', 'trek service cancel 400007 --yes -o json | jq -r .status', 'trek service cancel 400007 --dry-run']))
    .action(async (id: string, flags: { yes?: boolean; dryRun?: boolean }) => {
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), id, yes: Boolean(flags.yes) });
    });
}

export async function serviceCancelRun(opts: ServiceCancelOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, SERVICE_FIELDS);
  // With no one to ask and no --yes the answer is known: refuse before reading anything.
  const mustConfirm = !opts.dryRun && !opts.yes;
  if (mustConfirm && !canPrompt(opts.io)) await confirmDestructive(opts, `Cancel service ${sanitize(opts.id)}?`);

  const client = await opts.api();
  const service = await findService(client, opts.id);
  const flexRefusal = explainFlexCancelRefusal(service);
  if (flexRefusal) throw new UsageError(flexRefusal);
  if (service.status === 'Cancelled') return unchanged(opts, service, 'is already Cancelled');
  if (service.status === 'Request Cancellation') return unchanged(opts, service, "already has its cancellation requested; the operator's staff complete it");
  const target = cancellationTarget(service);
  if (!target) throw new UsageError(`cannot cancel ${serviceLabel(service)} (${sanitize(service.status)}): ${whyNot(service, 'Cancelled')}`, possibleNow(service));

  const outcome = OUTCOMES[target];
  if (mustConfirm) await confirmDestructive(opts, `Cancel ${serviceLabel(service)} "${sanitize(service.name)}" (${sanitize(service.status)})? It will be ${outcome.question}.`);
  await applyStatus(opts, client, service, target, outcome.note);
}

/** What each way of cancelling means, for the question asked and the note printed after. */
const OUTCOMES = {
  Cancelled: { question: 'cancelled', note: 'The service is cancelled.' },
  'Request Cancellation': {
    question: "moved to Request Cancellation; the operator's staff then cancel it, and fees may apply",
    note: "Cancellation requested: the operator's staff will cancel it (fees may apply).",
  },
  Expired: {
    question: 'released: moved to Expired, without cancellation fees (a hold that was never confirmed is not cancelled)',
    note: 'The hold is released, without cancellation fees.',
  },
} as const;
