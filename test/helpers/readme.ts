/**
 * The README's shell examples and the guide's, for the tests that run them as written: their ```sh blocks and a
 * `trek` on PATH (the built bundle) for the shell that runs them.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TREK_BIN } from '../e2e/trek-process.js';

/** The page of the command groups' examples, each block a `# terminal` half and a `# script` half; the README links to it. */
export const GUIDE = 'docs/guide.md';

/** The ```sh blocks of a README section, each as its lines with `\` continuations joined. */
export function shellBlocks(markdown: string): string[][] {
  return [...markdown.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1].replace(/\\\n\s*/g, '').split('\n'));
}

/** The text of the section under `heading` ("## A booking from start to finish"), up to the next "## " heading. */
export function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README has no section "${heading}"`);
  const end = markdown.indexOf('\n## ', start + heading.length + 2);
  return markdown.slice(start, end < 0 ? undefined : end);
}

/** A `bin` folder in `work` whose `trek` runs the built bundle, to put first on PATH. */
export function trekOnPath(work: string): string {
  const bin = join(work, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'trek'), `#!/bin/sh\nexec "${process.execPath}" "${TREK_BIN}" "$@"\n`);
  chmodSync(join(bin, 'trek'), 0o755);
  return bin;
}
