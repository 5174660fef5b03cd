// Bulk listing benchmark (issue 31): `trek search departures --all -o ndjson` against a served
// sandbox of `size` departures, beside a plain fetch loop that follows the same next links and
// parses each page, run in turn (each row also shows its CPU time, which a busy machine blurs
// less than wall time). Targets: trek ≤ 1.25× the loop's wall time; a peak RSS of
// ≤ 160 MB with the cache on (twice: a second run finds the first's pages) and off
// (--no-cache); and the cache folder not filled by the walk (list pages after the first are not
// kept). trek's output goes through a pipe to this process, which counts the lines.
// Usage: node bench/bulk.mjs [rounds] [--size N] [--node PATH]   (default 3 rounds taking turns,
// 20000 departures: 100000, as in the issue, writes ~830 MB a run and takes minutes on a shared
// machine; the ratio is per page either way).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchOptions, bin, cleanEnv, ensureBuilt, tempHome } from './harness.mjs';

const TARGET_RATIO = 1.25;
const TARGET_PEAK_MB = 160;
const options = benchOptions({ size: { type: 'string' } }, 3);
const size = Number(options.values.size ?? 20000);
ensureBuilt();
const { startSandbox } = await import('../dist/sandbox.cjs');
const served = await startSandbox({ size });
const home = tempHome();
const env = cleanEnv({ TREK_HOME: home, TREK_BASE_URL: served.baseUrl, TREK_API_KEY: served.apiKey });

// The loop asks the first page trek asks (ordered by start date, 100 a page), then each next link.
const loopFile = join(tempHome(), 'loop.mjs');
writeFileSync(
  loopFile,
  `let url = process.env.URL + '/departures?order_by=start_date&max_per_page=100';
  let records = 0;
  while (url) {
    const response = await fetch(url, { headers: { 'x-application-key': process.env.KEY } });
    const page = JSON.parse(await response.text());
    records += page.results.length;
    const next = page.links.find((link) => link.rel === 'next');
    url = next ? new URL(next.href, url).href : undefined;
  }
  console.log(records);`,
);

/** Wall time, peak RSS and CPU time (GNU time, when there) and the lines written of one whole process. */
function run(args, runEnv) {
  const timed = existsSync('/usr/bin/time');
  const start = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(timed ? '/usr/bin/time' : options.node, timed ? ['-f', 'peak-kb %M cpu %U %S', options.node, ...args] : args, { env: runEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let last = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      last = chunk.toString('utf8', Math.max(0, chunk.length - 40));
    });
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (code !== 0) return reject(new Error(`${args.join(' ')} exited ${code}: ${err.slice(-500)}`));
      const peak = /peak-kb (\d+) cpu ([\d.]+) ([\d.]+)/.exec(err);
      resolve({ ms, peakMb: peak ? Number(peak[1]) / 1024 : undefined, cpuS: peak ? Number(peak[2]) + Number(peak[3]) : undefined, lines, last });
    });
  });
}

/** Bytes under a folder. */
function folderBytes(folder) {
  if (!existsSync(folder)) return 0;
  return readdirSync(folder, { withFileTypes: true, recursive: true }).reduce((sum, entry) => (entry.isFile() ? sum + statSync(join(entry.parentPath ?? entry.path, entry.name)).size : sum), 0);
}

const search = [bin, 'search', 'departures', '--all', '-o', 'ndjson'];
const loopEnv = { ...env, URL: served.baseUrl, KEY: served.apiKey };
// Rounds taking turns, as the start-up bench does: a busy spell falls on the loop as much as on trek.
// Each round's first trek run finds the cache the round before left, its second that run's.
const commands = [
  ['plain fetch loop (parses every page)', [loopFile], loopEnv, false],
  ['trek --all -o ndjson, cache on', search, env, true],
  ['trek --all -o ndjson, cache on, again', search, env, true],
  ['trek --all -o ndjson, --no-cache', [bin, '--no-cache', ...search.slice(1)], env, true],
];
const results = commands.map(() => []);
for (let round = 0; round < options.runs; round++) {
  for (const [i, [, args, runEnv]] of commands.entries()) results[i].push(await run(args, runEnv));
}
const cacheMb = folderBytes(join(home, 'cache')) / 1024 / 1024;
await served.close();

/** The median run by time, the median CPU time, and the highest peak of all rounds. */
const summary = (list) => {
  const median = [...list].sort((a, b) => a.ms - b.ms)[Math.floor(list.length / 2)];
  const peaks = list.map((result) => result.peakMb).filter((peak) => peak !== undefined);
  const cpus = list
    .map((result) => result.cpuS)
    .filter((cpu) => cpu !== undefined)
    .sort((a, b) => a - b);
  return { ...median, cpuS: cpus[Math.floor(cpus.length / 2)], peakMb: peaks.length ? Math.max(...peaks) : undefined, lines: Math.min(...list.map((result) => result.lines)) };
};
const [loop] = results.map(summary);
const loopMs = loop.ms;
const departures = Number(loop.last.trim());
const mb = (value) => (value === undefined ? '   n/a' : `${value.toFixed(0).padStart(4)} MB`);
console.log(`node ${options.version}, ${size} departures (${departures} listed), median of ${options.runs} rounds taking turns, highest peak`);
const rows = commands.map(([name, , , isTrek], i) => [name, summary(results[i]), isTrek]);
const missed = [];
for (const [name, result, isTrek] of rows) {
  const ratio = result.ms / loopMs;
  // CPU time (user + system) varies far less than wall time on a busy machine; the target is on wall time.
  const cpu = result.cpuS === undefined ? '' : `  cpu ${result.cpuS.toFixed(2).padStart(5)} s (${(result.cpuS / loop.cpuS).toFixed(2)}×)`;
  console.log(`${name.padEnd(40)} ${(result.ms / 1000).toFixed(2).padStart(7)} s  ${ratio.toFixed(2)}×  peak ${mb(result.peakMb)}${cpu}`);
  if (!isTrek) continue;
  if (result.lines !== departures) missed.push(`${name} wrote ${result.lines} lines, not ${departures}`);
  if (ratio > TARGET_RATIO) missed.push(`${name} ${ratio.toFixed(2)}× > ${TARGET_RATIO}×`);
  if (result.peakMb !== undefined && result.peakMb > TARGET_PEAK_MB) missed.push(`${name} peak ${result.peakMb.toFixed(0)} MB > ${TARGET_PEAK_MB} MB`);
}
// At most the first page and a few small reads: a walk does not fill the cache.
console.log(`cache folder after the three trek runs: ${cacheMb.toFixed(1)} MB`);
if (cacheMb > 2) missed.push(`the walk left ${cacheMb.toFixed(1)} MB in the cache`);
console.log(missed.length === 0 ? `targets met (≤ ${TARGET_RATIO}× the loop, peak ≤ ${TARGET_PEAK_MB} MB, cache not filled)` : `targets missed: ${missed.join('; ')}`);
process.exitCode = missed.length === 0 ? 0 : 1;
