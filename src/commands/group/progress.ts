/**
 * The progress bar of a group import, on a terminal's stderr only:
 * `[██████░░░░░░░░] 12/30 travellers · 4.2/s · ETA 4s`. Redrawn at most ten times a second;
 * `clear` takes it away so another line (a retry notice, the summary) prints on a clean line.
 */
import type { IOStreams } from '../../output/iostreams.js';

const WIDTH = 20;
const REDRAW_MS = 100;

export interface Progress {
  /** One more traveller done (created, found or already imported). */
  tick(): void;
  /** Prints a line above the bar. */
  note(line: string): void;
  end(): void;
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/** A bar for `total` travellers of which `done` are done already; undefined when stderr is no terminal. */
export function progressBar(io: IOStreams, total: number, done: number, nowMs: () => number = () => performance.now()): Progress | undefined {
  if (!io.stderrIsTTY) return undefined;
  const started = nowMs();
  const already = done;
  let drawnAt = -Infinity;
  let shown = false;
  let ended = false;
  // Whatever else writes to stderr while the bar shows (the API client's retry notices) goes
  // above it, as note() does, not after it on its line; end() puts the stream back.
  const err = io.err;
  const write = err.write.bind(err);
  const clear = () => {
    if (shown) write('\r\x1b[2K');
    shown = false;
  };
  const draw = (force: boolean) => {
    const now = nowMs();
    if (ended || (!force && now - drawnAt < REDRAW_MS)) return;
    drawnAt = now;
    const filled = total === 0 ? WIDTH : Math.round((done / total) * WIDTH);
    const rate = (done - already) / Math.max((now - started) / 1000, 0.001);
    const eta = rate > 0 ? duration((total - done) / rate) : '?';
    write(`\r\x1b[2K[${'█'.repeat(filled)}${'░'.repeat(WIDTH - filled)}] ${done}/${total} travellers · ${rate.toFixed(1)}/s · ETA ${eta}`);
    shown = true;
  };
  const note = (chunk: string | Uint8Array) => {
    clear();
    write(chunk);
    draw(true);
  };
  err.write = note;
  draw(true);
  return {
    tick() {
      done++;
      draw(done === total);
    },
    note(line) {
      note(`${line}\n`);
    },
    end() {
      clear();
      ended = true;
      err.write = write;
    },
  };
}
