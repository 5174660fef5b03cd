import { spawnSync } from 'node:child_process';
import { compileContract } from './contract.js';

/**
 * Builds dist/ once before the run so e2e tests exercise the current source. A build that fails
 * fails the run: the e2e tests would otherwise pass or fail on a stale dist/. Compiles the
 * contract's validators once too, for every test file's contract check (contract-check.ts).
 */
export default async function setup(): Promise<void> {
  const result = spawnSync(process.execPath, ['build.mjs'], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the build failed (node build.mjs exited ${result.status ?? result.signal}); no test runs on a stale dist/\n${result.stderr}`);
  await compileContract();
}
