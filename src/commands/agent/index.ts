import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newAgentGetCmd } from './get.js';
import { newAgentMeCmd } from './me.js';
import { newAgentUpdateCmd } from './update.js';

export function newAgentCmd(f: Factory): Command {
  return new Command('agent').addCommand(newAgentGetCmd(f)).addCommand(newAgentUpdateCmd(f)).addCommand(newAgentMeCmd(f));
}
