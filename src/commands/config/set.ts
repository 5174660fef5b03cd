import { Command } from 'commander';
import { assertSettingKey, checkSettingValue, SETTING_KEYS, SETTINGS, type SettingKey } from '../../config/settings.js';
import type { ConfigStore } from '../../config/store.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import type { Theme } from '../../output/theme.js';
import { itemList } from '../help/topics.js';
import { examples } from '../flags.js';

export interface ConfigSetOptions {
  io: IOStreams;
  theme: Theme;
  config: () => Promise<ConfigStore>;
  key: SettingKey;
  /** Already checked and normalised. */
  value: string;
}

export function newConfigSetCmd(f: Factory, runF: (opts: ConfigSetOptions) => Promise<void> = configSetRun): Command {
  const command = new Command('set');
  // The names as one column as wide as the longest, each description wrapped under itself; at most 80 columns,
  // which commander's own wrapping of the description (at the terminal's width, 80 in a pipe) leaves as it is.
  const settings = itemList(
    command,
    Math.min(f.io.columns, 80),
    SETTING_KEYS.map((key) => [key, SETTINGS[key].description]),
  );
  return command
    .summary('change one setting')
    .description(`Set a setting, used when no flag says otherwise:\n${settings}`)
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
