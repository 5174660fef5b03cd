/**
 * Reads the words typed after `trek` the way commander will parse them (subcommands, flags of
 * the command and its ancestors, `--flag value`, `--flag=value`, `-fvalue`, `--`) and works
 * out what the last word can become.
 */
import { Help, type Command, type Option } from 'commander';
import type { Factory } from '../factory.js';
import { completerFor, namesFile, optionName, type Slot } from './conventions.js';
import { profileName } from '../config/peek.js';
import { Directive, matching, toCompletion, type Candidate, type Completion, type CompletionContext } from './protocol.js';
import { findSubcommand, subcommandCandidates } from './tree.js';

/** Even a registered completer that ignores NETWORK_TIMEOUT_MS cannot hold a TAB longer than this. */
export const COMPLETER_DEADLINE_MS = 2000;

interface Pending {
  option: Option;
  /** `[value]` options and further values of variadic ones: a word starting with `-` is not their value. */
  optional: boolean;
}

interface Position {
  command: Command;
  args: string[];
  flags: Record<string, string[]>;
  pending?: Pending;
  afterDoubleDash: boolean;
}

const help = new Help();

function takesValue(option: Option): boolean {
  return option.required || option.optional;
}

/** Flags valid at `command`: its own and its ancestors' (commander accepts those anywhere after them). */
function flagsInScope(command: Command): Option[] {
  const seen = new Set<string>();
  const options: Option[] = [];
  for (let at: Command | null = command; at; at = at.parent) {
    for (const option of help.visibleOptions(at)) {
      // --version is only meant for `trek --version`, not for every command under it.
      if (at !== command && option.long === '--version') continue;
      if (seen.has(option.flags)) continue;
      seen.add(option.flags);
      options.push(option);
    }
  }
  return options;
}

function findOption(command: Command, flag: string): Option | undefined {
  for (let at: Command | null = command; at; at = at.parent) {
    const option = at.options.find((o) => o.long === flag || o.short === flag);
    if (option) return option;
  }
  return undefined;
}

function walk(root: Command, typed: string[]): Position {
  const at: Position = { command: root, args: [], flags: {}, afterDoubleDash: false };
  const record = (option: Option, value: string) => {
    (at.flags[optionName(option)] ??= []).push(value);
    at.pending = option.variadic ? { option, optional: true } : undefined;
  };
  for (const word of typed) {
    if (at.pending && !(at.pending.optional && word.startsWith('-'))) {
      record(at.pending.option, word);
      continue;
    }
    at.pending = undefined;
    if (at.afterDoubleDash) {
      at.args.push(word);
    } else if (word === '--') {
      at.afterDoubleDash = true;
    } else if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const option = findOption(at.command, eq < 0 ? word : word.slice(0, eq));
      if (option && takesValue(option)) {
        if (eq < 0) at.pending = { option, optional: option.optional };
        else record(option, word.slice(eq + 1));
      } else if (option) at.flags[optionName(option)] ??= [];
    } else if (word.startsWith('-') && word.length > 1) {
      const option = findOption(at.command, word.slice(0, 2));
      if (option && takesValue(option)) {
        if (word.length > 2) record(option, word.slice(2));
        else at.pending = { option, optional: option.optional };
      }
    } else {
      const sub = at.args.length === 0 ? findSubcommand(at.command, word) : undefined;
      if (sub) at.command = sub;
      else at.args.push(word);
    }
  }
  return at;
}

function flagCandidates(command: Command, withShort: boolean): Candidate[] {
  return flagsInScope(command).flatMap((option) => [
    ...(option.long ? [{ value: option.long, description: option.description }] : []),
    ...(option.short && withShort ? [{ value: option.short, description: option.description }] : []),
  ]);
}

async function completeSlot(slot: Slot, at: Position, toComplete: string, f: Factory): Promise<Completion> {
  const fallback = namesFile(slot) ? Directive.default : Directive.noFileComp;
  const completer = completerFor(at.command, slot);
  if (!completer) return { candidates: [], directive: fallback };
  const ctx: CompletionContext = {
    f,
    command: at.command,
    toComplete,
    args: at.args,
    flags: at.flags,
    profile: profileName(f.paths(), f.env, at.flags.profile?.at(-1)),
  };
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Completion>((resolve) => {
    timer = setTimeout(() => resolve({ candidates: [], directive: fallback }), COMPLETER_DEADLINE_MS);
  });
  try {
    const completion = await Promise.race([
      Promise.resolve()
        .then(() => completer(ctx))
        .then(toCompletion),
      deadline,
    ]);
    return { candidates: matching(completion, toComplete), directive: completion.directive ?? fallback };
  } catch {
    return { candidates: [], directive: fallback };
  } finally {
    clearTimeout(timer);
  }
}

function positionalSlot(at: Position): Slot | undefined {
  const declared = at.command.registeredArguments;
  const last = declared.at(-1);
  const argument = declared[at.args.length] ?? (last?.variadic ? last : undefined);
  return argument ? { argument } : undefined;
}

/** Candidates that extend `word`: flags and subcommands, which match by their start only. */
const extending = (candidates: Candidate[], word: string): Completion => ({ candidates: matching({ candidates }, word) });

async function completeWord(at: Position, word: string, f: Factory): Promise<Completion> {
  if (at.pending && !(at.pending.optional && word.startsWith('-'))) return completeSlot({ option: at.pending.option }, at, word, f);
  if (!at.afterDoubleDash && word.startsWith('--') && word.includes('=')) {
    const name = word.slice(0, word.indexOf('='));
    const option = findOption(at.command, name);
    if (!option || !takesValue(option)) return { candidates: [] };
    const values = await completeSlot({ option }, at, word.slice(name.length + 1), f);
    return { ...values, candidates: values.candidates.map((c) => ({ ...c, value: `${name}=${c.value}` })) };
  }
  if (!at.afterDoubleDash && word.startsWith('-')) return extending(flagCandidates(at.command, !word.startsWith('--')), word);
  const subcommands = at.args.length === 0 ? subcommandCandidates(at.command) : [];
  if (subcommands.length > 0) return extending(subcommands, word);
  const slot = positionalSlot(at);
  if (slot) return completeSlot(slot, at, word, f);
  // Nothing positional is left to type: offer the flags, which is what can still follow.
  return extending(at.afterDoubleDash ? [] : flagCandidates(at.command, false), word);
}

/**
 * Completes `words` (what follows `trek`; the last is the word under the cursor, possibly
 * empty). Returns only candidates that extend that word or, for ids, whose description has a
 * word starting with it (the shell then replaces the word with the id).
 */
export async function complete(root: Command, words: readonly string[], f: Factory): Promise<Completion> {
  const word = words.at(-1) ?? '';
  const at = walk(root, words.slice(0, -1));
  // Dynamic completers reach the API of the profile typed on the line, like the command would
  // (never a --base-url typed there: see fromApi).
  f.globals.profile = at.flags.profile?.at(-1);
  return completeWord(at, word, f);
}
