import { Command } from 'commander';
import { AGENT_FIELDS, agentName, updateAgent, updateAgentRequest, type AgentUpdate } from '../../api/resources/agents.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { sanitize } from '../../output/sanitize.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { reportChange } from '../destination.js';
import { collect, examples, parseEmail, parsePhone, parseText } from '../flags.js';
import { idArgument } from '../ids.js';
import { AGENT_ROWS } from './view.js';

export interface AgentUpdateOptions extends ChangeOptions {
  id: string;
  changes: AgentUpdate;
}

interface AgentFlags {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone: string[];
  username?: string;
  dryRun?: boolean;
}

export function newAgentUpdateCmd(f: Factory, runF: (opts: AgentUpdateOptions) => Promise<void> = agentUpdateRun): Command {
  return new Command('update')
    .summary("change an agent's name, e-mail, phones or username")
    .description(
      "Change an agent's profile: first and last name, e-mail, phone numbers and username, the fields the API lets you change. " +
        '--phone replaces the whole list of phone numbers. Prints the updated agent.',
    )
    .addArgument(idArgument('<id>', 'agent id'))
    .option('--first-name <name>', 'first name')
    .option('--last-name <name>', 'last name')
    .option('--email <address>', 'e-mail address')
    .option('--phone <type:number>', 'a phone number as TYPE:NUMBER; repeatable, replaces all numbers', collect, [])
    .option('--username <name>', 'username (no spaces)')
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText(
      'after',
      examples([
        'trek agent update 1 --email avery@mapleleaf.example',
        'trek agent update 1 --phone MOBILE:+1-416-555-0199 --phone BUSINESS:+1-416-555-0100',
        'trek agent update 2 --first-name Jordan --last-name Singh-Lee --dry-run',
      ]),
    )
    .action(async (id: string, flags: AgentFlags) => {
      const changes: AgentUpdate = {};
      if (flags.firstName !== undefined) changes.first_name = parseText(flags.firstName, '--first-name');
      if (flags.lastName !== undefined) changes.last_name = parseText(flags.lastName, '--last-name');
      if (flags.email !== undefined) changes.email = parseEmail(flags.email, '--email');
      if (flags.phone.length > 0) changes.phone_numbers = flags.phone.map((p) => parsePhone(p));
      if (flags.username !== undefined) {
        changes.username = parseText(flags.username, '--username');
        if (/\s/.test(changes.username)) throw new UsageError(`--username cannot contain spaces, got "${flags.username}"`);
      }
      if (Object.keys(changes).length === 0) throw new UsageError('nothing to update: give at least one of --first-name, --last-name, --email, --phone, --username');
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), id, changes });
    });
}

export async function agentUpdateRun(opts: AgentUpdateOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, AGENT_FIELDS);
  if (opts.dryRun) return describeRequest(opts, updateAgentRequest(opts.id, opts.changes));
  const agent = await updateAgent(await opts.api(), opts.id, opts.changes);
  opts.history.remember('agent', [{ id: agent.id, label: agentName(agent) }]);
  await reportChange(opts, `Updated agent ${sanitize(String(agent.id))}`);
  await renderChanged(opts.io, agent, opts.output, { rows: AGENT_ROWS, xmlRoot: 'agent' });
}
