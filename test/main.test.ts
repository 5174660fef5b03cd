import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/errors.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CancelError, EXIT_CODE_TABLE, ExitCode, TrekError, UsageError } from '../src/errors.js';
import { exitCodeFor, jsonError, main } from '../src/main.js';
import { testFactory } from './helpers/factory.js';

describe('exit codes', () => {
  it('maps every kind of error in one place', () => {
    const http = (status: number) => new ApiError({ kind: 'http', status, method: 'GET', url: 'http://h/x', message: 'm' });
    expect([401, 403, 404, 410, 400, 405, 406, 409, 424, 429, 500, 502, 503, 504].map((s) => exitCodeFor(http(s)))).toEqual([3, 3, 4, 4, 5, 5, 5, 5, 5, 6, 7, 7, 7, 7]);
    expect(exitCodeFor(new ApiError({ kind: 'timeout', method: 'GET', url: 'http://h/x', message: 'm' }))).toBe(7);
    expect(exitCodeFor(new ApiError({ kind: 'network', method: 'GET', url: 'http://h/x', message: 'm' }))).toBe(7);
    expect(exitCodeFor(new UsageError('bad'))).toBe(2);
    expect(exitCodeFor(new CancelError())).toBe(130);
    expect(exitCodeFor(new TypeError('boom'))).toBe(1);
  });

  it('a new error class carries its own exit code and JSON error: main.ts needs no edit', () => {
    class OverbookedError extends TrekError {
      readonly exitCode = ExitCode.rejected;
      readonly jsonCode = 'overbooked';
      protected override jsonDetails() {
        return { places_left: 2 };
      }
    }
    expect(exitCodeFor(new OverbookedError('too many'))).toBe(5);
    expect(jsonError(new OverbookedError('too many'))).toEqual({ message: 'too many', code: 'overbooked', places_left: 2 });
    // From another bundle (dist/sandbox.cjs) instanceof fails: the members are what count.
    const foreign = Object.assign(new Error('snapshot damaged'), { exitCode: 2, toJson: () => ({ message: 'snapshot damaged', code: 'sandbox_snapshot' }) });
    expect(exitCodeFor(foreign)).toBe(2);
    expect(jsonError(foreign)).toEqual({ message: 'snapshot damaged', code: 'sandbox_snapshot' });
    expect(jsonError(new RangeError('boom'))).toEqual({ message: 'boom', code: 'unexpected' });
  });

  it('main.ts decides an exit code from what an error carries, never from its name or a list of classes', () => {
    const text = readFileSync(join('src', 'main.ts'), 'utf8');
    for (const fn of ['exitCodeFor', 'jsonError']) {
      const body = text.slice(text.indexOf(`export function ${fn}(`)).split('\n}\n')[0];
      expect(body).not.toMatch(/\.name\b|case '/);
      expect(body.match(/instanceof \w+/g)?.filter((test) => test !== 'instanceof Error')).toEqual(['instanceof CommanderError']);
    }
  });

  it('prints the table with `trek help exit-codes`', async () => {
    const t = testFactory();
    expect(await main(['help', 'exit-codes'], t.f)).toBe(0);
    // Long meanings wrap to the terminal under their column.
    const text = t.out().replace(/\n {6,}/g, ' ');
    for (const [code, meaning] of EXIT_CODE_TABLE) expect(text).toContain(`${String(code).padStart(3)}  ${meaning}\n`);
    expect(t.err()).toBe('');
  });
});

describe('argument parsing', () => {
  it('prints the version', async () => {
    const t = testFactory();
    expect(await main(['--version'], t.f)).toBe(0);
    expect(t.out()).toBe('0.0.0-test\n');
  });

  it('rejects an unknown command with a suggestion and exit 2', async () => {
    const t = testFactory();
    expect(await main(['hepl'], t.f)).toBe(2);
    expect(t.err()).toContain("unknown command 'hepl'");
    expect(t.err()).toContain('help');
  });

  it('rejects an unknown flag with exit 2', async () => {
    const t = testFactory();
    expect(await main(['api', 'GET', '/x', '--paginat'], t.f)).toBe(2);
    expect(t.err()).toContain("unknown option '--paginat'");
    expect(t.err()).toContain('--paginate');
  });

  it('rejects an output format outside the list', async () => {
    const t = testFactory();
    expect(await main(['-o', 'html', 'api', 'GET', '/x'], t.f)).toBe(2);
    expect(t.err()).toContain('html');
  });

  it('accepts global flags before and after the subcommand', async () => {
    for (const argv of [
      ['--json', '--no-input', 'help', 'exit-codes'],
      ['help', 'exit-codes', '--json', '--no-input'],
    ]) {
      const t = testFactory({ tty: true });
      expect(await main(argv, t.f)).toBe(0);
      expect(t.f.globals.output).toBe('json');
      expect(t.f.io.inputAllowed).toBe(false);
    }
  });

  it('rejects a non-positive --timeout', async () => {
    const t = testFactory();
    expect(await main(['help', 'exit-codes', '--timeout', '0'], t.f)).toBe(2);
    expect(t.err()).toContain('--timeout must be a number of seconds from 1 to 600, got "0"');
  });
});

describe('unexpected errors', () => {
  const failingConfig = (verbose: boolean) => {
    const t = testFactory();
    t.f.config = () => Promise.reject(new TypeError('boom'));
    return { t, run: () => main(['profile', 'list', ...(verbose ? ['--verbose'] : [])], t.f) };
  };

  it('exit 1, saying how to get details', async () => {
    const { t, run } = failingConfig(false);
    expect(await run()).toBe(1);
    expect(t.err()).toBe('unexpected error: boom\nRun again with --verbose for details; please report this at the project tracker.\n');
    expect(t.out()).toBe('');
  });

  it('print the stack with --verbose', async () => {
    const { t, run } = failingConfig(true);
    expect(await run()).toBe(1);
    expect(t.err()).toMatch(/^unexpected error: boom\nTypeError: boom\n {4}at .*test\/main\.test\.ts:\d+:\d+/);
  });
});

describe('14.8 messages are sanitised once, in report()', () => {
  const osc52 = '\u001b]52;c;cm0gLXJmIH4=\u0007';
  const osc0 = '\u001b]0;owned\u0007';
  const failingWith = (error: Error) => {
    const t = testFactory();
    t.f.config = () => Promise.reject(error);
    return { t, run: () => main(['profile', 'list'], t.f) };
  };

  it('14.8 a usage error built from server text prints its message and hint with OSC 52 / OSC 0 removed, keeping its lines', async () => {
    const { t, run } = failingWith(new UsageError(`unknown field "x${osc52}"; valid fields:\n  - a${osc0}b\u009b2J`, `Try ${osc0}--fields a`));
    expect(await run()).toBe(2);
    expect(t.err()).toBe('error: unknown field "x"; valid fields:\n  - ab\nTry --fields a\n');
  });

  it('14.8 an unexpected error’s message is sanitised too', async () => {
    const { t, run } = failingWith(new TypeError(`boom${osc52}\u009d`));
    expect(await run()).toBe(1);
    expect(t.err()).toBe('unexpected error: boom\\x9d\nRun again with --verbose for details; please report this at the project tracker.\n');
  });

  it('14.8 commander’s own messages, which repeat what was typed, are sanitised', async () => {
    const t = testFactory();
    expect(await main(['api', 'GET', '/x', `--x${osc0}`], t.f)).toBe(2);
    expect(t.err()).toContain("unknown option '--x'");
    expect(t.err()).not.toContain('\u001b');
  });
});

describe('global flags', () => {
  it('are declared once: the root command offers exactly the table of config/global-flags.ts', async () => {
    const { GLOBAL_FLAGS } = await import('../src/config/global-flags.js');
    const { newRootCmd } = await import('../src/commands/root.js');
    const program = await newRootCmd(testFactory().f, ['help']);
    const offered = program.options.map((option) => option.flags).filter((flags) => flags !== '-V, --version');
    expect(offered).toEqual(Object.values(GLOBAL_FLAGS).map((flag) => flag.flags));
  });
});
