import { Command } from 'commander';
import type { ApiClient } from '../../api/client.js';
import { isHttpStatus, notFoundError } from '../../api/errors.js';
import { sandboxKeys } from '../../api/resources/sandbox.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import { renderList, type Column, type OutputSpec } from '../../output/render.js';
import { examples } from '../flags.js';
import { outputSpec } from '../output-spec.js';

export interface KeysOptions {
  io: IOStreams;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
  /** The key list is an operator control (Factory.sandboxOperatorKey). */
  operatorKey: () => Promise<string>;
}

const KEY_COLUMNS: Column[] = [
  { field: 'key', whole: true },
  { field: 'agent_id', header: 'AGENT' },
  { field: 'agent_name', header: 'NAME' },
  { field: 'agency_name', header: 'AGENCY' },
  // What each agent is for: read whole, so it wraps on a narrow terminal instead of being cut.
  { field: 'note', wrap: true },
];

export function newKeysCmd(f: Factory, runF: (opts: KeysOptions) => Promise<void> = keysRun): Command {
  return new Command('keys')
    .summary("list the sandbox's agents and their API keys")
    .description(
      "Sandbox only: list the sandbox's agents with their API keys, agency and what each is for (another agency, CEU, flex disabled…). " +
        'These are sandbox keys, printed on purpose; agents see only their own agency’s bookings. ' +
        'Every sandbox makes its own random keys when it is created; a reset keeps them. ' +
        'The list is an operator control: on a `trek sandbox serve` sandbox it needs TREK_SANDBOX_OPERATOR_KEY (its operator_key).',
    )
    .addHelpText('after', examples(['trek sandbox keys', 'TREK_API_KEY=$(trek sandbox keys -o json | jq -r \'.[] | select(.agency_name | test("Harbour")) | .key\') trek booking get 200001']))
    .action(async () => {
      await runF({ io: f.io, api: () => f.api(), output: await outputSpec(f), operatorKey: () => f.sandboxOperatorKey() });
    });
}

export async function keysRun(opts: KeysOptions): Promise<void> {
  const client = await opts.api();
  const operatorKey = await opts.operatorKey();
  try {
    await renderList(opts.io, sandboxKeys(client, operatorKey), opts.output, { columns: KEY_COLUMNS, empty: 'The sandbox has no agents.' });
  } catch (error) {
    // The path has no id in it: a 404 can only mean there is no sandbox behind this profile.
    if (!isHttpStatus(error, 404)) throw error;
    throw notFoundError('GET', error.url, `this profile's server is not a trek sandbox (it has no ${error.url}); use the built-in sandbox profile or a \`trek sandbox serve\` URL`);
  }
}
