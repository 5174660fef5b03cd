import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { bundleLoader } from '../src/bundle-loader.js';
import { tempDir } from './helpers/temp-dirs.js';

/**
 * Loads `name` with the built loader in a process of its own, as bin/trek does on Node 20: V8
 * takes kept code only in a process that has not compiled the source already. Returns what
 * the bundle's `value` export is.
 */
function loadInProcess(dist: string, code: string | undefined, name: string): unknown {
  const loader = fileURLToPath(new URL('../dist/bundle-loader.cjs', import.meta.url));
  const script = `const l = require(${JSON.stringify(loader)}).bundleLoader(${JSON.stringify(dist)}, ${JSON.stringify(code)}); const e = l.load(${JSON.stringify(name)}); l.saveCode(); process.stdout.write(JSON.stringify(typeof e.answer === 'function' ? e.answer() : e.value));`;
  const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout);
}

let dir: string;
let dist: string;
let code: string;

beforeEach(() => {
  dir = tempDir('trek-bundle-loader-');
  dist = join(dir, 'dist');
  code = join(dir, 'code');
  mkdirSync(dist);
  mkdirSync(code, { mode: 0o700 });
  // Two bundles as build.mjs writes them: the entry requires the other by `./name.cjs`, and a built-in by name.
  writeFileSync(
    join(dist, 'entry.cjs'),
    `globalThis.entryRuns = (globalThis.entryRuns ?? 0) + 1;\nexports.answer = () => require('./part.cjs').value + require('node:path').sep.length;\nexports.file = __filename;`,
  );
  writeFileSync(join(dist, 'part.cjs'), `globalThis.partRuns = (globalThis.partRuns ?? 0) + 1;\nmodule.exports = { value: 41 };`);
  Object.assign(globalThis, { entryRuns: 0, partRuns: 0 });
});

const runs = () => {
  const { entryRuns, partRuns } = globalThis as unknown as { entryRuns: number; partRuns: number };
  return { entryRuns, partRuns };
};

describe('bundleLoader', () => {
  it('runs a bundle as a CommonJS file once, and its require of another bundle comes back to the loader', () => {
    const loader = bundleLoader(dist, code);
    const entry = loader.load('entry.cjs') as { answer: () => number; file: string };
    expect(entry.answer()).toBe(42);
    expect(entry.file).toBe(join(dist, 'entry.cjs'));
    entry.answer();
    expect(loader.load('entry.cjs')).toBe(entry);
    expect(runs()).toEqual({ entryRuns: 1, partRuns: 1 });
  });

  it("keeps each bundle's code after the command, private to the user, and the next process reads it back instead of writing it again", () => {
    const first = bundleLoader(dist, code);
    (first.load('entry.cjs') as { answer: () => number }).answer();
    expect(readdirSync(code)).toEqual([]);
    first.saveCode();
    const kept = readdirSync(code).sort();
    expect(kept).toEqual([expect.stringMatching(/^entry\.cjs-v\d+/), expect.stringMatching(/^part\.cjs-v\d+/)]);
    for (const file of kept) expect(statSync(join(code, file)).mode & 0o777).toBe(0o600);
    const written = kept.map((file) => statSync(join(code, file)).mtimeMs);

    expect(loadInProcess(dist, code, 'entry.cjs')).toBe(42);
    expect(readdirSync(code).sort()).toEqual(kept);
    expect(kept.map((file) => statSync(join(code, file)).mtimeMs)).toEqual(written);
  });

  it("never runs an old build's code for a rebuilt bundle of the same length: the new one's is kept and the old one's removed", () => {
    expect(loadInProcess(dist, code, 'part.cjs')).toBe(41);
    const [old] = readdirSync(code);

    // Same length, other content, a file written later: what a rebuild with another constant makes.
    writeFileSync(join(dist, 'part.cjs'), `globalThis.partRuns = (globalThis.partRuns ?? 0) + 1;\nmodule.exports = { value: 42 };`);
    utimesSync(join(dist, 'part.cjs'), new Date(Date.UTC(2030, 0, 1)), new Date(Date.UTC(2030, 0, 1)));
    expect(loadInProcess(dist, code, 'part.cjs')).toBe(42);
    const [kept] = readdirSync(code);
    expect(kept).not.toBe(old);
    expect(readdirSync(code)).toEqual([kept]);
  });

  it('compiles from the source when the kept code is damaged, and replaces it', () => {
    expect(loadInProcess(dist, code, 'part.cjs')).toBe(41);
    const [file] = readdirSync(code);
    writeFileSync(join(code, file), 'not V8 code at all');

    expect(loadInProcess(dist, code, 'part.cjs')).toBe(41);
    expect(statSync(join(code, file)).size).toBeGreaterThan('not V8 code at all'.length);
  });

  it('removes what a killed trek left half written', () => {
    writeFileSync(join(code, 'part.cjs-v0-1-2-3.4242.tmp'), 'half');
    expect(loadInProcess(dist, code, 'part.cjs')).toBe(41);
    expect(readdirSync(code)).toEqual([expect.stringMatching(/^part\.cjs-v\d+.*\d$/)]);
  });

  it('has no import() to run: the bundles of dist/ hold none, as a script run by vm has no way to load an ES module', () => {
    const built = fileURLToPath(new URL('../dist', import.meta.url));
    const bundles = readdirSync(built).filter((file) => file.endsWith('.cjs'));
    expect(bundles).toContain('trek.cjs');
    for (const bundle of bundles) expect(readFileSync(join(built, bundle), 'utf8'), bundle).not.toMatch(/\bimport\(/);
  });

  it('makes its folder, private, when it first keeps code', () => {
    const later = join(dir, 'not-yet', 'code');
    expect(loadInProcess(dist, later, 'part.cjs')).toBe(41);
    expect(statSync(later).mode & 0o777).toBe(0o700);
    expect(readdirSync(later)).toEqual([expect.stringMatching(/^part\.cjs-v\d+/)]);
  });

  it('runs without a cache, and a folder it cannot write costs nothing but the time, leaving nothing behind', () => {
    expect(loadInProcess(dist, undefined, 'part.cjs')).toBe(41);
    // A file where the folder should be: every write fails, as on a full disk.
    writeFileSync(join(dir, 'blocked'), '');
    const loader = bundleLoader(dist, join(dir, 'blocked', 'code'));
    expect((loader.load('part.cjs') as { value: number }).value).toBe(41);
    expect(() => loader.saveCode()).not.toThrow();
    expect(readdirSync(dir).sort()).toEqual(['blocked', 'code', 'dist']);
  });

  it('two commands keeping the same code at once both run, and one whole file is kept', async () => {
    const loaderFile = fileURLToPath(new URL('../dist/bundle-loader.cjs', import.meta.url));
    const script = `const l = require(${JSON.stringify(loaderFile)}).bundleLoader(${JSON.stringify(dist)}, ${JSON.stringify(code)}); process.stdout.write(String(l.load('entry.cjs').answer())); l.saveCode();`;
    const both = await Promise.all(
      [1, 2].map(
        () =>
          new Promise<string>((resolve, reject) => {
            const child = spawn(process.execPath, ['-e', script]);
            let out = '';
            child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
            child.on('error', reject).on('close', (status) => (status === 0 ? resolve(out) : reject(new Error(`exit ${status}`))));
          }),
      ),
    );
    expect(both).toEqual(['42', '42']);
    const kept = readdirSync(code).sort();
    expect(kept).toEqual([expect.stringMatching(/^entry\.cjs-v[\d.]+-\d+-\d+-\d+$/), expect.stringMatching(/^part\.cjs-v[\d.]+-\d+-\d+-\d+$/)]);
    // What was kept is taken by the next process: it is not written again.
    const written = kept.map((file) => statSync(join(code, file)).mtimeMs);
    expect(loadInProcess(dist, code, 'entry.cjs')).toBe(42);
    expect(kept.map((file) => statSync(join(code, file)).mtimeMs)).toEqual(written);
  });
});
