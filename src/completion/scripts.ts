import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/**
 * The package's completions/trek.<shell>. It is found by walking up from this module, which
 * works from the bundle (dist/trek.js, one level below the package root) and from src/ in
 * tests alike; Node runs bin/trek by its real path, so an npm .bin symlink does not matter.
 */
export function completionScript(shell: Shell): string {
  const name = `trek.${shell}`;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth++) {
    const file = join(dir, 'completions', name);
    if (existsSync(file)) return readFileSync(file, 'utf8');
    dir = dirname(dir);
  }
  throw new Error(`the completion script completions/${name} is missing from the trek package; reinstall trek`);
}
