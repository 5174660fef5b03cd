// Completion benchmark: median wall time of `trek __complete …` (what every TAB runs) as a ratio
// to bare `node -e 0`, measured in the same run, taking turns with it. Target (issue 7): ≤ 1.5×
// bare node. Also checks that completion loads no module (built-in or package) that
// `trek --help` does not: so no undici, inquirer, renderers or sandbox, which --help, like
// --version, does not load.
// Usage: node bench/complete.mjs [runs] [--node PATH]   (builds dist/ first if missing)
import { benchOptions, bin, cleanEnv, COMPLETIONS, completionHome, ensureBuilt, loadedModules, medians, report, root } from './harness.mjs';

const options = benchOptions();
ensureBuilt();
const env = cleanEnv({ TREK_HOME: completionHome() });

const rows = COMPLETIONS.map(([name, args]) => ({ name: `trek ${name}`, args: [bin, ...args], env, target: 1.5 }));
const [baseline, ...times] = await medians(options.node, [{ args: ['-e', '0'], env }, ...rows], options.runs);

const helpModules = loadedModules(options.node, ['--help'], env);
// The command line's own files (build.mjs): completion reads the engine's beside the entry, and the commands' for a slot whose completer is code.
const ownFiles = new Set(['./trek.cjs', './complete.cjs', './commands.cjs']);
const extra = new Set();
for (const [, args] of COMPLETIONS) for (const name of loadedModules(options.node, args, env)) if (!helpModules.has(name) && !ownFiles.has(name)) extra.add(name.replace(`file://${root}`, ''));

console.log(extra.size ? `completion loads modules --help does not: ${[...extra].join(', ')}` : 'completion loads no module --help does not');
const ok = report(
  options,
  baseline,
  rows.map((row, i) => ({ ...row, ms: times[i] })),
  extra.size ? ['completion loads more than --help'] : [],
);
process.exitCode = ok ? 0 : 1;
