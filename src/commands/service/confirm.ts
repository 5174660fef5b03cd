import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { DRY_RUN_HELP, resourceOptions, type ChangeOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { serviceTransitionRun } from './transition.js';

export interface ServiceConfirmOptions extends ChangeOptions {
  id: string;
}

export function newServiceConfirmCmd(f: Factory, runF: (opts: ServiceConfirmOptions) => Promise<void> = serviceConfirmRun): Command {
  return new Command('confirm')
    .summary('confirm a service (needs the deposit paid)')
    .description(
      'Confirm a service (move it to Confirmed). The deposit must be paid first, or the full price when the service is flagged FULL_PAYMENT_REQUIRED_TO_BOOK; ' +
        "a flex plan service needs its full price. If Confirmed is not among the service's transitions now, trek says why and sends nothing. " +
        'A service a payment has already confirmed is left as it is.',
    )
    .addArgument(idArgument('<id>', 'service id'))
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples(['trek service confirm 400001', 'trek sandbox pay 200001 500.00 && trek service confirm 400001']))
    .action(async (id: string, flags: { dryRun?: boolean }) => {
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), id });
    });
}

export function serviceConfirmRun(opts: ServiceConfirmOptions): Promise<void> {
  return serviceTransitionRun({ ...opts, status: 'Confirmed' });
}
