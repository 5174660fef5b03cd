import { CancelError } from '../errors.js';
import { loadColors, palette } from '../output/theme.js';

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
  /** What the question shows once answered; the name when absent. */
  short?: string;
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

/**
 * Checks an answer when Enter is pressed: true takes it, a string says what is wrong and the
 * question stays, with the answer still typed. A check that asks the API returns a promise.
 */
export type Validate = (value: string) => true | string | Promise<true | string>;

/** What commands may ask a person. Commands check `canPrompt(io)` before asking. */
export interface Prompter {
  /** `defaultValue` is the choice the cursor starts on. */
  select<T>(message: string, choices: Choice<T>[], defaultValue?: T): Promise<T>;
  /** Enter on an empty answer takes `default`; `validate` sees the answer that would be taken. */
  input(message: string, options?: { default?: string; validate?: Validate }): Promise<string>;
  /** Masked input: for API keys. */
  password(message: string): Promise<string>;
  confirm(message: string, defaultValue?: boolean): Promise<boolean>;
  /** A type-to-filter list whose choices come from `source` as the person types. */
  search<T>(message: string, source: SearchSource<T>): Promise<T>;
}

/** What the line after an interrupted question says (exit 130). */
export const INTERRUPTED = 'nothing was changed';

/**
 * Every colour and mark inquirer draws, from trek's own decision (--color, the color setting,
 * NO_COLOR, FORCE_COLOR, whether stderr is a terminal) rather than its colour library's, which
 * reads only the environment when it is loaded. The shapes are inquirer's defaults. With colour
 * on, loadColors() must have loaded chalk.
 */
export function promptTheme(color: boolean) {
  const c = palette(color);
  return {
    prefix: { idle: c.blue('?'), done: c.green('✔') },
    spinner: { interval: 80, frames: ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'].map((frame) => c.yellow(frame)) },
    style: {
      answer: (text: string) => c.cyan(text),
      message: (text: string) => c.bold(text),
      error: (text: string) => c.red(`> ${text}`),
      defaultAnswer: (text: string) => c.dim(`(${text})`),
      help: (text: string) => c.dim(text),
      highlight: (text: string) => c.cyan(text),
      key: (text: string) => c.cyan(c.bold(`<${text}>`)),
      disabled: (text: string) => c.dim(`- ${text}`),
      description: (text: string) => c.cyan(text),
      searchTerm: (text: string) => c.cyan(text),
      keysHelpTip: (keys: Array<[string, string]>) => keys.map(([key, action]) => `${c.bold(key)} ${c.dim(action)}`).join(c.dim(' • ')),
    },
  };
}

/**
 * Runs one inquirer prompt. Ctrl-C becomes our CancelError (exit 130), and the question with
 * its menu is wiped first, so the "cancelled" line is not printed under a list nobody chose
 * from; an answered question stays on screen as inquirer leaves it. inquirer reads
 * `clearPromptOnDone` once the prompt has ended, by then we know whether Ctrl-C ended it: the
 * key arrives on stdin, which inquirer's readline has made emit keypress events.
 */
async function ask<T>(output: NodeJS.WritableStream, run: (context: object) => Promise<T>): Promise<T> {
  let interrupted = false;
  const onKey = (_text: unknown, key: { ctrl?: boolean; name?: string } | undefined) => {
    if (key?.ctrl && key.name === 'c') interrupted = true;
  };
  const context = {
    output,
    get clearPromptOnDone() {
      return interrupted;
    },
  };
  const answer = run(context);
  process.stdin.on('keypress', onKey);
  try {
    return await answer;
  } catch (error) {
    if (error instanceof Error && error.name === 'ExitPromptError') throw new CancelError(INTERRUPTED);
    throw error;
  } finally {
    process.stdin.off('keypress', onKey);
  }
}

/**
 * The real prompter; @inquirer/prompts is imported on first use only. Prompts draw on stderr so
 * that stdout stays data only, even in `x=$(trek …)`; `color` is trek's decision for stderr.
 */
export function inquirerPrompter(options: { output?: NodeJS.WritableStream; color: () => boolean }): Prompter {
  const output = options.output ?? process.stderr;
  const load = async () => {
    if (options.color()) await loadColors();
    return import('@inquirer/prompts');
  };
  const theme = () => promptTheme(options.color());
  return {
    select: async (message, choices, defaultValue) => {
      const { select } = await load();
      return ask(output, (context) => select({ message, choices, default: defaultValue, loop: false, pageSize: 12, theme: theme() }, context));
    },
    input: async (message, { default: defaultValue, validate } = {}) => {
      const { input } = await load();
      return ask(output, (context) => input({ message, default: defaultValue, validate, theme: theme() }, context));
    },
    password: async (message) => {
      const { password } = await load();
      return ask(output, (context) => password({ message, mask: '*', theme: theme() }, context));
    },
    confirm: async (message, defaultValue = false) => {
      const { confirm } = await load();
      return ask(output, (context) => confirm({ message, default: defaultValue, theme: theme() }, context));
    },
    search: async (message, source) => {
      const { search, Separator: Heading } = await load();
      const choices = async (term: string | undefined, { signal }: { signal: AbortSignal }) => (await source(term, signal)).map((item) => ('separator' in item ? new Heading(item.separator) : item));
      return ask(output, (context) => search({ message, source: choices, pageSize: 12, theme: theme() }, context));
    },
  };
}

/**
 * A prompter that answers from a script, for tests. Each answer is consumed in order; the
 * questions asked are recorded so a test can assert what was asked. `input` behaves as
 * inquirer's does: an empty answer takes the default, and an answer its `validate` refuses is
 * recorded in `refused` and the question asked again (the next answer is taken). `defaults`
 * records, per question asked, the default it offered (a select's starting choice, an input's
 * default), so a test can assert where a question starts.
 */
export function scriptedPrompter(answers: unknown[]): Prompter & { asked: string[]; refused: string[]; defaults: unknown[] } {
  const asked: string[] = [];
  const refused: string[] = [];
  const defaults: unknown[] = [];
  const take = (message: string): unknown => {
    if (answers.length === 0) throw new Error(`scripted prompter has no answer for: ${message}`);
    return answers.shift();
  };
  const next = <T>(message: string, defaultValue?: unknown): Promise<T> => {
    asked.push(message);
    defaults.push(defaultValue);
    return Promise.resolve(take(message) as T);
  };
  const input: Prompter['input'] = async (message, options = {}) => {
    asked.push(message);
    defaults.push(options.default);
    for (;;) {
      const typed = take(message) as string;
      const answer = typed === '' && options.default !== undefined ? options.default : typed;
      const verdict = options.validate ? await options.validate(answer) : true;
      if (verdict === true) return answer;
      refused.push(verdict);
    }
  };
  return {
    asked,
    refused,
    defaults,
    select: (message, _choices, defaultValue) => next(message, defaultValue),
    input,
    password: (message) => next(message),
    confirm: (message, defaultValue) => next(message, defaultValue),
    search: (message) => next(message),
  };
}
