import { Command } from 'commander';
import { clearFaults, clearFaultsRequest } from '../../../api/resources/sandbox.js';
import type { Factory } from '../../../factory.js';
import { describeRequest, DRY_RUN_HELP, resourceOptions, type ChangeOptions } from '../../resource.js';
import { reportChange } from '../../destination.js';
import { examples } from '../../flags.js';
import { idArgument } from '../../ids.js';

export interface FaultsClearOptions extends ChangeOptions {
  /** Undefined: every fault. */
  id?: string;
  /** Faults are an operator control (Factory.sandboxOperatorKey). */
  operatorKey: () => Promise<string>;
}

export function newFaultsClearCmd(f: Factory, runF: (opts: FaultsClearOptions) => Promise<void> = faultsClearRun): Command {
  return new Command('clear')
    .summary('remove injected faults: every one, or the one given')
    .description(
      'Sandbox only: remove every injected fault (or only fault ID, as `trek sandbox faults list` shows it): the sandbox answers normally again. ' +
        'An operator control: on a `trek sandbox serve` sandbox it needs TREK_SANDBOX_OPERATOR_KEY (its operator_key).',
    )
    .addArgument(idArgument('[id]', 'fault id'))
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples(['trek sandbox faults clear', 'trek sandbox faults clear 2']))
    .action(async (id: string | undefined, flags: { dryRun?: boolean }) => {
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), id, operatorKey: () => f.sandboxOperatorKey() });
    });
}

export async function faultsClearRun(opts: FaultsClearOptions): Promise<void> {
  const operatorKey = await opts.operatorKey();
  if (opts.dryRun) return describeRequest(opts, clearFaultsRequest(operatorKey, opts.id));
  const removed = await clearFaults(await opts.api(), operatorKey, opts.id);
  await reportChange(opts, opts.id === undefined ? `Cleared ${removed} fault${removed === 1 ? '' : 's'}: the sandbox answers normally` : `Fault ${opts.id} cleared`);
}
