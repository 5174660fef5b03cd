import { Command } from 'commander';
import { removeSubscription, removeSubscriptionRequest } from '../../../api/resources/webhooks.js';
import type { Factory } from '../../../factory.js';
import { sanitize } from '../../../output/sanitize.js';
import { describeRequest, DRY_RUN_HELP, resourceOptions, type ChangeOptions } from '../../resource.js';
import { reportChange } from '../../destination.js';
import { examples } from '../../flags.js';
import { idArgument } from '../../ids.js';

export interface WebhooksRemoveOptions extends ChangeOptions {
  id: string;
}

export function newWebhooksRemoveCmd(f: Factory, runF: (opts: WebhooksRemoveOptions) => Promise<void> = webhooksRemoveRun): Command {
  return new Command('remove')
    .summary('remove a webhook subscription and its deliveries')
    .description('Sandbox only: stop sending webhooks to subscription ID (as `trek sandbox webhooks list` shows it). Its deliveries go with it, those still waiting unsent.')
    .addArgument(idArgument('<id>', 'subscription id'))
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples(['trek sandbox webhooks remove 800001', "trek sandbox webhooks list -o json | jq -r '.[].id' | xargs -n1 trek sandbox webhooks remove"]))
    .action(async (id: string, flags: { dryRun?: boolean }) => {
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), id });
    });
}

export async function webhooksRemoveRun(opts: WebhooksRemoveOptions): Promise<void> {
  if (opts.dryRun) return describeRequest(opts, removeSubscriptionRequest(opts.id));
  await removeSubscription(await opts.api(), opts.id);
  await reportChange(opts, `Removed webhook subscription ${sanitize(opts.id)}`);
}
