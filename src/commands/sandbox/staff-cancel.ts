import { Command } from 'commander';
import { staffCancel, staffCancelRequest } from '../../api/resources/sandbox.js';
import { SERVICE_FIELDS } from '../../api/resources/services.js';
import type { Factory } from '../../factory.js';
import { sanitize } from '../../output/sanitize.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { serviceRowsOf } from '../service/columns.js';
import { serviceLabel } from '../service/status.js';
import { reportChange } from '../destination.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';

export interface StaffCancelOptions extends ChangeOptions {
  service: string;
  /** A staff action is an operator control (Factory.sandboxOperatorKey). */
  operatorKey: () => Promise<string>;
}

export function newStaffCancelCmd(f: Factory, runF: (opts: StaffCancelOptions) => Promise<void> = staffCancelRun): Command {
  return new Command('staff-cancel')
    .summary("complete a requested cancellation as the operator's staff")
    .description(
      "Sandbox only: act as the operator's staff and cancel a service whose cancellation was requested (Request Cancellation → Cancelled), " +
        'applying cancellation fees where the rules say so. Prints the service. ' +
        'An operator control: on a `trek sandbox serve` sandbox it needs TREK_SANDBOX_OPERATOR_KEY (its operator_key).',
    )
    .addArgument(idArgument('<service>', 'service id'))
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples(['trek service cancel 400001 --yes && trek sandbox staff-cancel 400001']))
    .action(async (service: string, flags: { dryRun?: boolean }) => {
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), service, operatorKey: () => f.sandboxOperatorKey() });
    });
}

export async function staffCancelRun(opts: StaffCancelOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, SERVICE_FIELDS);
  const operatorKey = await opts.operatorKey();
  if (opts.dryRun) return describeRequest(opts, staffCancelRequest(opts.service, operatorKey));
  const client = await opts.api();
  const service = await staffCancel(client, opts.service, operatorKey);
  opts.history.remember('service', [{ id: service.id, label: service.name }]);
  await reportChange(opts, `Staff cancelled ${serviceLabel(service)}: now ${sanitize(service.status)}`);
  await renderChanged(opts.io, service, opts.output, { rows: await serviceRowsOf(client, service, opts.output), xmlRoot: 'service' });
}
