/**
 * The suite passes on any day only if every sandbox a test makes starts on the pinned clock
 * (test/helpers/clock.ts): the seed's dates follow the clock a store is made on. This reads
 * every file under test/ and fails on a call that makes a store (or resets one through the API)
 * without `now`, unless the call
 * is marked as being about the wall clock itself (`// wall clock: <why>` on it or the line
 * above), in which case its test asserts relative to the real now.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const TEST_DIR = new URL('.', import.meta.url).pathname;
const STORE_MAKERS = /\b(startSandbox|openSandbox|Store\.open|resetSandbox)\(|\.post\('\/_sandbox\/reset',/g;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? testFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));
}

/** The text between the parenthesis at `open` and its match. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if ('([{'.includes(text[i])) depth++;
    else if (')]}'.includes(text[i]) && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** `file:line  call` for each store made off the pinned clock in `text`. */
export function unpinnedCalls(file: string, text: string): string[] {
  const found: string[] = [];
  const lines = text.split('\n');
  for (const match of text.matchAll(STORE_MAKERS)) {
    const lineIndex = text.slice(0, match.index).split('\n').length - 1;
    const line = lines[lineIndex];
    const trimmed = line.trim();
    // Definitions, imports and prose are not calls.
    if (/^(import|export \{|\*|\/\/|\/\*)/.test(trimmed) || /function\s+\w+\(/.test(line)) continue;
    // A reset through the API takes `now` in its body, on the same line.
    const args = match[1] ? argumentsAt(text, match.index + match[0].length - 1) : line.slice(line.indexOf("'/_sandbox/reset'"));
    if (/\bnow\b/.test(args) || /process\.argv/.test(args)) continue;
    if (/\/\/ wall clock:/.test(line) || /\/\/ wall clock:/.test(lines[lineIndex - 1] ?? '')) continue;
    found.push(`${file}:${lineIndex + 1}  ${trimmed}`);
  }
  return found;
}

describe('every sandbox in a test starts on the pinned clock', () => {
  it('no call under test/ makes a store without `now` unless it is marked as about the wall clock', () => {
    // This file's own examples are strings, not calls.
    const offenders = testFiles(TEST_DIR)
      .filter((path) => !path.endsWith('clock-pinned.test.ts'))
      .flatMap((path) => unpinnedCalls(relative(TEST_DIR, path), readFileSync(path, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('the check itself finds an unpinned call, and passes a pinned or marked one', () => {
    expect(unpinnedCalls('a.ts', 'const s = await startSandbox({ size: 10 });')).toEqual(['a.ts:1  const s = await startSandbox({ size: 10 });']);
    expect(unpinnedCalls('a.ts', 'await Store.open();\nawait resetSandbox(file);')).toHaveLength(2);
    expect(unpinnedCalls('a.ts', 'await startSandbox({ now: NOW, size: 10 });')).toEqual([]);
    expect(unpinnedCalls('a.ts', '// wall clock: the seed follows the real day\nawait startSandbox();')).toEqual([]);
    expect(unpinnedCalls('a.ts', "await c.post('/_sandbox/reset', { seed: 2 }, 'operator');")).toHaveLength(1);
    expect(unpinnedCalls('a.ts', "await c.post('/_sandbox/reset', { now: NOW.toISOString() }, 'operator');")).toEqual([]);
  });
});
