import type { Readable } from 'node:stream';

export type ColorMode = 'auto' | 'always' | 'never';

export interface Sink {
  /** Text; bytes only where a command writes content as it came (`document get --save -`). */
  write(chunk: string | Uint8Array, callback?: (error?: Error | null) => void): unknown;
}

/**
 * The process's streams as commands see them. Commands write data to `out` and everything
 * else (status, progress, warnings) to `err`; they never touch `process` themselves.
 */
export interface IOStreams {
  out: Sink;
  err: Sink;
  in: Readable;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Terminal width for tables; 80 when unknown. */
  columns: number;
  /** Terminal height: a view taller than this is paged. Undefined when stdout is no terminal (never paged). */
  rows?: number;
  /** Set from --color / NO_COLOR / FORCE_COLOR once flags are parsed. */
  colorOut: boolean;
  colorErr: boolean;
  /** False with --no-input, TREK_NO_INPUT or the no_input setting. */
  inputAllowed: boolean;
  /** Which of those turned input off (the flag, else the variable, else the setting). */
  inputRefusedBy?: InputSwitch;
}

/** What can turn prompts off. */
export type InputSwitch = '--no-input' | 'TREK_NO_INPUT' | 'no_input setting';

const INPUT_SWITCHES: Record<InputSwitch, { reason: string; instead: string }> = {
  '--no-input': { reason: '--no-input was given', instead: 'leave out --no-input' },
  TREK_NO_INPUT: { reason: 'TREK_NO_INPUT is set', instead: 'unset TREK_NO_INPUT' },
  'no_input setting': { reason: 'the no_input setting is true', instead: 'run `trek config unset no_input`' },
};

/** Prompts only when a person is there to answer: stdin and stdout are TTYs and input is allowed. */
export function canPrompt(io: IOStreams): boolean {
  return whyNoPrompt(io) === undefined;
}

/**
 * Why trek cannot ask here, exactly ("stdin is not a terminal", "--no-input was given"), and
 * what would let it ask; undefined when it can.
 */
export function whyNoPrompt(io: IOStreams): { reason: string; instead: string } | undefined {
  if (!io.inputAllowed) {
    const { reason, instead } = INPUT_SWITCHES[io.inputRefusedBy ?? '--no-input'];
    return { reason, instead: `${instead} to be asked on a terminal` };
  }
  const notTerminals = [!io.stdinIsTTY && 'stdin', !io.stdoutIsTTY && 'stdout'].filter(Boolean);
  if (notTerminals.length === 0) return undefined;
  const reason = notTerminals.length === 2 ? 'stdin and stdout are not terminals' : `${notTerminals[0]} is not a terminal`;
  return { reason, instead: 'trek asks only when stdin and stdout are both a terminal' };
}

/**
 * Colour decision for one stream, in the order people expect: an explicit --color wins,
 * then NO_COLOR (any non-empty value), then FORCE_COLOR, then whether the stream is a TTY.
 */
export function colorEnabled(mode: ColorMode, isTTY: boolean, env: Record<string, string | undefined>): boolean {
  if (mode === 'always') return true;
  if (mode === 'never') return false;
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

export function systemIO(env: Record<string, string | undefined>): IOStreams {
  const stdoutIsTTY = Boolean(process.stdout.isTTY);
  const stderrIsTTY = Boolean(process.stderr.isTTY);
  return {
    out: process.stdout,
    err: process.stderr,
    // Opened only by a command that reads stdin or may prompt: opening it costs every command ~1 ms.
    get in() {
      return process.stdin;
    },
    stdoutIsTTY,
    stderrIsTTY,
    get stdinIsTTY() {
      return Boolean(process.stdin.isTTY);
    },
    columns: process.stdout.columns || Number(env.COLUMNS) || 80,
    rows: process.stdout.rows || undefined,
    colorOut: colorEnabled('auto', stdoutIsTTY, env),
    colorErr: colorEnabled('auto', stderrIsTTY, env),
    inputAllowed: !env.TREK_NO_INPUT,
    ...(env.TREK_NO_INPUT ? { inputRefusedBy: 'TREK_NO_INPUT' as const } : {}),
  };
}
