import { Command } from 'commander';
import { assertSettingKey, checkSettingValue, SETTING_KEYS, SETTINGS, type SettingKey } from '../../config/settings.js';
import type { ConfigStore } from '../../config/store.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import type { Theme } from '../../output/theme.js';
import { examples } from '../shared.js';

export interface ConfigSetOptions {
  io: IOStreams;
  theme: Theme;
  config: () => Promise<ConfigStore>;
  key: SettingKey;
  /** Already checked and normalised. */
  value: string;
}

export function newConfigSetCmd(f: Factory, runF: (opts: ConfigSetOptions) => Promise<void> = configSetRun): Command {
  return new Command('set')
    .summary('change one setting')
    .description(`Set a setting, used when no flag says otherwise:\n${SETTING_KEYS.map((key) => `  ${key.padEnd(9)} ${SETTINGS[key].description}`).join('\n')}`)
    .argument('<key>', `setting: ${SETTING_KEYS.join(', ')}`)
    .argument('<value>', 'new value')
    .addHelpText('after', examples(['trek config set output yaml', 'trek config set timeout 60', 'trek config set no_input true']))
    .action(async (key: string, value: string) => {
      const settingKey = assertSettingKey(key);
      const checked = checkSettingValue(settingKey, value);
      if ('problem' in checked) throw new UsageError(checked.problem);
      await runF({ io: f.io, theme: f.theme('err'), config: () => f.config(), key: settingKey, value: checked.value });
    });
}

export async function configSetRun(opts: ConfigSetOptions): Promise<void> {
  await (await opts.config()).setSetting(opts.key, opts.value);
  opts.io.err.write(`${opts.theme.success('✓')} Set ${opts.key} to ${opts.value}\n`);
}
