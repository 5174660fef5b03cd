import { Help, type Command, type Option } from 'commander';
import { TOPIC_NAMES } from '../../domain/help-topics.js';

/** Under the options of every command's help but the root's, whose options these are. */
export const GLOBAL_OPTIONS_LINE = 'Global options (-o, --fields, --profile, --wide…): see trek help options';

/**
 * An option's description as commander writes it, less a default that says nothing: a
 * repeatable flag starts from an empty list, which commander shows as "(default: [])".
 */
function optionDescription(this: Help, option: Option): string {
  const empty = Array.isArray(option.defaultValue) && option.defaultValue.length === 0 && option.defaultValueDescription === undefined;
  if (!empty) return Help.prototype.optionDescription.call(this, option);
  const shown = Object.assign(Object.create(Object.getPrototypeOf(option) as object) as Option, option, { defaultValue: undefined });
  return Help.prototype.optionDescription.call(this, shown);
}

/** Commander's help, then where the global options are (a subcommand) or the topics (the root). */
function formatHelp(this: Help, command: Command, helper: Help): string {
  const text = Help.prototype.formatHelp.call(this, command, helper);
  return `${text}\n${command.parent ? GLOBAL_OPTIONS_LINE : `Help topics: trek help ${TOPIC_NAMES.join('|')}`}\n`;
}

/** Help settings for the whole tree as built: commander passes none on through addCommand. */
export function configureHelpTree(command: Command): void {
  command.configureHelp({ optionDescription, formatHelp });
  command.commands.forEach(configureHelpTree);
}
