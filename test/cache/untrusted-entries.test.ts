import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, lstatSync, mkdirSync, readFileSync, symlinkSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useHostileServers, type HostileServer } from '../helpers/hostile-server.js';
import { ageEntries, catalogueHandler, entryFiles, newCatalogue, requestsTo, trekAt } from './helpers.js';

// Each write can be made to fail as a full disk does; the real writer otherwise.
const disk = vi.hoisted(() => ({ full: false }));
vi.mock('../../src/util/atomic-write.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/util/atomic-write.js')>();
  return {
    ...actual,
    writeFileAtomicSync: (...args: Parameters<typeof actual.writeFileAtomicSync>) => {
      if (disk.full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return actual.writeFileAtomicSync(...args);
    },
  };
});

const servers = useHostileServers();

async function setUp() {
  const catalogue = newCatalogue();
  const server: HostileServer = await servers.start(catalogueHandler(catalogue));
  return { catalogue, server, trek: trekAt(() => server) };
}

const read = ['api', 'GET', '/departures/101'];

/** The one entry the first read stored, after the catalogue changed so a stale answer would show. */
async function storedEntry() {
  const setup = await setUp();
  expect((await setup.trek.run(read)).code).toBe(0);
  const [file] = entryFiles(setup.trek.home);
  setup.catalogue.departures[0].availability.status = 'SOLD_OUT';
  return { ...setup, file: file };
}

function statusOf(out: string): string {
  return (JSON.parse(out) as { availability: { status: string } }).availability.status;
}

describe('cache entries are never trusted', () => {
  it('a corrupt entry file is ignored: the API is asked and the entry replaced', async () => {
    const { server, trek, file } = await storedEntry();
    truncateSync(file, 40);
    const result = await trek.run(read);
    expect(result.code).toBe(0);
    expect(statusOf(result.out)).toBe('SOLD_OUT');
    expect(requestsTo(server, 'GET', '/departures/101')[1].headers['if-none-match']).toBeUndefined();
    expect(JSON.parse(readFileSync(file, 'utf8')).body).toContain('SOLD_OUT');
  });

  it('an entry whose body is not the API format is ignored, not printed', async () => {
    const { trek, file } = await storedEntry();
    const entry = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...entry, body: '<html>proxy</html>' }));
    const result = await trek.run(read);
    expect(statusOf(result.out)).toBe('SOLD_OUT');
  });

  it('a symlinked entry is not followed: the API is asked and the link replaced, its target untouched', async () => {
    const { trek, file } = await storedEntry();
    const target = join(dirname(file), '..', '..', '..', 'elsewhere.json');
    copyFileSync(file, target);
    const before = readFileSync(target, 'utf8');
    // Followed, the link would give the stale AVAILABLE answer as a hit.
    unlinkSync(file);
    symlinkSync(target, file);
    const result = await trek.run(read);
    expect(statusOf(result.out)).toBe('SOLD_OUT');
    expect(readFileSync(target, 'utf8')).toBe(before);
    expect(lstatSync(file).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8')).body).toContain('SOLD_OUT');
  });

  it("an entry from another profile's folder is ignored", async () => {
    const { server, trek, file } = await storedEntry();
    // The same entry, copied where profile "prod" would keep it: it names profile "sandbox".
    const prodFile = file.replace(`${join('http', 'sandbox')}/`, `${join('http', 'prod')}/`);
    mkdirSync(dirname(prodFile), { recursive: true });
    copyFileSync(file, prodFile);
    mkdirSync(join(trek.home, 'config'), { recursive: true, mode: 0o700 });
    writeFileSync(join(trek.home, 'config', 'config.json'), JSON.stringify({ profiles: { prod: { base_url: server.url } } }), { mode: 0o600 });
    const result = await trek.run(['--profile', 'prod', ...read]);
    expect(statusOf(result.out)).toBe('SOLD_OUT');
    expect(requestsTo(server, 'GET', '/departures/101')).toHaveLength(2);
  });

  it('a huge entry is not read: the API is asked and the entry replaced', async () => {
    const { trek, file } = await storedEntry();
    // Still a valid entry (JSON allows trailing blanks), but past the 8 MiB an entry may be: used, it would be a stale hit.
    writeFileSync(file, readFileSync(file, 'utf8') + ' '.repeat(9 * 1024 * 1024));
    const result = await trek.run(read);
    expect(statusOf(result.out)).toBe('SOLD_OUT');
    expect(readFileSync(file).length).toBeLessThan(1024);
  });

  it('an entry whose validator no header may carry is not used: its revalidation would fail the read (exit 1)', async () => {
    const { server, trek, file } = await storedEntry();
    const entry = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...entry, headers: { ...entry.headers, etag: '"a"\r\nX-Injected: 1' } }));
    ageEntries(trek.home, 3600);
    const result = await trek.run(read);
    expect(result.code).toBe(0);
    expect(statusOf(result.out)).toBe('SOLD_OUT');
    expect(requestsTo(server, 'GET', '/departures/101')[1].headers['if-none-match']).toBeUndefined();
  });

  it('a FIFO where the counts are logged neither hangs the read nor takes the count: one warning, the answer printed', async () => {
    const { trek, file } = await storedEntry();
    const log = join(dirname(file), '..', 'stats.log');
    unlinkSync(log);
    execFileSync('mkfifo', [log]);
    // A reader, so that a regression (a blocking open) ends in a wrong answer instead of a hung test.
    const reader = spawn('sh', ['-c', 'exec cat "$0" > /dev/null', log], { stdio: 'ignore' });
    try {
      const result = await trek.run(read);
      expect(result.code).toBe(0);
      expect(statusOf(result.out)).toBe('AVAILABLE'); // the hit, within its TTL
      expect(result.err).toMatch(/^! the local cache in .* could not be used \(.*stats\.log.*\); answers are not cached this time$/m);
    } finally {
      reader.kill();
    }
  });

  it('an entry stored in the future (a planted or broken clock) is not used', async () => {
    const { trek, file } = await storedEntry();
    const entry = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...entry, stored_at: Date.now() + 86_400_000 }));
    expect(statusOf((await trek.run(read)).out)).toBe('SOLD_OUT');
  });
});

describe('a cache that cannot be written', () => {
  it('a full disk while writing an entry does not break the command: the answer is printed, one warning on stderr', async () => {
    const { server, trek } = await setUp();
    disk.full = true;
    try {
      // With -o json, notices show only with --verbose (stderr is otherwise the JSON error alone).
      const result = await trek.run(['search', 'departures', '--all', '-o', 'json', '--verbose']);
      expect(result.code).toBe(0);
      expect(JSON.parse(result.out).map((d: { id: string }) => d.id)).toEqual(['101', '102']);
      const warnings = result.err.split('\n').filter((line) => line.includes('local cache'));
      expect(warnings).toEqual([expect.stringMatching(/^! the local cache in .* could not be used \(ENOSPC: the disk refused the write\); answers are not cached this time$/)]);
    } finally {
      disk.full = false;
    }
    expect(entryFiles(trek.home)).toEqual([]);
    await trek.run(['search', 'departures', '-o', 'json']);
    expect(requestsTo(server, 'GET', '/departures')).toHaveLength(2);
  });
});
