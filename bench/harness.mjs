// What the start-up benchmarks share: their command line, the build, timing whole processes as a
// ratio to bare `node -e 0` measured in the same run, and recording which modules a run loads.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const bin = join(root, 'bin/trek');

/**
 * `[runs] [--node PATH]…`: how many rounds, and the node binaries to measure (default: the one
 * running the bench); a bench's own options (parseArgs definitions) come back in `values`.
 */
export function benchOptions(own = {}, defaultRuns = 21) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { node: { type: 'string', multiple: true }, ...own } });
  // --node may be given more than once (Node 24 and Node 20 side by side); `node` is the first.
  const nodes = (values.node ?? [process.execPath]).map((node) => ({ node, version: execFileSync(node, ['--version'], { encoding: 'utf8' }).trim() }));
  return { runs: Number(positionals[0] ?? defaultRuns), ...nodes[0], nodes, values };
}

export function ensureBuilt() {
  if (!existsSync(join(root, 'dist/trek.cjs'))) execFileSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });
}

/** A temp TREK_HOME, removed when the bench process exits. */
export function tempHome() {
  const home = mkdtempSync(join(tmpdir(), 'trek-bench-'));
  process.on('exit', () => rmSync(home, { recursive: true, force: true }));
  return home;
}

/** The environment without any TREK_ variable of the user's, so no profile of theirs is measured. */
export function cleanEnv(extra) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('TREK_')));
  return { ...env, NO_COLOR: '1', ...extra };
}

/** A configured profile and some history, so the file reads completion does are part of its time. */
export function completionHome() {
  const home = tempHome();
  mkdirSync(join(home, 'config'));
  writeFileSync(join(home, 'config', 'config.json'), JSON.stringify({ current_profile: 'work', profiles: { work: { base_url: 'https://api.example' } } }));
  mkdirSync(join(home, 'state'));
  const bookings = Array.from({ length: 50 }, (_, i) => ({ id: `B${1000 + i}`, label: `CAD booking ${i}` }));
  writeFileSync(join(home, 'state', 'history.json'), JSON.stringify({ version: 1, profiles: { work: { booking: bookings } } }));
  return home;
}

/** What every TAB runs: the completion cases, by name. */
export const COMPLETIONS = [
  ['__complete bo', ['__complete', 'bo']],
  ["__complete -o ''", ['__complete', '-o', '']],
  ['__complete search departures --where availability.status=', ['__complete', 'search', 'departures', '--where', 'availability.status=']],
  ["__complete --profile ''", ['__complete', '--profile', '']],
  ["__complete booking get ''", ['__complete', 'booking', 'get', '']],
];

/** Wall time of one whole process, in ms; asynchronous, so a server in this process keeps answering. */
export function wallTime(node, { args, env }) {
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { env, stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(Number(process.hrtime.bigint() - start) / 1e6) : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

/**
 * The median wall time of each command. The commands take turns, and each round starts one
 * command further on, so a busy spell on a shared machine, or the wake of the command run just
 * before, falls on the baseline as much as on trek instead of skewing the ratio.
 */
export async function medians(node, commands, runs) {
  for (const command of commands) await wallTime(node, command); // warm the file cache
  const times = commands.map(() => []);
  for (let round = 0; round < runs; round++) {
    for (let turn = 0; turn < commands.length; turn++) {
      const i = (round + turn) % commands.length;
      times[i].push(await wallTime(node, commands[i]));
    }
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]);
}

/**
 * Every module a run loads by name: the specifier of each require() (node: built-ins and
 * packages, which a CommonJS bundle loads this way), the URL of each ES module it resolves, and
 * each of trek's bundles as the others require it (`./commands.cjs`): bin/trek's loader runs
 * those without require(), so they are read from require.cache, where it files them, at exit.
 */
export function loadedModules(node, args, env) {
  const dir = mkdtempSync(join(tmpdir(), 'trek-bench-modules-'));
  const log = join(dir, 'loaded.log');
  const preload = join(dir, 'record.cjs');
  writeFileSync(
    preload,
    `const { appendFileSync } = require('node:fs');
    const Module = require('node:module');
    const load = Module.prototype.require;
    Module.prototype.require = function (id) {
      appendFileSync(${JSON.stringify(log)}, id + '\\n');
      return load.apply(this, arguments);
    };
    process.on('exit', () => {
      for (const file of Object.keys(require.cache)) if (file.startsWith(${JSON.stringify(join(root, 'dist') + sep)})) appendFileSync(${JSON.stringify(log)}, './' + require('node:path').basename(file) + '\\n');
    });
    Module.register('data:text/javascript,' + encodeURIComponent(\`
      import { appendFileSync } from 'node:fs';
      export async function resolve(specifier, context, next) {
        const result = await next(specifier, context);
        appendFileSync(${JSON.stringify(log)}, result.url + '\\\\n');
        return result;
      }\`));`,
  );
  spawnSync(node, ['--require', preload, bin, ...args], { env, stdio: 'ignore' });
  const loaded = new Set(
    existsSync(log)
      ? readFileSync(log, 'utf8')
          .split('\n')
          .filter((name) => name && !name.startsWith('data:'))
      : [],
  );
  rmSync(dir, { recursive: true, force: true });
  return loaded;
}

/**
 * Prints the baseline and each row's time and ratio, then "targets met" or the rows that missed.
 * A row: { name, ms, target? } (no target: shown for comparison only). Returns whether all were met.
 */
export function report({ version, runs }, baseline, rows, extraFailures = []) {
  const width = Math.max(...rows.map(({ name }) => name.length), 20);
  console.log(`node ${version}: node -e 0 ${baseline.toFixed(1)} ms (median of ${runs}, taking turns with each command)`);
  const missed = [...extraFailures];
  for (const { name, ms, target } of rows) {
    const ratio = ms / baseline;
    const verdict = target === undefined ? '' : ratio <= target ? `  ≤ ${target.toFixed(1)}× met` : `  > ${target.toFixed(1)}× MISSED`;
    if (target !== undefined && ratio > target) missed.push(`${name} ${ratio.toFixed(2)}× > ${target.toFixed(1)}×`);
    console.log(`${name.padEnd(width)} ${ms.toFixed(1).padStart(7)} ms  ${ratio.toFixed(2)}×${verdict}`);
  }
  console.log(missed.length === 0 ? 'targets met' : `targets missed: ${missed.join('; ')}`);
  return missed.length === 0;
}
