import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newFlexAddonsCmd } from './addons.js';
import { newFlexAttachCmd } from './attach.js';
import { newFlexGetCmd } from './get.js';
import { newFlexPlansCmd } from './plans.js';
import { newFlexTermsCmd } from './terms.js';

export function newFlexCmd(f: Factory): Command {
  return new Command('flex')
    .description('Flex plans: see what a departure offers, attach a plan to a departure service (checked against the rules first), read its addons and the cancellation terms it brings')
    .addCommand(newFlexPlansCmd(f))
    .addCommand(newFlexAttachCmd(f))
    .addCommand(newFlexGetCmd(f))
    .addCommand(newFlexAddonsCmd(f))
    .addCommand(newFlexTermsCmd(f));
}
