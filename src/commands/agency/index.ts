import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newAgencyGetCmd } from './get.js';
import { newAgencyUpdateCmd } from './update.js';

export function newAgencyCmd(f: Factory): Command {
  return new Command('agency').addCommand(newAgencyGetCmd(f)).addCommand(newAgencyUpdateCmd(f));
}
