import { Command } from 'commander';
import { agentName, getAgent, type Agent } from '../../api/resources/agents.js';
import type { Factory } from '../../factory.js';
import { renderItem } from '../../output/render.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { AGENT_ROWS } from './view.js';

export interface AgentGetOptions extends ResourceOptions {
  id: string;
}

export function newAgentGetCmd(f: Factory, runF: (opts: AgentGetOptions) => Promise<void> = agentGetRun): Command {
  return new Command('get')
    .summary("an agent's profile")
    .description("Show an agent's profile: name, username, e-mail, phone numbers, role, agency and whether the agent is active.")
    .addArgument(idArgument('<id>', 'agent id'))
    .addHelpText('after', examples(['trek agent get 1', 'trek agent get 1 -o json | jq -r .email', 'trek agent get 1 --fields first_name,last_name,agency.name']))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function agentGetRun(opts: AgentGetOptions): Promise<void> {
  await showAgent(opts, await getAgent(await opts.api(), opts.id));
}

export async function showAgent(opts: ResourceOptions, agent: Agent): Promise<void> {
  opts.history.remember('agent', [{ id: agent.id, label: agentName(agent) }]);
  await renderItem(opts.io, agent, opts.output, { rows: AGENT_ROWS, xmlRoot: 'agent' });
}
