import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newCustomerBookingsCmd } from './bookings.js';
import { newCustomerCreateCmd } from './create.js';
import { newCustomerGetCmd } from './get.js';

export function newCustomerCmd(f: Factory): Command {
  return new Command('customer')
    .addCommand(newCustomerCreateCmd(f))
    .addCommand(newCustomerGetCmd(f))
    .addCommand(newCustomerBookingsCmd(f));
}
