import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newFlexAddonsCmd } from './addons.js';
import { newFlexAttachCmd } from './attach.js';
import { newFlexGetCmd } from './get.js';
import { newFlexPlansCmd } from './plans.js';
import { newFlexTermsCmd } from './terms.js';

export function newFlexCmd(f: Factory): Command {
  return new Command('flex').addCommand(newFlexPlansCmd(f)).addCommand(newFlexAttachCmd(f)).addCommand(newFlexGetCmd(f)).addCommand(newFlexAddonsCmd(f)).addCommand(newFlexTermsCmd(f));
}
