import { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import { examples } from '../flags.js';
import { TOPIC_NAMES, type TopicName } from '../../domain/help-topics.js';

/** `trek help [command… | topic]`: command help, or one of the topics. */
export function newHelpCmd(f: Factory, program: Command): Command {
  return new Command('help')
    .description(`show help for a command or a topic (${TOPIC_NAMES.join(', ')})`)
    .argument('[words...]', 'command path or topic')
    .addHelpText('after', examples(['trek help exit-codes', 'trek help filters', 'trek help search departures']))
    .action(async (words: string[]) => {
      const name = words.join(' ');
      if ((TOPIC_NAMES as readonly string[]).includes(name)) {
        // A topic's text (and the tables it draws on) is loaded only when asked for.
        const { TOPICS } = await import('./topics.js');
        f.io.out.write(TOPICS[name as TopicName](program, f.io.columns));
        return;
      }
      let command = program;
      for (const word of words) {
        const next = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (!next) throw new UsageError(`no help for "${words.join(' ')}"; try "trek --help" or one of the topics: ${TOPIC_NAMES.join(', ')}`);
        command = next;
      }
      // outputHelp, not helpInformation: the text added after the options (examples, the global
      // options line) is part of a command's help.
      command.outputHelp();
    });
}
