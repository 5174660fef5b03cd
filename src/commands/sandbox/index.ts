import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newClockCmd } from './clock.js';
import { newKeysCmd } from './keys.js';
import { newPayCmd } from './pay.js';
import { newResetCmd } from './reset.js';
import { newServeCmd } from './serve.js';
import { newStaffCancelCmd } from './staff-cancel.js';

export function newSandboxCmd(f: Factory): Command {
  return new Command('sandbox')
    .summary('The built-in sandbox: serve it, reset it, list its keys; payments, clock, staff actions')
    .description(
      "The built-in sandbox: a stateful simulator of the operator's API, and the default profile when none is configured.\n\n" +
        'Serve it to your own code, start it over, list its keys, and drive what only the operator could: payments, time, staff cancellations.',
    )
    .addCommand(newServeCmd(f))
    .addCommand(newResetCmd(f))
    .addCommand(newKeysCmd(f))
    .addCommand(newPayCmd(f))
    .addCommand(newClockCmd(f))
    .addCommand(newStaffCancelCmd(f));
}
