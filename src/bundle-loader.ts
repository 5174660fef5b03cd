/**
 * Loads trek's own bundles (dist/*.cjs), keeping the code V8 compiled for them between runs.
 * Node 20 has no compile cache (module.enableCompileCache is Node 22.1+), so every command parsed
 * and compiled its bundles from scratch: about 1 MB for a command to a server, undici's included.
 * Node 22.1+'s compile cache does keep it, but a command took 5-30 ms more CPU with it than with
 * this (Node 24, lower quartile of 25). The v8-compile-cache package makes its cache before the
 * code runs, when V8 has compiled almost nothing of a bundle whose modules are functions compiled
 * on first call (measured: no gain); this one is made after the command, so it holds what the
 * command ran.
 *
 * A bundle is run as Node runs a CommonJS file (its wrapper, exports, require, module), and its
 * require() of another bundle of dist/ comes back here, so each is loaded once, from its cache.
 */
import { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

export interface BundleLoader {
  /** The exports of dist/`name` (`trek.cjs`), evaluated on the first call. */
  load(name: string): unknown;
  /** Writes the code of each bundle whose cache was missing or out of date. Never throws: the cache only saves time. */
  saveCode(): void;
}

/** `./commands.cjs` as the bundles require each other; anything else goes to Node. */
const BUNDLE = /^\.\/[\w-]+\.cjs$/;

/** `codeFolder`: a folder inside one private to the user (ensurePrivateFolder), made when code is first kept; undefined loads without a cache. */
export function bundleLoader(dist: string, codeFolder: string | undefined): BundleLoader {
  const loaded = new Map<string, Module>();
  const toSave: Array<{ name: string; script: Script; file: string }> = [];

  function load(name: string): unknown {
    const done = loaded.get(name);
    if (done) return done.exports;
    const file = join(dist, name);
    // The source and its identity from one open file: a build renaming a new bundle into place
    // in between would otherwise file the old source's code under the new file's name.
    const fd = openSync(file, 'r');
    let source: string;
    let stats;
    try {
      stats = fstatSync(fd, { bigint: true });
      source = readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
    // The file's identity, not only its length (all V8 checks): a rebuilt bundle is a new file
    // (build.mjs renames each into place), so its code is never taken for the old one's.
    const cacheFile = codeFolder && join(codeFolder, `${name}-${process.version}-${stats.ino}-${stats.size}-${stats.mtimeNs}`);
    let cachedData: Buffer | undefined;
    try {
      if (cacheFile) cachedData = readFileSync(cacheFile);
    } catch {
      // none yet: compiled from the source, and kept after the command
    }
    // No importModuleDynamically: build.mjs turns every import() into require() (a test holds it).
    const script = new Script(Module.wrap(source), { filename: file, cachedData });
    if (cacheFile && (cachedData === undefined || script.cachedDataRejected)) toSave.push({ name, script, file: cacheFile });
    const module = new Module(file);
    module.filename = file;
    loaded.set(name, module);
    const nodeRequire = createRequire(file);
    // As Node's own require would: the same module for anyone who requires the file.
    nodeRequire.cache[file] = module;
    const bundleRequire = Object.assign((id: string): unknown => (BUNDLE.test(id) ? load(basename(id)) : nodeRequire(id)), nodeRequire);
    (script.runInThisContext() as (...args: unknown[]) => void).call(module.exports, module.exports, bundleRequire, module, file, dirname(file));
    module.loaded = true;
    return module.exports;
  }

  function saveCode(): void {
    for (const { name, script, file } of toSave.splice(0)) {
      // Written beside it and renamed over it: another trek reading it meanwhile gets a whole file.
      const partial = `${file}.${process.pid}.tmp`;
      try {
        mkdirSync(codeFolder!, { recursive: true, mode: 0o700 });
        writeFileSync(partial, script.createCachedData(), { mode: 0o600 });
        renameSync(partial, file);
        // The code of the bundle's earlier builds (or Node versions), and what a killed trek left half written.
        for (const other of readdirSync(codeFolder!)) if (other.startsWith(`${name}-`) && join(codeFolder!, other) !== file) rmSync(join(codeFolder!, other), { force: true });
      } catch {
        // A full disk, a folder that cannot be made: the next command compiles again.
        try {
          rmSync(partial, { force: true });
        } catch {
          // nothing was written
        }
      }
    }
  }

  return { load, saveCode };
}
