import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newClockCmd } from './clock.js';
import { newFaultsCmd } from './faults/index.js';
import { newKeysCmd } from './keys.js';
import { newPayCmd } from './pay.js';
import { newResetCmd } from './reset.js';
import { newServeCmd } from './serve.js';
import { newStaffCancelCmd } from './staff-cancel.js';
import { newSandboxWebhooksCmd } from './webhooks/index.js';

export function newSandboxCmd(f: Factory): Command {
  return new Command('sandbox')
    .addCommand(newServeCmd(f))
    .addCommand(newResetCmd(f))
    .addCommand(newKeysCmd(f))
    .addCommand(newPayCmd(f))
    .addCommand(newClockCmd(f))
    .addCommand(newStaffCancelCmd(f))
    .addCommand(newFaultsCmd(f))
    .addCommand(newSandboxWebhooksCmd(f));
}
