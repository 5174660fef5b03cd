/**
 * Start-up is fast by structure (build.mjs, bin/trek): --version reads no bundle, --help the entry
 * alone, completion adds the engine's and the manifest of the noun on the line, and only a command
 * (or a completer that is code) reads the commands' code. Which of trek's own
 * files a real process read is what this checks; how long it took is bench/startup.mjs's job.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, freshHome, REPO, TREK_BIN, watch } from './trek-process.js';

/**
 * Runs trek with a hook that prints, at exit, the files of dist/ it loaded or read (the bundles,
 * completion's manifest), but bin/trek's own helpers: dist/paths.cjs (the cache's folder) and
 * dist/bundle-loader.cjs (the code cache); each package it required from node_modules, as
 * `node_modules/<name>`; and `node:child_process` if that built-in was loaded (commander's
 * requires it only on use: build.mjs).
 */
async function distFilesRead(args: string[], home = freshHome()): Promise<{ read: string[]; stdout: string }> {
  const hook = join(home, 'files-read.cjs');
  const dist = JSON.stringify(join(REPO, 'dist'));
  writeFileSync(
    hook,
    `const fs = require('node:fs'), { relative } = require('node:path'), { fileURLToPath } = require('node:url');
const read = new Set();
const add = (file) => { if (file.startsWith(${dist}) && !/(paths|bundle-loader)\\.cjs$/.test(file)) read.add(relative(${dist}, file)); };
const readFileSync = fs.readFileSync;
fs.readFileSync = function (file, ...rest) {
  if (typeof file === 'string' || file instanceof URL) add(file instanceof URL ? fileURLToPath(file) : file);
  return readFileSync.call(this, file, ...rest);
};
process.on('exit', () => {
  Object.keys(require.cache).forEach(add);
  for (const file of Object.keys(require.cache)) {
    const name = /[\\\\/]node_modules[\\\\/]((?:@[^\\\\/]+[\\\\/])?[^\\\\/]+)/.exec(file);
    if (name) read.add('node_modules/' + name[1].replace('\\\\', '/'));
  }
  if (process.moduleLoadList.includes('NativeModule child_process')) read.add('node:child_process');
  process.stderr.write('\\nREAD ' + JSON.stringify([...read].sort()));
});`,
  );
  const finished = await watch(spawn(process.execPath, ['-r', hook, TREK_BIN, ...args], { env: cleanEnv({ TREK_HOME: home }) })).exited;
  expect(finished.code, finished.stderr).toBe(0);
  return { read: JSON.parse(/\nREAD (.*)$/.exec(finished.stderr)![1]) as string[], stdout: finished.stdout };
}

describe('which bundles a command reads', () => {
  it('--version reads none; --help the entry alone; completion adds the engine; a command its code', async () => {
    const [version, short, help, complete, command] = (
      await Promise.all([distFilesRead(['--version']), distFilesRead(['-V']), distFilesRead(['--help']), distFilesRead(['__complete', 'bo']), distFilesRead(['config', 'list', '-o', 'json'])])
    ).map(({ read }) => read);
    expect(version).toEqual([]);
    expect(short).toEqual([]);
    expect(help).toEqual(['trek.cjs']);
    expect(complete).toEqual(['complete.cjs', 'trek.cjs']);
    expect(command).toEqual(expect.arrayContaining(['commands.cjs', 'trek.cjs']));
    expect(command).not.toContain('node:child_process');
    expect(command).not.toContain('undici.cjs');
  });

  it('a table and -o yaml read their library from its own bundle, never from node_modules', async () => {
    const [table, yaml] = (await Promise.all([distFilesRead(['config', 'list', '-o', 'table']), distFilesRead(['config', 'list', '-o', 'yaml'])])).map(({ read }) => read);
    expect(table).toEqual(expect.arrayContaining(['table.cjs']));
    expect(yaml).toEqual(expect.arrayContaining(['yaml.cjs']));
    for (const read of [table, yaml]) {
      expect(read.filter((file) => file.startsWith('node_modules/'))).toEqual([]);
      expect(read).not.toContain('prompts.cjs');
    }
    expect(table).not.toContain('yaml.cjs');
    expect(yaml).not.toContain('table.cjs');
  });

  it("completion builds the noun on the line from its manifest, without the commands' code, but for a slot whose completer is code", async () => {
    const home = freshHome();
    mkdirSync(join(home, 'state'));
    writeFileSync(join(home, 'state', 'history.json'), JSON.stringify({ version: 1, profiles: { sandbox: { booking: [{ id: '200001' }], credit: [{ id: '660099' }] } } }));
    const [bookingGet, where, credit] = await Promise.all([
      distFilesRead(['__complete', 'booking', 'get', ''], home),
      distFilesRead(['__complete', 'search', 'departures', '--where', 'availability.status='], home),
      distFilesRead(['__complete', 'credit', 'get', ''], home),
    ]);
    expect(bookingGet).toEqual({ read: ['complete.cjs', 'completion/booking.json', 'trek.cjs'], stdout: '200001\n:4\n' });
    expect(where.read).toEqual(['complete.cjs', 'completion/search.json', 'trek.cjs']);
    expect(where.stdout).toContain('availability.status=AVAILABLE\n');
    // credit get's ids come from the API: that slot loads the real noun, and still completes.
    expect(credit.read).toEqual(expect.arrayContaining(['commands.cjs', 'complete.cjs', 'completion/credit.json', 'trek.cjs']));
    expect(credit.stdout).toMatch(/^660099\n(.*\n)*:4\n$/m);
  });

  it('--version alone prints what commander prints for it among other words: the version of package.json', async () => {
    const { version } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { version: string };
    const home = freshHome();
    const run = (args: string[]) => watch(spawn(process.execPath, [TREK_BIN, ...args], { env: cleanEnv({ TREK_HOME: home }) })).exited;
    // Alone, it leaves TREK_HOME as it found it.
    for (const args of [['--version'], ['-V']]) expect(await run(args)).toEqual({ code: 0, signal: null, stdout: `${version}\n`, stderr: '' });
    expect(readdirSync(home)).toEqual([]);
    expect(await run(['--version', '--color', 'never'])).toEqual({ code: 0, signal: null, stdout: `${version}\n`, stderr: '' });
  });
});

describe('the compiled code kept between runs (bin/trek)', () => {
  // trek's bundles' in cache/code (dist/bundle-loader.cjs); on Node 22.1 and later Node keeps node_modules' in cache/compile.
  const folder = 'code';

  /** `config list` in `home`, with `env` and not the suite's NODE_COMPILE_CACHE unless given (vitest.config.ts). */
  const runIn = (home: string, env: Record<string, string> = {}) => {
    const { NODE_COMPILE_CACHE: _suite, ...base } = cleanEnv({ TREK_HOME: home });
    return watch(spawn(process.execPath, [TREK_BIN, 'config', 'list', '-o', 'json'], { env: { ...base, ...env } })).exited;
  };
  const filesIn = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

  it('is in the private cache folder, files only the user can read, and skipped when that folder is not private', async () => {
    const home = freshHome();
    const run = (env: Record<string, string> = {}) => runIn(home, env);
    expect((await run()).code).toBe(0);
    const kept = join(home, 'cache', folder);
    // Inside trek's cache folder, which no one else may enter (Node makes its own subfolders 0755).
    expect(statSync(join(home, 'cache')).mode & 0o777).toBe(0o700);
    const files = filesIn(kept);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(statSync(join(file.parentPath, file.name)).mode & 0o077).toBe(0);

    // Another local user could put code of theirs there: trek runs, and keeps nothing in it.
    rmSync(join(home, 'cache'), { recursive: true });
    mkdirSync(join(home, 'cache'), { mode: 0o777 });
    chmodSync(join(home, 'cache'), 0o777);
    expect((await run()).code).toBe(0);
    expect(readdirSync(join(home, 'cache'))).toEqual([]);

    rmSync(join(home, 'cache'), { recursive: true });
    expect((await run({ NODE_DISABLE_COMPILE_CACHE: '1' })).code).toBe(0);
    expect(existsSync(join(home, 'cache', folder))).toBe(false);
  });

  it("goes to NODE_COMPILE_CACHE's `trek` when that is set, as Node's does, and nowhere when that folder is not private", async () => {
    const home = freshHome();
    const chosen = join(home, 'chosen');
    expect((await runIn(home, { NODE_COMPILE_CACHE: chosen })).code).toBe(0);
    expect(statSync(join(chosen, 'trek')).mode & 0o777).toBe(0o700);
    const files = filesIn(join(chosen, 'trek'));
    expect(files.map((file) => file.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^trek\.cjs-/), expect.stringMatching(/^commands\.cjs-/)]));
    for (const file of files) expect(statSync(join(file.parentPath, file.name)).mode & 0o077).toBe(0);
    expect(existsSync(join(home, 'cache', folder))).toBe(false);

    // A folder others may write to: trek runs, and keeps nothing there.
    const shared = join(home, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o777);
    expect((await runIn(home, { NODE_COMPILE_CACHE: shared })).code).toBe(0);
    expect(existsSync(join(shared, 'trek'))).toBe(false);
    expect(existsSync(join(home, 'cache', folder))).toBe(false);
  });
});
