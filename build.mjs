// Bundles src/ into dist/ with esbuild: one entry chunk keeps `--version`/`--help` to a
// handful of file reads, and code split at dynamic imports keeps the sandbox, undici, conf
// and inquirer off the start-up path. Source maps let stack traces point at src/.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  // `sandbox` lets bench/sandbox.mjs (and other plain node scripts) start the sandbox.
  entryPoints: { trek: 'src/cli.ts', sandbox: 'src/sandbox/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
