import { spawnSync } from 'node:child_process';

/**
 * Builds dist/ once before the run so e2e tests exercise the current source. A failed build
 * is reported, not fatal: unit tests still run, and e2e tests fail on their own assertions.
 */
export default function setup(): void {
  const result = spawnSync(process.execPath, ['build.mjs'], { encoding: 'utf8' });
  if (result.status !== 0) process.stderr.write(`\nwarning: build failed; e2e tests will use a stale or missing dist/\n${result.stderr}\n`);
}
