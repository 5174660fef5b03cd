import type { Command } from 'commander';
import type { Factory } from '../factory.js';
import { firstUnsafeChar, sanitize } from '../output/sanitize.js';

/**
 * The hidden command the completion scripts call: `trek __complete <words…>`. main() hands
 * the words to runComplete before commander parses anything, because commander would
 * otherwise act on the words themselves (global flags are accepted after subcommands, so
 * `trek __complete -o j` would be refused as an invalid --output before completion could run).
 */
export const COMPLETE_COMMAND = '__complete';

/**
 * What `trek __complete <words…>` prints: one `value<TAB>description` line per candidate (the
 * tab and description are left out when there is none), then one line `:<directive>`. The
 * directive is a sum of the bit flags below (the numbers are cobra's, so the scripts read like
 * cobra's and the protocol is familiar).
 */
export const Directive = {
  /** Complete normally: add a space after a single match; with no candidates, the shell may complete file names. */
  default: 0,
  /** Something went wrong: the shell completes nothing. */
  error: 1,
  /** Do not add a space after the match (the value continues: `--where attr=`, `--fields a,b`). */
  noSpace: 2,
  /** Never fall back to file names, even with no candidates. */
  noFileComp: 4,
} as const;

export interface Candidate {
  value: string;
  description?: string;
}

export interface Completion {
  candidates: Candidate[];
  /** Sum of Directive flags; default Directive.noFileComp. */
  directive?: number;
  /**
   * The typed word may also match a word of a candidate's description (`Garc` finds
   * `300011  Ms María José García-O'Neill`): for ids, which people remember by name.
   */
  matchDescriptions?: boolean;
}

/**
 * Where completion stands: the command being completed, what was typed so far, and the word
 * under the cursor. Completers may ignore `toComplete`: the engine keeps only candidates that
 * start with it.
 */
export interface CompletionContext {
  f: Factory;
  /** The deepest command named on the line (`search departures`), which owns the value slot. */
  command: Command;
  /** The word (or, for `--flag=value`, the value part) being completed; possibly empty. */
  toComplete: string;
  /** Positional arguments already typed for `command` (`trek service transition S1 <TAB>` → ['S1']). */
  args: string[];
  /** Values of the flags already typed, by long name without dashes (`booking` → ['B1']; a switch such as `--departures` → []). */
  flags: Record<string, string[]>;
  /** The profile the line would use: --profile, TREK_PROFILE, the current profile, else the sandbox. */
  profile: string;
}

/** Returns candidates; may be async. A completer that throws or hangs completes nothing. */
export type Completer = (ctx: CompletionContext) => Candidate[] | Completion | Promise<Candidate[] | Completion>;

export function toCompletion(result: Candidate[] | Completion): Completion {
  return Array.isArray(result) ? { candidates: result } : result;
}

/** Lower case, accents dropped: `García` and `garcia` read alike. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether `typed` starts a word of `description` (after a space, `-`, `'`… or at its start), ignoring case and accents. */
export function describedBy(description: string | undefined, typed: string): boolean {
  if (!description || typed === '') return false;
  const text = folded(description);
  const word = folded(typed);
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(text[at - 1])) return true;
  }
  return false;
}

/**
 * The candidates `typed` can become: those whose value starts with it, then (when the
 * completion allows it) those with a description word starting with it, which replace it.
 */
export function matching(completion: Completion, typed: string): Candidate[] {
  const byValue = completion.candidates.filter((c) => c.value.startsWith(typed));
  if (!completion.matchDescriptions) return byValue;
  return [...byValue, ...completion.candidates.filter((c) => !c.value.startsWith(typed) && describedBy(c.description, typed))];
}

/** The output of `trek __complete`: one line per distinct, printable candidate, then the directive. */
export function formatCompletion(completion: Completion): string {
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const { value, description } of completion.candidates) {
    // A value with a character the terminal must not get raw (a line break included) is dropped.
    if (value === '' || firstUnsafeChar(value) !== undefined || seen.has(value)) continue;
    seen.add(value);
    const text = description ? sanitize(description.split('\n')[0] ?? '').trim() : '';
    lines.push(text ? `${value}\t${text}` : value);
  }
  lines.push(`:${completion.directive ?? Directive.noFileComp}`);
  return `${lines.join('\n')}\n`;
}
