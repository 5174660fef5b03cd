import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newCustomerBookingsCmd } from './bookings.js';
import { newCustomerCreateCmd } from './create.js';
import { newCustomerGetCmd } from './get.js';
import { newCustomerListCmd } from './list.js';
import { newCustomerUpdateCmd } from './update.js';

export function newCustomerCmd(f: Factory): Command {
  return new Command('customer')
    .addCommand(newCustomerCreateCmd(f))
    .addCommand(newCustomerGetCmd(f))
    .addCommand(newCustomerListCmd(f))
    .addCommand(newCustomerUpdateCmd(f))
    .addCommand(newCustomerBookingsCmd(f));
}
