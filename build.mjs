// Bundles src/ into dist/ with esbuild: CommonJS files, source maps beside them.
//
// The command line (bin/trek) is three files, not esbuild's code splitting, which cuts the lazily
// imported parts into a chunk per set of importers (45 files for one `booking get`, and every
// file Node loads costs start-up time): dist/trek.cjs, what --version and --help run, then
// dist/complete.cjs and dist/commands.cjs, read only by the commands that need them (PARTS
// below). Within a file, what src/ loads with import() is still evaluated only on that import():
// esbuild wraps those modules in functions that run the first time they are imported.
//
// CommonJS, because an ES module bundle hoists every import of a Node built-in to the top of the
// file, so each command would load node:http, node:crypto and the rest; in CommonJS they stay
// require()s inside the modules that need them. It also spares Node an ES namespace for each
// built-in, which for node:http on Node 22 and later loads Node's own copy of undici. import() of
// what is not bundled becomes require() too: an ES import of a CommonJS file makes Node scan
// all of its source for export names first (35 ms for the sandbox's file on Node 20).
//
// Two parts that most commands never run stay out of the command line's files:
// undici, required on a command's first request to a server (the built-in sandbox is answered
// without it, src/api/in-process.ts), and the sandbox, which is dist/sandbox.cjs (also for
// scripts and benches, docs/sandbox.md) and which trek's code reaches only through import() of
// src/sandbox/index.ts.
// undici is dist/undici.cjs, its public entry (index.js) bundled whole: required from
// node_modules, its index is some 110 files to find, read and compile one by one, which cost a
// served command ~35 ms of CPU more on Node 24 (with the compile cache) than the one file.
// So are the libraries that only some commands load, each in a file of its own on first use:
// @inquirer/prompts (dist/prompts.cjs, interactive commands), yaml (dist/yaml.cjs, -o yaml) and
// cli-table3 (dist/table.cjs, tables). Required from node_modules, prompts cost an interactive
// command ~40 ms of CPU more and yaml a `-o yaml` ~40 ms more, on Node 24 with its compile cache
// and on Node 20 without one (lower quartile of 11, loaded alone); cli-table3 ~10 ms more.
// Nothing but plain objects crosses between the sandbox and the command line: errors are read by
// their members (exitCode, toJson: src/errors.ts), never by instanceof.
// conf, which writes the config file, is dist/conf.cjs: with ajv it is 300 kB that only a change
// to the config needs (src/config/conf-file.ts).
//
// dist/paths.cjs holds trek's folders, which bin/trek needs before it loads the rest, to keep
// Node's compile cache in the user's own cache folder.
//
// dist/completion/<noun>.json is completion's manifest (src/completion/manifest.ts): each noun's
// tree as data, which a TAB on a verb's words (`trek __complete booking get ''`) builds its noun
// from instead of reading dist/commands.cjs and running the noun's verb modules: 9-11 ms less CPU
// on Node 24 and on Node 20 (lower quartile of 25).
//   Written from the bundles this build has just written (dist/complete.cjs builds the whole
//     tree), so it cannot disagree with them, and a test run, which builds first, has a fresh one.
//   A file per noun rather than one: a TAB reads and parses its noun's few kB (at most 9), not
//     all 50 kB (0.15 ms rather than 1 ms on Node 24).
//   JSON read and parsed rather than a module required: nothing to compile or keep code of.
//   Only what completion reads, a menu's line rather than a command's help text: 50 kB, not 87.
import { build } from 'esbuild';
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const outdir = join(root, 'dist');
/** Modules in a bundle of their own, by the file trek's code imports them from. */
const ownFiles = new Map([
  [join(root, 'src/sandbox/index.js'), './sandbox.cjs'],
  [join(root, 'src/config/conf-file.js'), './conf.cjs'],
]);
/** Packages bundled in a file of their own, by the name trek's code imports. */
const ownPackages = new Map([
  ['undici', './undici.cjs'],
  ['@inquirer/prompts', './prompts.cjs'],
  ['yaml', './yaml.cjs'],
  ['cli-table3', './table.cjs'],
]);

/** Imports of those modules from trek's code load their own bundle. */
const inTheirOwnFiles = {
  name: 'in-their-own-files',
  setup(build) {
    build.onResolve({ filter: /(sandbox\/index|conf-file)\.js$/ }, ({ path, resolveDir }) => {
      const file = ownFiles.get(resolve(resolveDir, path));
      return file ? { path: file, external: true } : undefined;
    });
    build.onResolve({ filter: /^[@\w]/ }, ({ path, kind }) => (kind !== 'entry-point' && ownPackages.has(path) ? { path: ownPackages.get(path), external: true } : undefined));
  },
};

/** What every bundle is built with. */
const options = {
  absWorkingDir: root,
  outdir,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Minified, the files are 30% smaller (trek.cjs 147 → 103 kB, undici.cjs 756 → 535 kB), which
  // Node reads, hashes and compiles on every command: 5-9 ms less CPU a command on Node 24. Stack
  // traces name minified functions, but with --verbose their frames point into src/ (src/util/stack.ts).
  minify: true,
  // Required on first use, from node_modules: jq for --jq (it reads its jq.wasm from beside its
  // own file), the sandbox's PDF maker, loaded only when a document's content is asked for, and
  // the libraries of a few commands (CSV manifests, the cache's LRU, pager command lines), each
  // a few ms to load: bundled, every command would read and compile their 100 kB. cli-table3's
  // optional colour library too (53 kB), which it requires only for its own cell styles, which
  // trek never sets.
  external: ['jq-wasm', 'pdf-lib', 'csv-parse', 'lru-cache', 'shell-quote', '@colors/colors'],
  supported: { 'dynamic-import': false },
  // CommonJS has no import.meta: a module that finds files or packages from its own URL (the
  // completion scripts, createRequire) gets the bundle's (all are in dist/), made when asked for,
  // not as each file loads. "use strict" leads, so the banner does not push the bundle's own "use strict" out of
  // the directive prologue.
  banner: { js: '"use strict";\nconst __bundle = { get url() { return require("node:url").pathToFileURL(__filename).href; } };' },
  define: { 'import.meta.url': '__bundle.url' },
  logLevel: 'warning',
  write: false,
};

// The command line is cut in three parts, each module of src/ (and of the bundled packages) in
// exactly one of them, so that a class (UsageError, commander's Command) is the same in all:
//   dist/trek.cjs      bin/trek's entry, what --version and --help run: what src/cli.ts imports
//                      without import()
//   dist/complete.cjs  the completion engine, which every TAB runs (`trek __complete`), with
//                      what it shares with the commands (the config, queries, the network)
//   dist/commands.cjs  everything else: every noun's verbs and what they run
// So --help reads one file (100 of 800 kB; --version none, bin/trek), completion two (and its
// noun's manifest), a command three. Reading
// a bundle costs about 4 ms per 100 kB on Node 24 even from the compile cache: with the
// engine's shared modules in the entry (a command read two files then), --version and --help
// took 7 ms more CPU on Node 24 (lower quartile of 31), and a command 2 ms less, within the noise.
// Cutting the commands into a file per noun was measured too: 2-3 ms less for a command, within
// the noise, for 21 more files, so they stay one.
const PARTS = ['trek', 'complete', 'commands'];
const MANIFEST = 'completion';

/** Which modules import which (without writing anything), to share the modules out among the parts. */
const { metafile } = await build({ ...options, entryPoints: ['src/cli.ts'], sourcemap: false, metafile: true, plugins: [inTheirOwnFiles] });
const staticImports = (file) => metafile.inputs[file].imports.filter(({ kind, external }) => kind !== 'dynamic-import' && !external).map(({ path }) => path);
/** `roots` and what they import without import(), at any depth. */
function closureOf(roots) {
  const found = new Set();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop();
    if (found.has(file)) continue;
    found.add(file);
    stack.push(...staticImports(file));
  }
  return found;
}
const entry = closureOf(['src/cli.ts']);
const engine = closureOf(['src/commands/completion/complete.ts']);
/** Module (path from the root, as esbuild names it) → its part. */
const partOf = new Map(Object.keys(metafile.inputs).map((file) => [file, entry.has(file) ? 'trek' : engine.has(file) ? 'complete' : 'commands']));
/** Modules another part imports, by the part that holds them: each part's `modules` hands them out. */
const shared = new Map(PARTS.map((part) => [part, new Set()]));
for (const [file, { imports }] of Object.entries(metafile.inputs)) {
  for (const { path, external } of imports) if (!external && partOf.get(path) !== partOf.get(file)) shared.get(partOf.get(path)).add(path);
}

/**
 * A part's entry: `modules`, a function per shared module that returns its exports, evaluating it
 * on first call (as import() of it would); dist/trek.cjs also exports `run`. The entry's own
 * modules are all evaluated as it loads, so it hands out their namespaces as they are.
 */
function partEntry(part) {
  const files = [...shared.get(part)];
  if (part !== 'trek') return `export const modules = {\n${files.map((file) => `  ${JSON.stringify(file)}: () => require(${JSON.stringify(`./${file}`)}),`).join('\n')}\n};\n`;
  const imports = files.map((file, i) => `import * as m${i} from ${JSON.stringify(`./${file}`)};`);
  return `export { run } from './src/cli.ts';\n${imports.join('\n')}\nexport const modules = {\n${files.map((file, i) => `  ${JSON.stringify(file)}: () => m${i},`).join('\n')}\n};\n`;
}

/** A file's path from the root as esbuild's metafile names it: with forward slashes on every system. */
const fromRoot = (path) => relative(root, path).split(sep).join('/');

/** The names each shared ES module exports (esbuild reads them from each file alone). */
const sharedModules = [...shared.values()].flatMap((files) => [...files]);
const exportsOf = new Map();
const { metafile: exported } = await build({
  entryPoints: sharedModules,
  absWorkingDir: root,
  outdir: join(outdir, 'exports'),
  outbase: root,
  format: 'esm',
  metafile: true,
  write: false,
  logLevel: 'warning',
});
for (const { entryPoint, exports } of Object.values(exported.outputs)) if (entryPoint) exportsOf.set(entryPoint, exports);

/**
 * In a part, an import of a module that another part holds becomes a require() of that part's
 * file, so the module is evaluated once, in the part that holds it. Its exports are bound by name
 * once, when the importing module is first evaluated: no getter stands between a command and
 * `UsageError`. Bound once is enough, as parts import each other's modules only downwards (the
 * completion engine and the commands from the entry; import() aside), so a module is whole
 * before another part imports it, and no module of src/ reassigns an export (no `export let`).
 */
const inParts = {
  name: 'in-parts',
  setup(build) {
    build.onResolve({ filter: /^part:/ }, ({ path }) => ({ path: path.slice('part:'.length), namespace: 'part-entry' }));
    build.onLoad({ filter: /.*/, namespace: 'part-entry' }, ({ path }) => ({ contents: partEntry(path), resolveDir: root, loader: 'js' }));
    build.onResolve({ filter: /^\.\/\w+\.cjs$/, namespace: 'in-other-part' }, ({ path }) => ({ path, external: true }));
    build.onLoad({ filter: /.*/, namespace: 'in-other-part' }, ({ path }) => {
      const module = `require(${JSON.stringify(`./${partOf.get(path)}.cjs`)}).modules[${JSON.stringify(path)}]()`;
      const names = exportsOf.get(path);
      if (metafile.inputs[path].format !== 'esm' || names === undefined) throw new Error(`${path} is shared between parts but is no ES module: its exports cannot be bound by name`);
      return { contents: `const m = ${module};\nexport const { ${names.join(', ')} } = m;\n`, resolveDir: root, loader: 'js' };
    });
    build.onResolve({ filter: /.*/, namespace: 'file' }, async ({ path, kind, importer, resolveDir, pluginData }) => {
      if (kind === 'entry-point' || pluginData === 'in-parts') return undefined;
      const resolved = await build.resolve(path, { kind, importer, resolveDir, pluginData: 'in-parts' });
      if (resolved.errors.length > 0 || resolved.external) return resolved;
      const file = fromRoot(resolved.path);
      const importerPart = partOf.get(fromRoot(importer));
      if (!partOf.has(file) || importerPart === undefined) throw new Error(`${file} (imported by ${importer}) is in no part: the module graph changed between esbuild's two passes`);
      return partOf.get(file) === importerPart ? resolved : { path: file, namespace: 'in-other-part' };
    });
  },
};

/**
 * commander requires node:child_process as it loads, for executable subcommands, which trek
 * never declares; that built-in brings node:net and node:dgram with it, some 8-10 ms of CPU at
 * every start on Node 24 (--help, every TAB). commander gets a stand-in that requires the
 * built-in on first use: its code is unchanged, and a spawn through it gets the real function.
 */
const childProcessOnUse = {
  name: 'child-process-on-use',
  setup(build) {
    build.onResolve({ filter: /^(node:)?child_process$/ }, ({ importer }) => (/[\\/]node_modules[\\/]commander[\\/]/.test(importer) ? { path: 'child_process', namespace: 'on-use' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'on-use' }, ({ path }) => ({
      contents: `module.exports = new Proxy({}, { get: (_, name) => require(${JSON.stringify(`node:${path}`)})[name] });`,
      loader: 'js',
    }));
  },
};

const parts = await build({
  ...options,
  entryPoints: Object.fromEntries(PARTS.map((part) => [part, `part:${part}`])),
  plugins: [inTheirOwnFiles, childProcessOnUse, inParts],
  // A name the binding above missed would be undefined at run time: a failed build instead.
  logOverride: { 'import-is-undefined': 'error' },
});
// The sandbox, conf, trek's folders and the packages of their own: whole, on their own.
const others = await build({
  ...options,
  entryPoints: {
    sandbox: 'src/sandbox/index.ts',
    conf: 'src/config/conf-file.ts',
    paths: 'src/config/paths.ts',
    'bundle-loader': 'src/bundle-loader.ts',
    ...Object.fromEntries([...ownPackages].map(([name, file]) => [basename(file, '.cjs'), name])),
  },
  plugins: [inTheirOwnFiles],
});
const outputFiles = [...parts.outputFiles, ...others.outputFiles];

// Each file is replaced whole (written beside it, then renamed over it) and dist/ is never
// removed, so a test run in another process never reads a missing or half-written bundle; files
// of earlier builds that this one did not write are removed afterwards (not another build's
// partial files).
mkdirSync(outdir, { recursive: true });
const writeWhole = (path, contents) => {
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, contents);
  renameSync(partial, path);
};
for (const { path, contents } of outputFiles) writeWhole(path, contents);

// Completion's manifest, from the tree the bundles just written build (src/completion/manifest.ts).
const require = createRequire(import.meta.url);
const { completionManifest } = require(join(outdir, 'complete.cjs')).modules['src/commands/completion/complete.ts']();
const manifestDir = join(outdir, MANIFEST);
mkdirSync(manifestDir, { recursive: true });
const nouns = new Set();
for (const noun of await completionManifest()) {
  nouns.add(`${noun.name}.json`);
  writeWhole(join(manifestDir, `${noun.name}.json`), JSON.stringify(noun));
}
for (const file of readdirSync(manifestDir)) if (!nouns.has(file) && !file.endsWith('.tmp')) rmSync(join(manifestDir, file), { force: true });

const written = new Set([...outputFiles.map(({ path }) => basename(path)), MANIFEST]);
for (const file of readdirSync(outdir)) if (!written.has(file) && !file.endsWith('.tmp')) rmSync(join(outdir, file), { force: true });
