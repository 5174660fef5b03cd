import { Command } from 'commander';
import { assertSettingKey, SETTING_KEYS, type SettingKey } from '../../config/settings.js';
import type { ConfigStore } from '../../config/store.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import type { Theme } from '../../output/theme.js';
import { examples } from '../flags.js';

export interface ConfigUnsetOptions {
  io: IOStreams;
  theme: Theme;
  config: () => Promise<ConfigStore>;
  key: SettingKey;
}

export function newConfigUnsetCmd(f: Factory, runF: (opts: ConfigUnsetOptions) => Promise<void> = configUnsetRun): Command {
  return new Command('unset')
    .summary('remove one setting, back to its default')
    .description('Remove a setting, so that its default applies again.')
    .argument('<key>', `setting: ${SETTING_KEYS.join(', ')}`)
    .addHelpText('after', examples(['trek config unset output']))
    .action(async (key: string) => {
      await runF({ io: f.io, theme: f.theme('err'), config: () => f.config(), key: assertSettingKey(key) });
    });
}

export async function configUnsetRun(opts: ConfigUnsetOptions): Promise<void> {
  await (await opts.config()).unsetSetting(opts.key);
  opts.io.err.write(`${opts.theme.success('✓')} Unset ${opts.key}\n`);
}
