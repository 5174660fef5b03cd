import { Command } from 'commander';
import type { ApiClient } from '../../../api/client.js';
import { listSubscriptions } from '../../../api/resources/webhooks.js';
import type { Factory } from '../../../factory.js';
import type { IOStreams } from '../../../output/iostreams.js';
import { renderList, type OutputSpec } from '../../../output/render.js';
import { examples } from '../../flags.js';
import { outputSpec } from '../../output-spec.js';
import { WEBHOOK_COLUMNS } from './view.js';

export interface WebhooksListOptions {
  io: IOStreams;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
}

export function newWebhooksListCmd(f: Factory, runF: (opts: WebhooksListOptions) => Promise<void> = webhooksListRun): Command {
  return new Command('list')
    .summary("list your agency's webhook subscriptions")
    .description("Sandbox only: your agency's webhook subscriptions, oldest first: where each sends and which events (`all` for every one).")
    .addHelpText('after', examples(['trek sandbox webhooks list', 'trek sandbox webhooks list -o json | jq -r \'.[] | select(.url | test("127.0.0.1")) | .id\'']))
    .action(async () => {
      await runF({ io: f.io, api: () => f.api(), output: await outputSpec(f) });
    });
}

export async function webhooksListRun(opts: WebhooksListOptions): Promise<void> {
  const client = await opts.api();
  await renderList(opts.io, listSubscriptions(client), opts.output, { columns: WEBHOOK_COLUMNS, empty: 'No webhook subscriptions: `trek sandbox webhooks add URL` makes one.' });
}
