import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newListenCmd } from './listen.js';
import { newTriggerCmd } from './trigger.js';
import { newVerifyCmd } from './verify.js';

export function newWebhooksCmd(f: Factory): Command {
  return new Command('webhooks')
    .summary('receive and verify webhooks, and emit test events')
    .description(
      'Webhooks tell you when something changed (a booking, a departure selling out), so you need not poll. ' +
        "trek receives them (listen), checks a body's signature in your scripts (verify) and emits test events through the sandbox (trigger). " +
        'The sandbox side (subscriptions, deliveries) is `trek sandbox webhooks`.',
    )
    .addCommand(newListenCmd(f))
    .addCommand(newVerifyCmd(f))
    .addCommand(newTriggerCmd(f));
}
