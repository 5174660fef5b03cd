import type { Command } from 'commander';
import type { Completer } from './protocol.js';

const completers = new WeakMap<Command, Map<string, Completer>>();

/**
 * Declares how a value slot of `command` completes. `slot` is a long flag with its dashes
 * (`--reason`) or an argument's name as declared (`status` for `.argument('<status>')`).
 * A global flag can be given per command: `registerCompleter(cmd, '--fields', fieldList([...]))`
 * on `search departures` applies to `trek search departures --fields …` only.
 * Returns the command, so it chains inside `newXCmd`.
 */
export function registerCompleter(command: Command, slot: string, completer: Completer): Command {
  let slots = completers.get(command);
  if (!slots) completers.set(command, (slots = new Map<string, Completer>()));
  slots.set(slot, completer);
  return command;
}

/** The completer registered for `slot` on `command` or, failing that, on its nearest ancestor. */
export function registeredCompleter(command: Command, slot: string): Completer | undefined {
  for (let at: Command | null = command; at; at = at.parent) {
    const completer = completers.get(at)?.get(slot);
    if (completer) return completer;
  }
  return undefined;
}

/** The slots registered on `command` itself (not its ancestors), with their completers: what the manifest stores. */
export function registeredSlots(command: Command): ReadonlyMap<string, Completer> {
  return completers.get(command) ?? new Map<string, Completer>();
}
