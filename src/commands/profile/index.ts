import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newProfileAddCmd } from './add.js';
import { newProfileListCmd } from './list.js';
import { newProfileRemoveCmd } from './remove.js';
import { newProfileShowCmd } from './show.js';
import { newProfileUseCmd } from './use.js';

export function newProfileCmd(f: Factory): Command {
  return new Command('profile').addCommand(newProfileAddCmd(f)).addCommand(newProfileListCmd(f)).addCommand(newProfileUseCmd(f)).addCommand(newProfileShowCmd(f)).addCommand(newProfileRemoveCmd(f));
}
