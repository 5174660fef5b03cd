/**
 * Id arguments, id flags and ids typed at a prompt, each checked as it is read (checkId), so that
 * a value that would walk or cut a request's path is refused before anything is sent.
 */
import { Argument, Option } from 'commander';
import { checkId, invalidIdMessage } from '../api/resources/ids.js';
import type { Prompter, Validate } from '../prompt/prompter.js';

/**
 * A positional id (`<id>`), checked while the command line is parsed: a value that is not an
 * id (empty, `.`/`..`, `/ ? # %`, blanks, control characters) is a usage error naming `what`
 * ("booking id"), and nothing is sent. `more` continues the help text after `what`.
 */
export function idArgument(name: string, what: string, more?: string): Argument {
  return new Argument(name, more === undefined ? what : `${what} ${more}`).argParser((value: string) => checkId(value, what, name));
}

/** An id flag (`--booking <id>`), checked like idArgument and named by its flag; `repeatable` collects every value. */
export function idOption(flags: string, description: string, options: { repeatable?: boolean } = {}): Option {
  const option = new Option(flags, description);
  const flag = option.long ?? flags;
  return options.repeatable ? option.argParser((value: string, previous: string[] = []) => [...previous, checkId(value, flag)]) : option.argParser((value: string) => checkId(value, flag));
}

/**
 * An id typed at a prompt. Enter on nothing takes `default` (the id just made or used) and,
 * without one, is refused as a missing answer; the prompt refuses what idArgument refuses (with
 * the same message), then what `check` finds wrong with a well-formed id (it asks the API: "Booking
 * 20009 does not exist"). Each refusal is said under the question, which stays with the answer
 * still typed. The answer is checked once more whatever the prompter let through.
 */
export async function askId(prompter: Prompter, message: string, what: string, options: { default?: string; check?: (id: string) => Promise<string | undefined> } = {}): Promise<string> {
  const validate: Validate = (value) => {
    if (value === '') return `enter a ${what}`;
    const malformed = invalidIdMessage(value, what);
    if (malformed !== undefined) return malformed;
    return options.check ? options.check(value).then((problem) => problem ?? true) : true;
  };
  const answer = await prompter.input(message, options.default === undefined ? { validate } : { default: options.default, validate });
  return checkId(answer, what);
}
