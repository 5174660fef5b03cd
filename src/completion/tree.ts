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
    .map((sub) => ({ value: sub.name(), description: menuDescription(sub.summary() || sub.description()) }));
}

/** Columns a description takes in a shell's completion menu, beside the word. */
export const MENU_DESCRIPTION_WIDTH = 60;

/**
 * A description for a completion menu: its first line, at most `max` characters, cut after a
 * whole word and marked "…" (a shell cuts a long one mid-word, with no mark).
 */
export function menuDescription(text: string, max = MENU_DESCRIPTION_WIDTH): string {
  const line = text.split('\n')[0].trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const word = cut.lastIndexOf(' ');
  return `${(word > max / 2 ? cut.slice(0, word) : cut).replace(/[\s,;:.(—–-]+$/, '')}…`;
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
