// Start-up benchmark: median wall time of trek invocations as a ratio to bare `node -e 0`,
// measured in the same run, taking turns with it. Targets (issue 2): --version and --help ≤ 1.3× bare node, and
// --version must not load undici, conf or @inquirer/prompts.
// Usage: node bench/startup.mjs [runs]   (builds dist/ first if missing)
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/trek');
const runs = Number(process.argv[2] ?? 21);
if (!existsSync(join(root, 'dist/trek.js'))) execFileSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });

const home = mkdtempSync(join(tmpdir(), 'trek-bench-'));
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"id":"1","name":"bench"}');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;
const env = { ...process.env, TREK_HOME: home, TREK_BASE_URL: baseUrl, TREK_API_KEY: 'bench-key', NO_COLOR: '1' };

async function wallTime(args) {
  const start = process.hrtime.bigint();
  // Asynchronous spawn: the local server must keep answering while the child runs.
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: 'ignore' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * The median wall time of each command. The commands take turns, and each round starts one
 * command further on, so a busy spell on a shared machine, or the wake of the command run just
 * before, falls on the baseline as much as on trek instead of skewing the ratio.
 */
async function medians(commands) {
  const times = commands.map(() => []);
  for (let round = 0; round < runs; round++) {
    for (let turn = 0; turn < commands.length; turn++) {
      const i = (round + turn) % commands.length;
      times[i].push(await wallTime(commands[i]));
    }
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]);
}

/** Which packages a command loads, via a module resolve hook that records every specifier. */
function loadedPackages(args) {
  const log = join(home, `imports-${Date.now()}.log`);
  const hook = `data:text/javascript,${encodeURIComponent(`
    import { register } from 'node:module';
    register('data:text/javascript,' + encodeURIComponent(\`
      import { appendFileSync } from 'node:fs';
      export async function resolve(specifier, context, next) {
        appendFileSync(${JSON.stringify(log)}, specifier + '\\\\n');
        return next(specifier, context);
      }\`));`)}`;
  spawnSync(process.execPath, ['--import', hook, bin, ...args], { env, stdio: 'ignore' });
  return existsSync(log) ? [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))] : [];
}

const commands = [
  ['trek --version', [bin, '--version']],
  ['trek --help', [bin, '--help']],
  ['trek api GET /x', [bin, 'api', 'GET', '/x', '-o', 'json']],
];
await wallTime(['-e', '0']); // warm the file cache
const [baseline, ...times] = await medians([['-e', '0'], ...commands.map(([, args]) => args)]);
const rows = commands.map(([name], i) => [name, times[i]]);
server.close();

const heavy = ['undici', 'conf', '@inquirer/prompts'];
const loaded = loadedPackages(['--version']);
const heavyLoaded = heavy.filter((name) => loaded.some((s) => s === name || s.startsWith(`${name}/`)));

console.log(`node -e 0 (baseline)   ${baseline.toFixed(1)} ms  (median of ${runs})`);
for (const [name, ms] of rows) console.log(`${name.padEnd(22)} ${ms.toFixed(1).padStart(6)} ms  ${(ms / baseline).toFixed(2)}×`);
console.log(`--version loads: ${heavyLoaded.length ? heavyLoaded.join(', ') : 'none of undici, conf, @inquirer/prompts'}`);
const ok = rows[0][1] / baseline <= 1.3 && rows[1][1] / baseline <= 1.3 && heavyLoaded.length === 0;
console.log(ok ? 'target met: --version and --help ≤ 1.3× bare node' : 'target missed');
