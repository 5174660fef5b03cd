/**
 * Real shells complete real command lines: bash (with and without bash-completion), zsh and
 * fish, each with the script printed by `trek completion <shell>` and a `trek` on PATH that
 * runs this checkout's bin/trek (the bundle built by the test setup). The lists come from
 * each shell's completion machinery driven directly; what TAB then Enter actually runs comes
 * from the shell itself, interactive in tmux. A machine without one of these programs skips
 * the tests that need it, saying how to install it (test/helpers/programs.ts).
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newRootCmd } from '../../src/commands/root.js';
import { trekPaths } from '../../src/config/paths.js';
import { recordIds } from '../../src/history-record.js';
import { FORMATS } from '../../src/output/formats.js';
import { AVAILABILITY_STATUSES } from '../../src/completion/values.js';
import { tempHome, testFactory } from '../helpers/factory.js';
import { startHostileServer, type HostileServer } from '../helpers/hostile-server.js';
import { PROGRAMS, requirePrograms, type Program } from '../helpers/programs.js';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const HERE = fileURLToPath(new URL('.', import.meta.url));

let home: string;
let env: NodeJS.ProcessEnv;
/** What a hostile value would create if a shell ran it. */
let pwned: string;
const scripts: Record<'bash' | 'zsh' | 'fish', string> = { bash: '', zsh: '', fish: '' };
let zshFpath: string;
/** compinit's dump files, for completion from $fpath (capture.zsh) and for the terminals' zsh (which sources the script). */
let zshDumps: { fpath: string; terminal: string };
let createdBooking: string;

beforeAll(async () => {
  home = tempHome();
  pwned = join(home, 'pwned');
  const bin = join(home, 'bin');
  mkdirSync(bin);
  // The `trek` the shells run. For the interactive tests it can instead record the arguments
  // a command line passed it (TREK_TEST_ARGV_LOG, each ended by a NUL, which no argument can
  // hold) and answer completion with a canned reply (TREK_TEST_CANNED), which tests the
  // scripts without the engine's filtering.
  writeFileSync(
    join(bin, 'trek'),
    `#!/bin/sh
if [ "$1" = __complete ] && [ -n "$TREK_TEST_CANNED" ]; then exec cat "$TREK_TEST_CANNED"; fi
if [ "$1" != __complete ] && [ -n "$TREK_TEST_ARGV_LOG" ]; then printf '%s\\0' "$@" > "$TREK_TEST_ARGV_LOG"; exit; fi
exec "${process.execPath}" "${join(REPO, 'bin', 'trek')}" "$@"
`,
  );
  chmodSync(join(bin, 'trek'), 0o755);
  // A home of its own keeps the user's shell start-up files (and trek files) out of the test.
  env = { PATH: `${bin}:${process.env.PATH}`, HOME: home, TREK_HOME: join(home, 'trek'), XDG_CONFIG_HOME: join(home, '.config'), TERM: 'dumb', LANG: 'C.UTF-8' };
  for (const shell of ['bash', 'zsh', 'fish'] as const) {
    const { stdout, stderr } = await run('trek', ['completion', shell], { env });
    expect(stderr).toBe('');
    scripts[shell] = join(home, `trek.${shell}`);
    writeFileSync(scripts[shell], stdout);
  }
  zshFpath = join(home, 'zfunc');
  mkdirSync(zshFpath);
  writeFileSync(join(zshFpath, '_trek'), readFileSync(scripts.zsh));
  // compinit without a dump reads every completion function there is, most of a second on a busy
  // machine: each zsh reads a dump made here once instead, as a user's zsh reads ~/.zcompdump.
  zshDumps = { fpath: join(home, 'zcompdump-fpath'), terminal: join(home, 'zcompdump-terminal') };
  if (PROGRAMS.zsh.path !== undefined) {
    await Promise.all([
      run('zsh', ['-f', '-c', `fpath=(${zshFpath} $fpath); autoload -Uz compinit && compinit -u -d ${zshDumps.fpath}`], { env }),
      run('zsh', ['-f', '-c', `autoload -Uz compinit && compinit -u -d ${zshDumps.terminal}`], { env }),
    ]);
  }
  // A booking created just now on the built-in sandbox (the default profile) is remembered by
  // trek itself; another profile's history holds an id recorded directly, with a known label.
  const { stdout: created } = await run('trek', ['booking', 'create', '--currency', 'CAD', '-o', 'json'], { env });
  createdBooking = String((JSON.parse(created) as { id: string | number }).id);
  recordIds(trekPaths(env), 'work', 'booking', [{ id: 'BK-2718', label: 'CAD · test booking' }]);
  // The front desk's history: people it knows by name, a booking it knows by its reference.
  recordIds(trekPaths(env), 'desk', 'customer', [
    { id: '300011', label: "Ms María José García-O'Neill" },
    { id: '300012', label: 'Mr Pablo García' },
  ]);
  recordIds(trekPaths(env), 'desk', 'booking', [{ id: '200009', label: 'USD · CRM-2077' }]);
});

afterAll(() => {
  const ranHostileCode = existsSync(pwned);
  rmSync(home, { recursive: true, force: true });
  // Whatever ran, no hostile value ever reached a shell as code.
  expect(ranHostileCode).toBe(false);
});

/** Each test of the block skips, or under CI fails, when one of `programs` is missing. */
function needs(...programs: Program[]): void {
  beforeEach((ctx) => requirePrograms(ctx, ...programs));
}

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

type ExtraEnv = Record<string, string>;

/** What bash's completion function leaves in COMPREPLY; `extra.TREK_TEST_COMP_TYPE: '63'` for a second TAB's list. */
async function bash(line: string, extra: ExtraEnv = {}, withBashCompletion = true): Promise<string[]> {
  const { stdout } = await run('bash', ['--norc', '--noprofile', join(HERE, 'bash-driver.bash'), scripts.bash, line], {
    env: { ...env, ...extra, BASH_COMPLETION: withBashCompletion ? (PROGRAMS.bashCompletion.path ?? '') : '' },
  });
  return lines(stdout);
}

/** zsh candidates as "value -- description" lines. */
async function zshWithDescriptions(line: string, extra: ExtraEnv = {}): Promise<string[]> {
  const { stdout } = await run('zsh', ['-f', join(HERE, 'capture.zsh'), zshFpath, zshDumps.fpath, line], { env: { ...env, ...extra }, timeout: 20_000 });
  return lines(stdout);
}

async function zsh(line: string, extra: ExtraEnv = {}): Promise<string[]> {
  return (await zshWithDescriptions(line, extra)).map((entry) => entry.replace(/ -- .*$/, ''));
}

/** fish candidates as "value<TAB>description" lines, as `complete -C` prints them. */
async function fishRaw(line: string, extra: ExtraEnv = {}): Promise<string[]> {
  const { stdout } = await run('fish', ['--no-config', '-c', `source ${scripts.fish}; complete -C${JSON.stringify(line)}`], { env: { ...env, ...extra } });
  return lines(stdout);
}

async function fish(line: string, extra: ExtraEnv = {}): Promise<string[]> {
  return (await fishRaw(line, extra)).map((entry) => entry.split('\t')[0]);
}

const sorted = (values: readonly string[]) => [...values].sort();

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Shell code a hostile server hides in a value, writing `pwned` if a shell ever runs it. */
const hostileValue = (word: string) => `${word};touch\${IFS}${pwned};#`;

/**
 * A stand-in API: departure service S1, whose transitions include shell code beside
 * 'Request Cancellation' and 'Expired', and override reasons with the same mix; `env` points trek at it.
 * One for the file: it only answers, so the tests that run at once share it.
 */
let hostile: Promise<HostileServer> | undefined;
afterAll(async () => {
  await (await hostile)?.close();
});
async function hostileApi(): Promise<{ env: ExtraEnv; requests: () => string[] }> {
  hostile ??= startHostileServer((req, res) => {
    if (req.url === '/departure_services/S1/') {
      const transitions = [hostileValue('Confirmed'), `$(touch ${pwned})`, 'Request Cancellation', 'Expired'];
      json(res, 200, { id: 'S1', type: 'departure_services', status: 'Confirmed', status_transitions: transitions });
    } else if (req.url?.startsWith('/override_reasons/')) {
      json(res, 200, {
        count: 2,
        results: [
          { code: 'LOST', label: 'Passport lost' },
          { code: hostileValue('MINOR'), label: 'hostile' },
        ],
        links: [],
      });
    } else json(res, 404, { message: 'not found' });
  });
  const server = await hostile;
  return { env: { TREK_BASE_URL: server.url, TREK_API_KEY: 'test-key' }, requests: () => server.requests.map((r) => `${r.method} ${r.url}`) };
}

// One command tree for the file: each shell's tests compare with it.
let root: ReturnType<typeof newRootCmd> | undefined;
async function verbsOf(noun: string): Promise<string[]> {
  root ??= newRootCmd(testFactory({ env: { TREK_HOME: env.TREK_HOME } }).f);
  return (await root).commands.find((c) => c.name() === noun)!.commands.map((c) => c.name());
}

// Each test waits on shells and trek processes of its own, so the tests of a block run at once
// (the blocks one after another, so a shell's completion never waits on four others').
describe.each([
  ['bash', [PROGRAMS.bash, PROGRAMS.bashCompletion], (line: string, extra?: ExtraEnv) => bash(line, extra)],
  ['bash without bash-completion', [PROGRAMS.bash], (line: string, extra?: ExtraEnv) => bash(line, extra, false)],
  ['zsh', [PROGRAMS.zsh], zsh],
  ['fish', [PROGRAMS.fish], fish],
] as const)('%s', (shell, programs, completeLine) => {
  needs(...programs);
  // bash replaces only what follows the last `=` of the word; zsh and fish replace the whole word.
  const afterEquals = (prefix: string, values: readonly string[]) => (shell.startsWith('bash') ? [...values] : values.map((v) => prefix + v));

  it.concurrent('completes a noun from its first letters', async () => {
    expect(await completeLine('trek bo')).toEqual(['booking']);
    expect(await completeLine('trek sea')).toEqual(['search']);
  });

  it.concurrent("lists a noun's verbs", async () => {
    expect(sorted(await completeLine('trek booking '))).toEqual(sorted(await verbsOf('booking')));
    expect(sorted(await completeLine('trek profile '))).toEqual(sorted(await verbsOf('profile')));
  });

  it.concurrent('offers a recently created booking id after `trek booking get`, from the profile in use', async () => {
    expect(await completeLine('trek booking get ')).toEqual([createdBooking]);
    expect(await completeLine('trek --profile work booking get ')).toEqual(['BK-2718']);
    expect(await completeLine('trek --profile other booking get ')).toEqual([]);
  });

  it.concurrent('lists the availability statuses after --where availability.status=', async () => {
    const expected = afterEquals('availability.status=', AVAILABILITY_STATUSES);
    expect(sorted(await completeLine('trek search departures --where availability.status='))).toEqual(sorted(expected));
    expect(await completeLine('trek search departures --where availability.status=WA')).toEqual(afterEquals('availability.status=', ['WAIT_LIST']));
  });

  it.concurrent('lists the output formats after -o', async () => {
    expect(sorted(await completeLine('trek -o '))).toEqual(sorted(FORMATS));
    expect(await completeLine('trek --output=nd')).toEqual(afterEquals('--output=', ['ndjson']));
  });

  it.concurrent('completes flags', async () => {
    expect(await completeLine('trek search departures --whe')).toEqual(['--where']);
  });

  it.concurrent("19.5 a word finds an id by its label (a booking's reference, a customer's name), and a unique match is the id", async () => {
    expect(await completeLine('trek --profile desk booking get CRM')).toEqual(['200009']);
    expect(await completeLine('trek --profile desk booking get crm-20')).toEqual(['200009']);
    expect(await completeLine('trek --profile desk customer get Pab')).toEqual(['300012']);
    expect(await completeLine('trek --profile desk customer get García-O')).toEqual(['300011']);
    expect(await completeLine('trek --profile desk customer get Nobody')).toEqual([]);
  });

  // After the others: its completion asks the API, and a lookup gives up after 1.5 s on a crowded machine.
  it('14.1 offers the statuses and reasons the API sends, spaces and all, and none holding shell code', async () => {
    const api = await hostileApi();
    // bash and zsh show the word as it will be inserted, space escaped; fish lists the value and escapes on insertion.
    const spaced = (value: string) => (shell === 'fish' ? value : value.replace(/ /g, '\\ '));
    expect(sorted(await completeLine('trek service transition S1 ', api.env))).toEqual(sorted([spaced('Request Cancellation'), 'Expired']));
    expect(await completeLine('trek service transition S1 Req', api.env)).toEqual([spaced('Request Cancellation')]);
    expect(await completeLine('trek service transition S1 C', api.env)).toEqual([]);
    expect(await completeLine('trek override add --reason ', api.env)).toEqual(['LOST']);
    expect(api.requests()).toContain('GET /departure_services/S1/');
    expect(existsSync(pwned)).toBe(false);
  });
});

interface Terminal {
  tmux(...args: string[]): Promise<{ stdout: string }>;
  screen(): Promise<string>;
  /** Waits until the screen shows `count` prompts (so what the line ran has finished). */
  waitForPrompts(count: number): Promise<void>;
  /** Waits until the screen shows `text`. */
  waitFor(text: string): Promise<string>;
  argvLog: string;
}

/**
 * An interactive shell in tmux, with the completion script loaded as its user would load it,
 * at its first prompt; `use` drives it.
 */
async function inTerminal<T>(shell: 'bash' | 'zsh' | 'fish', extra: ExtraEnv, use: (terminal: Terminal) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(home, 'tty-'));
  const argvLog = join(dir, 'argv');
  const prompt = 'READY> ';
  let command: string[];
  if (shell === 'bash') {
    writeFileSync(join(dir, 'bashrc'), `source ${PROGRAMS.bashCompletion.path}\nsource ${scripts.bash}\nPS1='${prompt}'\n`);
    command = ['bash', '--noprofile', '--rcfile', join(dir, 'bashrc'), '-i'];
  } else if (shell === 'zsh') {
    writeFileSync(join(dir, '.zshrc'), `autoload -Uz compinit && compinit -u -d ${zshDumps.terminal}\nsource ${scripts.zsh}\nPS1='${prompt}'\n`);
    command = ['env', `ZDOTDIR=${dir}`, 'zsh', '-d', '-i'];
  } else {
    command = ['fish', '--no-config', '-C', `source ${scripts.fish}; function fish_prompt; echo -n '${prompt}'; end`];
  }
  const tmuxEnv = { ...env, ...extra, TERM: 'xterm', TREK_TEST_ARGV_LOG: argvLog };
  const tmux = (...args: string[]) => run('tmux', ['-S', join(dir, 'tmux'), '-f', '/dev/null', ...args], { env: tmuxEnv });
  const screen = async () => (await tmux('capture-pane', '-p')).stdout;
  async function waitUntil(done: (text: string) => boolean, what: string): Promise<string> {
    for (let tries = 0; tries < 800; tries++) {
      const text = await screen();
      if (done(text)) return text;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`${shell} never showed ${what}; the screen shows:\n${await screen()}`);
  }
  // The screen as tmux captures it has no trailing blanks, so the prompt is counted without its space.
  const terminal: Terminal = {
    tmux,
    screen,
    argvLog,
    waitForPrompts: async (count) => {
      await waitUntil((text) => text.split(prompt.trim()).length - 1 >= count, `prompt number ${count}`);
    },
    waitFor: (text) => waitUntil((shown) => shown.includes(text), JSON.stringify(text)),
  };
  await tmux('new-session', '-d', '-x', '200', '-y', '20', ...command);
  try {
    await terminal.waitForPrompts(1);
    return await use(terminal);
  } finally {
    await tmux('kill-server').catch(() => undefined);
  }
}

/** Types `line`, presses TAB and then Enter, and returns the arguments the `trek` it ran received. */
async function tabThenEnter(shell: 'bash' | 'zsh' | 'fish', line: string, extra: ExtraEnv = {}): Promise<string[]> {
  return inTerminal(shell, extra, async ({ tmux, waitForPrompts, argvLog }) => {
    // The shell reads the keys in order: Enter waits until TAB's completion is done.
    await tmux('send-keys', '-l', line);
    await tmux('send-keys', 'Tab');
    await tmux('send-keys', 'Enter');
    await waitForPrompts(2);
    return readFileSync(argvLog, 'utf8').split('\0').slice(0, -1);
  });
}

describe.each([
  ['bash', [PROGRAMS.bash, PROGRAMS.bashCompletion]],
  ['zsh', [PROGRAMS.zsh]],
  ['fish', [PROGRAMS.fish]],
] as const)('%s, typed into a terminal', (shell, programs) => {
  needs(PROGRAMS.tmux, ...programs);

  it.concurrent('19.5 TAB on a booking reference or a name puts the one id it finds in its place', async () => {
    expect(await tabThenEnter(shell, 'trek --profile desk booking get CRM')).toEqual(['--profile', 'desk', 'booking', 'get', '200009']);
    expect(await tabThenEnter(shell, 'trek --profile desk customer get Pab')).toEqual(['--profile', 'desk', 'customer', 'get', '300012']);
  });

  it.concurrent('19.5 TAB on a name two customers share lists both with their names and leaves the word as typed', async () => {
    const line = 'trek --profile desk customer get Garc';
    const shown = await inTerminal(shell, {}, async ({ tmux, waitFor }) => {
      await tmux('send-keys', '-l', line);
      // bash lists on the second TAB (the first finds nothing to insert); zsh and fish on the first.
      for (let tab = 0; tab < (shell === 'bash' ? 2 : 1); tab++) await tmux('send-keys', 'Tab');
      return waitFor('Pablo');
    });
    expect(shown).toContain(`READY> ${line}`);
    expect(shown).not.toMatch(/customer get 3000/);
    expect(shown).toMatch(/300011 .*Ms María José García-O'Neill/);
    expect(shown).toMatch(/300012 .*Mr Pablo García/);
  });

  // After the others: its completion asks the API, and a lookup gives up after 1.5 s on a crowded machine.
  it('14.1 TAB then Enter on a status holding shell code runs no shell code', async () => {
    const api = await hostileApi();
    expect(await tabThenEnter(shell, 'trek service transition S1 C', api.env)).toEqual(['service', 'transition', 'S1', 'C']);
    expect(existsSync(pwned)).toBe(false);
  });

  // After the others: its completion asks the API, and a lookup gives up after 1.5 s on a crowded machine.
  it('14.1 a status with a space goes in quoted, as one word', async () => {
    const api = await hostileApi();
    expect(await tabThenEnter(shell, 'trek service transition S1 Req', api.env)).toEqual(['service', 'transition', 'S1', 'Request Cancellation']);
  });

  it.concurrent('14.1 the script inserts any value quoted, as one word, even one the engine would never send', async () => {
    const value = `${hostileValue('Confirmed')}$(touch ${pwned})\`touch ${pwned}\`|&<>*?~!'"\\ end`;
    const canned = join(home, `canned-${shell}`);
    writeFileSync(canned, `${value}\tdescription\n:4\n`);
    expect(await tabThenEnter(shell, 'trek service transition S1 ', { TREK_TEST_CANNED: canned })).toEqual(['service', 'transition', 'S1', value]);
    expect(existsSync(pwned)).toBe(false);
  });
});

describe.concurrent('19.5 several ids found by name are listed with their names, the word left as typed', () => {
  it('bash: the first TAB keeps the word (no common start with it to insert); the second lists each id with its name', async (ctx) => {
    requirePrograms(ctx, PROGRAMS.bash, PROGRAMS.bashCompletion);
    const line = 'trek --profile desk customer get Garc';
    // Two entries with nothing in common: readline inserts nothing, so the word stays.
    expect(await bash(line)).toEqual(['Garc', ' Garc']);
    expect(await bash(line, { TREK_TEST_COMP_TYPE: '63' })).toEqual(["300011  (Ms María José García-O'Neill)", '300012  (Mr Pablo García)']);
    // Ids that start with the word list the same way, and the first TAB extends the word.
    expect(await bash('trek --profile desk customer get 3')).toEqual(['300011', '300012']);
    expect(await bash('trek --profile desk customer get 3', { TREK_TEST_COMP_TYPE: '63' })).toEqual(["300011  (Ms María José García-O'Neill)", '300012  (Mr Pablo García)']);
    // Not only ids: every list a second TAB shows has the descriptions, as in zsh and fish.
    expect(await bash('trek pro', { TREK_TEST_COMP_TYPE: '63' })).toEqual(['profile']);
    expect((await bash('trek booking ', { TREK_TEST_COMP_TYPE: '63' }))[0]).toMatch(/^create +\(open a booking\)$/);
  });

  it('bash: a description holding shell code is only shown, never inserted nor run', async (ctx) => {
    requirePrograms(ctx, PROGRAMS.bash, PROGRAMS.bashCompletion);
    const canned = join(home, 'canned-descriptions');
    writeFileSync(canned, `300011\t$(touch ${pwned})\n300012\t\`touch ${pwned}\`\n:4\n`);
    const listed = await bash('trek customer get x', { TREK_TEST_CANNED: canned, TREK_TEST_COMP_TYPE: '63' });
    expect(listed).toEqual([`300011  ($(touch ${pwned}))`, `300012  (\`touch ${pwned}\`)`]);
    // show-all-if-ambiguous inserts what the entries share: the typed word is among them, so nothing.
    expect(await bash('trek customer get x', { TREK_TEST_CANNED: canned, TREK_TEST_COMP_TYPE: '33' })).toContain('x');
    expect(existsSync(pwned)).toBe(false);
  });

  it('zsh: both ids with their names', async (ctx) => {
    requirePrograms(ctx, PROGRAMS.zsh);
    expect(await zshWithDescriptions('trek --profile desk customer get Garc')).toEqual(["300011 -- Ms María José García-O'Neill", '300012 -- Mr Pablo García']);
  });

  it('fish: both ids with their names', async (ctx) => {
    requirePrograms(ctx, PROGRAMS.fish);
    expect(await fishRaw('trek --profile desk customer get Garc')).toEqual(["300011\tMs María José García-O'Neill", '300012\tMr Pablo García']);
  });
});

describe.concurrent('descriptions reach the shells that show them', () => {
  it('zsh shows the description beside the value', async (ctx) => {
    requirePrograms(ctx, PROGRAMS.zsh);
    expect(await zshWithDescriptions('trek pro')).toEqual([expect.stringMatching(/^profile -- Manage profiles/)]);
    expect(await zshWithDescriptions('trek --profile work booking get ')).toEqual(['BK-2718 -- CAD · test booking']);
  });

  it('fish shows the description after a tab', async (ctx) => {
    requirePrograms(ctx, PROGRAMS.fish);
    expect(await fishRaw('trek pro')).toEqual([expect.stringMatching(/^profile\tManage profiles/)]);
    expect(await fishRaw('trek --profile work booking get ')).toEqual(['BK-2718\tCAD · test booking']);
  });
});

describe.concurrent('the scripts load cleanly', () => {
  it('zsh: `trek completion zsh > _trek` autoloads from $fpath in a fresh zsh with compinit, without errors', async (ctx) => {
    requirePrograms(ctx, PROGRAMS.zsh);
    const { stdout, stderr } = await run('zsh', ['-f', '-c', `fpath=(${zshFpath} $fpath); autoload -Uz compinit && compinit -u -D && print -r -- "$_comps[trek]"`], { env });
    expect(stderr).toBe('');
    expect(stdout).toBe('_trek\n');
  });

  it('zsh: sourcing the script after compinit registers it, without errors', async (ctx) => {
    requirePrograms(ctx, PROGRAMS.zsh);
    const { stdout, stderr } = await run('zsh', ['-f', '-c', `autoload -Uz compinit && compinit -u -D && source ${scripts.zsh} && print -r -- "$_comps[trek]"`], { env });
    expect(stderr).toBe('');
    expect(stdout).toBe('_trek\n');
  });

  it('bash: sourcing the script registers the completion function, without errors', async (ctx) => {
    requirePrograms(ctx, PROGRAMS.bash, PROGRAMS.bashCompletion);
    const { stdout, stderr } = await run('bash', ['--norc', '--noprofile', '-c', `source ${PROGRAMS.bashCompletion.path}; source ${scripts.bash} && complete -p trek`], { env });
    expect(stderr).toBe('');
    expect(stdout).toBe('complete -F _trek_completions trek\n');
  });

  it('fish: the script parses', async (ctx) => {
    requirePrograms(ctx, PROGRAMS.fish);
    const { stderr } = await run('fish', ['--no-config', '-n', scripts.fish], { env });
    expect(stderr).toBe('');
  });
});
