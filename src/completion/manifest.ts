/**
 * Completion's manifest: each noun's command tree as data, written by the build beside the
 * bundles (dist/completion/<noun>.json, build.mjs) and made back into commander objects at TAB,
 * so that completing a verb's words neither reads the commands' bundle nor runs the noun's verb
 * modules. It holds what the engine reads (engine.ts, conventions.ts, tree.ts) and nothing
 * else: names, aliases, the line a menu shows for a command (not its help's text), hidden or
 * not, options, arguments, the help option, and the registered completers, as the ValuesSpec
 * they were made from (values.ts) or, for a completer that is code (a closure, a call to the
 * API), "live": that slot loads the real noun and asks its completer (liveCompleter).
 */
import { readFileSync } from 'node:fs';
import { Argument, Command, Help, Option } from 'commander';
import type { Completer } from './protocol.js';
import { registerCompleter, registeredCompleter, registeredSlots } from './registry.js';
import { commandPath, findSubcommand, menuDescription } from './tree.js';
import { completerOf, specOf, type ValuesSpec } from './values.js';

export interface CommandEntry {
  name: string;
  aliases?: string[];
  /** The line completion menus show for it: its summary's or description's first (tree.ts menuDescription). */
  menu?: string;
  hidden?: true;
  options?: OptionEntry[];
  /** The help option as help shows it; absent when it shows none. */
  help?: { flags: string; description: string };
  /** As declared: `<id>`, `[words...]`. */
  arguments?: Array<{ declared: string; description?: string; choices?: string[] }>;
  /** By slot (`--where`, `id`): the spec of a completer made by values.ts, or "live". */
  completers?: Record<string, ValuesSpec | 'live'>;
  commands?: CommandEntry[];
}

interface OptionEntry {
  flags: string;
  description?: string;
  choices?: string[];
  hidden?: true;
}

const help = new Help();

/** The manifest of each noun of `root`, which must be the whole tree (newRootCmd without argv). */
export function manifestOf(root: Command): CommandEntry[] {
  return root.commands.map((noun) => entryOf(noun, help.visibleCommands(root).includes(noun)));
}

function entryOf(command: Command, visible: boolean): CommandEntry {
  const shownHelp = help.visibleOptions(command).find((option) => !command.options.includes(option));
  const completers = [...registeredSlots(command)].map(([slot, completer]) => [slot, specOf(completer) ?? 'live'] as const);
  const shown = help.visibleCommands(command);
  const menu = menuDescription(command.summary() || command.description());
  return {
    name: command.name(),
    ...(command.aliases().length > 0 && { aliases: command.aliases() }),
    ...(menu && { menu }),
    ...(!visible && { hidden: true }),
    ...(command.options.length > 0 && { options: command.options.map(optionEntry) }),
    ...(shownHelp && { help: { flags: shownHelp.flags, description: shownHelp.description } }),
    ...(command.registeredArguments.length > 0 && {
      arguments: command.registeredArguments.map((argument) => ({
        declared: declaredAs(argument),
        ...(argument.description && { description: argument.description }),
        ...(argument.argChoices && { choices: argument.argChoices }),
      })),
    }),
    ...(completers.length > 0 && { completers: Object.fromEntries(completers) }),
    ...(command.commands.length > 0 && { commands: command.commands.map((sub) => entryOf(sub, shown.includes(sub))) }),
  };
}

function optionEntry(option: Option): OptionEntry {
  return {
    flags: option.flags,
    ...(option.description && { description: option.description }),
    ...(option.argChoices && { choices: option.argChoices }),
    ...(option.hidden && { hidden: true }),
  };
}

function declaredAs(argument: Argument): string {
  const name = `${argument.name()}${argument.variadic ? '...' : ''}`;
  return argument.required ? `<${name}>` : `[${name}]`;
}

/**
 * The noun `name` as its manifest in `file` describes it, as commander objects; undefined when
 * that file is missing, unreadable or not a manifest of that noun (completion then builds the real noun). A live slot's
 * completer builds the real tree with `realRoot` on first use and asks its completer.
 */
export function nounFromManifest(file: URL, name: string, realRoot: () => Promise<Command>): Command | undefined {
  try {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as Partial<CommandEntry> | null;
    return entry?.name === name ? commandOf(entry as CommandEntry, realRoot) : undefined;
  } catch {
    // Missing, cut short, or not the shape this build writes: the real noun answers instead.
    return undefined;
  }
}

function commandOf(entry: CommandEntry, realRoot: () => Promise<Command>): Command {
  const command = new Command(entry.name);
  if (entry.aliases) command.aliases(entry.aliases);
  if (entry.menu) command.description(entry.menu);
  for (const { flags, description, choices, hidden } of entry.options ?? []) {
    const option = new Option(flags, description);
    if (choices) option.choices(choices);
    command.addOption(hidden ? option.hideHelp() : option);
  }
  if (entry.help) command.helpOption(entry.help.flags, entry.help.description);
  else command.helpOption(false);
  for (const { declared, description, choices } of entry.arguments ?? []) {
    const argument = new Argument(declared, description);
    command.addArgument(choices ? argument.choices(choices) : argument);
  }
  for (const [slot, spec] of Object.entries(entry.completers ?? {})) registerCompleter(command, slot, spec === 'live' ? liveCompleter(slot, realRoot) : completerOf(spec));
  for (const sub of entry.commands ?? []) command.addCommand(commandOf(sub, realRoot), { hidden: sub.hidden ?? false });
  return command;
}

/** A completer that is code: the real tree's, found at the same command, given that command. */
function liveCompleter(slot: string, realRoot: () => Promise<Command>): Completer {
  return async (ctx) => {
    let command: Command | undefined = await realRoot();
    for (const name of commandPath(ctx.command).split(' ')) command = command && findSubcommand(command, name);
    const completer = command && registeredCompleter(command, slot);
    return command && completer ? completer({ ...ctx, command }) : [];
  };
}
