import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { overrideListRun } from '../override/list.js';
import { resourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import type { BookingListOptions } from './services.js';

export function newBookingOverridesCmd(f: Factory, runF: (opts: BookingListOptions) => Promise<void> = bookingOverridesRun): Command {
  return new Command('overrides')
    .summary('list the overrides of a booking')
    .description('List the overrides of a booking: which requirement is waived for which customer, and why. The same list as `trek override list --booking ID`.')
    .addArgument(idArgument('<id>', 'booking id'))
    .addHelpText('after', examples(['trek booking overrides 200001', 'trek booking overrides 200001 -o json | jq -r ".[].id"']))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export function bookingOverridesRun(opts: BookingListOptions): Promise<void> {
  return overrideListRun({ ...opts, booking: opts.id });
}
