import { Help, type Command } from 'commander';
import type { Candidate } from './protocol.js';

const help = new Help();

export function findSubcommand(command: Command, word: string): Command | undefined {
  return command.commands.find((sub) => sub.name() === word || sub.aliases().includes(word));
}

/** Subcommands shown in help, as candidates: hidden ones and the implicit `help` subcommand are left out. */
export function subcommandCandidates(command: Command): Candidate[] {
  return help
    .visibleCommands(command)
    .filter((sub) => command.commands.includes(sub))
    .map((sub) => ({ value: sub.name(), description: sub.summary() || sub.description() }));
}

/** `search departures` for `trek search departures`. */
export function commandPath(command: Command): string {
  const names: string[] = [];
  for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
  return names.join(' ');
}

export function rootOf(command: Command): Command {
  let at = command;
  while (at.parent) at = at.parent;
  return at;
}
