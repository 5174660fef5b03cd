/**
 * A real terminal for e2e tests: a tmux server of the test's own (its own socket, no user
 * config), one window of a given size running a command, read back as the screen shows it.
 * Tests using it call requirePrograms(ctx, PROGRAMS.tmux) first.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface Terminal {
  /**
   * What the screen shows now, one line per row (trailing blanks trimmed by tmux); `escapes` keeps colours and styles as SGR
   * sequences; `scrollback` is everything written since the start, lines the terminal wrapped joined again (so an overflow shows).
   */
  screen(options?: { escapes?: boolean; scrollback?: boolean }): Promise<string>;
  /** Waits until `done(screen)` holds (15 s at most), returning that screen; else throws with what it shows. */
  waitFor(done: (screen: string) => boolean): Promise<string>;
  /** tmux key names: 'C-c', 'Enter', 'Down', or text. */
  sendKeys(...keys: string[]): Promise<void>;
  close(): Promise<void>;
}

let sessions = 0;

/** Starts `command` (a shell command line) in a `columns`×`rows` terminal with `env`. */
export async function openTerminal(command: string, options: { columns: number; rows: number; env: NodeJS.ProcessEnv; history?: number }): Promise<Terminal> {
  const socket = `trek-test-${process.pid}-${++sessions}-${Date.now()}`;
  const tmux = async (...args: string[]) => (await execFileAsync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { env: { ...options.env, TERM: 'xterm-256color' } })).stdout;
  // history-limit applies to windows made after it is set: set first, in the same server start.
  const history = options.history === undefined ? [] : ['start-server', ';', 'set-option', '-g', 'history-limit', String(options.history), ';'];
  await tmux(...history, 'new-session', '-d', '-s', 'trek', '-x', String(options.columns), '-y', String(options.rows), command);
  const screen = (options: { escapes?: boolean; scrollback?: boolean } = {}) =>
    tmux('capture-pane', '-p', ...(options.escapes ? ['-e'] : []), ...(options.scrollback ? ['-J', '-S', '-'] : []), '-t', 'trek');
  return {
    screen,
    async waitFor(done) {
      const deadline = Date.now() + 15_000;
      let text = '';
      while (Date.now() < deadline) {
        text = await screen();
        if (done(text)) return text;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`the terminal never showed what was expected; it shows:\n${text}`);
    },
    async sendKeys(...keys) {
      await tmux('send-keys', '-t', 'trek', ...keys);
    },
    async close() {
      await tmux('kill-server').catch(() => undefined);
    },
  };
}
