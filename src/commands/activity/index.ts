import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newActivityGetCmd } from './get.js';

export function newActivityCmd(f: Factory): Command {
  return new Command('activity').addCommand(newActivityGetCmd(f));
}
