// Cache benchmark: a repeated catalogue search against a served sandbox, with a warm local
// cache (no request: the answer is on disk) as a ratio to a cold one (--no-cache: every run
// asks the API), median wall time of whole trek processes, taking turns. Target (issue 17):
// warm ≤ 0.5× cold. Bare `node -e 0` is shown too: the start-up no cache can save.
// Usage: node bench/cache.mjs [runs] [--node PATH]   (builds dist/ first if missing)
import { benchOptions, bin, cleanEnv, ensureBuilt, medians, tempHome, wallTime } from './harness.mjs';

const TARGET = 0.5;
const options = benchOptions();
ensureBuilt();
const { startSandbox } = await import('../dist/sandbox.cjs');
const served = await startSandbox();

const env = cleanEnv({ TREK_HOME: tempHome(), TREK_BASE_URL: served.baseUrl, TREK_API_KEY: served.apiKey });
const search = ['search', 'departures', '--limit', '20', '-o', 'json'];
const cold = { name: 'cold: trek --no-cache search departures --limit 20', args: [bin, '--no-cache', ...search], env };
const warm = { name: 'warm: trek search departures --limit 20', args: [bin, ...search], env };

// Fills the cache; the default departures TTL (1m) outlasts the run, so every warm run is a hit.
await wallTime(options.node, warm);
const [baseline, coldMs, warmMs] = await medians(options.node, [{ args: ['-e', '0'], env }, cold, warm], options.runs);
await served.close();

const ratio = warmMs / coldMs;
const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);
console.log(`node ${options.version}, median of ${options.runs} runs`);
console.log(`${'node -e 0 (start-up floor)'.padEnd(52)} ${ms(baseline)}`);
console.log(`${cold.name.padEnd(52)} ${ms(coldMs)}`);
console.log(`${warm.name.padEnd(52)} ${ms(warmMs)}  ${ratio.toFixed(2)}× cold (target ≤ ${TARGET})`);
console.log(`above the start-up floor: warm ${(warmMs - baseline).toFixed(1)} ms, cold ${(coldMs - baseline).toFixed(1)} ms, ${((warmMs - baseline) / (coldMs - baseline)).toFixed(2)}×`);
console.log(ratio <= TARGET ? 'target met' : `target missed: ${ratio.toFixed(2)}× > ${TARGET}×`);
process.exitCode = ratio <= TARGET ? 0 : 1;
