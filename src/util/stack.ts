/**
 * Stack traces that point at src/. trek runs as a bundle (dist/), whose source maps lie beside
 * it; Node applies them only when started with --enable-source-maps, which would make every
 * start-up read them. They are read here instead, for the one trace that is printed: an
 * unexpected error with --verbose.
 */
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `stack` with each `/….cjs:LINE:COLUMN` (CommonJS, as dist/ is) or `file:///….js:LINE:COLUMN`
 * (ES module) frame that has a source map beside it replaced by the source position.
 */
export function sourceMappedStack(stack: string): string {
  const maps = new Map<string, SourceMap | undefined>();
  return stack.replace(/((?:file:\/\/)?\/[^\s()]+?\.[cm]?js):(\d+):(\d+)/g, (frame: string, location: string, line: string, column: string) => {
    const file = location.startsWith('file:') ? fileURLToPath(location) : location;
    if (!maps.has(file)) maps.set(file, readSourceMap(file));
    const entry = maps.get(file)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (entry === undefined || !('originalSource' in entry) || !entry.originalSource) return frame;
    // esbuild writes sources relative to the map.
    return `${resolve(dirname(file), entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}

function readSourceMap(file: string): SourceMap | undefined {
  try {
    return new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMapPayload);
  } catch {
    return undefined; // no map (node_modules, bin/trek): the frame stays as it is
  }
}
