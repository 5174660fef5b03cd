import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // e2e tests spawn bin/trek, which runs the bundle: build it once, fresh, before any test.
    globalSetup: ['test/helpers/build.ts'],
    // Every sandbox answer and trek request of the suite is held to the contract (openapi/trek.yaml).
    setupFiles: ['test/helpers/contract-check.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Two files at a time on a two-core machine: most of a file's time is spent waiting on the
    // processes, terminals and timers it starts, so the second core would otherwise sit idle.
    maxWorkers: 2,
  },
});
