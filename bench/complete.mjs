// Completion benchmark: median wall time of `trek __complete …` (what every TAB runs) as a ratio
// to bare `node -e 0`, measured in the same run, taking turns with it. Target (issue 7): ≤ 1.5×
// bare node. Also checks that completion loads no module that `trek --version` does not, apart
// from trek's own lazily loaded files (the completion engine, a noun's verbs): so no undici,
// conf, inquirer or sandbox, which --version is held to not loading.
// Usage: node bench/complete.mjs [runs]   (builds dist/ first if missing)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/trek');
const runs = Number(process.argv[2] ?? 21);
if (!existsSync(join(root, 'dist/trek.js'))) execFileSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });

// A configured profile and some history, so the file reads completion does are part of the time.
const home = mkdtempSync(join(tmpdir(), 'trek-bench-'));
mkdirSync(join(home, 'config'));
writeFileSync(join(home, 'config', 'config.json'), JSON.stringify({ current_profile: 'work', profiles: { work: { base_url: 'https://api.example' } } }));
mkdirSync(join(home, 'state'));
const bookings = Array.from({ length: 50 }, (_, i) => ({ id: `B${1000 + i}`, label: `CAD booking ${i}` }));
writeFileSync(join(home, 'state', 'history.json'), JSON.stringify({ version: 1, profiles: { work: { booking: bookings } } }));
const env = { ...process.env, TREK_HOME: home, NO_COLOR: '1' };

function wallTime(args) {
  const start = process.hrtime.bigint();
  const { status } = spawnSync(process.execPath, args, { env, stdio: 'ignore' });
  if (status !== 0) throw new Error(`${args.join(' ')} exited ${status}`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * The median wall time of each command. The commands take turns, and each round starts one
 * command further on, so a busy spell on a shared machine, or the wake of the command run just
 * before, falls on the baseline as much as on trek instead of skewing the ratio.
 */
function medians(commands) {
  const times = commands.map(() => []);
  for (let round = 0; round < runs; round++) {
    for (let turn = 0; turn < commands.length; turn++) {
      const i = (round + turn) % commands.length;
      times[i].push(wallTime(commands[i]));
    }
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]);
}

/** Every module a run resolves, recorded by a resolve hook. */
function loadedModules(args) {
  const log = join(home, `resolved-${args.join('_').replace(/\W/g, '')}.log`);
  const hook = `data:text/javascript,${encodeURIComponent(`
    import { register } from 'node:module';
    register('data:text/javascript,' + encodeURIComponent(\`
      import { appendFileSync } from 'node:fs';
      export async function resolve(specifier, context, next) {
        const result = await next(specifier, context);
        appendFileSync(${JSON.stringify(log)}, result.url + '\\\\n');
        return result;
      }\`));`)}`;
  spawnSync(process.execPath, ['--import', hook, bin, ...args], { env, stdio: 'ignore' });
  return new Set(existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []);
}

const cases = [
  ['__complete bo', ['__complete', 'bo']],
  ["__complete -o ''", ['__complete', '-o', '']],
  ['__complete search departures --where availability.status=', ['__complete', 'search', 'departures', '--where', 'availability.status=']],
  ["__complete --profile ''", ['__complete', '--profile', '']],
  ["__complete booking get ''", ['__complete', 'booking', 'get', '']],
];

wallTime(['-e', '0']); // warm the file cache
const [baseline, ...times] = medians([['-e', '0'], ...cases.map(([, args]) => [bin, ...args])]);
const rows = cases.map(([name], i) => [name, times[i]]);

const versionModules = loadedModules(['--version']);
const sandboxServer = new URL('../dist/sandbox.js', import.meta.url).href;
const ownLazyFile = (url) => url.startsWith(new URL('../dist/', import.meta.url).href) && url !== sandboxServer;
const extra = new Set();
for (const [, args] of cases) for (const url of loadedModules(args)) if (!versionModules.has(url) && !ownLazyFile(url)) extra.add(url.replace(`file://${root}`, ''));

console.log(`node -e 0 (baseline)${' '.repeat(40)} ${baseline.toFixed(1).padStart(6)} ms  (median of ${runs})`);
for (const [name, ms] of rows) console.log(`trek ${name.padEnd(55)} ${ms.toFixed(1).padStart(6)} ms  ${(ms / baseline).toFixed(2)}×`);
console.log(extra.size ? `completion loads modules --version does not: ${[...extra].join(', ')}` : 'completion loads nothing beyond what --version loads but its own engine and nouns');
const worst = Math.max(...rows.map(([, ms]) => ms / baseline));
console.log(worst <= 1.5 && extra.size === 0 ? `target met: every completion ≤ 1.5× bare node (worst ${worst.toFixed(2)}×)` : `target missed (worst ${worst.toFixed(2)}×)`);
