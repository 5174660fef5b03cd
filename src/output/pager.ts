/**
 * Long terminal output through a pager, as gh and git do: TREK_PAGER, else PAGER, else
 * `less -FRX` (F: quit when it fits one screen, R: keep colours, X: leave the text on screen).
 * The text reaches the pager on its stdin, never on its command line.
 */
export const DEFAULT_PAGER = 'less -FRX';

export interface PagerCommand {
  /** The command as configured: a program and its arguments, or a line for the shell. */
  command: string;
  /** The pager's environment: LESS=FRX and LV=-c unless set (gh's defaults, for PAGER=less). */
  env: Record<string, string | undefined>;
}

/** The pager to use, or undefined when paging is off: TREK_PAGER or PAGER set empty, or to `cat`. */
export function pagerCommand(env: Record<string, string | undefined>): PagerCommand | undefined {
  const command = (env.TREK_PAGER ?? env.PAGER ?? DEFAULT_PAGER).trim();
  if (command === '' || command === 'cat') return undefined;
  return { command, env: { ...env, LESS: env.LESS ?? 'FRX', LV: env.LV ?? '-c' } };
}

/**
 * The program and arguments of a command that splits into words on its own (quotes and
 * backslashes as a shell reads them); undefined when it needs a shell: variables, pipes,
 * redirections, globs, comments.
 */
export async function commandWords(command: string): Promise<string[] | undefined> {
  const { parse } = await import('shell-quote');
  // A variable comes back as an object, like an operator, a glob or a comment.
  const words = parse(command, (name) => ({ variable: name }));
  return words.length > 0 && words.every((word): word is string => typeof word === 'string') ? words : undefined;
}

/**
 * Shows `text` through the pager and resolves once it has exited: true when the pager ran
 * (also when it was quit before the end, q in less), false when it could not start — then
 * nothing was shown and the caller prints the text itself. A command that needs a shell runs
 * through `sh -c` (cmd.exe on Windows); the shell's "not found" (126, 127) counts as not started.
 */
export async function runPager(pager: PagerCommand, text: string): Promise<boolean> {
  const [argv, { spawn }] = await Promise.all([commandWords(pager.command), import('node:child_process')]);
  const options = { stdio: ['pipe', 'inherit', 'inherit'] as ['pipe', 'inherit', 'inherit'], env: pager.env };
  const child = argv ? spawn(argv[0], argv.slice(1), options) : spawn(pager.command, { ...options, shell: true });
  // Ctrl-C reaches the pager and trek alike: it is the pager's to handle (less stops a search),
  // and trek must not end and leave it holding the terminal, so trek waits for it, as git does.
  const keepWaiting = () => undefined;
  process.on('SIGINT', keepWaiting);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (shown: boolean) => {
      if (settled) return;
      settled = true;
      process.off('SIGINT', keepWaiting);
      resolve(shown);
    };
    child.once('error', () => settle(false));
    child.once('close', (code) => settle(argv !== undefined || (code !== 126 && code !== 127)));
    // A pager quit before reading everything closes its end (EPIPE): the reader is done, not an error.
    child.stdin.on('error', () => undefined);
    child.stdin.end(text);
  });
}
