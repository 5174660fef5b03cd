import { Command } from 'commander';
import type { Factory } from '../../../factory.js';
import { newFaultsAddCmd } from './add.js';
import { newFaultsClearCmd } from './clear.js';
import { newFaultsListCmd } from './list.js';

export function newFaultsCmd(f: Factory): Command {
  return new Command('faults')
    .summary('inject errors, slow answers and dropped connections, to test error handling')
    .description(
      "Sandbox only: make the sandbox fail on purpose — the API's error statuses (429 with Retry-After, 500, 502, 503, 504, 424…), " +
        'slow answers and dropped connections — so you can test how your code (and trek) handles them. See docs/sandbox.md, "Fault injection".',
    )
    .addCommand(newFaultsAddCmd(f))
    .addCommand(newFaultsListCmd(f))
    .addCommand(newFaultsClearCmd(f));
}
