import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newCheckinGetCmd } from './get.js';
import { newCheckinListCmd } from './list.js';

export function newCheckinCmd(f: Factory): Command {
  return new Command('checkin').addCommand(newCheckinGetCmd(f)).addCommand(newCheckinListCmd(f));
}
