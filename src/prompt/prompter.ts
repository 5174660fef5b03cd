import { CancelError } from '../errors.js';

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
}

/** A heading between the choices of a search list. */
export interface Separator {
  separator: string;
}

/**
 * Where a search list gets its choices: asked again each time the typed text changes (undefined
 * before anything is typed); `signal` is aborted once newer text has made the answer stale.
 */
export type SearchSource<T> = (term: string | undefined, signal: AbortSignal) => Promise<ReadonlyArray<Choice<T> | Separator>>;

/** What commands may ask a person. Commands check `canPrompt(io)` before asking. */
export interface Prompter {
  select<T>(message: string, choices: Choice<T>[], defaultValue?: T): Promise<T>;
  input(message: string, options?: { default?: string; validate?: (value: string) => true | string }): Promise<string>;
  /** Masked input: for API keys. */
  password(message: string): Promise<string>;
  confirm(message: string, defaultValue?: boolean): Promise<boolean>;
  /** A type-to-filter list whose choices come from `source` as the person types. */
  search<T>(message: string, source: SearchSource<T>): Promise<T>;
}

/** Ctrl-C inside an inquirer prompt becomes our CancelError (exit 130). */
async function cancellable<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Error && error.name === 'ExitPromptError') throw new CancelError('Cancelled at the prompt; nothing was changed.');
    throw error;
  }
}

/** The real prompter; @inquirer/prompts is imported on first use only. */
export function inquirerPrompter(output: NodeJS.WritableStream = process.stderr): Prompter {
  const load = () => import('@inquirer/prompts');
  // Prompts draw on stderr so that stdout stays data only, even in `x=$(trek …)`.
  const context = { output };
  return {
    select: (message, choices, defaultValue) =>
      cancellable(async () => (await load()).select({ message, choices, default: defaultValue, loop: false, pageSize: 12 }, context)),
    input: (message, options = {}) =>
      cancellable(async () => (await load()).input({ message, default: options.default, validate: options.validate }, context)),
    password: (message) => cancellable(async () => (await load()).password({ message, mask: '*' }, context)),
    confirm: (message, defaultValue = false) => cancellable(async () => (await load()).confirm({ message, default: defaultValue }, context)),
    search: (message, source) =>
      cancellable(async () => {
        const { search, Separator: Heading } = await load();
        const choices = async (term: string | undefined, { signal }: { signal: AbortSignal }) =>
          (await source(term, signal)).map((item) => ('separator' in item ? new Heading(item.separator) : item));
        return search({ message, source: choices, pageSize: 12 }, context);
      }),
  };
}

/**
 * A prompter that answers from a script, for tests. Each answer is consumed in order; the
 * questions asked are recorded so a test can assert what was asked. `input` behaves as
 * inquirer's does: an empty answer takes the default, and an answer its `validate` refuses is
 * recorded in `refused` and the question asked again (the next answer is taken).
 */
export function scriptedPrompter(answers: unknown[]): Prompter & { asked: string[]; refused: string[] } {
  const asked: string[] = [];
  const refused: string[] = [];
  const take = (message: string): unknown => {
    if (answers.length === 0) throw new Error(`scripted prompter has no answer for: ${message}`);
    return answers.shift();
  };
  const next = <T>(message: string): Promise<T> => {
    asked.push(message);
    return Promise.resolve(take(message) as T);
  };
  const input: Prompter['input'] = (message, options = {}) => {
    asked.push(message);
    for (;;) {
      const typed = take(message) as string;
      const answer = typed === '' && options.default !== undefined ? options.default : typed;
      const verdict = options.validate ? options.validate(answer) : true;
      if (verdict === true) return Promise.resolve(answer);
      refused.push(verdict);
    }
  };
  return {
    asked,
    refused,
    select: (message) => next(message),
    input,
    password: (message) => next(message),
    confirm: (message) => next(message),
    search: (message) => next(message),
  };
}
