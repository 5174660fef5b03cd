/**
 * A real terminal for e2e tests: a tmux server of the test's own (its own socket, no user
 * config), one window of a given size running a command, read back as the screen shows it.
 * Tests using it call requirePrograms(ctx, PROGRAMS.tmux) first.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * How to read the terminal: `escapes` keeps colours and styles as SGR sequences; `joined` joins
 * again the lines the terminal wrapped (so a sentence reads whole and an overflow shows);
 * `scrollback` is everything written since the start, joined so.
 */
export interface Capture {
  escapes?: boolean;
  joined?: boolean;
  scrollback?: boolean;
}

export interface Terminal {
  /** What the screen shows now, one line per row (trailing blanks trimmed by tmux), read as `options` say. */
  screen(options?: Capture): Promise<string>;
  /** Waits until `done(screen)` holds (20 s at most: a few trek starts on a busy machine), returning that screen read as `options` say; else throws with what it shows. */
  waitFor(done: (screen: string) => boolean, options?: Capture): Promise<string>;
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
  const screen = (options: Capture = {}) =>
    tmux('capture-pane', '-p', ...(options.escapes ? ['-e'] : []), ...(options.joined || options.scrollback ? ['-J'] : []), ...(options.scrollback ? ['-S', '-'] : []), '-t', 'trek');
  return {
    screen,
    async waitFor(done, options) {
      const deadline = Date.now() + 20_000;
      let text = '';
      while (Date.now() < deadline) {
        text = await screen(options);
        if (done(text)) return text;
        // A capture is a few milliseconds; polling often saves most of a poll's wait per step.
        await new Promise((resolve) => setTimeout(resolve, 25));
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
