import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { newBookingCheckinsCmd } from './checkins.js';
import { newBookingCreateCmd } from './create.js';
import { newBookingDocumentsCmd } from './documents.js';
import { newBookingGetCmd } from './get.js';
import { newBookingLinkedCmd } from './linked.js';
import { newBookingListCmd } from './list.js';
import { newBookingOverridesCmd } from './overrides.js';
import { newBookingServicesCmd } from './services.js';
import { newBookingStatementCmd } from './statement.js';
import { newBookingUpdateCmd } from './update.js';

export function newBookingCmd(f: Factory): Command {
  return new Command('booking')
    .addCommand(newBookingCreateCmd(f))
    .addCommand(newBookingGetCmd(f))
    .addCommand(newBookingListCmd(f))
    .addCommand(newBookingUpdateCmd(f))
    .addCommand(newBookingServicesCmd(f))
    .addCommand(newBookingOverridesCmd(f))
    .addCommand(newBookingCheckinsCmd(f))
    .addCommand(newBookingStatementCmd(f))
    .addCommand(newBookingDocumentsCmd(f))
    .addCommand(newBookingLinkedCmd(f));
}
