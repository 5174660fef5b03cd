/**
 * Issue 18, "Fit the screen": long output goes through $PAGER (TREK_PAGER first, default
 * less -FRX) only on a terminal, as gh does; --no-pager, TREK_PAGER= and the pager setting
 * turn it off. Commands run in-process through main() with the test factory; the pagers are
 * small shell scripts that record what they were given.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { commandWords, DEFAULT_PAGER, pagerCommand } from '../../src/output/pager.js';
import { testFactory, type TestFactoryOptions } from '../helpers/factory.js';

let dir = '';
let recorder = '';
let quitter = '';
let record = '';
let runs = 0;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'trek-pager-'));
  // Records its arguments, LESS and everything it reads.
  recorder = join(dir, 'recorder');
  writeFileSync(recorder, '#!/bin/sh\nprintf "%s|" "$@" > "$RECORD.args"\nprintf "%s" "$LESS" > "$RECORD.less"\ncat > "$RECORD"\n');
  // Reads one line and quits, as a person pressing q after the first screen.
  quitter = join(dir, 'quitter');
  writeFileSync(quitter, '#!/bin/sh\nhead -n 1 > "$RECORD"\n');
  for (const script of [recorder, quitter]) chmodSync(script, 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `trek ARGV` on a terminal of 80×24 (unless told otherwise) with a fresh record file for the pager. */
async function trek(argv: string[], options: TestFactoryOptions = {}) {
  record = join(dir, `record-${++runs}`);
  const t = testFactory({ tty: true, columns: 80, rows: 24, ...options, env: { PATH: process.env.PATH, NO_COLOR: '1', RECORD: record, TREK_PAGER: recorder, ...options.env } });
  const code = await main(argv, t.f);
  return { code, out: t.out(), err: t.err(), paged: existsSync(record) ? readFileSync(record, 'utf8') : undefined };
}

const ITINERARY = ['itinerary', 'get', '700001'];

describe('18 page long output', () => {
  it('18 a view taller than the terminal goes through TREK_PAGER on its stdin, nothing else on stdout', async () => {
    const run = await trek(ITINERARY, { env: { PAGER: join(dir, 'not-this-one') } });
    expect(run.code).toBe(0);
    expect(run.out).toBe('');
    expect(run.paged).toMatch(/^Best of Peru\n/);
    expect(run.paged).toContain('Day 1 · Lima: Arrival');
    expect(run.paged!.split('\n').length).toBeGreaterThan(24);
    expect(readFileSync(`${record}.less`, 'utf8')).toBe('FRX');
  });

  it('18 PAGER is used when TREK_PAGER is not set, split into words as a shell would, without a shell', async () => {
    const run = await trek(ITINERARY, { env: { TREK_PAGER: undefined, PAGER: `${recorder} -x 'two words' "it's"`, LESS: 'R' } });
    expect(run.code).toBe(0);
    expect(run.paged).toContain('Day 1 · Lima: Arrival');
    expect(readFileSync(`${record}.args`, 'utf8')).toBe("-x|two words|it's|");
    expect(readFileSync(`${record}.less`, 'utf8')).toBe('R'); // the user's LESS is kept
  });

  it('18 a pager command that needs a shell (a variable, a redirection) runs through sh -c', async () => {
    const run = await trek(ITINERARY, { env: { TREK_PAGER: 'cat > "$RECORD"' } });
    expect(run.code).toBe(0);
    expect(run.out).toBe('');
    expect(run.paged).toContain('Day 1 · Lima: Arrival');
  });

  it('18 a pager quit early (q) ends trek quietly with exit 0, even with far more output than a pipe holds', async () => {
    const run = await trek(['search', 'departures', '--all', '-o', 'json'], { env: { TREK_PAGER: quitter } });
    expect(run.code).toBe(0);
    expect(run.out).toBe('');
    expect(run.paged).toBe('[\n');
    expect(run.err).not.toMatch(/error|EPIPE/i);
  });

  it('18 a pager that cannot start: the output is printed directly, exit 0', async () => {
    for (const pager of [join(dir, 'no-such-pager'), 'no-such-pager-for-trek --flag']) {
      const run = await trek(ITINERARY, { env: { TREK_PAGER: pager } });
      expect(run.code).toBe(0);
      expect(run.out).toMatch(/^Best of Peru\n/);
      expect(run.out).toContain('Day 1 · Lima: Arrival');
    }
  });

  it('18 a pager that needs a shell and is not found (sh exits 127): printed directly', async () => {
    const run = await trek(ITINERARY, { env: { TREK_PAGER: 'no-such-pager-for-trek "$RECORD"' } });
    expect(run.code).toBe(0);
    expect(run.out).toContain('Day 1 · Lima: Arrival');
  });

  it.each([
    ['--no-pager', ['--no-pager'], {}],
    ['TREK_PAGER= (empty)', [], { TREK_PAGER: '' }],
    ['PAGER=cat', [], { TREK_PAGER: undefined, PAGER: 'cat' }],
    ['PAGER= (empty)', [], { TREK_PAGER: undefined, PAGER: '' }],
  ] as const)('18 %s turns the pager off: everything on stdout', async (_what, flags, env) => {
    const run = await trek([...ITINERARY, ...flags], { env });
    expect(run.code).toBe(0);
    expect(run.paged).toBeUndefined();
    expect(run.out).toContain('Day 1 · Lima: Arrival');
  });

  it('18 the pager setting "never" turns it off; "auto" pages', async () => {
    const home = join(dir, 'home-with-settings');
    expect((await trek(['config', 'set', 'pager', 'never'], { env: { TREK_HOME: home } })).code).toBe(0);
    const never = await trek(ITINERARY, { env: { TREK_HOME: home } });
    expect(never.paged).toBeUndefined();
    expect(never.out).toContain('Day 1 · Lima: Arrival');
    expect((await trek(['config', 'set', 'pager', 'auto'], { env: { TREK_HOME: home } })).code).toBe(0);
    expect((await trek(ITINERARY, { env: { TREK_HOME: home } })).paged).toContain('Day 1 · Lima: Arrival');
  });

  it('18 not a terminal: never paged (json on stdout, as scripts read it)', async () => {
    const run = await trek(ITINERARY, { tty: false });
    expect(run.paged).toBeUndefined();
    expect(JSON.parse(run.out)).toMatchObject({ id: '700001' });
  });

  it('18 output that fits the screen is not paged', async () => {
    const tall = await trek(ITINERARY, { rows: 1000 });
    expect(tall.paged).toBeUndefined();
    expect(tall.out).toContain('Day 1 · Lima: Arrival');
    const short = await trek(['search', 'departures', '--limit', '3']);
    expect(short.paged).toBeUndefined();
    expect(short.out.split('\n')).toHaveLength(5);
  });

  it('18 lines longer than the terminal count as the rows they wrap onto (--wide)', async () => {
    // 12 records of a table wider than 30 columns: fewer lines than rows, more rows on screen.
    const run = await trek(['search', 'departures', '--limit', '12', '--wide'], { columns: 30, rows: 20 });
    expect(run.paged).toMatch(/^ID +NAME/);
    expect(run.paged!.trimEnd().split('\n')).toHaveLength(13);
    expect(run.out).toBe('');
  });
});

describe('18 which pager', () => {
  it('18 TREK_PAGER, else PAGER, else less -FRX; empty or cat: none', () => {
    expect(pagerCommand({})?.command).toBe(DEFAULT_PAGER);
    expect(DEFAULT_PAGER).toBe('less -FRX');
    expect(pagerCommand({ PAGER: 'more' })?.command).toBe('more');
    expect(pagerCommand({ PAGER: 'more', TREK_PAGER: 'most' })?.command).toBe('most');
    expect(pagerCommand({ PAGER: 'more', TREK_PAGER: '' })).toBeUndefined();
    expect(pagerCommand({ TREK_PAGER: '  ' })).toBeUndefined();
    expect(pagerCommand({ PAGER: 'cat' })).toBeUndefined();
    expect(pagerCommand({})?.env).toMatchObject({ LESS: 'FRX', LV: '-c' });
    expect(pagerCommand({ LESS: '-R' })?.env.LESS).toBe('-R');
  });

  it('18 a command splits into a program and its arguments without a shell; one that needs a shell does not', async () => {
    expect(await commandWords('less -FRX')).toEqual(['less', '-FRX']);
    expect(await commandWords(`'/opt/my pager/bin/p' --prompt="a b" c\\ d`)).toEqual(['/opt/my pager/bin/p', '--prompt=a b', 'c d']);
    for (const shellLine of ['less | cat', '$HOME/bin/pager', 'less > out', 'more *', 'less; rm x', 'less # note', 'a && b']) {
      expect(await commandWords(shellLine), shellLine).toBeUndefined();
    }
  });
});
