import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newOverrideAddCmd } from './add.js';
import { newOverrideGetCmd } from './get.js';
import { newOverrideListCmd } from './list.js';
import { newOverrideReasonsCmd } from './reasons.js';
import { newOverrideRemoveCmd } from './remove.js';
import { newOverrideUpdateCmd } from './update.js';

export function newOverrideCmd(f: Factory): Command {
  return new Command('override')
    .addCommand(newOverrideAddCmd(f))
    .addCommand(newOverrideGetCmd(f))
    .addCommand(newOverrideUpdateCmd(f))
    .addCommand(newOverrideRemoveCmd(f))
    .addCommand(newOverrideListCmd(f))
    .addCommand(newOverrideReasonsCmd(f));
}
