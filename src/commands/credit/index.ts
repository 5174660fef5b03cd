import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newCreditGetCmd } from './get.js';
import { newCreditListCmd } from './list.js';

export function newCreditCmd(f: Factory): Command {
  return new Command('credit').addCommand(newCreditListCmd(f)).addCommand(newCreditGetCmd(f));
}
