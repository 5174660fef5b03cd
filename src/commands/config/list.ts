import { Command } from 'commander';
import { SETTING_KEYS, SETTINGS } from '../../config/settings.js';
import type { ConfigStore } from '../../config/store.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import { renderList, type Column, type OutputSpec } from '../../output/render.js';
import { examples } from '../flags.js';
import { outputSpec } from '../output-spec.js';

export interface ConfigListOptions {
  io: IOStreams;
  config: () => Promise<ConfigStore>;
  output: OutputSpec;
}

export function newConfigListCmd(f: Factory, runF: (opts: ConfigListOptions) => Promise<void> = configListRun): Command {
  return new Command('list')
    .alias('ls')
    .summary('list every setting with its value')
    .description('List every setting with its value (empty when not set) and what it does.')
    .addHelpText('after', examples(['trek config list', 'trek config list -o json']))
    .action(async () => {
      await runF({ io: f.io, config: () => f.config(), output: await outputSpec(f) });
    });
}

const COLUMNS: Column[] = [{ field: 'key' }, { field: 'value' }, { field: 'description' }];

export async function configListRun(opts: ConfigListOptions): Promise<void> {
  const store = await opts.config();
  const values = store.settings();
  const rows = SETTING_KEYS.map((key) => ({ key, value: values[key] ?? null, description: SETTINGS[key].description }));
  await renderList(opts.io, rows, opts.output, { columns: COLUMNS });
}
