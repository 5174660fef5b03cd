import { Command } from 'commander';
import { DELIVERY_FIELDS, resend, resendRequest } from '../../../api/resources/webhooks.js';
import type { Factory } from '../../../factory.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../../resource.js';
import { reportChange } from '../../destination.js';
import { examples } from '../../flags.js';
import { idArgument } from '../../ids.js';
import { DELIVERY_COLUMNS, describeDelivery } from './view.js';

export interface WebhooksResendOptions extends ChangeOptions {
  deliveryId: string;
}

export function newWebhooksResendCmd(f: Factory, runF: (opts: WebhooksResendOptions) => Promise<void> = webhooksResendRun): Command {
  return new Command('resend')
    .summary('send a delivery’s events again, as a new delivery')
    .description(
      'Sandbox only: queue the events of DELIVERY_ID (delivered or failed, as `trek sandbox webhooks deliveries` shows it) again, as a new delivery to the same subscription. ' +
        'The events keep their ids, so a receiver that guards against replays recognises them.',
    )
    .addArgument(idArgument('<delivery_id>', 'delivery id'))
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples(['trek sandbox webhooks resend 810004', 'trek sandbox webhooks resend 810004 -o json | jq -r .status']))
    .action(async (deliveryId: string, flags: { dryRun?: boolean }) => {
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), deliveryId });
    });
}

export async function webhooksResendRun(opts: WebhooksResendOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, DELIVERY_FIELDS);
  if (opts.dryRun) return describeRequest(opts, resendRequest(opts.deliveryId));
  const delivery = await resend(await opts.api(), opts.deliveryId);
  await reportChange(opts, `Queued ${describeDelivery(delivery)}`);
  await renderChanged(opts.io, delivery, opts.output, { rows: DELIVERY_COLUMNS, xmlRoot: 'delivery' });
}
