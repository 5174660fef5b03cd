import { Command } from 'commander';
import { ACTIVITIES, getActivity } from '../../api/resources/catalogue.js';
import type { Factory } from '../../factory.js';
import { renderItem } from '../../output/render.js';
import { readAsKind } from '../id-kind.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { ACTIVITY_ROWS } from './view.js';

export interface ActivityGetOptions extends ResourceOptions {
  id: string;
}

export function newActivityGetCmd(f: Factory, runF: (opts: ActivityGetOptions) => Promise<void> = activityGetRun): Command {
  return new Command('get')
    .summary('show an activity: place, duration, dates, prices')
    .description(
      'Show one activity (a product booked with `trek service add-activity`): where, how long, when it can be booked, its price ' +
        'per currency, commission and description.\n\n' +
        'An id of another kind is named as such ("400011 is an activity service; its activity is 500001"); exit 4 only for an id nothing has.',
    )
    .addArgument(idArgument('<id>', 'activity id'))
    .addHelpText('after', examples(['trek activity get 500001', 'trek activity get 500001 -o json | jq -r .prices.CAD']))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function activityGetRun(opts: ActivityGetOptions): Promise<void> {
  const client = await opts.api();
  const activity = await readAsKind(client, ACTIVITIES, opts.id, () => getActivity(client, opts.id));
  await renderItem(opts.io, activity, opts.output, { rows: ACTIVITY_ROWS, xmlRoot: 'activity' });
}
