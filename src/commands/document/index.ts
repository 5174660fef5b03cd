import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newDocumentGetCmd } from './get.js';

export function newDocumentCmd(f: Factory): Command {
  return new Command('document').addCommand(newDocumentGetCmd(f));
}
