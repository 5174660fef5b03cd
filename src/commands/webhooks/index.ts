import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newListenCmd } from './listen.js';
import { newTriggerCmd } from './trigger.js';
import { newVerifyCmd } from './verify.js';

/** Its description is root.ts's, which root help shows too. */
export function newWebhooksCmd(f: Factory): Command {
  return new Command('webhooks').addCommand(newListenCmd(f)).addCommand(newVerifyCmd(f)).addCommand(newTriggerCmd(f));
}
