// Bundles src/ into dist/ with esbuild. The start-up path (`--version`, `--help`, completion)
// is one chunk with commander and chalk inlined, so it costs a handful of file reads; undici,
// conf, inquirer, cli-table3, yaml and the sandbox sit behind dynamic imports and load only
// when a command needs them. Source maps let stack traces point at src/.
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { basename } from 'node:path';

const outdir = new URL('./dist/', import.meta.url);
const result = await build({
  entryPoints: { trek: 'src/cli.ts', sandbox: 'src/sandbox/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['undici', 'conf', '@inquirer/prompts', 'cli-table3', 'yaml'],
  // commander is CommonJS: give its require() of node built-ins a real require in ESM output.
  banner: { js: "import { createRequire as __trekCreateRequire } from 'node:module'; const require = __trekCreateRequire(import.meta.url);" },
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});

// Files are overwritten in place (never the whole directory removed) so a test run in another
// process never finds dist/ missing; chunks no longer produced are pruned afterwards.
const produced = new Set(Object.keys(result.metafile.outputs).map((file) => basename(file)));
for (const file of readdirSync(outdir)) if (!produced.has(file)) rmSync(new URL(file, outdir), { force: true });
