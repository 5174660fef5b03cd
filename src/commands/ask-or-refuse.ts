/**
 * What a command asks a person at a terminal (a value left out, whether to make a destructive
 * change) and, without one, refuses, naming the flag to pass instead.
 */
import { CancelError, UsageError } from '../errors.js';
import { whyNoPrompt, type IOStreams } from '../output/iostreams.js';
import type { Prompter } from '../prompt/prompter.js';

/**
 * A value the command cannot do without: the flag's value, else an answer from a person at a
 * terminal, else a usage error naming the flag (scripts never hang on a prompt).
 */
export async function requireValue<T>(value: T | undefined, flag: string, io: IOStreams, ask: (prompter: Prompter) => Promise<T>, prompter: () => Prompter): Promise<T> {
  if (value !== undefined) return value;
  requireFlagsWithoutTerminal(io, [[flag, value]]);
  return ask(prompter());
}

/**
 * Without a terminal, values left out cannot be asked for: a usage error naming every missing
 * flag at once, exactly why trek cannot ask (stdin or stdout is not a terminal, --no-input,
 * TREK_NO_INPUT, the no_input setting) and what to pass. Commands that read from the API before
 * asking call it first, so nothing is read in vain.
 */
export function requireFlagsWithoutTerminal(io: IOStreams, flags: ReadonlyArray<readonly [flag: string, value: unknown]>): void {
  const cannotAsk = whyNoPrompt(io);
  if (cannotAsk === undefined) return;
  const missing = flags.filter(([, value]) => value === undefined).map(([flag]) => flag);
  if (missing.length === 0) return;
  const names = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)!}`;
  throw new UsageError(
    `${names} ${missing.length === 1 ? 'is' : 'are'} required and trek cannot ask for ${missing.length === 1 ? 'it' : 'them'}: ${cannotAsk.reason}`,
    `Pass ${names} on the command line (${cannotAsk.instead}).`,
    { field: missing[0] },
  );
}

/** What a declined confirmation says (exit 130). */
export const NOTHING_CHANGED = 'Nothing was changed.';

/**
 * Destructive actions ask first; `--yes` skips the question and is required where trek cannot
 * ask (the message says why). A "no" is a declined CancelError: "Nothing was changed." (exit 130).
 */
export async function confirmDestructive(opts: { yes: boolean; io: IOStreams; prompter: () => Prompter }, question: string): Promise<void> {
  if (opts.yes) return;
  const cannotAsk = whyNoPrompt(opts.io);
  if (cannotAsk !== undefined) {
    throw new UsageError(`${question.replace(/\?$/, '')}: refusing without --yes, as trek cannot ask: ${cannotAsk.reason}`, 'Re-run with --yes to confirm.', { field: '--yes' });
  }
  if (!(await opts.prompter().confirm(question, false))) throw new CancelError(NOTHING_CHANGED, { declined: true });
}
