import { Command } from 'commander';
import { listBookingOverrides } from '../../api/resources/overrides.js';
import type { Factory } from '../../factory.js';
import { renderList } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import { keepWhileStreaming, resourceOptions, type ResourceOptions } from '../resource.js';
import { askBooking } from '../ask.js';
import { requireValue } from '../ask-or-refuse.js';
import { examples } from '../flags.js';
import { idOption } from '../ids.js';
import { overrideSummary, OVERRIDE_COLUMNS } from './view.js';

export interface OverrideListOptions extends ResourceOptions {
  /** Asked for on a terminal when missing. */
  booking?: string;
}

export function newOverrideListCmd(f: Factory, runF: (opts: OverrideListOptions) => Promise<void> = overrideListRun): Command {
  return new Command('list')
    .summary("a booking's overrides")
    .description('List the overrides of a booking: which requirement is waived for which customer, and why.')
    .addOption(idOption('--booking <id>', 'booking whose overrides to list'))
    .addHelpText(
      'after',
      examples([
        'trek override list --booking 200003',
        'trek override list --booking 200003 -o json | jq -r \'.[] | select(.requirement.code == "PASSPORT_INFORMATION") | .id\'',
        'trek override list --booking 200003 --fields id,customer.id,reason.code -o csv',
      ]),
    )
    .action(async (flags: { booking?: string }) => {
      await runF({ ...(await resourceOptions(f)), booking: flags.booking });
    });
}

export async function overrideListRun(opts: OverrideListOptions): Promise<void> {
  const booking = await requireValue(opts.booking, '--booking', opts.io, (p) => askBooking(p, opts), opts.prompter);
  const client = await opts.api();
  const { records, seen } = keepWhileStreaming(listBookingOverrides(client, booking));
  await renderList(opts.io, records, opts.output, { columns: OVERRIDE_COLUMNS, empty: `Booking ${sanitize(booking)} has no overrides.` });
  opts.history.remember(
    'override',
    seen.map((o) => ({ id: o.id, label: overrideSummary(o) })),
  );
  opts.history.remember('booking', [{ id: booking }]);
}
