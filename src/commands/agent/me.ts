import { Command } from 'commander';
import { getAgent } from '../../api/resources/agents.js';
import { whoami } from '../../api/resources/sandbox.js';
import { notFoundError } from '../../api/errors.js';
import type { Factory } from '../../factory.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { showAgent } from './get.js';

export function newAgentMeCmd(f: Factory, runF: (opts: ResourceOptions) => Promise<void> = agentMeRun): Command {
  return new Command('me')
    .summary('the agent your key belongs to (trek sandbox only)')
    .description(
      "Show the agent the API key belongs to. The operator's API has no endpoint that says who a key belongs to, so this " +
        'works with the trek sandbox only (it answers GET /_sandbox/whoami); elsewhere it says so and exits 4.',
    )
    .addHelpText('after', examples(['trek agent me', 'trek agent me -o json | jq -r .agency.id']))
    .action(async () => {
      await runF(await resourceOptions(f));
    });
}

export async function agentMeRun(opts: ResourceOptions): Promise<void> {
  const client = await opts.api();
  const me = await whoami(client);
  if (!me) {
    throw notFoundError(
      'GET',
      client.resolve('/_sandbox/whoami').href,
      `trek agent me is not available here: the API has no endpoint that tells whose key this is (${client.baseUrl} is not a trek sandbox); use \`trek agent get ID\``,
    );
  }
  await showAgent(opts, await getAgent(client, String(me.agent.id)));
}
