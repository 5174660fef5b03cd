import { Command } from 'commander';
import { EXIT_CODE_TABLE } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { examples } from '../shared.js';

/** Help topics that are not commands. */
const TOPICS: Record<string, () => string> = {
  'exit-codes': () =>
    `trek exit codes:\n${EXIT_CODE_TABLE.map(([code, meaning]) => `  ${String(code).padStart(3)}  ${meaning}`).join('\n')}\n`,
  environment: () =>
    [
      'trek environment variables:',
      '  TREK_PROFILE       profile to use (like --profile)',
      '  TREK_BASE_URL      API base URL (like --base-url); another origin than the profile\'s needs TREK_API_KEY',
      '  TREK_API_KEY       API key, overriding the profile\'s (never pass keys as flags)',
      '  TREK_AUTH_HEADER   header that carries the key (default X-Application-Key)',
      '  TREK_NO_INPUT      never prompt (like --no-input)',
      '  TREK_MAX_BODY      largest response body accepted, e.g. 256MiB (default 64MiB, at most 512MiB)',
      '  TREK_LOCK_WAIT_MS  how long a change waits for another trek holding a lock (default 20000)',
      '  TREK_SANDBOX_OPERATOR_KEY  operator key of a served sandbox, for `trek sandbox clock|reset|faults|keys|staff-cancel`',
      '  TREK_HOME          one directory for config, data, cache and state (default: XDG directories)',
      '  NO_COLOR           no colour; FORCE_COLOR forces it (--color wins over both)',
      '',
    ].join('\n'),
};

/** `trek help [command… | topic]`: command help, or one of the topics above. */
export function newHelpCmd(f: Factory, program: Command): Command {
  return new Command('help')
    .description(`show help for a command or a topic (${Object.keys(TOPICS).join(', ')})`)
    .argument('[words...]', 'command path or topic')
    .addHelpText('after', examples(['trek help exit-codes', 'trek help search departures']))
    .action((words: string[]) => {
      const topic = TOPICS[words.join(' ')];
      if (topic) {
        f.io.out.write(topic());
        return;
      }
      let command = program;
      for (const word of words) {
        const next = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (!next) throw new UsageError(`no help for "${words.join(' ')}"; try "trek --help" or one of the topics: ${Object.keys(TOPICS).join(', ')}`);
        command = next;
      }
      f.io.out.write(command.helpInformation());
    });
}
