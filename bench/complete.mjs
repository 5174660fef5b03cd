// Completion benchmark: median wall time of `trek __complete …` (what every TAB runs) as a ratio
// to bare `node -e 0`, measured in the same run, taking turns with it. Target (issue 7): ≤ 1.5×
// bare node. Also checks that completion loads no module that `trek --version` does not, apart
// from trek's own lazily loaded files (the completion engine, a noun's verbs): so no undici,
// conf, inquirer or sandbox, which --version is held to not loading.
// Usage: node bench/complete.mjs [runs] [--node PATH]   (builds dist/ first if missing)
import { benchOptions, bin, cleanEnv, COMPLETIONS, completionHome, ensureBuilt, loadedModules, medians, report, root } from './harness.mjs';

const options = benchOptions();
ensureBuilt();
const env = cleanEnv({ TREK_HOME: completionHome() });

const rows = COMPLETIONS.map(([name, args]) => ({ name: `trek ${name}`, args: [bin, ...args], env, target: 1.5 }));
const [baseline, ...times] = await medians(options.node, [{ args: ['-e', '0'], env }, ...rows], options.runs);

const versionModules = loadedModules(options.node, ['--version'], env);
const dist = new URL('../dist/', import.meta.url).href;
const sandboxServer = new URL('../dist/sandbox.js', import.meta.url).href;
const ownLazyFile = (url) => url.startsWith(dist) && url !== sandboxServer;
const extra = new Set();
for (const [, args] of COMPLETIONS) for (const url of loadedModules(options.node, args, env)) if (!versionModules.has(url) && !ownLazyFile(url)) extra.add(url.replace(`file://${root}`, ''));

console.log(extra.size ? `completion loads modules --version does not: ${[...extra].join(', ')}` : 'completion loads nothing beyond what --version loads but its own engine and nouns');
const ok = report(
  options,
  baseline,
  rows.map((row, i) => ({ ...row, ms: times[i] })),
  extra.size ? ['completion loads more than --version'] : [],
);
process.exitCode = ok ? 0 : 1;
