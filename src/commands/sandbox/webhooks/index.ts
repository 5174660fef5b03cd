import { Command } from 'commander';
import type { Factory } from '../../../factory.js';
import { newWebhooksAddCmd } from './add.js';
import { newWebhooksDeliveriesCmd } from './deliveries.js';
import { newWebhooksListCmd } from './list.js';
import { newWebhooksRemoveCmd } from './remove.js';
import { newWebhooksResendCmd } from './resend.js';

export function newSandboxWebhooksCmd(f: Factory): Command {
  return new Command('webhooks')
    .summary("subscribe receivers to the sandbox's webhook events and see what was delivered")
    .description(
      'Sandbox only: the sandbox sends a webhook for every change — bookings, services, customers, overrides, checkins, agencies, and departures when their availability changes — ' +
        'to the URLs your agency subscribed, signed with the subscribing key (X-Gapi-Signature) and retried until the receiver acknowledges (X-Application-SHA256). ' +
        'See docs/sandbox.md, "Webhooks"; `trek webhooks listen` runs a receiver for you.\n\n' +
        'A `trek sandbox serve` sends them as they happen. The built-in sandbox has no server: its webhooks wait in its outbox and go out while `trek webhooks listen` runs.',
    )
    .addCommand(newWebhooksAddCmd(f))
    .addCommand(newWebhooksListCmd(f))
    .addCommand(newWebhooksRemoveCmd(f))
    .addCommand(newWebhooksDeliveriesCmd(f))
    .addCommand(newWebhooksResendCmd(f));
}
