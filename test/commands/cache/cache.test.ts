import { existsSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHostileServers, type HostileServer } from '../../helpers/hostile-server.js';
import { ageEntries, catalogueHandler, entryFiles, newCatalogue, trekAt } from '../../cache/helpers.js';

const servers = useHostileServers();

async function setUp() {
  const server: HostileServer = await servers.start(catalogueHandler(newCatalogue()));
  return { server, trek: trekAt(() => server) };
}

describe('trek cache status', () => {
  it('counts entries, bytes, hits, revalidations and misses since the last clear', async () => {
    const { trek } = await setUp();
    const empty = JSON.parse((await trek.run(['cache', 'status', '-o', 'json'])).out);
    expect(empty).toMatchObject({ profile: 'sandbox', entries: 0, bytes: 0, hits: 0, revalidated: 0, misses: 0, hit_rate: null });

    await trek.run(['api', 'GET', '/departures/101']); // miss
    await trek.run(['api', 'GET', '/departures/102']); // miss
    await trek.run(['api', 'GET', '/departures/101']); // hit
    await trek.run(['api', 'GET', '/departures/101']); // hit
    ageEntries(trek.home, 3600);
    await trek.run(['api', 'GET', '/departures/102']); // revalidated (304)
    await trek.run(['--no-cache', 'api', 'GET', '/departures/102']); // not counted

    const status = JSON.parse((await trek.run(['cache', 'status', '-o', 'json'])).out);
    const bytes = entryFiles(trek.home).reduce((sum, file) => sum + statSync(file).size, 0);
    expect(status).toEqual({
      profile: 'sandbox',
      folder: join(trek.home, 'cache', 'http', 'sandbox'),
      entries: 2,
      bytes,
      hits: 2,
      revalidated: 1,
      misses: 2,
      hit_rate: 0.6,
    });
  });

  it('shows a table at a terminal', async () => {
    const { trek } = await setUp();
    await trek.run(['api', 'GET', '/departures/101']);
    await trek.run(['api', 'GET', '/departures/101']);
    const result = await trek.run(['cache', 'status'], { tty: true });
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^ENTRIES\s+1$/m);
    expect(result.out).toMatch(/^SIZE\s+\d+ bytes$/m);
    expect(result.out).toMatch(/^HIT RATE\s+50%$/m);
  });
});

describe('trek cache clear', () => {
  it('--all-profiles does not follow a link put in place of the cache folder: what it points at is left whole', async () => {
    const { trek } = await setUp();
    const elsewhere = join(trek.home, 'elsewhere');
    mkdirSync(join(elsewhere, 'keep'), { recursive: true });
    writeFileSync(join(elsewhere, 'keep', 'file'), 'not the cache');
    mkdirSync(join(trek.home, 'cache'), { recursive: true, mode: 0o700 });
    symlinkSync(elsewhere, join(trek.home, 'cache', 'http'));
    const cleared = await trek.run(['cache', 'clear', '--all-profiles']);
    expect(cleared.code).toBe(0);
    expect(existsSync(join(elsewhere, 'keep', 'file'))).toBe(true);
  });

  it("removes the current profile's entries and counts, and leaves other profiles' alone", async () => {
    const { server, trek } = await setUp();
    await trek.run(['api', 'GET', '/departures/101']);
    await trek.run(['api', 'GET', '/departures/101']);
    mkdirSync(join(trek.home, 'config'), { recursive: true, mode: 0o700 });
    writeFileSync(join(trek.home, 'config', 'config.json'), JSON.stringify({ profiles: { prod: { base_url: server.url } } }), { mode: 0o600 });
    await trek.run(['--profile', 'prod', 'api', 'GET', '/departures/102']);

    const cleared = await trek.run(['cache', 'clear']);
    expect(cleared).toEqual({ code: 0, out: '', err: '✓ Cleared the cache of profile "sandbox": 1 entry\n' });
    expect(JSON.parse((await trek.run(['cache', 'status', '-o', 'json'])).out)).toMatchObject({ entries: 0, hits: 0, misses: 0, hit_rate: null });
    expect(existsSync(join(trek.home, 'cache', 'http', 'sandbox'))).toBe(false);
    expect(JSON.parse((await trek.run(['--profile', 'prod', 'cache', 'status', '-o', 'json'])).out)).toMatchObject({ profile: 'prod', entries: 1, misses: 1 });
  });

  it("--all-profiles removes every profile's cache", async () => {
    const { server, trek } = await setUp();
    await trek.run(['api', 'GET', '/departures/101']);
    mkdirSync(join(trek.home, 'config'), { recursive: true, mode: 0o700 });
    writeFileSync(join(trek.home, 'config', 'config.json'), JSON.stringify({ profiles: { prod: { base_url: server.url } } }), { mode: 0o600 });
    await trek.run(['--profile', 'prod', 'api', 'GET', '/departures/102']);
    expect(entryFiles(trek.home)).toHaveLength(2);
    const cleared = await trek.run(['cache', 'clear', '--all-profiles']);
    expect(cleared.err).toBe('✓ Cleared the cache of every profile: 2 entries\n');
    expect(entryFiles(trek.home)).toEqual([]);
  });

  it('the next read after a clear asks the API again', async () => {
    const { server, trek } = await setUp();
    await trek.run(['api', 'GET', '/departures/101']);
    await trek.run(['cache', 'clear']);
    await trek.run(['api', 'GET', '/departures/101']);
    expect(server.requests.filter((r) => r.url === '/departures/101')).toHaveLength(2);
  });
});
