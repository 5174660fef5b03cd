// Bundles src/ into dist/ with esbuild. The start-up path (`--version`, `--help`, completion)
// is one chunk with commander and chalk inlined, so it costs a handful of file reads; undici,
// conf, inquirer, cli-table3, yaml and the sandbox sit behind dynamic imports and load only
// when a command needs them. Source maps let stack traces point at src/.
import { build } from 'esbuild';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename } from 'node:path';

const outdir = new URL('./dist/', import.meta.url);

// chalk works out the terminal's colour support as it is imported, which imports node:tty, node:os
// and node:process: ~3 ms of every start-up. trek never uses that answer (theme.ts gives each
// Chalk an explicit level, decided by iostreams.ts), so the bundle gets chalk without it.
const chalkWithoutDetection = {
  name: 'chalk-without-detection',
  setup(build) {
    build.onResolve({ filter: /^#supports-color$/ }, () => ({ path: 'supports-color', namespace: 'no-colour-detection' }));
    build.onLoad({ filter: /.*/, namespace: 'no-colour-detection' }, () => ({ contents: 'export default { stdout: false, stderr: false };' }));
  },
};

// commander requires node:child_process as it loads, to run executable subcommands (trek has
// none); with net and dgram behind it, that costs every start-up ~2.5 ms, so it loads on first use.
const commanderWithLazyChildProcess = {
  name: 'commander-with-lazy-child-process',
  setup(build) {
    build.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, ({ path }) => {
      const eager = "const childProcess = require('node:child_process');";
      const source = readFileSync(path, 'utf8');
      if (!source.includes(eager)) throw new Error(`${path} no longer has \`${eager}\`: update build.mjs`);
      return { contents: source.replace(eager, "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };"), loader: 'js' };
    });
  },
};

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
  plugins: [chalkWithoutDetection, commanderWithLazyChildProcess],
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});

// Files are overwritten in place (never the whole directory removed) so a test run in another
// process never finds dist/ missing; chunks no longer produced are pruned afterwards.
const produced = new Set(Object.keys(result.metafile.outputs).map((file) => basename(file)));
for (const file of readdirSync(outdir)) if (!produced.has(file)) rmSync(new URL(file, outdir), { force: true });
