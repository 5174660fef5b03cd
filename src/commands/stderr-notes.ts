/** Notes and prose on stderr: on a terminal wrapped to its width, in a log each line whole. */
import type { IOStreams } from '../output/iostreams.js';

/**
 * Lines for stderr: on a terminal each wraps to its width (the first with `firstHanging`
 * columns of hanging indent, as under a label such as "Readiness now: "); in a log each stays whole.
 */
export async function writeNotes(io: IOStreams, lines: string[], firstHanging?: number): Promise<void> {
  if (lines.length === 0) return;
  const shown = io.stderrIsTTY ? await wrappedLines(lines, io.columns, (index) => (index === 0 ? firstHanging : undefined)) : lines;
  io.err.write(shown.join('\n') + '\n');
}

/**
 * Writes lines of prose to stderr: on a terminal each line wraps to its width (continuations
 * under the line's own indent), in a log each stays whole.
 */
export async function writeWrapped(io: IOStreams, text: string): Promise<void> {
  await writeNotes(io, text.replace(/\n$/, '').split('\n'));
}

/** `hanging(index)`: the indent of a wrapped line's continuations; undefined keeps its own. */
async function wrappedLines(lines: string[], columns: number, hanging: (index: number) => number | undefined): Promise<string[]> {
  const { textTools } = await import('../output/text.js');
  const text = await textTools();
  return lines.flatMap((line, index) => (text.width(line) <= columns ? [line] : text.wrap(line, columns, hanging(index))));
}
