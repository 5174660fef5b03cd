// Start-up benchmark: median wall time of whole trek processes as a ratio to bare `node -e 0`,
// measured in the same run, taking turns with it. Targets (issues 2, 7, 15):
//   --version, --help                         ≤ 1.3×, and --help loads no undici, sandbox, prompts or renderers
//   __complete (what every TAB runs)          ≤ 1.5×
//   booking get, search departures --limit 5  ≤ 2.0× against a served sandbox (TREK_BASE_URL)
//                                             ≤ 2.5× on the built-in sandbox, no profile
// A minimal node:http GET is shown too: the floor for any command that sends one request; and
// undici's public index loaded alone, as trek loads it: the floor for any command that sends one
// with undici (issue 31 has trek load the index whole, never its internals).
// Usage: node bench/startup.mjs [runs] [--node PATH]…   (builds dist/ first if missing; --node
// again measures another runtime after the first, e.g. Node 24 then Node 20)
import { join } from 'node:path';
import { benchOptions, bin, cleanEnv, COMPLETIONS, completionHome, ensureBuilt, loadedModules, medians, report, root, tempHome, wallTime } from './harness.mjs';

const options = benchOptions();
ensureBuilt();
const { startSandbox } = await import('../dist/sandbox.cjs');
const served = await startSandbox();

const bare = cleanEnv({ TREK_HOME: tempHome() });
const servedEnv = cleanEnv({ TREK_HOME: tempHome(), TREK_BASE_URL: served.baseUrl, TREK_API_KEY: served.apiKey });
// No profile and no TREK_BASE_URL: the built-in sandbox, its state in this TREK_HOME.
const embeddedEnv = cleanEnv({ TREK_HOME: tempHome() });
const completionEnv = cleanEnv({ TREK_HOME: completionHome() });

const BOOKING = '200001'; // the first seeded booking, agent 1's (the default key)
const bookingGet = ['booking', 'get', BOOKING, '-o', 'json'];
const searchDepartures = ['search', 'departures', '--limit', '5', '-o', 'json'];
const httpGet = `require('node:http').get(process.env.URL, { headers: { 'x-application-key': process.env.KEY } }, (res) => res.resume())`;
// dist/undici.cjs through the bundle loader, its compiled code kept as a command keeps it (the first, warming run writes it).
const undiciAlone = `const loader = require(process.env.LOADER).bundleLoader(process.env.DIST, process.env.CODE); loader.load('undici.cjs'); loader.saveCode();`;
const undiciEnv = { ...bare, LOADER: join(root, 'dist/bundle-loader.cjs'), DIST: join(root, 'dist'), CODE: join(tempHome(), 'code') };

const rows = [
  { name: 'trek --version', args: [bin, '--version'], env: bare, target: 1.3 },
  { name: 'trek --help', args: [bin, '--help'], env: bare, target: 1.3 },
  ...COMPLETIONS.map(([name, args]) => ({ name: `trek ${name}`, args: [bin, ...args], env: completionEnv, target: 1.5 })),
  { name: 'node:http GET (floor)', args: ['-e', httpGet], env: { ...servedEnv, URL: `${served.baseUrl}/bookings/${BOOKING}`, KEY: served.apiKey } },
  { name: "undici's index alone (floor)", args: ['-e', undiciAlone], env: undiciEnv },
  { name: 'served: trek booking get', args: [bin, ...bookingGet], env: servedEnv, target: 2.0 },
  { name: 'served: trek search departures', args: [bin, ...searchDepartures], env: servedEnv, target: 2.0 },
  { name: 'built-in: trek booking get', args: [bin, ...bookingGet], env: embeddedEnv, target: 2.5 },
  { name: 'built-in: trek search departures', args: [bin, ...searchDepartures], env: embeddedEnv, target: 2.5 },
];

// Each --node in turn (e.g. Node 24, then Node 20): its own baseline, its own ratios.
for (const runtime of options.nodes) {
  const at = { ...options, ...runtime };
  // The first run on the built-in sandbox creates its state: not what a user waits for every time.
  await wallTime(at.node, { args: [bin, ...bookingGet], env: embeddedEnv });
  const [baseline, ...times] = await medians(at.node, [{ args: ['-e', '0'], env: bare }, ...rows], options.runs);

  // What --help must not load (--version reads no bundle at all: test/e2e/files-read.test.ts): undici, the sandbox (dist/sandbox.cjs), the prompts, the renderers, conf, the completion engine, the commands' code.
  const heavy = ['undici', './undici.cjs', './sandbox.cjs', '@inquirer/prompts', './prompts.cjs', 'yaml', './yaml.cjs', 'cli-table3', './table.cjs', './conf.cjs', './complete.cjs', './commands.cjs'];
  const helpLoads = [...loadedModules(at.node, ['--help'], bare)];
  const heavyLoaded = heavy.filter((name) => helpLoads.some((loaded) => loaded === name || loaded.startsWith(`${name}/`) || loaded.includes(`/node_modules/${name}/`)));
  const ok = report(
    at,
    baseline,
    rows.map((row, i) => ({ ...row, ms: times[i] })),
    heavyLoaded.length ? [`--help loads ${heavyLoaded.join(', ')}`] : [],
  );
  if (!ok) process.exitCode = 1;
}
await served.close();
