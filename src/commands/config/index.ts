import { Command } from 'commander';
import { SETTING_KEYS } from '../../config/settings.js';
import type { Factory } from '../../factory.js';
import { newConfigGetCmd } from './get.js';
import { newConfigListCmd } from './list.js';
import { newConfigSetCmd } from './set.js';
import { newConfigUnsetCmd } from './unset.js';

export function newConfigCmd(f: Factory): Command {
  return new Command('config')
    .description(`Read and change the settings that apply to every profile (${SETTING_KEYS.join(', ')}).`)
    .addCommand(newConfigGetCmd(f))
    .addCommand(newConfigSetCmd(f))
    .addCommand(newConfigUnsetCmd(f))
    .addCommand(newConfigListCmd(f));
}
