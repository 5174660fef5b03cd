import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newServiceAddActivityCmd } from './add-activity.js';
import { newServiceAddDepartureCmd } from './add-departure.js';
import { newServiceCancelCmd } from './cancel.js';
import { newServiceConfirmCmd } from './confirm.js';
import { newServiceGetCmd } from './get.js';
import { newServiceTransitionCmd } from './transition.js';

export function newServiceCmd(f: Factory): Command {
  return new Command('service')
    .addCommand(newServiceAddDepartureCmd(f))
    .addCommand(newServiceAddActivityCmd(f))
    .addCommand(newServiceGetCmd(f))
    .addCommand(newServiceConfirmCmd(f))
    .addCommand(newServiceCancelCmd(f))
    .addCommand(newServiceTransitionCmd(f));
}
