/**
 * Issue 18, "Scripts": with -o json (or --json, --jq, or the output setting json) every error on
 * stderr is one JSON object `{error: {message, code, field…}, exit_code}`: commander's parse
 * errors, trek's usage errors, pre-flight refusals, config errors and cancellations, as API
 * errors already were.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputFromArgv } from '../../src/main.js';
import { useTempHome } from '../helpers/factory.js';

const { home, trek } = useTempHome();

/** stderr must be exactly one JSON object on one line. */
function oneJsonObject(stderr: string): unknown {
  expect(stderr.endsWith('\n')).toBe(true);
  expect(stderr.trimEnd().split('\n')).toHaveLength(1);
  return JSON.parse(stderr);
}

describe('18 every error is one JSON object with -o json', () => {
  for (const tty of [false, true]) {
    it(`18 an unknown option is one JSON object naming the option (tty ${tty})`, async () => {
      const result = await trek(['booking', 'get', '200001', '--bogus', '-o', 'json'], { tty });
      expect(result.code).toBe(2);
      expect(result.out).toBe('');
      expect(oneJsonObject(result.err)).toEqual({ error: { message: "unknown option '--bogus'", code: 'unknown_option', field: '--bogus' }, exit_code: 2 });
    });
  }

  it('18 a missing argument is one JSON object naming the argument (--json)', async () => {
    const result = await trek(['--json', 'booking', 'get']);
    expect(result.code).toBe(2);
    expect(oneJsonObject(result.err)).toEqual({ error: { message: "missing required argument 'id'", code: 'missing_argument', field: 'id' }, exit_code: 2 });
  });

  it('18 a bad choice is one JSON object naming the flag by its long name', async () => {
    const result = await trek(['-ojson', 'search', 'departures', '--color', 'rainbow']);
    expect(result.code).toBe(2);
    expect(oneJsonObject(result.err)).toEqual({
      error: { message: "option '--color <when>' argument 'rainbow' is invalid. Allowed choices are auto, always, never.", code: 'invalid_argument', field: '--color' },
      exit_code: 2,
    });
  });

  it("18 a mistyped command keeps commander's suggestion in the message", async () => {
    const result = await trek(['booking', 'gte', '--output=ndjson']);
    expect(result.code).toBe(2);
    expect(oneJsonObject(result.err)).toEqual({ error: { message: "unknown command 'gte'\n(Did you mean get?)", code: 'unknown_command' }, exit_code: 2 });
  });

  it('18 a noun without its verb is one JSON object carrying the help', async () => {
    const result = await trek(['booking', '--json']);
    expect(result.code).toBe(2);
    const { error, exit_code } = oneJsonObject(result.err) as { error: { message: string; code: string; help: string }; exit_code: number };
    expect(exit_code).toBe(2);
    expect(error.message).toBe('a command is required here');
    expect(error.code).toBe('missing_command');
    expect(error.help).toContain('Usage: trek booking');
  });

  it("18 trek's own usage error names the flag at fault", async () => {
    const result = await trek(['override', 'reasons', '--json', '--timeout', 'soon']);
    expect(result.code).toBe(2);
    const { error } = oneJsonObject(result.err) as { error: Record<string, unknown> };
    expect(error.code).toBe('usage');
    expect(error.message).toMatch(/^--timeout must be /);
  });

  it('18 a missing value without a terminal names the flag in field', async () => {
    const result = await trek(['booking', 'create', '--json']);
    expect(result.code).toBe(2);
    expect(oneJsonObject(result.err)).toEqual({
      error: {
        message: '--currency is required and trek cannot ask for it: stdin and stdout are not terminals',
        code: 'usage',
        field: '--currency',
        hint: 'Pass --currency on the command line (trek asks only when stdin and stdout are both a terminal).',
      },
      exit_code: 2,
    });
  });

  it('18 --jq alone makes errors JSON (it implies -o json)', async () => {
    const result = await trek(['booking', 'get', '--jq', '.id']);
    expect(result.code).toBe(2);
    expect(oneJsonObject(result.err)).toMatchObject({ error: { code: 'missing_argument' }, exit_code: 2 });
  });

  it('18 the output setting json makes errors JSON; -o table on the line wins over it', async () => {
    expect((await trek(['config', 'set', 'output', 'json'])).code).toBe(0);
    const json = await trek(['booking', 'get']);
    expect(json.code).toBe(2);
    expect(oneJsonObject(json.err)).toMatchObject({ error: { code: 'missing_argument', field: 'id' }, exit_code: 2 });

    const table = await trek(['booking', 'get', '-o', 'table']);
    expect(table.code).toBe(2);
    expect(table.err).toBe("error: missing required argument 'id'\n");
  });

  it('18 a config file trek cannot use is one JSON object naming the file', async () => {
    mkdirSync(join(home(), 'config'), { recursive: true });
    const file = join(home(), 'config', 'config.json');
    writeFileSync(file, '{ not json', { mode: 0o600 });
    const result = await trek(['profile', 'list', '-o', 'json']);
    expect(result.code).toBe(2);
    const { error } = oneJsonObject(result.err) as { error: Record<string, unknown> };
    expect(error).toMatchObject({ code: 'config', file });
    expect(String(error.message)).toContain(`cannot use the config file ${file}`);
  });

  it('18 a flex pre-flight refusal is one JSON object listing the rules, nothing sent', async () => {
    const keys = JSON.parse((await trek(['sandbox', 'keys', '-o', 'json'])).out) as Array<{ agent_id: string; key: string }>;
    const key = keys.find((k) => k.agent_id === '7')!.key;
    const result = await trek(['flex', 'attach', '--booking', '200006', '--departure-service', '400006', '--plan', '100002-1', '--json'], { env: { TREK_API_KEY: key } });
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
    const { error } = oneJsonObject(result.err) as { error: { code: string; refusals: Array<{ rule: string }> } };
    expect(error.code).toBe('flex_refused');
    expect(error.refusals.length).toBeGreaterThan(0);
    expect(error.refusals.every((r) => typeof r.rule === 'string')).toBe(true);
  });

  it('18 a declined confirmation is one JSON object with exit 130', async () => {
    await trek(['profile', 'add', 'prod', '--base-url', 'https://api.example.com', '--api-key-stdin'], { stdin: 'K\n' });
    const result = await trek(['profile', 'remove', 'prod', '-o', 'json'], { tty: true, answers: [false] });
    expect(result.code).toBe(130);
    expect(oneJsonObject(result.err)).toEqual({ error: { message: 'Nothing was changed.', code: 'cancelled' }, exit_code: 130 });
  });

  it('18 without JSON output errors stay words (unknown option)', async () => {
    const result = await trek(['booking', 'get', '200001', '--bogus']);
    expect(result.code).toBe(2);
    expect(result.err).toBe("error: unknown option '--bogus'\n");
  });

  it('18 escape sequences typed on the line stay escaped in the JSON error', async () => {
    const result = await trek(['booking', 'get', '200001', '--x\u001b[2J', '--json']);
    expect(result.code).toBe(2);
    expect(result.err).not.toContain('\u001b');
    expect(oneJsonObject(result.err)).toMatchObject({ error: { code: 'unknown_option', field: '--x\u001b[2J' } });
  });
});

describe('18 -o is read from the command line when parsing fails early', () => {
  it('takes the last -o, -o over --json, --jq as JSON, and nothing after --', () => {
    expect(outputFromArgv(['-o', 'csv', 'x', '--output', 'json'])).toEqual({ output: 'json', jq: undefined });
    expect(outputFromArgv(['--json', '-o', 'table'])).toEqual({ output: 'table', jq: undefined });
    expect(outputFromArgv(['--json'])).toEqual({ output: 'json', jq: undefined });
    expect(outputFromArgv(['-ondjson'])).toEqual({ output: 'ndjson', jq: undefined });
    expect(outputFromArgv(['--jq=.id'])).toEqual({ output: undefined, jq: '.id' });
    expect(outputFromArgv(['api', 'GET', '/x', '--', '-o', 'json'])).toEqual({ output: undefined, jq: undefined });
  });
});
