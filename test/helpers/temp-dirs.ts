/**
 * Temporary folders a test file makes (TREK_HOMEs above all), removed once the file's tests are
 * done: remove-temp-dirs.ts, a setup file, registers that for every file. The list is kept on
 * globalThis because test files share their worker's modules (vitest.config.ts): a hook
 * registered as a helper module loads would run for the first file that loaded it only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = ((globalThis as { [key: symbol]: string[] })[Symbol.for('trek.test.tempDirs')] ??= []);

/** A fresh folder in the system's temp folder, its name starting with `prefix`. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
