import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { checkinListRun } from '../checkin/list.js';
import { resourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import type { BookingListOptions } from './services.js';

export function newBookingCheckinsCmd(f: Factory, runF: (opts: BookingListOptions) => Promise<void> = bookingCheckinsRun): Command {
  return new Command('checkins')
    .summary("list the customers' checkins of a booking")
    .description(
      "List the checkins of a booking: each customer's readiness for travel and, per requirement, what is still incomplete. " +
        'The same list as `trek checkin list --booking ID`, which can also narrow it to what still blocks travel (--incomplete).',
    )
    .addArgument(idArgument('<id>', 'booking id'))
    .addHelpText('after', examples(['trek booking checkins 200001', "trek booking checkins 200001 -o json | jq '.[] | {id, status}'"]))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export function bookingCheckinsRun(opts: BookingListOptions): Promise<void> {
  return checkinListRun({ ...opts, booking: opts.id, incomplete: false });
}
