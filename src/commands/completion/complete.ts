import type { Command } from 'commander';
import { complete } from '../../completion/engine.js';
import { Directive, formatCompletion } from '../../completion/protocol.js';
import { ExitCode } from '../../errors.js';
import type { Factory } from '../../factory.js';

/** Prints candidates and the directive on stdout; nothing ever reaches stderr, and the exit code is always 0. */
export async function runComplete(program: Command, words: string[], f: Factory): Promise<number> {
  // Warnings a lazy dependency might print (a client notice, say) would land in the middle of the prompt.
  f.io.err = { write: () => true };
  try {
    f.io.out.write(formatCompletion(await complete(program, words, f)));
  } catch {
    f.io.out.write(`:${Directive.error}\n`);
  }
  return ExitCode.ok;
}
