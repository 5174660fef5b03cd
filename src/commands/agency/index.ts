import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newAgencyGetCmd } from './get.js';
import { newAgencyUpdateCmd } from './update.js';

export function newAgencyCmd(f: Factory): Command {
  return new Command('agency')
    .description('Read and update agency profiles: address, e-mails, display name, communication preferences')
    .addCommand(newAgencyGetCmd(f))
    .addCommand(newAgencyUpdateCmd(f));
}
