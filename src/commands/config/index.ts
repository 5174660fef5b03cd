import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newConfigGetCmd } from './get.js';
import { newConfigListCmd } from './list.js';
import { newConfigSetCmd } from './set.js';
import { newConfigUnsetCmd } from './unset.js';

export function newConfigCmd(f: Factory): Command {
  return new Command('config').addCommand(newConfigGetCmd(f)).addCommand(newConfigSetCmd(f)).addCommand(newConfigUnsetCmd(f)).addCommand(newConfigListCmd(f));
}
