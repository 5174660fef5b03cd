import { Command } from 'commander';
import type { ApiClient } from '../../api/client.js';
import { findService, SERVICE_FIELDS, SERVICE_STATUSES, setServiceStatus, setServiceStatusRequest, type BookedService, type ServiceStatus } from '../../api/resources/services.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { sanitize } from '../../output/sanitize.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { reportChange } from '../destination.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { serviceRowsOf } from './columns.js';
import { payable, describePayable } from './payable.js';
import { canMove, canonicalStatus, checkTransition, serviceLabel, whyNot } from './status.js';

export interface ServiceTransitionOptions extends ChangeOptions {
  id: string;
  status: ServiceStatus;
}

export function newServiceTransitionCmd(f: Factory, runF: (opts: ServiceTransitionOptions) => Promise<void> = serviceTransitionRun): Command {
  return new Command('transition')
    .summary('move a service to another status')
    .description(
      "Move a service to another status. The target must be one of the service's status_transitions now; if it is not, trek explains why and sends nothing.\n\n" +
        `Statuses (any case): ${SERVICE_STATUSES.join(', ')}.`,
    )
    .addArgument(idArgument('<id>', 'service id'))
    .argument('<status>', 'target status, e.g. Expired or "Request Cancellation"')
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples(['trek service transition 400001 Expired', 'trek service transition 400001 "request cancellation"', 'trek service transition 400001 confirmed --dry-run']))
    .action(async (id: string, status: string, flags: { dryRun?: boolean }) => {
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), id, status: canonicalStatus(status) });
    });
}

export async function serviceTransitionRun(opts: ServiceTransitionOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, SERVICE_FIELDS);
  const client = await opts.api();
  const service = await findService(client, opts.id);
  // Asking for the status a service already has is done, not wrong: a payment may have confirmed it.
  if (service.status === opts.status) return unchanged(opts, service, `is already ${opts.status}`);
  if (opts.status === 'Confirmed' && service.status === 'Option' && !canMove(service, 'Confirmed')) {
    // Waiting for money: what to pay is the way forward, not the other statuses it could move to (Expired).
    throw new UsageError(`cannot confirm ${serviceLabel(service)} yet: ${whyNot(service, 'Confirmed')}`, describePayable(await payable(client, service)));
  }
  checkTransition(service, opts.status);
  await applyStatus(opts, client, service, opts.status);
}

/** Nothing to send: says so on stderr and prints the service as it is. */
export async function unchanged(opts: ChangeOptions, service: BookedService, state: string): Promise<void> {
  opts.history.remember('service', [{ id: service.id, label: service.name }]);
  opts.io.err.write(`${capitalised(serviceLabel(service))} ${state}; nothing to change.\n`);
  if (!opts.dryRun) await renderChanged(opts.io, service, opts.output, { rows: await serviceRowsOf(await opts.api(), service, opts.output), xmlRoot: 'service' });
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What to say after a change, from the service as it is now; a fixed text or worked out (it may read more). */
export type ChangeNote = string | ((updated: BookedService) => Promise<string>);

/** Sends the status change (or describes it with --dry-run) and prints the service as it is now. */
export async function applyStatus(opts: ChangeOptions, client: ApiClient, service: BookedService, status: ServiceStatus, note?: ChangeNote): Promise<void> {
  if (opts.dryRun) return describeRequest(opts, setServiceStatusRequest(service, status));
  const updated = await setServiceStatus(client, service, status);
  opts.history.remember('service', [{ id: updated.id, label: updated.name }]);
  const said = typeof note === 'function' ? await note(updated) : note;
  await reportChange(opts, `Moved ${serviceLabel(updated)} from ${sanitize(service.status)} to ${sanitize(updated.status)}.${said ? `\n${said}` : ''}`);
  await renderChanged(opts.io, updated, opts.output, { rows: await serviceRowsOf(client, updated, opts.output), xmlRoot: 'service' });
}
