import { Command } from 'commander';
import { getCheckin, type Checkin } from '../../api/resources/checkins.js';
import type { Factory } from '../../factory.js';
import { renderItem } from '../../output/render.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { customerLabel } from '../customer/view.js';
import { CHECKIN_ROWS, REQUIREMENT_COLUMNS } from './view.js';

export interface CheckinGetOptions extends ResourceOptions {
  id: string;
}

export function newCheckinGetCmd(f: Factory, runF: (opts: CheckinGetOptions) => Promise<void> = checkinGetRun): Command {
  return new Command('get')
    .summary("one customer's readiness: requirements, items, readiness page")
    .description(
      "Show one customer's readiness for travel on a booking: status, each requirement with its complete and incomplete items, " +
        "and the path of the customer's readiness page on the operator's website (/goodtogo/<id>).",
    )
    .addArgument(idArgument('<id>', 'checkin id', '(an opaque hash; `trek checkin list --booking B` shows them)'))
    .addHelpText(
      'after',
      examples([
        'trek checkin get 3f9a0c2e7b1d4e5f6a7b8c9d',
        "trek checkin get 3f9a0c2e7b1d4e5f6a7b8c9d -o json | jq -r '.requirements[] | select(.INCOMPLETE | length > 0) | .code'",
        'trek checkin get 3f9a0c2e7b1d4e5f6a7b8c9d --fields status,expires',
      ]),
    )
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function checkinGetRun(opts: CheckinGetOptions): Promise<void> {
  const checkin = await getCheckin(await opts.api(), opts.id);
  rememberCheckins(opts, [checkin]);
  const requirements = Array.isArray(checkin.requirements) ? checkin.requirements : [];
  await renderItem(opts.io, checkin, opts.output, {
    rows: CHECKIN_ROWS,
    sections: [{ title: 'Requirements', columns: REQUIREMENT_COLUMNS, records: requirements }],
    xmlRoot: 'checkin',
  });
}

/** Checkin ids for completion, labelled with the customer's name. */
export function rememberCheckins(opts: Pick<ResourceOptions, 'history'>, checkins: Checkin[]): void {
  opts.history.remember(
    'checkin',
    checkins.map((c) => ({ id: c.id, label: customerLabel(c.customer) })),
  );
}
