import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newDepartureGetCmd } from './get.js';

export function newDepartureCmd(f: Factory): Command {
  return new Command('departure').addCommand(newDepartureGetCmd(f));
}
