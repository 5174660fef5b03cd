import { Command } from 'commander';
import { getFlexAddons, getFlexPlanService } from '../../api/resources/flex.js';
import type { Factory } from '../../factory.js';
import { renderItem, renderList } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { resourceOptions } from '../resource.js';
import { ADDON_LIST_COLUMNS, ADDON_ROWS, withoutEmptyState } from './columns.js';
import type { FlexIdOptions } from './get.js';

export function newFlexAddonsCmd(f: Factory, runF: (opts: FlexIdOptions) => Promise<void> = flexAddonsRun): Command {
  return new Command('addons')
    .summary("list a flex plan service's addons: products and where to activate them")
    .description(
      'List the addons of a confirmed flex plan service: one per covered customer, with its products by category ' +
        '(ESIM, LUGGAGE_PROTECTION) and where to activate them (order), get help (support) and read the terms.\n\n' +
        'On a terminal the URLs are escaped: anything but printable ASCII is percent-encoded, so what is shown is where it leads.',
    )
    .addArgument(idArgument('<id>', 'flex plan service id'))
    .addHelpText('after', examples(['trek flex addons 400003', "trek flex addons 400003 -o json | jq -r '.[] | [.customer.id, .order_url] | @tsv'", 'trek flex addons 400003 -o csv']))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function flexAddonsRun(opts: FlexIdOptions): Promise<void> {
  const client = await opts.api();
  const service = await getFlexPlanService(client, opts.id);
  const addons = await getFlexAddons(client, service);
  opts.history.remember('flex', [{ id: service.id, label: service.name }]);
  if (opts.output.format !== 'table') {
    await renderList(opts.io, addons, opts.output, { columns: ADDON_LIST_COLUMNS });
    return;
  }
  if (addons.length === 0) {
    const why = service.status === 'Confirmed' ? '' : ` (it is ${sanitize(service.status)}; addons come with confirmation)`;
    opts.io.err.write(`Flex plan service ${sanitize(String(service.id))} has no addons${why}.\n`);
    return;
  }
  // A block per addon rather than a table row: the URLs are what the agent needs, and a table would cut them.
  for (const [i, addon] of addons.entries()) {
    if (i > 0) opts.io.out.write('\n');
    await renderItem(opts.io, addon, opts.output, { rows: withoutEmptyState(ADDON_ROWS, [addon]) });
  }
}
