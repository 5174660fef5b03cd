import { Command } from 'commander';
import { findDatedService, SERVICE_FIELDS } from '../../api/resources/services.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { canPrompt } from '../../output/iostreams.js';
import { sanitize } from '../../output/sanitize.js';
import { explainFlexCancelRefusal } from '../../api/flex-rules.js';
import { checkFieldsBeforeChange, resourceOptions, type ChangeOptions } from '../resource.js';
import { confirmDestructive } from '../ask-or-refuse.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { writeWrapped } from '../stderr-notes.js';
import { renderItem } from '../../output/render.js';
import { cancellationTarget, possibleNow, serviceLabel, whyNot } from './status.js';
import { cancellationCost, costJson, describeCost, describeOutcome } from './cost.js';
import { applyStatus, unchanged } from './transition.js';

export interface ServiceCancelOptions extends ChangeOptions {
  id: string;
  yes: boolean;
  /** This machine's clock, used when the server sends no Date header. */
  now: () => Date;
}

export function newServiceCancelCmd(f: Factory, runF: (opts: ServiceCancelOptions) => Promise<void> = serviceCancelRun): Command {
  return new Command('cancel')
    .summary('cancel a service (asks first)')
    .description(
      "Cancel a service. Where the service's transitions allow it, it moves to Cancelled; otherwise cancellation is requested " +
        "(Request Cancellation) and the operator's staff cancel it, with fees if applicable. A hold never confirmed (Option, On Request, " +
        'Waitlisted) that can do neither is released instead: moved to Expired, without cancellation fees. trek says which on stderr.\n\n' +
        "Before asking (and with --dry-run), trek shows on stderr what cancelling does to the booking's money today (the server's date): the window of the service's " +
        'cancellation terms, the fee kept, the money back to the customer, the travel credit issued and what the booking owes after — worked out by the rule the sandbox ' +
        "applies, and marked an estimate on any other server. A tour's activities left on the booking are named, with the command that cancels them too. " +
        'After it, the same four figures as the API states them, with the refund and credit made. stdout carries the service as the API returns it; ' +
        'with --dry-run and -o json, the preview as one JSON object (fee, money_back, travel_credit, owing_after, left_behind).\n\n' +
        'Asks for confirmation; --yes skips the question and is required when not on a terminal.',
    )
    .addArgument(idArgument('<id>', 'service id'))
    .option('-y, --yes', 'do not ask for confirmation')
    .option('--dry-run', 'show what cancelling does to the money and send nothing (on a terminal also the request; -o json: the preview as JSON)')
    .addHelpText('after', examples(['trek service cancel 400007', 'trek service cancel 400007 --yes -o json | jq -r .status', 'trek service cancel 400007 --dry-run']))
    .action(async (id: string, flags: { yes?: boolean; dryRun?: boolean }) => {
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), id, yes: Boolean(flags.yes), now: () => f.now() });
    });
}

export async function serviceCancelRun(opts: ServiceCancelOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, SERVICE_FIELDS);
  const mustConfirm = !opts.dryRun && !opts.yes;
  const client = await opts.api();
  const { service, serverNow } = await findDatedService(client, opts.id);
  const flexRefusal = explainFlexCancelRefusal(service);
  if (flexRefusal) throw new UsageError(flexRefusal);
  // A service already on its way out is said so, with or without --yes: there is nothing to confirm.
  if (service.status === 'Cancelled') return unchanged(opts, service, 'is already Cancelled');
  if (service.status === 'Request Cancellation') return unchanged(opts, service, "already has its cancellation requested; the operator's staff complete it");
  const target = cancellationTarget(service);
  if (!target) throw new UsageError(`cannot cancel ${serviceLabel(service)} (${sanitize(service.status)}): ${whyNot(service, 'Cancelled')}`, possibleNow(service));
  // With no one to ask and no --yes the answer is known: refuse before working out the cost.
  if (mustConfirm && !canPrompt(opts.io)) await confirmDestructive(opts, `Cancel service ${sanitize(opts.id)}?`);

  const cost = await cancellationCost(client, service, target, serverNow, opts.now());
  await writeWrapped(opts.io, describeCost(service, target, cost));
  if (opts.dryRun && opts.output.format !== 'table') return renderItem(opts.io, costJson(service, cost), opts.output, { xmlRoot: 'cancellation' });
  if (mustConfirm) await confirmDestructive(opts, `Cancel ${serviceLabel(service)} "${sanitize(service.name ?? '')}" (${sanitize(service.status)})? It will be ${QUESTIONS[target]}.`);
  await applyStatus(opts, client, service, target, (updated) => describeOutcome(client, updated, cost));
}

/** What each way of cancelling means, for the question asked. */
const QUESTIONS = {
  Cancelled: 'cancelled',
  'Request Cancellation': "moved to Request Cancellation; the operator's staff then cancel it, and the fee applies then",
  Expired: 'released: moved to Expired, without cancellation fees (a hold that was never confirmed is not cancelled)',
} as const;
