import { Command } from 'commander';
import type { ApiClient } from '../../../api/client.js';
import { listDeliveries } from '../../../api/resources/webhooks.js';
import type { Factory } from '../../../factory.js';
import type { IOStreams } from '../../../output/iostreams.js';
import { renderList, type OutputSpec } from '../../../output/render.js';
import { examples } from '../../flags.js';
import { idArgument } from '../../ids.js';
import { outputSpec } from '../../output-spec.js';
import { DELIVERY_COLUMNS } from './view.js';

export interface WebhooksDeliveriesOptions {
  io: IOStreams;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
  id: string;
}

export function newWebhooksDeliveriesCmd(f: Factory, runF: (opts: WebhooksDeliveriesOptions) => Promise<void> = webhooksDeliveriesRun): Command {
  return new Command('deliveries')
    .summary("a subscription's delivery log: status, attempts, last error")
    .description(
      'Sandbox only: what the sandbox sent to subscription ID, newest first — each delivery with its events, its status ' +
        '(pending, retrying, delivered, failed), the attempts made, the receiver’s last HTTP status and why the last attempt failed, and when the next one is due. ' +
        'The sandbox keeps the last 100 finished deliveries of each subscription. With -o json each delivery carries its events whole.',
    )
    .addArgument(idArgument('<id>', 'subscription id'))
    .addHelpText(
      'after',
      examples([
        'trek sandbox webhooks deliveries 800001',
        'trek sandbox webhooks deliveries 800001 -o json | jq -r \'.[] | select(.status == "failed") | .id\' | xargs -n1 trek sandbox webhooks resend',
      ]),
    )
    .action(async (id: string) => {
      await runF({ io: f.io, api: () => f.api(), output: await outputSpec(f), id });
    });
}

export async function webhooksDeliveriesRun(opts: WebhooksDeliveriesOptions): Promise<void> {
  const client = await opts.api();
  await renderList(opts.io, listDeliveries(client, opts.id), opts.output, { columns: DELIVERY_COLUMNS, empty: 'No deliveries yet: nothing this subscription wants has changed.' });
}
