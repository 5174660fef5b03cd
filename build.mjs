// Bundles src/ into dist/ with esbuild: CommonJS files, source maps beside them.
//
// dist/trek.cjs is the command line (bin/trek). One file, because every file Node loads costs
// start-up time: esbuild's code splitting cuts the lazily imported parts into a chunk per set of
// importers, 45 files for one `booking get`. Without splitting, what src/ loads with import()
// (each noun's verbs, the completion engine, the renderers) is still evaluated only on that
// import(): esbuild wraps those modules in functions that run the first time they are imported.
//
// CommonJS, because an ES module bundle hoists every import of a Node built-in to the top of the
// file, so each command would load node:http, node:crypto and the rest; in CommonJS they stay
// require()s inside the modules that need them. It also spares Node an ES namespace for each
// built-in, which for node:http on Node 22 and later loads Node's own copy of undici. import() of
// what is not bundled becomes require() too: an ES import of a CommonJS file makes Node scan
// all of its source for export names first (35 ms for the sandbox's file on Node 20).
//
// Two parts that most commands never run stay out of dist/trek.cjs, so that reading it is quick:
// undici, required on a command's first request to a server (the built-in sandbox is answered
// without it, src/api/in-process.ts), and the sandbox, which is dist/sandbox.cjs (also for
// scripts and benches, docs/sandbox.md) and which trek's code reaches only through import() of
// src/sandbox/index.ts.
// undici is dist/undici.cjs, its public entry (index.js) bundled whole: required from
// node_modules, its index is some 110 files to find, read and compile one by one, which cost a
// served command ~35 ms of CPU more on Node 24 (with the compile cache) than the one file.
// Nothing but plain objects crosses between the two files: errors are read by their members
// (exitCode, toJson: src/errors.ts), never by instanceof.
// conf, which writes the config file, is dist/conf.cjs: with ajv it is 300 kB that only a change
// to the config needs (src/config/conf-file.ts).
//
// dist/paths.cjs holds trek's folders, which bin/trek needs before it loads the rest, to keep
// Node's compile cache in the user's own cache folder.
import { build } from 'esbuild';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const outdir = join(root, 'dist');
/** Modules in a bundle of their own, by the file trek's code imports them from. */
const ownFiles = new Map([
  [join(root, 'src/sandbox/index.js'), './sandbox.cjs'],
  [join(root, 'src/config/conf-file.js'), './conf.cjs'],
]);
/** Packages bundled in a file of their own, by the name trek's code imports. */
const ownPackages = new Map([['undici', './undici.cjs']]);

/** Imports of those modules from trek's code load their own bundle. */
const inTheirOwnFiles = {
  name: 'in-their-own-files',
  setup(build) {
    build.onResolve({ filter: /(sandbox\/index|conf-file)\.js$/ }, ({ path, resolveDir }) => {
      const file = ownFiles.get(resolve(resolveDir, path));
      return file ? { path: file, external: true } : undefined;
    });
    build.onResolve({ filter: /^undici$/ }, ({ path, kind }) => (kind === 'entry-point' ? undefined : { path: ownPackages.get(path), external: true }));
  },
};

const { outputFiles } = await build({
  entryPoints: { trek: 'src/cli.ts', sandbox: 'src/sandbox/index.ts', conf: 'src/config/conf-file.ts', paths: 'src/config/paths.ts', undici: 'undici' },
  absWorkingDir: root,
  outdir,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Without blanks and comments Node reads and compiles the bundle ~2.5 ms sooner on every command
  // (537 → 401 kB); names stay, so stack traces stay readable, and the source maps lead to src/.
  minifyWhitespace: true,
  // Required on first use, from node_modules: the prompts of interactive commands, the
  // YAML renderer, jq for --jq (it reads its jq.wasm from beside its own file), the sandbox's
  // PDF maker, loaded only when a document's content is asked for, and the libraries of a few
  // commands (CSV manifests, the cache's LRU, pager command lines): bundled, every command
  // would read and compile their 100 kB. cli-table3 too, required when a table is drawn: bundled,
  // it would bring its optional colour library (53 kB with it) that trek never has it load.
  external: ['@inquirer/prompts', 'yaml', 'jq-wasm', 'pdf-lib', 'csv-parse', 'lru-cache', 'shell-quote', 'cli-table3'],
  supported: { 'dynamic-import': false },
  plugins: [inTheirOwnFiles],
  // CommonJS has no import.meta: src/completion/scripts.ts, which finds the completion scripts
  // from its own URL, gets the bundle's. "use strict" leads, so the banner does not push the
  // bundle's own "use strict" out of the directive prologue.
  banner: { js: '"use strict";\nconst __bundleUrl = require("node:url").pathToFileURL(__filename).href;' },
  define: { 'import.meta.url': '__bundleUrl' },
  logLevel: 'warning',
  write: false,
});

// Each file is replaced whole (written beside it, then renamed over it) and dist/ is never
// removed, so a test run in another process never reads a missing or half-written bundle; files
// of earlier builds that this one did not write are removed afterwards (not another build's
// partial files).
mkdirSync(outdir, { recursive: true });
for (const { path, contents } of outputFiles) {
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, contents);
  renameSync(partial, path);
}
const written = new Set(outputFiles.map(({ path }) => basename(path)));
for (const file of readdirSync(outdir)) if (!written.has(file) && !file.endsWith('.tmp')) rmSync(join(outdir, file), { force: true });
