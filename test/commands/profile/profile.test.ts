import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempHome } from '../../helpers/factory.js';

const { home, configFile, trek } = useTempHome();
const stored = () => JSON.parse(readFileSync(configFile(), 'utf8'));

const addProd = (extra: string[] = []) => trek(['profile', 'add', 'prod', '--base-url', 'http://127.0.0.1:9', '--api-key-stdin', ...extra], { stdin: 'KEY-123\n' });

describe('profile add', () => {
  it('stores the key read from stdin (newline trimmed) in a 0600 file and never prints it', async () => {
    const added = await addProd();
    expect(added.code).toBe(0);
    expect(added.out).toBe('');
    expect(added.err).toContain('✓ Added profile "prod" for http://127.0.0.1:9');
    expect(added.err).not.toContain('KEY-123');
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(stored()).toEqual({ profiles: { prod: { base_url: 'http://127.0.0.1:9', api_key: 'KEY-123' } } });

    const shown = await trek(['profile', 'show', 'prod', '-o', 'json']);
    expect(shown.code).toBe(0);
    expect(`${shown.out}${shown.err}`).not.toContain('KEY');
    expect(JSON.parse(shown.out)).toEqual({
      name: 'prod',
      builtin_sandbox: false,
      base_url: 'http://127.0.0.1:9',
      api_key: 'set',
      auth_header: 'X-Application-Key',
      output: null,
      agency: null,
      sources: { name: 'flag', base_url: 'profile', api_key: 'profile', auth_header: 'default', output: 'default', agency: 'default' },
    });
  });

  it('has no flag that takes the key on the command line', async () => {
    const result = await trek(['profile', 'add', 'prod', '--base-url', 'http://127.0.0.1:9', '--api-key', 'KEY-123']);
    expect(result.code).toBe(2);
    expect(result.err).toContain("unknown option '--api-key'");
    expect(existsSync(configFile())).toBe(false);
  });

  it('asks for the key with a masked prompt at a terminal', async () => {
    const result = await trek(['profile', 'add', 'prod', '--base-url', 'https://api.example.com', '--agency', '42', '--default-output', 'yaml', '--use'], {
      tty: true,
      answers: ['  typed-key  '],
    });
    expect(result.code).toBe(0);
    expect(result.asked).toEqual(['API key for "prod" (hidden; leave empty for none)']);
    expect(stored()).toEqual({
      profiles: { prod: { base_url: 'https://api.example.com', api_key: 'typed-key', output: 'yaml', agency: '42' } },
      current_profile: 'prod',
    });
    expect(result.err).toContain('it is now the current profile');
  });

  it('without a terminal and without --api-key-stdin stores no key and warns', async () => {
    const result = await trek(['profile', 'add', 'prod', '--base-url', 'https://api.example.com']);
    expect(result.code).toBe(0);
    expect(result.err).toContain('! No API key stored for "prod"');
    expect(stored().profiles.prod).toEqual({ base_url: 'https://api.example.com' });
  });

  it('refuses to replace an existing profile unless --force is given', async () => {
    await addProd();
    const before = readFileSync(configFile());
    const again = await trek(['profile', 'add', 'prod', '--base-url', 'https://other.example', '--api-key-stdin'], { stdin: 'NEW\n' });
    expect(again.code).toBe(2);
    expect(again.err).toContain('profile "prod" already exists; nothing was changed');
    expect(readFileSync(configFile()).equals(before)).toBe(true);
    expect((await trek(['profile', 'add', 'prod', '--base-url', 'https://other.example', '--api-key-stdin', '--force'], { stdin: 'NEW\n' })).code).toBe(0);
    expect(stored().profiles.prod).toEqual({ base_url: 'https://other.example', api_key: 'NEW' });
  });

  it.each([
    [['profile', 'add', 'prod'], '--base-url is required'],
    [['profile', 'add', 'prod', '--base-url', 'ftp://x.example'], 'invalid base URL in --base-url: "ftp://x.example"'],
    [['profile', 'add', 'bad name', '--base-url', 'https://x.example'], 'invalid profile name "bad name"'],
    [['profile', 'add', 'sandbox', '--base-url', 'https://x.example'], '"sandbox" is the built-in profile; choose another name'],
    [['profile', 'add', 'prod', '--base-url', 'https://x.example', '--auth-header', 'Bad Header'], 'invalid header name in --auth-header'],
    [['profile', 'add', 'prod', '--base-url', 'https://x.example', '--auth-header', 'X-Key:'], 'invalid header name in --auth-header: "X-Key:"'],
    [['profile', 'add', 'prod', '--base-url', 'https://x.example', '--auth-header', 'host'], '--auth-header cannot be Host: HTTP or trek sets that header itself'],
    [['profile', 'add', 'prod', '--base-url', 'https://x.example', '--auth-header', 'Content-Length'], '--auth-header cannot be Content-Length'],
    [['profile', 'add', 'prod', '--base-url', 'https://x.example', '--auth-header', 'transfer-encoding'], '--auth-header cannot be Transfer-Encoding'],
    [['profile', 'add', 'prod', '--base-url', 'https://x.example', '--default-output', 'html'], 'invalid --default-output "html"'],
    [['profile', 'add', 'prod', '--base-url', 'https://x.example', '--api-key-stdin'], '--api-key-stdin: stdin was empty'],
  ])('rejects %j with exit 2 and stores nothing', async (argv, message) => {
    const result = await trek(argv);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(existsSync(configFile())).toBe(false);
  });

  it('rejects a key with a line break inside without echoing it', async () => {
    const result = await trek(['profile', 'add', 'prod', '--base-url', 'https://x.example', '--api-key-stdin'], { stdin: 'KEY-1\nKEY-2\n' });
    expect(result.code).toBe(2);
    expect(result.err).toContain('the key contains control characters or line breaks');
    expect(result.err).not.toContain('KEY-');
    expect(existsSync(configFile())).toBe(false);
  });
});

describe('profile list', () => {
  it('lists the built-in profile first, then the stored ones, with a key yes/no and the current marker', async () => {
    await addProd(['--use']);
    await trek(['profile', 'add', 'beta', '--base-url', 'https://beta.example', '--agency', '7']);
    const table = await trek(['profile', 'list'], { tty: true, env: { NO_COLOR: '1' } });
    expect(table.code).toBe(0);
    expect(table.out).toBe(
      [
        '   NAME     BASE URL              KEY       AGENCY',
        '   sandbox  (embedded sandbox)    built-in',
        '   beta     https://beta.example  no        7',
        '*  prod     http://127.0.0.1:9    yes',
        '',
      ].join('\n'),
    );
    const json = JSON.parse((await trek(['profile', 'list'])).out) as Array<Record<string, unknown>>;
    expect(json.map((p) => [p.name, p.current, p.api_key_set])).toEqual([
      ['sandbox', false, false],
      ['beta', false, false],
      ['prod', true, true],
    ]);
    expect(JSON.stringify(json)).not.toContain('KEY-123');
  });

  it('marks the profile this invocation would use: --profile and TREK_PROFILE win over the current one', async () => {
    await addProd(['--use']);
    const current = async (argv: string[], env = {}) => (JSON.parse((await trek(argv, { env })).out) as Array<{ name: string; current: boolean }>).filter((p) => p.current).map((p) => p.name);
    expect(await current(['profile', 'list'])).toEqual(['prod']);
    expect(await current(['profile', 'list'], { TREK_PROFILE: 'sandbox' })).toEqual(['sandbox']);
    expect(await current(['--profile', 'sandbox', 'profile', 'list'], { TREK_PROFILE: 'prod' })).toEqual(['sandbox']);
  });

  it('refuses a corrupted config file, naming it and leaving it byte-for-byte as it was', async () => {
    mkdirSync(join(home(), 'config'), { recursive: true });
    writeFileSync(configFile(), '{"profiles": {"prod": ');
    const result = await trek(['profile', 'list', '-o', 'json']);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`cannot use the config file ${configFile()}`);
    expect(result.err).toContain('Nothing was changed');
    expect(result.out).toBe('');
    expect(readFileSync(configFile(), 'utf8')).toBe('{"profiles": {"prod": ');
  });
});

describe('profile use', () => {
  it('switches the current profile, and warns when TREK_PROFILE will still override it', async () => {
    await addProd();
    const used = await trek(['profile', 'use', 'prod'], { env: { TREK_PROFILE: 'sandbox' } });
    expect(used.code).toBe(0);
    expect(used.err).toBe('✓ Now using profile "prod"\n! TREK_PROFILE="sandbox" is set and still wins where it is set\n');
    expect(stored().current_profile).toBe('prod');
    expect((await trek(['profile', 'use', 'sandbox'])).code).toBe(0);
    expect(stored().current_profile).toBe('sandbox');
  });

  it('says which folder it cannot use when TREK_HOME holds a file where its config folder goes', async () => {
    writeFileSync(join(home(), 'config'), '');
    const result = await trek(['profile', 'list']);
    expect(result.code).toBe(2);
    expect(result.err).toBe(`error: cannot use ${join(home(), 'config')}: it is not a folder\nFix: move it aside, and trek creates the folder\n`);
  });

  it('rejects an unknown profile, listing the known ones', async () => {
    await addProd();
    const result = await trek(['profile', 'use', 'staging']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('unknown profile "staging"; known profiles: sandbox, prod');
    expect(result.err).toContain('Add it with: trek profile add staging --base-url URL --api-key-stdin');
  });
});

describe('profile show', () => {
  it('shows resolved values and where each came from; the key only as set/not set', async () => {
    await addProd(['--use', '--auth-header', 'X-Key']);
    const result = await trek(['profile', 'show'], { tty: true, env: { TREK_API_KEY: 'ENV-KEY-9', NO_COLOR: '1' } });
    expect(result.code).toBe(0);
    expect(result.out).toBe(
      [
        'PROFILE      prod  (current_profile)',
        'BASE URL     http://127.0.0.1:9  (profile "prod")',
        'API KEY      set  (TREK_API_KEY)',
        'AUTH HEADER  X-Key  (profile "prod")',
        'OUTPUT       not set  (default)',
        'AGENCY       not set  (default)',
        '',
      ].join('\n'),
    );
    expect(result.out + result.err).not.toMatch(/ENV-KEY|KEY-123/);
  });

  it('shows the built-in sandbox with no set-up, and a --base-url override pointing it elsewhere', async () => {
    const builtin = JSON.parse((await trek(['profile', 'show'])).out);
    expect(builtin).toMatchObject({ name: 'sandbox', builtin_sandbox: true, base_url: null, api_key: 'not set' });
    expect(builtin.sources.name).toBe('default');
    const pointed = JSON.parse((await trek(['profile', 'show', '--base-url', 'http://127.0.0.1:8080'])).out);
    expect(pointed).toMatchObject({ builtin_sandbox: false, base_url: 'http://127.0.0.1:8080' });
    expect(pointed.sources.base_url).toBe('flag');
  });

  it('rejects an unknown profile and an invalid base URL with exit 2', async () => {
    expect((await trek(['profile', 'show', 'nope'])).err).toContain('unknown profile "nope"; known profiles: sandbox');
    const bad = await trek(['profile', 'show'], { env: { TREK_BASE_URL: 'not a url' } });
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('invalid base URL in TREK_BASE_URL: "not a url"');
  });
});

describe('profile remove', () => {
  it('cannot remove the built-in profile', async () => {
    const result = await trek(['profile', 'remove', 'sandbox', '--yes']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('"sandbox" is the built-in profile and cannot be removed');
  });

  it('needs --yes without a terminal; with it the profile and its current mark are gone', async () => {
    await addProd(['--use']);
    const refused = await trek(['profile', 'remove', 'prod']);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('refusing without --yes');
    expect(stored().profiles.prod).toBeDefined();

    const removed = await trek(['profile', 'remove', 'prod', '--yes']);
    expect(removed.code).toBe(0);
    expect(removed.err).toContain('✓ Removed profile "prod"; trek now uses the built-in "sandbox" profile');
    expect(stored()).toEqual({ profiles: {} });
  });

  it('asks at a terminal, and a "no" keeps the profile (exit 130)', async () => {
    await addProd();
    const declined = await trek(['profile', 'remove', 'prod'], { tty: true, answers: [false] });
    expect(declined.code).toBe(130);
    expect(declined.asked).toEqual(['Remove profile "prod" and its stored API key?']);
    expect(stored().profiles.prod).toBeDefined();
  });
});
