import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Files that need modules of their own: they replace one with vi.mock (a full disk under
 * node:fs or the atomic writer), or test a module's state before its first use (the theme
 * before chalk is loaded). Every other file shares its worker's modules with the files run
 * before it, which spares each file the import of trek's code and the contract's set-up
 * (about 85 s of the suite's 290 s on a two-core machine).
 */
const needsFreshModules = ['test/cache/untrusted-entries.test.ts', 'test/commands/paperwork/document-disk-full.test.ts', 'test/output/theme.test.ts'];

/**
 * Every trek process a test starts keeps its compiled code in one folder for the run (NODE_COMPILE_CACHE,
 * which trek follows as Node does: bin/trek), not in the fresh TREK_HOME each test makes: most of the
 * 500 processes of a run then start as a user's trek does, from code kept by an earlier one, instead
 * of compiling everything and writing it down (50 ms of CPU each on Node 20).
 */
const codeCache = mkdtempSync(join(tmpdir(), 'trek-test-code-'));
process.on('exit', () => rmSync(codeCache, { recursive: true, force: true }));

export default defineConfig({
  test: {
    env: { NODE_COMPILE_CACHE: codeCache },
    // Every sandbox answer and trek request of the suite is held to the contract (openapi/trek.yaml).
    // And the temporary folders a file made are removed when it is done.
    setupFiles: ['test/helpers/contract-check.ts', 'test/helpers/remove-temp-dirs.ts'],
    // A guard against a hang, not a speed check: a test that runs a handful of trek processes in a
    // row took 10 s on a quiet machine and over 30 s on one whose every process start took twice as
    // long, with four files at a time (below).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Four files at a time on a two-core machine: most of a file's time is spent waiting on the
    // processes, terminals and timers it starts. Measured on a quiet one, Node 20: 181 s with two
    // workers, 170 s with three (both cores busy, 2737 tests); on a slower day, side by side, 191 s
    // with three and 180-183 s with four (2738 tests).
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: needsFreshModules,
          isolate: false,
          // e2e tests spawn bin/trek, which runs the bundle: build it once, fresh, before any test.
          globalSetup: ['test/helpers/build.ts'],
        },
      },
      // These run trek in-process: they need no build (a global set-up runs once per project).
      { extends: true, test: { name: 'isolated', include: needsFreshModules, isolate: true } },
    ],
  },
});
