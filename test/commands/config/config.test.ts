import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTempHome } from '../../helpers/factory.js';

const { configFile, trek } = useTempHome();

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
    expect(lines).toHaveLength(6);
  });

  it('the output setting becomes the default format when -o is not given', async () => {
    await trek(['config', 'set', 'output', 'yaml']);
    const result = await trek(['config', 'get', 'output']);
    expect(result.out).toBe('key: output\nvalue: yaml\n');
  });

  it.each([
    [['config', 'set', 'colour', 'never'], 'unknown setting "colour"; valid settings: output, color, timeout, no_input'],
    [['config', 'get', 'colour'], 'unknown setting "colour"'],
    [['config', 'unset', 'colour'], 'unknown setting "colour"'],
    [['config', 'set', 'output', 'html'], 'output must be one of: table, json, ndjson, csv, tsv, yaml, xml (got "html")'],
    [['config', 'set', 'timeout', '-1'], 'timeout must be a positive number of seconds (got "-1")'],
    [['config', 'set', 'no_input', 'yes'], 'no_input must be one of: true, false (got "yes")'],
  ])('rejects %j with exit 2 and writes nothing', async (argv, message) => {
    const result = await trek(argv);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(existsSync(configFile())).toBe(false);
  });
});
