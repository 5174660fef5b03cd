import { Command } from 'commander';
import { findService, SERVICE_TYPES } from '../../api/resources/services.js';
import type { Factory } from '../../factory.js';
import { renderItem } from '../../output/render.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { serviceRowsOf } from './columns.js';

export interface ServiceIdOptions extends ResourceOptions {
  id: string;
}

export function newServiceGetCmd(f: Factory, runF: (opts: ServiceIdOptions) => Promise<void> = serviceGetRun): Command {
  return new Command('get')
    .summary('show a service of any type')
    .description(
      'Show a booked service of any type: status and the statuses it can move to, option expiry, price, commission and deposit (in the booking currency), ' +
        'what a payment must be to confirm it and, once cancelled, the fee it kept; customers, flags, promotions and incomplete requirements.\n\n' +
        `The type need not be known: ${SERVICE_TYPES.join(', ')} are asked in that order, and the first answer that is not "not found" is shown.`,
    )
    .addArgument(idArgument('<id>', 'service id'))
    .addHelpText('after', examples(['trek service get 400001', 'trek service get 400001 -o json | jq .status_transitions', 'trek service get 400001 --fields status,option_expiry_date']))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function serviceGetRun(opts: ServiceIdOptions): Promise<void> {
  const client = await opts.api();
  const service = await findService(client, opts.id);
  opts.history.remember('service', [{ id: service.id, label: service.name }]);
  await renderItem(opts.io, service, opts.output, { rows: await serviceRowsOf(client, service, opts.output), xmlRoot: 'service' });
}
