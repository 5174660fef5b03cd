import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trekPaths } from '../../src/config/paths.js';
import { profileName } from '../../src/config/peek.js';
import { parseMaxBody, resolveProfile, resolveProfileName, type ResolveInput } from '../../src/config/resolve.js';
import { openConfig, type ConfigStore } from '../../src/config/store.js';
import { UsageError } from '../../src/errors.js';

let home: string;
let store: ConfigStore;
beforeEach(async () => {
  home = mkdtempSync(join(tmpdir(), 'trek-resolve-'));
  store = openConfig(trekPaths({ TREK_HOME: home }));
  await store.setProfile('prod', { base_url: 'https://prod.example/api', api_key: 'prod-key', auth_header: 'X-Prod-Key', output: 'yaml', agency: '77' });
  await store.setProfile('test', { base_url: 'https://test.example' });
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

/** The error a call throws, for assertions on more than its message. */
function thrown(work: () => unknown): UsageError | undefined {
  try {
    work();
  } catch (error) {
    return error as UsageError;
  }
  return undefined;
}

const resolve = (flags: ResolveInput['flags'] = {}, env: ResolveInput['env'] = {}) => resolveProfile({ flags, env, store });

describe('resolveProfile: which profile', () => {
  it('15 one profile-name resolver: completion and the id history pick the profile a command would use', async () => {
    const paths = trekPaths({ TREK_HOME: home });
    for (const current of [undefined, 'test']) {
      await store.setCurrentProfile(current);
      for (const flag of [undefined, '', 'prod']) {
        for (const envProfile of [undefined, '', 'other']) {
          const env = { TREK_PROFILE: envProfile };
          const expected = flag || envProfile || current || 'sandbox';
          expect([profileName(paths, env, flag), resolveProfileName({ flags: { profile: flag }, env, store }).name], JSON.stringify({ current, flag, envProfile })).toEqual([expected, expected]);
        }
      }
    }
  });

  it('defaults to the built-in sandbox, which needs no set-up', () => {
    const profile = resolve();
    expect(profile).toMatchObject({ name: 'sandbox', builtinSandbox: true, baseUrl: undefined, apiKey: undefined, authHeader: 'X-Application-Key' });
    expect(profile.sources).toEqual({ name: 'default', baseUrl: 'default', apiKey: 'default', authHeader: 'default', output: 'default', agency: 'default' });
  });

  it('--profile beats TREK_PROFILE beats current_profile beats the default', async () => {
    await store.setCurrentProfile('test');
    expect([resolve().name, resolve().sources.name]).toEqual(['test', 'config']);
    expect([resolve({}, { TREK_PROFILE: 'prod' }).name, resolve({}, { TREK_PROFILE: 'prod' }).sources.name]).toEqual(['prod', 'env']);
    const flagged = resolve({ profile: 'sandbox' }, { TREK_PROFILE: 'prod' });
    expect([flagged.name, flagged.sources.name, flagged.builtinSandbox]).toEqual(['sandbox', 'flag', true]);
  });

  it('treats an empty TREK_PROFILE as unset', async () => {
    await store.setCurrentProfile('test');
    expect(resolve({}, { TREK_PROFILE: '' }).name).toBe('test');
  });

  it('takes every value from the profile when nothing overrides it', () => {
    expect(resolve({ profile: 'prod' })).toEqual({
      name: 'prod',
      builtinSandbox: false,
      baseUrl: 'https://prod.example/api',
      apiKey: 'prod-key',
      authHeader: 'X-Prod-Key',
      output: 'yaml',
      agency: '77',
      maxBodyBytes: 64 * 1024 * 1024,
      sources: { name: 'flag', baseUrl: 'profile', apiKey: 'profile', authHeader: 'profile', output: 'profile', agency: 'profile' },
    });
  });
});

describe('resolveProfile: precedence of each value', () => {
  // Each row: what is set at each level, and which level must win.
  const rows = [
    { flag: 'https://flag.example', env: 'https://env.example', winner: ['https://flag.example', 'flag'] },
    { flag: undefined, env: 'https://env.example', winner: ['https://env.example', 'env'] },
    { flag: undefined, env: undefined, winner: ['https://prod.example/api', 'profile'] },
    { flag: undefined, env: '', winner: ['https://prod.example/api', 'profile'] },
  ];
  it.each(rows)('base URL: flag=$flag env=$env', ({ flag, env, winner }) => {
    // A base URL from elsewhere than the profile brings its own key.
    const profile = resolve({ profile: 'prod', baseUrl: flag }, { TREK_BASE_URL: env, TREK_API_KEY: 'its-own-key' });
    expect([profile.baseUrl, profile.sources.baseUrl]).toEqual(winner);
  });

  it('API key and auth header: environment > profile > default', () => {
    const fromEnv = resolve({ profile: 'prod' }, { TREK_API_KEY: 'env-key', TREK_AUTH_HEADER: 'Authorization' });
    expect([fromEnv.apiKey, fromEnv.sources.apiKey, fromEnv.authHeader, fromEnv.sources.authHeader]).toEqual(['env-key', 'env', 'Authorization', 'env']);
    const fromProfile = resolve({ profile: 'prod' });
    expect([fromProfile.apiKey, fromProfile.sources.apiKey, fromProfile.authHeader]).toEqual(['prod-key', 'profile', 'X-Prod-Key']);
    const defaults = resolve({ profile: 'test' });
    expect([defaults.apiKey, defaults.sources.apiKey, defaults.authHeader, defaults.sources.authHeader]).toEqual([undefined, 'default', 'X-Application-Key', 'default']);
  });

  it('a base URL given for the built-in profile points it at a real server instead of the embedded sandbox', () => {
    const viaFlag = resolve({ baseUrl: 'http://127.0.0.1:8080' });
    expect([viaFlag.name, viaFlag.builtinSandbox, viaFlag.baseUrl]).toEqual(['sandbox', false, 'http://127.0.0.1:8080']);
    expect(resolve({}, { TREK_BASE_URL: 'http://127.0.0.1:8080' }).builtinSandbox).toBe(false);
  });
});

describe('resolveProfile: errors', () => {
  it('an unknown profile lists the known ones, the built-in first, and says where the name came from', async () => {
    expect(() => resolve({ profile: 'staging' })).toThrow('unknown profile "staging" (from --profile); known profiles: sandbox, prod, test');
    expect(() => resolve({}, { TREK_PROFILE: 'staging' })).toThrow('unknown profile "staging" (from TREK_PROFILE); known profiles: sandbox, prod, test');
    // A hand-edited (or stale) current_profile: the store itself never sets an unknown one.
    writeFileSync(store.path, JSON.stringify({ ...JSON.parse(readFileSync(store.path, 'utf8')), current_profile: 'gone' }));
    expect(() => resolve()).toThrow(`unknown profile "gone" (current_profile in ${store.path}); known profiles: sandbox, prod, test`);
    const error = thrown(() => resolve({ profile: 'staging' }));
    expect(error).toBeInstanceOf(UsageError);
    expect(error?.hint).toBe('Add it with: trek profile add staging --base-url URL --api-key-stdin');
  });

  it.each([
    ['ftp://files.example', 'not an absolute http:// or https:// URL'],
    ['/relative/path', 'not an absolute http:// or https:// URL'],
    ['http://', 'not an absolute http:// or https:// URL'],
    [' https://a.example', 'not an absolute http:// or https:// URL'],
  ])('rejects the base URL %j naming where it came from', (url, problem) => {
    expect(() => resolve({ baseUrl: url })).toThrow(`invalid base URL in --base-url: ${JSON.stringify(url)} is ${problem}`);
    expect(() => resolve({}, { TREK_BASE_URL: url })).toThrow(`invalid base URL in TREK_BASE_URL: ${JSON.stringify(url)} is ${problem}`);
  });

  it('rejects a hand-edited invalid base URL in a profile, naming the profile and the file', async () => {
    await store.setProfile('bad', { base_url: 'example.com' });
    expect(() => resolve({ profile: 'bad' })).toThrow(`invalid base URL in base_url of profile "bad" in ${store.path}: "example.com"`);
  });

  it('rejects credentials in a base URL without repeating them', () => {
    const error = thrown(() => resolve({ baseUrl: 'https://user:s3cret@a.example' }));
    expect(error?.message).toBe('invalid base URL in --base-url: it must not contain a user name or password');
    expect(`${error?.message} ${error?.hint}`).not.toContain('s3cret');
  });

  it('rejects a profile without a base URL, and an invalid header name from the environment', async () => {
    await store.setProfile('empty', {});
    expect(() => resolve({ profile: 'empty' })).toThrow(`profile "empty" has no base_url (in ${store.path})`);
    expect(() => resolve({}, { TREK_AUTH_HEADER: 'Bad Header:' })).toThrow('invalid header name in TREK_AUTH_HEADER: "Bad Header:"');
  });
});

describe("resolveProfile: where a profile's key may go (14.2)", () => {
  it.each([
    ['--base-url', { baseUrl: 'http://127.0.0.1:4010' }, {}],
    ['TREK_BASE_URL', {}, { TREK_BASE_URL: 'http://127.0.0.1:4010' }],
  ])("14.2 a base URL from %s on another origin never gets the profile's key", (origin, flags, env) => {
    const error = thrown(() => resolve({ profile: 'prod', ...flags }, env));
    expect(error).toBeInstanceOf(UsageError);
    expect(error?.message).toBe(
      `refusing to send the API key of profile "prod" to http://127.0.0.1:4010 (from ${origin}): a profile's key goes only to the origin of its own base_url, https://prod.example`,
    );
    expect(error?.hint).toBe('Give the key for http://127.0.0.1:4010 in TREK_API_KEY, or add a profile for that server: trek profile add NAME --base-url http://127.0.0.1:4010 --api-key-stdin');
    expect(`${error?.message} ${error?.hint}`).not.toContain('prod-key');
  });

  it('14.2 the same origin keeps the key; TREK_API_KEY brings its own; a profile without a key has nothing to leak', () => {
    expect(resolve({ profile: 'prod', baseUrl: 'https://prod.example/api/v2' }).apiKey).toBe('prod-key');
    const own = resolve({ profile: 'prod', baseUrl: 'http://127.0.0.1:4010' }, { TREK_API_KEY: 'local-key' });
    expect([own.apiKey, own.sources.apiKey]).toEqual(['local-key', 'env']);
    expect(resolve({ profile: 'test', baseUrl: 'http://127.0.0.1:4010' }).apiKey).toBeUndefined();
    expect(resolve({}, { TREK_BASE_URL: 'http://127.0.0.1:4010' }).apiKey).toBeUndefined();
  });

  it('13.7 a key no HTTP header can carry is refused naming where it came from, without showing it', async () => {
    expect(() => resolve({ profile: 'test' }, { TREK_API_KEY: 'a\nb' })).toThrow('the API key in TREK_API_KEY cannot be sent: it holds control characters or characters beyond Latin-1');
    await store.setProfile('odd', { base_url: 'https://odd.example', api_key: 'ключ' });
    const error = thrown(() => resolve({ profile: 'odd' }));
    expect(error?.message).toBe(`the API key in the api_key of profile "odd" in ${store.path} cannot be sent: it holds control characters or characters beyond Latin-1`);
    expect(error?.message).not.toContain('ключ');
  });
});

describe('parseMaxBody (TREK_MAX_BODY)', () => {
  it.each([
    [undefined, 64 * 1024 * 1024],
    ['', 64 * 1024 * 1024],
    ['1024', 1024],
    ['256M', 256 * 1024 * 1024],
    ['256MiB', 256 * 1024 * 1024],
    ['2k', 2048],
    ['512mb', 512 * 1024 * 1024],
  ])('reads %j as %i bytes', (value, bytes) => {
    expect(parseMaxBody(value)).toBe(bytes);
  });

  it.each(['1023', '1G', '-5M', '1.5M', 'lots'])('refuses %j, saying the range', (value) => {
    expect(() => parseMaxBody(value)).toThrow(`TREK_MAX_BODY must be a size from 1 KiB to 512 MiB, like 256MiB or 268435456 (got ${JSON.stringify(value)})`);
  });
});
