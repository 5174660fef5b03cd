import { Command } from 'commander';
import { assertSettingKey, SETTING_KEYS, type SettingKey } from '../../config/settings.js';
import type { ConfigStore } from '../../config/store.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import { renderItem, type OutputSpec } from '../../output/render.js';
import { examples } from '../flags.js';
import { outputSpec } from '../output-spec.js';

export interface ConfigGetOptions {
  io: IOStreams;
  config: () => Promise<ConfigStore>;
  output: OutputSpec;
  key: SettingKey;
}

export function newConfigGetCmd(f: Factory, runF: (opts: ConfigGetOptions) => Promise<void> = configGetRun): Command {
  return new Command('get')
    .summary('print one setting')
    .description('Print the value of one setting (nothing when it is not set).')
    .argument('<key>', `setting: ${SETTING_KEYS.join(', ')}`)
    .addHelpText('after', examples(['trek config get output', 'trek config get timeout -o json | jq -r .value']))
    .action(async (key: string) => {
      await runF({ io: f.io, config: () => f.config(), output: await outputSpec(f), key: assertSettingKey(key) });
    });
}

export async function configGetRun(opts: ConfigGetOptions): Promise<void> {
  const value = (await opts.config()).getSetting(opts.key);
  // A table of one scalar is just the scalar: print it bare so people (and $(…)) read it at once.
  if (opts.output.format === 'table' && !opts.output.fields) {
    if (value !== undefined) opts.io.out.write(`${value}\n`);
    else opts.io.err.write(`${opts.key} is not set\n`);
    return;
  }
  await renderItem(opts.io, { key: opts.key, value: value ?? null }, opts.output, { xmlRoot: 'setting' });
}
