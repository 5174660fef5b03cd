import { Command } from 'commander';
import { getOverride } from '../../api/resources/overrides.js';
import type { Factory } from '../../factory.js';
import { renderItem } from '../../output/render.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { overrideSummary, OVERRIDE_ROWS } from './view.js';

export interface OverrideIdOptions extends ResourceOptions {
  id: string;
}

export function newOverrideGetCmd(f: Factory, runF: (opts: OverrideIdOptions) => Promise<void> = overrideGetRun): Command {
  return new Command('get')
    .summary('show an override: requirement, reason, customer, services')
    .description('Show an override: the requirement it waives, the reason, the customer, booking and services it applies to.')
    .addArgument(idArgument('<id>', 'override id'))
    .addHelpText('after', examples(['trek override get 640001', 'trek override get 640001 -o json | jq -r .reason.code']))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function overrideGetRun(opts: OverrideIdOptions): Promise<void> {
  const override = await getOverride(await opts.api(), opts.id);
  opts.history.remember('override', [{ id: override.id, label: overrideSummary(override) }]);
  await renderItem(opts.io, override, opts.output, { rows: OVERRIDE_ROWS, xmlRoot: 'override' });
}
