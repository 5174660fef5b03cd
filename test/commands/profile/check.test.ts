/**
 * Issue 18, "Know which API you are on": `trek profile list --check` and `trek profile show
 * --check` say which profile is in use and why, and whether each key still works (one
 * authenticated request each; 401/403 named, exit 3; a server that cannot be asked named, exit 7),
 * as `gh auth status` does. Keys are never printed.
 */
import { describe, expect, it } from 'vitest';
import { profileShowRun } from '../../../src/commands/profile/show.js';
import { checkKey, targetFor } from '../../../src/commands/profile/check.js';
import { outputSpec } from '../../../src/commands/output-spec.js';
import { testFactory, useTempHome } from '../../helpers/factory.js';
import { useHostileServers, type HostileServer } from '../../helpers/hostile-server.js';

const { trek, configFile } = useTempHome();
const servers = useHostileServers();
const NO_COLOR = { NO_COLOR: '1' };

/** A server that answers every request with `status` and an error dictionary (spec §7.2). */
function answering(status: number, message: string): Promise<HostileServer> {
  return servers.start((_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(status < 400 ? { count: 0, results: [], links: [] } : { http_status_code: status, message }));
  });
}

async function addProfile(name: string, url: string, key: string, extra: string[] = []): Promise<void> {
  const added = await trek(['profile', 'add', name, '--base-url', url, '--api-key-stdin', ...extra], { stdin: `${key}\n` });
  expect(added.code, added.err).toBe(0);
}

describe('18 profile list --check: which profile is in use and why', () => {
  it('18 the built-in default, and its key works (tty off: JSON with current_source and check)', async () => {
    const result = await trek(['profile', 'list', '--check']);
    expect(result.code).toBe(0);
    expect(result.err).toBe('Profile in use: sandbox (the built-in default: no --profile, TREK_PROFILE or current_profile)\n');
    expect(JSON.parse(result.out)).toEqual([
      {
        name: 'sandbox',
        current: true,
        builtin: true,
        base_url: null,
        api_key_set: false,
        auth_header: null,
        output: null,
        agency: null,
        current_source: 'default',
        check: { result: 'works', ok: true, http_status: 200, message: 'key works (HTTP 200)', proxy: null },
      },
    ]);
  });

  it('18 current_profile, TREK_PROFILE and --profile are each named as the reason', async () => {
    const server = await answering(200, '');
    await addProfile('work', server.url, 'work-key', ['--use']);
    await addProfile('home', server.url, 'home-key');

    const config = await trek(['profile', 'list', '--check', '-o', 'json']);
    expect(config.err).toBe(`Profile in use: work (current_profile in ${configFile()})\n`);
    const env = await trek(['profile', 'list', '--check', '-o', 'json'], { env: { TREK_PROFILE: 'home' } });
    expect(env.err).toBe('Profile in use: home (from TREK_PROFILE)\n');
    const flag = await trek(['--profile', 'sandbox', 'profile', 'list', '--check', '-o', 'json'], { env: { TREK_PROFILE: 'home' } });
    expect(flag.err).toBe('Profile in use: sandbox (from --profile)\n');
    expect((JSON.parse(flag.out) as Array<{ name: string; current_source?: string }>).map((p) => [p.name, p.current_source])).toEqual([
      ['sandbox', 'flag'],
      ['home', undefined],
      ['work', undefined],
    ]);
    // One request per stored profile, each with its own key, fresh (not from the cache).
    const keys = server.requests.map((r) => r.headers['x-application-key']).sort();
    expect(keys).toEqual(['home-key', 'home-key', 'home-key', 'work-key', 'work-key', 'work-key']);
    expect(new Set(server.requests.map((r) => `${r.method} ${r.url} ${r.headers['cache-control']}`))).toEqual(new Set(['GET /departures/?max_per_page=10 no-cache']));
  });

  it('18 without --check the list is as it was: no check, no current_source, nothing sent', async () => {
    const server = await servers.silent();
    await addProfile('work', server.url, 'work-key');
    const result = await trek(['profile', 'list', '-o', 'json']);
    expect(result.code).toBe(0);
    expect(result.err).toBe('');
    expect(JSON.parse(result.out).map((p: object) => Object.keys(p))).toEqual([
      ['name', 'current', 'builtin', 'base_url', 'api_key_set', 'auth_header', 'output', 'agency'],
      ['name', 'current', 'builtin', 'base_url', 'api_key_set', 'auth_header', 'output', 'agency'],
    ]);
    expect(server.requests).toEqual([]);
  });
});

describe('18 profile --check: whether each key still works', () => {
  it('18 a key refused with 401 is named, the table says so, and trek exits 3 without printing the key', async () => {
    const server = await answering(401, 'The application key is not valid.');
    await addProfile('work', server.url, 'SECRET-KEY-401');
    const result = await trek(['profile', 'list', '--check'], { tty: true, columns: 160, env: NO_COLOR });
    expect(result.code).toBe(3);
    expect(result.out).toBe(
      [
        '   NAME     BASE URL                KEY       AGENCY  CHECK',
        '*  sandbox  (embedded sandbox)      built-in          ✓ key works (HTTP 200)',
        `   work     ${server.url}  yes               ✗ key refused (HTTP 401): The application key is not valid.`,
        '',
      ].join('\n'),
    );
    expect(result.err).toBe('Profile in use: sandbox (the built-in default: no --profile, TREK_PROFILE or current_profile)\n' + 'error: the key check of profile work (unauthorized) did not pass\n');
    expect(server.requests[0].headers['x-application-key']).toBe('SECRET-KEY-401');
    expect(`${result.out}${result.err}`).not.toContain('SECRET-KEY-401');
  });

  it('18 a 403 is named as a key without permission, exit 3, also as one JSON error', async () => {
    const server = await answering(403, 'Insufficient permissions.');
    await addProfile('work', server.url, 'k403', ['--use']);
    const result = await trek(['profile', 'show', '--check', '-o', 'json']);
    expect(result.code).toBe(3);
    expect(JSON.parse(result.out).check).toEqual({ result: 'forbidden', ok: false, http_status: 403, message: 'key not allowed (HTTP 403): Insufficient permissions.', proxy: null });
    expect(JSON.parse(result.err)).toEqual({
      error: {
        message: 'the key check of profile work (forbidden) did not pass',
        code: 'profile_check_failed',
        profiles: [{ name: 'work', result: 'forbidden', ok: false, http_status: 403, message: 'key not allowed (HTTP 403): Insufficient permissions.', proxy: null }],
      },
      exit_code: 3,
    });
  });

  it('18 a server that hangs is named unreachable and trek exits 7', async () => {
    // Never answers: the check ends at the --timeout.
    const server = await servers.start(() => undefined);
    await addProfile('slow', server.url, 'k');
    const result = await trek(['profile', 'show', 'slow', '--check', '--timeout', '1'], { tty: true, env: NO_COLOR });
    expect(result.code).toBe(7);
    expect(result.out).toMatch(/^KEY CHECK {4}✗ unreachable: no response within 1s \(--timeout\)/m);
    expect(result.err).toBe('error: the key check of profile slow (unreachable) did not pass\n');
  });

  it('18 a refused key wins over an unreachable server: exit 3', async () => {
    const refusing = await answering(401, 'nope');
    const hanging = await servers.start(() => undefined);
    await addProfile('refused', refusing.url, 'k1');
    await addProfile('hanging', hanging.url, 'k2');
    const result = await trek(['profile', 'list', '--check', '--timeout', '1', '-o', 'json']);
    expect(result.code).toBe(3);
    expect((JSON.parse(result.out) as Array<{ name: string; check: { result: string } }>).map((p) => [p.name, p.check.result])).toEqual([
      ['sandbox', 'works'],
      ['hanging', 'unreachable'],
      ['refused', 'unauthorized'],
    ]);
  });

  it('18 a profile trek cannot use as configured is named, and its key is sent nowhere', async () => {
    const own = await servers.silent();
    const elsewhere = await servers.silent();
    await addProfile('work', own.url, 'work-key');
    // A base URL on another origin: the profile's key is never sent there.
    const result = await trek(['profile', 'list', '--check', '-o', 'json'], { env: { TREK_BASE_URL: elsewhere.url } });
    // The built-in profile, sent to TREK_BASE_URL too, has no key to send there: unusable as well.
    expect(result.code).toBe(2);
    const checks = Object.fromEntries((JSON.parse(result.out) as Array<{ name: string; check: { result: string; message: string } }>).map((p) => [p.name, p.check]));
    expect(checks.sandbox.result).toBe('unusable');
    expect(checks.sandbox.message).toMatch(/^cannot be used: TREK_BASE_URL .* with the built-in sandbox profile: no API key to send there/);
    expect(checks.work.result).toBe('unusable');
    expect(checks.work.message).toMatch(/^cannot be used: refusing to send the API key of profile "work"/);
    expect(own.requests).toEqual([]);
    expect(elsewhere.requests).toEqual([]);
  });

  it('18 profile show --check of a profile trek cannot use is the usage error itself, exit 2', async () => {
    const own = await servers.silent();
    const elsewhere = await servers.silent();
    await addProfile('work', own.url, 'work-key');
    const result = await trek(['profile', 'show', 'work', '--check'], { env: { TREK_BASE_URL: elsewhere.url, ...NO_COLOR } });
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^error: refusing to send the API key of profile "work"/);
    expect([...own.requests, ...elsewhere.requests]).toEqual([]);
  });

  it('18 profile show --check on a terminal adds the KEY CHECK row to the view (run function)', async () => {
    const t = testFactory({ tty: true, env: NO_COLOR });
    const store = await t.f.config();
    const output = await outputSpec(t.f);
    await profileShowRun({
      io: t.io,
      config: async () => store,
      output,
      flags: {},
      env: t.f.env,
      checkKey: (profile) => checkKey(targetFor(t.f, profile)),
    });
    expect(t.out().split('\n').slice(-2)).toEqual(['KEY CHECK    ✓ key works (HTTP 200)', '']);
    await t.f.close();
  });
});
