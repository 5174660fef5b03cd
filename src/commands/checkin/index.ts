import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newCheckinGetCmd } from './get.js';
import { newCheckinListCmd } from './list.js';

export function newCheckinCmd(f: Factory): Command {
  return new Command('checkin')
    .description("Read customers' readiness for travel (checkins): what each requirement still needs")
    .addCommand(newCheckinGetCmd(f))
    .addCommand(newCheckinListCmd(f));
}
