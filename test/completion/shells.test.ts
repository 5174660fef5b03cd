/**
 * Real shells complete real command lines: bash (with and without bash-completion), zsh and
 * fish, each with the script printed by `trek completion <shell>` and a `trek` on PATH that
 * runs this checkout's bin/trek (the bundle built by the test setup).
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newRootCmd } from '../../src/commands/root.js';
import { trekPaths } from '../../src/config/paths.js';
import { recordIds } from '../../src/history.js';
import { FORMATS } from '../../src/output/formats.js';
import { AVAILABILITY_STATUSES } from '../../src/completion/values.js';
import { tempHome, testFactory } from '../helpers/factory.js';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const HERE = fileURLToPath(new URL('.', import.meta.url));
const BASH_COMPLETION = '/usr/share/bash-completion/bash_completion';

let home: string;
let env: NodeJS.ProcessEnv;
const scripts: Record<'bash' | 'zsh' | 'fish', string> = { bash: '', zsh: '', fish: '' };
let zshFpath: string;
let createdBooking: string;

beforeAll(async () => {
  home = tempHome();
  const bin = join(home, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'trek'), `#!/bin/sh\nexec "${process.execPath}" "${join(REPO, 'bin', 'trek')}" "$@"\n`);
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
  // A booking created just now on the built-in sandbox (the default profile) is remembered by
  // trek itself; another profile's history holds an id recorded directly, with a known label.
  const { stdout: created } = await run('trek', ['booking', 'create', '--currency', 'CAD', '-o', 'json'], { env });
  createdBooking = String((JSON.parse(created) as { id: string | number }).id);
  recordIds(trekPaths(env), 'work', 'booking', [{ id: 'BK-2718', label: 'CAD · test booking' }]);
});

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

type ExtraEnv = Record<string, string>;

async function bash(line: string, extra: ExtraEnv = {}, withBashCompletion = true): Promise<string[]> {
  const { stdout } = await run('bash', ['--norc', '--noprofile', join(HERE, 'bash-driver.bash'), scripts.bash, line], {
    env: { ...env, ...extra, BASH_COMPLETION: withBashCompletion ? BASH_COMPLETION : '' },
  });
  return lines(stdout);
}

/** zsh candidates as "value -- description" lines. */
async function zshWithDescriptions(line: string, extra: ExtraEnv = {}): Promise<string[]> {
  const { stdout } = await run('zsh', ['-f', join(HERE, 'capture.zsh'), zshFpath, line], { env: { ...env, ...extra }, timeout: 20_000 });
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
  return (await fishRaw(line, extra)).map((entry) => entry.split('\t')[0]!);
}

const sorted = (values: readonly string[]) => [...values].sort();

const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) server.close();
});

/** A stand-in API holding one confirmed departure service, S1. */
async function serviceApi(): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const found = req.url === '/departure_services/S1/';
    res.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(found ? { id: 'S1', type: 'departure_services', status: 'Confirmed', status_transitions: ['Request Cancellation', 'Expired'] } : { message: 'not found' }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

async function verbsOf(noun: string): Promise<string[]> {
  const root = await newRootCmd(testFactory().f);
  return root.commands.find((c) => c.name() === noun)!.commands.map((c) => c.name());
}

describe.each([
  ['bash', (line: string, extra?: ExtraEnv) => bash(line, extra)],
  ['bash without bash-completion', (line: string, extra?: ExtraEnv) => bash(line, extra, false)],
  ['zsh', zsh],
  ['fish', fish],
] as const)('%s', (shell, completeLine) => {
  // bash replaces only what follows the last `=` of the word; zsh and fish replace the whole word.
  const afterEquals = (prefix: string, values: readonly string[]) => (shell.startsWith('bash') ? [...values] : values.map((v) => prefix + v));

  it('completes a noun from its first letters', async () => {
    expect(await completeLine('trek bo')).toEqual(['booking']);
    expect(await completeLine('trek sea')).toEqual(['search']);
  });

  it("lists a noun's verbs", async () => {
    expect(sorted(await completeLine('trek booking '))).toEqual(sorted(await verbsOf('booking')));
    expect(sorted(await completeLine('trek profile '))).toEqual(sorted(await verbsOf('profile')));
  });

  it('offers a recently created booking id after `trek booking get`, from the profile in use', async () => {
    expect(await completeLine('trek booking get ')).toEqual([createdBooking]);
    expect(await completeLine('trek --profile work booking get ')).toEqual(['BK-2718']);
    expect(await completeLine('trek --profile other booking get ')).toEqual([]);
  });

  it('lists the availability statuses after --where availability.status=', async () => {
    const expected = afterEquals('availability.status=', AVAILABILITY_STATUSES);
    expect(sorted(await completeLine('trek search departures --where availability.status='))).toEqual(sorted(expected));
    expect(await completeLine('trek search departures --where availability.status=WA')).toEqual(afterEquals('availability.status=', ['WAIT_LIST']));
  });

  it('lists the output formats after -o', async () => {
    expect(sorted(await completeLine('trek -o '))).toEqual(sorted(FORMATS));
    expect(await completeLine('trek --output=nd')).toEqual(afterEquals('--output=', ['ndjson']));
  });

  it('completes flags', async () => {
    expect(await completeLine('trek search departures --whe')).toEqual(['--where']);
  });

  it('offers the statuses the typed service can move to, asked of the API, spaces and all', async () => {
    const api = await serviceApi();
    const extra = { TREK_BASE_URL: api.url, TREK_API_KEY: 'test-key' };
    // bash and zsh show the word as it will be inserted, space escaped; fish lists the value and escapes on insertion.
    const spaced = (value: string) => (shell === 'fish' ? value : value.replace(/ /g, '\\ '));
    expect(sorted(await completeLine('trek service transition S1 ', extra))).toEqual(sorted([spaced('Request Cancellation'), 'Expired']));
    expect(await completeLine('trek service transition S1 Req', extra)).toEqual([spaced('Request Cancellation')]);
    expect(api.requests.every((request) => request === 'GET /departure_services/S1/')).toBe(true);
  });
});

describe('descriptions reach the shells that show them', () => {
  it('zsh shows the description beside the value', async () => {
    expect(await zshWithDescriptions('trek pro')).toEqual([expect.stringMatching(/^profile -- Manage profiles/)]);
    expect(await zshWithDescriptions('trek --profile work booking get ')).toEqual(['BK-2718 -- CAD · test booking']);
  });

  it('fish shows the description after a tab', async () => {
    expect(await fishRaw('trek pro')).toEqual([expect.stringMatching(/^profile\tManage profiles/)]);
    expect(await fishRaw('trek --profile work booking get ')).toEqual(['BK-2718\tCAD · test booking']);
  });
});

describe('the scripts load cleanly', () => {
  it('zsh: `trek completion zsh > _trek` autoloads from $fpath in a fresh zsh with compinit, without errors', async () => {
    const { stdout, stderr } = await run(
      'zsh',
      ['-f', '-c', `fpath=(${zshFpath} $fpath); autoload -Uz compinit && compinit -u -D && print -r -- "$_comps[trek]"`],
      { env },
    );
    expect(stderr).toBe('');
    expect(stdout).toBe('_trek\n');
  });

  it('zsh: sourcing the script after compinit registers it, without errors', async () => {
    const { stdout, stderr } = await run('zsh', ['-f', '-c', `autoload -Uz compinit && compinit -u -D && source ${scripts.zsh} && print -r -- "$_comps[trek]"`], { env });
    expect(stderr).toBe('');
    expect(stdout).toBe('_trek\n');
  });

  it('bash: sourcing the script registers the completion function, without errors', async () => {
    const { stdout, stderr } = await run('bash', ['--norc', '--noprofile', '-c', `source ${BASH_COMPLETION}; source ${scripts.bash} && complete -p trek`], { env });
    expect(stderr).toBe('');
    expect(stdout).toBe('complete -F _trek_completions trek\n');
  });

  it('fish: the script parses', async () => {
    const { stderr } = await run('fish', ['--no-config', '-n', scripts.fish], { env });
    expect(stderr).toBe('');
  });
});
