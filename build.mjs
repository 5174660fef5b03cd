// Bundles src/ into dist/ with esbuild, in two passes.
//
// The first pass splits the code: each noun (src/commands/<noun>/), the completion engine, the
// sandbox and everything else behind a dynamic import become files that load only when a command
// needs them; undici, conf, inquirer, cli-table3 and yaml stay outside the bundle, imported on
// first use. esbuild also cuts the code those files share into a chunk per set of importers:
// dozens of small files, several on the start-up path, and every ES module file costs start-up
// time (~1.5 ms each here, more than most of their code).
//
// The second pass folds those chunks into the first file that needs them: what trek.js imports
// into trek.js, so `--version` and `--help` read one file of ours; what the completion engine
// imports besides into the engine's file, so TAB reads two; the rest into shared.js, which
// every noun's verbs import. Source maps are carried through both passes, so stack traces
// point at src/.
import { build } from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const outdir = fileURLToPath(new URL('./dist/', import.meta.url));
const common = { bundle: true, format: 'esm', platform: 'node', target: 'node20', sourcemap: true, write: false, logLevel: 'warning' };

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

const split = await build({
  ...common,
  entryPoints: { trek: 'src/cli.ts', sandbox: 'src/sandbox/index.ts' },
  outdir,
  splitting: true,
  external: ['undici', '@inquirer/prompts', 'cli-table3', 'yaml'],
  // commander is CommonJS: give its require() of node built-ins a real require in ESM output.
  banner: { js: "import { createRequire as __trekCreateRequire } from 'node:module'; const require = __trekCreateRequire(import.meta.url);" },
  plugins: [chalkWithoutDetection, commanderWithLazyChildProcess],
  metafile: true,
});
const firstPass = new Map(split.outputFiles.map((file) => [basename(file.path), file.text]));
const outputs = new Map(Object.entries(split.metafile.outputs).filter(([file]) => file.endsWith('.js')).map(([file, output]) => [basename(file), output]));

/** The chunks `file` imports statically, directly or through other chunks. */
function staticChunks(file, found = new Set()) {
  for (const { path, kind, external } of outputs.get(file).imports) {
    if (kind !== 'import-statement' || external || found.has(basename(path))) continue;
    found.add(basename(path));
    staticChunks(basename(path), found);
  }
  return found;
}

// The file each folded chunk moves into: what start-up needs into trek.js, what completion needs
// besides (it runs on every TAB) into the engine's file, everything else into shared.js. A chunk
// the sandbox imports stays where it is, or dist/sandbox.js, which also loads on its own (the
// sandbox benchmark, embedders), would load trek.js; but esbuild's runtime helpers (the chunk
// made of no module) keep no state, so trek.js takes a copy and the sandbox keeps the file.
const [completion] = [...outputs].find(([, output]) => output.entryPoint === 'src/commands/completion/complete.ts');
const sandboxChunks = staticChunks('sandbox.js');
const startupChunks = staticChunks('trek.js');
const completionChunks = staticChunks(completion);
const home = new Map();
const isRuntime = (output) => Object.keys(output.inputs).length === 0;
for (const [file, output] of outputs) {
  if (output.entryPoint || (sandboxChunks.has(file) && !isRuntime(output))) continue;
  home.set(file, startupChunks.has(file) ? 'trek.js' : completionChunks.has(file) ? completion : 'shared.js');
}

// A folded chunk's exports, renamed in its new file so that no two chunks' names collide there.
const exportsOf = (chunk) => outputs.get(chunk).exports.map((name) => ({ name, alias: `__${chunk.replace(/\W/g, '_')}_${name}` }));
const homeContents = (file) =>
  [
    ...(firstPass.has(file) ? [`export * from './${file}';`] : []),
    ...[...home].filter(([, into]) => into === file).flatMap(([chunk]) => exportsOf(chunk).map(({ name, alias }) => `export { ${name} as ${alias} } from './${chunk}';`)),
  ].join('\n');
const movedContents = (chunk) => `export { ${exportsOf(chunk).map(({ name, alias }) => `${alias} as ${name}`).join(', ')} } from './${home.get(chunk)}';`;
// Inlined, the first pass's source map reaches esbuild, which maps through it to src/.
const withSourceMap = (file) =>
  firstPass.get(file).replace(/\/\/# sourceMappingURL=.*\s*$/, `//# sourceMappingURL=data:application/json;base64,${Buffer.from(firstPass.get(`${file}.map`)).toString('base64')}\n`);

// Rebuilt: the homes and every other file loaded by import(), with the folded chunks' code in
// their homes and imports of it pointed there.
const homes = new Set(home.values());
const lazyEntries = [...outputs].filter(([file, output]) => output.entryPoint && file !== 'sandbox.js').map(([file]) => file);
const folded = await build({
  ...common,
  entryPoints: Object.fromEntries([...new Set([...homes, ...lazyEntries])].map((file) => [file.replace(/\.js$/, ''), file])),
  outdir,
  plugins: [
    {
      name: 'fold-chunks',
      setup(build) {
        build.onResolve({ filter: /.*/ }, ({ path, kind, importer, namespace }) => {
          if (kind === 'entry-point') return { path, namespace: homes.has(path) ? 'home' : 'first-pass' };
          const file = path.replace(/^\.\//, '');
          // Where the importing code ends up: a home file collects its chunks, any other file is its own.
          const into = namespace === 'home' ? importer : (home.get(importer) ?? importer);
          if (namespace === 'home' && file === importer) return { path: file, namespace: 'first-pass' };
          if (kind === 'dynamic-import' || !home.has(file)) return { path, external: true };
          return { path: file, namespace: home.get(file) === into ? 'first-pass' : 'moved' };
        });
        const options = { loader: 'js', resolveDir: outdir };
        build.onLoad({ filter: /.*/, namespace: 'home' }, ({ path }) => ({ contents: homeContents(path), ...options }));
        build.onLoad({ filter: /.*/, namespace: 'moved' }, ({ path }) => ({ contents: movedContents(path), ...options }));
        build.onLoad({ filter: /.*/, namespace: 'first-pass' }, ({ path }) => ({ contents: withSourceMap(path), ...options }));
      },
    },
  ],
});

const files = new Map(folded.outputFiles.map((file) => [basename(file.path), file.text]));
// The sandbox's files stay as the first pass made them.
for (const file of ['sandbox.js', ...sandboxChunks]) for (const name of [file, `${file}.map`]) files.set(name, firstPass.get(name));

// Files are overwritten in place (never the whole directory removed) so a test run in another
// process never finds dist/ missing; files no longer produced are pruned afterwards. A fresh clone
// has no dist/ yet: both passes keep their output in memory, so nothing else creates it.
mkdirSync(outdir, { recursive: true });
for (const [file, text] of files) writeFileSync(join(outdir, file), text);
for (const file of readdirSync(outdir)) if (!files.has(file)) rmSync(join(outdir, file), { force: true });
