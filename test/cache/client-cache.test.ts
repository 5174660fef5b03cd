import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useHostileServers, type HostileServer } from '../helpers/hostile-server.js';
import { ageEntries, catalogueHandler, entryFiles, newCatalogue, requestsTo, trekAt } from './helpers.js';

const servers = useHostileServers();

async function setUp() {
  const catalogue = newCatalogue();
  const server: HostileServer = await servers.start(catalogueHandler(catalogue));
  return { catalogue, server, trek: trekAt(() => server) };
}

const search = ['search', 'departures', '-o', 'json'];

describe('local cache in the API client', () => {
  it('a walk over every page keeps only the first page: later ones are read once, and would fill the cache', async () => {
    const catalogue = newCatalogue();
    const items = catalogueHandler(catalogue);
    const server = await servers.start((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== '/departures') return items(req, res);
      const page = Number(url.searchParams.get('page') ?? '1');
      const links = page === 1 ? [{ rel: 'next', href: '/departures?page=2' }] : [];
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count: 2, current_page: page, max_per_page: 1, results: [catalogue.departures[page - 1]], links }));
    });
    const trek = trekAt(() => server);
    const walk = ['search', 'departures', '--all', '-o', 'json'];
    expect(JSON.parse((await trek.run(walk)).out).map((d: { id: string }) => d.id)).toEqual(['101', '102']);
    expect(entryFiles(trek.home)).toHaveLength(1);
    expect(JSON.parse((await trek.run(walk)).out).map((d: { id: string }) => d.id)).toEqual(['101', '102']);
    // The first page came from the cache the second time; the second was asked both times.
    expect(requestsTo(server, 'GET', '/departures').map((r) => new URL(r.url, 'http://x').searchParams.get('page'))).toEqual([null, '2', '2']);
    expect(entryFiles(trek.home)).toHaveLength(1);
  });

  it('a second read within the TTL sends no request and prints the same answer', async () => {
    const { server, trek } = await setUp();
    const first = await trek.run(search);
    const second = await trek.run([...search, '--verbose']);
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(requestsTo(server, 'GET', '/departures')).toHaveLength(1);
    expect(second.out).toBe(first.out);
    expect(second.err).toMatch(/^cache hit: GET http:\/\/127\.0\.0\.1:\d+\/departures\?\S+ \(stored /m);
    expect(second.err).not.toMatch(/^> GET/m);
  });

  it('past the TTL sends a conditional request, and a 304 keeps the stored body', async () => {
    const { server, trek } = await setUp();
    const first = await trek.run(search);
    ageEntries(trek.home, 61); // departures live 1m by default
    const second = await trek.run([...search, '--verbose']);
    const sent = requestsTo(server, 'GET', '/departures');
    expect(sent).toHaveLength(2);
    expect(sent[1].headers['if-none-match']).toMatch(/^"[0-9a-f]{16}"$/);
    expect(second.err).toMatch(/^< 304 Not Modified/m);
    expect(second.err).toMatch(/^revalidated \(304\): GET /m);
    expect(second.out).toBe(first.out);
    // The 304 starts the TTL again: the third read asks nothing.
    await trek.run(search);
    expect(requestsTo(server, 'GET', '/departures')).toHaveLength(2);
  });

  it('past the TTL a changed resource is fetched whole and replaces the entry', async () => {
    const { catalogue, server, trek } = await setUp();
    await trek.run(search);
    catalogue.departures[0].availability.status = 'SOLD_OUT';
    ageEntries(trek.home, 61);
    const second = await trek.run(search);
    expect(JSON.parse(second.out)[0].availability.status).toBe('SOLD_OUT');
    await trek.run(search);
    expect(requestsTo(server, 'GET', '/departures')).toHaveLength(2);
  });

  it('--no-cache sends an unconditional request and leaves the cache untouched', async () => {
    const { catalogue, server, trek } = await setUp();
    const first = await trek.run(search);
    const before = entryFiles(trek.home);
    catalogue.departures[0].availability.status = 'SOLD_OUT';
    const bypass = await trek.run(['--no-cache', ...search]);
    const sent = requestsTo(server, 'GET', '/departures');
    expect(sent).toHaveLength(2);
    expect(sent[1].headers['if-none-match']).toBeUndefined();
    expect(JSON.parse(bypass.out)[0].availability.status).toBe('SOLD_OUT');
    expect(entryFiles(trek.home)).toEqual(before);
    // The cached answer is still the first one.
    expect((await trek.run(search)).out).toBe(first.out);
    expect(requestsTo(server, 'GET', '/departures')).toHaveLength(2);
  });

  it('--refresh sends an unconditional request and replaces the entry', async () => {
    const { catalogue, server, trek } = await setUp();
    await trek.run(search);
    catalogue.departures[0].availability.status = 'SOLD_OUT';
    const refreshed = await trek.run(['--refresh', ...search]);
    expect(requestsTo(server, 'GET', '/departures')[1].headers['if-none-match']).toBeUndefined();
    expect(JSON.parse(refreshed.out)[0].availability.status).toBe('SOLD_OUT');
    const after = await trek.run(search);
    expect(JSON.parse(after.out)[0].availability.status).toBe('SOLD_OUT');
    expect(requestsTo(server, 'GET', '/departures')).toHaveLength(2);
  });

  it('a departure item is cached on its own, and a 404 is not cached', async () => {
    const { server, trek } = await setUp();
    await trek.run(['api', 'GET', '/departures/101']);
    await trek.run(['api', 'GET', '/departures/101']);
    expect(requestsTo(server, 'GET', '/departures/101')).toHaveLength(1);
    expect((await trek.run(['api', 'GET', '/departures/999'])).code).toBe(4);
    expect((await trek.run(['api', 'GET', '/departures/999'])).code).toBe(4);
    expect(requestsTo(server, 'GET', '/departures/999')).toHaveLength(2);
  });

  it('a read that is not the catalogue is never cached', async () => {
    const { server, trek } = await setUp();
    await trek.run(['api', 'GET', '/bookings/1']);
    await trek.run(['api', 'GET', '/bookings/1']);
    expect(requestsTo(server, 'GET', '/bookings/1')).toHaveLength(2);
    expect(entryFiles(trek.home)).toEqual([]);
  });
});

describe('local cache and writes', () => {
  it('writes never come from the cache: the same POST twice sends two requests and returns each answer', async () => {
    const { catalogue, server, trek } = await setUp();
    const first = await trek.run(['api', 'POST', '/bookings', '-f', 'currency=CAD']);
    const second = await trek.run(['api', 'POST', '/bookings', '-f', 'currency=CAD']);
    expect(catalogue.writes).toBe(2);
    expect(requestsTo(server, 'POST', '/bookings')).toHaveLength(2);
    expect(JSON.parse(first.out).id).toBe('B1');
    expect(JSON.parse(second.out).id).toBe('B2');
    expect(entryFiles(trek.home).filter((file) => file.includes('bookings'))).toEqual([]);
  });

  it('a write does not return a cached body, and drops the cached departures it may have changed', async () => {
    const { catalogue, server, trek } = await setUp();
    await trek.run(search);
    await trek.run(['api', 'GET', '/departures/101']);
    expect(entryFiles(trek.home)).toHaveLength(2);
    const wrote = await trek.run(['api', 'POST', '/bookings', '-f', 'currency=CAD']);
    expect(JSON.parse(wrote.out)).toEqual({ id: 'B1', href: '/bookings/B1' });
    expect(entryFiles(trek.home)).toEqual([]);
    catalogue.departures[0].availability.status = 'SOLD_OUT';
    expect(JSON.parse((await trek.run(search)).out)[0].availability.status).toBe('SOLD_OUT');
    expect(requestsTo(server, 'GET', '/departures')).toHaveLength(2);
  });
});

describe('local cache per API key', () => {
  it("another API key on the same profile does not see the first key's entries", async () => {
    const { server } = await setUp();
    const agencyOne = trekAt(() => server, { apiKey: 'key-of-agency-one' });
    const agencyTwo = trekAt(() => server, { apiKey: 'key-of-agency-two', home: agencyOne.home });
    await agencyOne.run(['api', 'GET', '/departures/101']);
    await agencyTwo.run(['api', 'GET', '/departures/101']);
    const sent = requestsTo(server, 'GET', '/departures/101');
    expect(sent.map((r) => r.headers['x-application-key'])).toEqual(['key-of-agency-one', 'key-of-agency-two']);
    expect(sent[1].headers['if-none-match']).toBeUndefined();
    // Each key's entry sits in its own folder, named by a digest: the key is never on disk.
    const files = entryFiles(agencyOne.home);
    expect(new Set(files.map((file) => file.split('/').at(-2))).size).toBe(2);
    for (const file of files) expect(file).not.toContain('key-of-agency');
    for (const file of files) expect(readFileSync(file, 'utf8')).not.toContain('key-of-agency');
  });
});
