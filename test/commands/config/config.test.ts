import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempHome } from '../../helpers/factory.js';

const { configFile, trek } = useTempHome();

/** As if edited by hand. */
function writeSettings(settings: Record<string, string>): void {
  mkdirSync(dirname(configFile()), { recursive: true, mode: 0o700 });
  writeFileSync(configFile(), JSON.stringify({ profiles: { prod: { base_url: 'http://127.0.0.1:9' } }, current_profile: 'prod', settings }), { mode: 0o600 });
}

describe('trek config', () => {
  it('sets, gets, lists and unsets a setting', async () => {
    expect(await trek(['config', 'set', 'timeout', '45'])).toEqual({ code: 0, out: '', err: '✓ Set timeout to 45\n', asked: [] });
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ settings: { timeout: '45' } });

    // At a terminal the value is printed bare; in a pipe it is a JSON object like any other item.
    expect((await trek(['config', 'get', 'timeout'], { tty: true })).out).toBe('45\n');
    expect(JSON.parse((await trek(['config', 'get', 'timeout'])).out)).toEqual({ key: 'timeout', value: '45' });

    const listed = JSON.parse((await trek(['config', 'list', '-o', 'json'])).out) as Array<{ key: string; value: string | null }>;
    expect(listed.map(({ key, value }) => [key, value])).toEqual([
      ['output', null],
      ['color', null],
      ['timeout', '45'],
      ['no_input', null],
      ['tz', null],
      ['currency', null],
      ['pager', null],
      ['cache.ttl.departures', null],
      ['cache.ttl.tour_dossiers', null],
      ['cache.ttl.activities', null],
      ['cache.ttl.itineraries', null],
      ['cache.ttl.agencies', null],
    ]);

    expect((await trek(['config', 'unset', 'timeout'])).code).toBe(0);
    const unset = await trek(['config', 'get', 'timeout'], { tty: true });
    expect([unset.out, unset.err]).toEqual(['', 'timeout is not set\n']);
    expect(JSON.parse((await trek(['config', 'get', 'timeout', '--json'])).out)).toEqual({ key: 'timeout', value: null });
  });

  it('lists the settings as a table at a terminal', async () => {
    await trek(['config', 'set', 'color', 'never']);
    const result = await trek(['config', 'list'], { tty: true, columns: 200, env: { NO_COLOR: '1' } });
    const lines = result.out.split('\n');
    expect(lines[0]).toMatch(/^KEY\s+VALUE\s+DESCRIPTION$/);
    expect(lines[2]).toMatch(/^color\s+never\s+colour when --color is not given$/);
    expect(lines).toHaveLength(14);
  });

  it('18 config set --help lines every setting name up in one column as wide as the longest, descriptions wrapped under themselves', async () => {
    const help = await trek(['config', 'set', '--help']);
    expect(help.code).toBe(0);
    const lines = help.out.split('\n');
    const first = lines.indexOf('Set a setting, used when no flag says otherwise:') + 1;
    const block = lines.slice(first, lines.indexOf('', first));
    const named = block.filter((line) => /^ {2}\S/.test(line));
    expect(named.map((line) => line.trim().split(/\s+/)[0])).toEqual([
      'output',
      'color',
      'timeout',
      'no_input',
      'tz',
      'currency',
      'pager',
      'cache.ttl.departures',
      'cache.ttl.tour_dossiers',
      'cache.ttl.activities',
      'cache.ttl.itineraries',
      'cache.ttl.agencies',
    ]);
    // Every description, and every wrapped line of one, starts two columns after the longest name (cache.ttl.tour_dossiers).
    const column = 2 + 'cache.ttl.tour_dossiers'.length + 2;
    for (const line of block) expect(line.search(/\S/) === 2 ? line.slice(2).search(/\s\S/) + 3 : line.search(/\S/), line).toBe(column);
    expect(block).toContain(`  ${'cache.ttl.departures'.padEnd(column - 2)}how long cached departures are used before asking the`);
    expect(Math.max(...block.map((line) => line.length))).toBeLessThanOrEqual(80);
  });

  it('stores a cache TTL as a duration in its largest whole unit', async () => {
    expect((await trek(['config', 'set', 'cache.ttl.departures', '300'])).err).toBe('✓ Set cache.ttl.departures to 5m\n');
    expect((await trek(['config', 'set', 'cache.ttl.itineraries', '0'])).code).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ settings: { 'cache.ttl.departures': '5m', 'cache.ttl.itineraries': '0s' } });
  });

  it('stores a time zone under its canonical name', async () => {
    expect((await trek(['config', 'set', 'tz', 'europe/london'])).code).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ settings: { tz: 'Europe/London' } });
  });

  it.each([
    [['--tz', 'Mars/Olympus_Mons', 'config', 'list'], '--tz must be an IANA time zone such as Europe/London or UTC (got "Mars/Olympus_Mons")'],
    [['--no-cache', '--refresh', 'config', 'list'], '--no-cache and --refresh do not go together'],
  ])('refuses the global flags %j with exit 2 before the command runs', async (argv, message) => {
    const result = await trek(argv);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(result.out).toBe('');
  });

  it('the output setting becomes the default format when -o is not given', async () => {
    await trek(['config', 'set', 'output', 'yaml']);
    const result = await trek(['config', 'get', 'output']);
    expect(result.out).toBe('key: output\nvalue: yaml\n');
  });

  it.each([
    [
      ['config', 'set', 'colour', 'never'],
      'unknown setting "colour"; valid settings: output, color, timeout, no_input, tz, currency, pager, cache.ttl.departures, cache.ttl.tour_dossiers, cache.ttl.activities, cache.ttl.itineraries, cache.ttl.agencies',
    ],
    [['config', 'get', 'colour'], 'unknown setting "colour"'],
    [['config', 'unset', 'colour'], 'unknown setting "colour"'],
    [['config', 'set', 'output', 'html'], 'output must be one of: table, json, ndjson, csv, tsv, yaml, xml (got "html")'],
    [['config', 'set', 'timeout', '-1'], 'timeout must be a number of seconds from 1 to 600 (got "-1")'],
    [['config', 'set', 'no_input', 'yes'], 'no_input must be one of: true, false (got "yes")'],
    [['config', 'set', 'tz', 'Mars/Olympus_Mons'], 'tz must be an IANA time zone such as Europe/London or UTC (got "Mars/Olympus_Mons")'],
    [['config', 'set', 'pager', 'less'], 'pager must be one of: auto, never (got "less")'],
    [['config', 'set', 'cache.ttl.departures', '5 minutes'], 'cache.ttl.departures must be a duration such as 30s, 5m, 1h or 1d (0 turns caching off), at most 365d (got "5 minutes")'],
  ])('rejects %j with exit 2 and writes nothing', async (argv, message) => {
    const result = await trek(argv);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(existsSync(configFile())).toBe(false);
  });

  it.each(['9999999', '601', '0', '0.5', 'ten', ''])('13.6 `config set timeout %j` is refused with the allowed range (exit 2), nothing written', async (value) => {
    const result = await trek(['config', 'set', 'timeout', value]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`timeout must be a number of seconds from 1 to 600 (got ${JSON.stringify(value)})`);
    expect(existsSync(configFile())).toBe(false);
  });

  it('13.6 the ends of the timeout range are accepted', async () => {
    expect((await trek(['config', 'set', 'timeout', '1'])).code).toBe(0);
    expect((await trek(['config', 'set', 'timeout', '600'])).code).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8')).settings).toEqual({ timeout: '600' });
  });

  it('13.6 --timeout out of range is refused with the range before any request (exit 2)', async () => {
    const result = await trek(['booking', 'get', 'B1', '--timeout', '9999999']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('--timeout must be a number of seconds from 1 to 600, got "9999999"');
  });

  it.each([
    ['timeout', '9999999', 'timeout must be a number of seconds from 1 to 600 (got "9999999")'],
    ['output', 'pdf', 'output must be one of: table, json, ndjson, csv, tsv, yaml, xml (got "pdf")'],
    ['color', 'sometimes', 'color must be one of: auto, always, never (got "sometimes")'],
    ['no_input', 'yes', 'no_input must be one of: true, false (got "yes")'],
  ])('13.6 a hand-edited %s of %j: every command exits 2 naming the file, the setting and what it allows', async (key, value, problem) => {
    writeSettings({ [key]: value });
    const before = readFileSync(configFile());
    for (const argv of [
      ['booking', 'get', 'B1'],
      ['config', 'list'],
      ['config', 'get', key],
      ['profile', 'list'],
      ['config', 'set', 'color', 'never'],
    ]) {
      const result = await trek(argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.err).toContain(`cannot use the config file ${configFile()}: the setting ${problem}`);
      expect(result.out).toBe('');
    }
    expect(readFileSync(configFile()).equals(before)).toBe(true);
  });
});
