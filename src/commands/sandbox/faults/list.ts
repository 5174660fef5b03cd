import { Command } from 'commander';
import type { ApiClient } from '../../../api/client.js';
import { sandboxFaults } from '../../../api/resources/sandbox.js';
import type { Factory } from '../../../factory.js';
import type { IOStreams } from '../../../output/iostreams.js';
import { renderList, type OutputSpec } from '../../../output/render.js';
import { examples } from '../../flags.js';
import { outputSpec } from '../../output-spec.js';
import { FAULT_COLUMNS } from './view.js';

export interface FaultsListOptions {
  io: IOStreams;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
  /** Faults are an operator control (Factory.sandboxOperatorKey). */
  operatorKey: () => Promise<string>;
}

export function newFaultsListCmd(f: Factory, runF: (opts: FaultsListOptions) => Promise<void> = faultsListRun): Command {
  return new Command('list')
    .summary("list the sandbox's injected faults")
    .description(
      'Sandbox only: the faults the sandbox holds, in the order they were added (the first that matches a request answers it), ' +
        'with what is left of each --count. ' +
        'An operator control: on a `trek sandbox serve` sandbox it needs TREK_SANDBOX_OPERATOR_KEY (its operator_key).',
    )
    .addHelpText('after', examples(['trek sandbox faults list', "trek sandbox faults list -o json | jq '.[] | select(.status == 503)'"]))
    .action(async () => {
      await runF({ io: f.io, api: () => f.api(), output: await outputSpec(f), operatorKey: () => f.sandboxOperatorKey() });
    });
}

export async function faultsListRun(opts: FaultsListOptions): Promise<void> {
  const client = await opts.api();
  const operatorKey = await opts.operatorKey();
  await renderList(opts.io, sandboxFaults(client, operatorKey), opts.output, { columns: FAULT_COLUMNS, empty: 'No faults: the sandbox answers every request normally.' });
}
