/**
 * Programs some tests drive besides Node (real shells, tmux). On a machine without one those
 * tests skip, printing which program is missing and how to install it; under CI (CI=true, as
 * `.ci/run` installs them all) a missing program fails them instead, so they can never
 * silently stop running.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { TestContext } from 'vitest';

export interface Program {
  name: string;
  /** How to get it, as the skip message says. */
  install: string;
  /** The program's path (or, for bash-completion, its script's), or undefined when it is missing. */
  path: string | undefined;
}

function onPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const file = join(dir, command);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // Not in this directory.
    }
  }
  return undefined;
}

function command(name: string, apt = name, brew = name): Program {
  return { name, install: `apt-get install ${apt} (Debian, Ubuntu) or brew install ${brew} (macOS)`, path: onPath(name) };
}

/** bash-completion is a script that bash sources, where the distribution puts it. */
const BASH_COMPLETION_SCRIPTS = ['/usr/share/bash-completion/bash_completion', '/usr/local/share/bash-completion/bash_completion', '/opt/homebrew/share/bash-completion/bash_completion'];

export const PROGRAMS = {
  bash: command('bash'),
  bashCompletion: {
    name: 'bash-completion',
    install: 'apt-get install bash-completion (Debian, Ubuntu) or brew install bash-completion@2 (macOS)',
    path: BASH_COMPLETION_SCRIPTS.find((file) => existsSync(file)),
  },
  zsh: command('zsh'),
  fish: command('fish'),
  tmux: command('tmux'),
  jq: command('jq'),
  openssl: command('openssl'),
  less: command('less'),
  // Runs a program with its wall clock shifted (libfaketime), for the README under a later day.
  faketime: command('faketime'),
} satisfies Record<string, Program>;

/** CI=true (or any value but false or 0), as CI services set it. */
export const underCi = () => /^(?!false$|0$)./i.test(process.env.CI ?? '');

const reported = new Set<string>();

/**
 * For `beforeEach` (or the start of a test): skips the test when one of `programs` is missing,
 * with the reason in the report and once on stderr; under CI, throws instead.
 */
export function requirePrograms(ctx: Pick<TestContext, 'skip'>, ...programs: Program[]): void {
  const missing = programs.filter((program) => program.path === undefined);
  if (missing.length === 0) return;
  const reason = missing.map((program) => `${program.name} is not installed (${program.install})`).join('; ');
  if (underCi()) throw new Error(`${reason}: under CI this test must run, not skip`);
  for (const program of missing) {
    if (reported.has(program.name)) continue;
    reported.add(program.name);
    console.warn(`skipping the tests that need ${program.name}: it is not installed (${program.install})`);
  }
  ctx.skip(reason);
}
