import { existsSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProfileCache, type CacheEntry } from '../../src/cache/store.js';
import { tempHome } from '../helpers/factory.js';

function entry(url: string, body: string): CacheEntry {
  return { trek_cache: 1, profile: 'p', key_id: 'anonymous', method: 'GET', accept: 'json', url, kind: 'departures', status: 200, status_text: 'OK', headers: {}, stored_at: Date.now(), body };
}

/** A cache in a fresh folder with the given bounds, and a way to name its entry files. */
function smallCache(limits: { maxEntries: number; maxBytes: number }) {
  const cache = new ProfileCache(join(tempHome(), 'http', 'p'), { ...limits, maxEntryBytes: 1024 * 1024 });
  const folder = cache.prepare('anonymous');
  const file = (name: string) => join(folder, `departures.item.${name.padEnd(12, '0')}.${name.padEnd(32, '0')}.json`);
  return { cache, file };
}

const at = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

describe('cache bounds', () => {
  it('past the entry bound the least recently used entry goes, not the oldest written', async () => {
    const { cache, file } = smallCache({ maxEntries: 3, maxBytes: 1024 * 1024 });
    for (const [name, seconds] of [
      ['a', 1000],
      ['b', 2000],
      ['c', 3000],
    ] as const) {
      cache.write(file(name), entry(name, 'x'));
      at(file(name), seconds);
    }
    cache.touch(file('a')); // read just now
    cache.write(file('d'), entry('d', 'x'));
    expect(['a', 'b', 'c', 'd'].filter((name) => existsSync(file(name)))).toEqual(['a', 'c', 'd']);
  });

  it('past the byte bound the least recently used entries go until the rest fit', async () => {
    const { cache, file } = smallCache({ maxEntries: 100, maxBytes: 1200 });
    cache.write(file('a'), entry('a', 'x'.repeat(400)));
    at(file('a'), 1000);
    cache.write(file('b'), entry('b', 'x'.repeat(400)));
    at(file('b'), 2000);
    cache.write(file('c'), entry('c', 'x'.repeat(400)));
    expect(['a', 'b', 'c'].filter((name) => existsSync(file(name)))).toEqual(['b', 'c']);
    expect(cache.sweep().bytes).toBeLessThanOrEqual(1200);
  });

  it('an answer larger than an entry may be is not stored', async () => {
    const cache = new ProfileCache(join(tempHome(), 'http', 'p'), { maxEntries: 10, maxBytes: 10_000, maxEntryBytes: 500 });
    const folder = cache.prepare('anonymous');
    const big = join(folder, `departures.list.${'b'.repeat(32)}.json`);
    cache.write(big, entry('big', 'x'.repeat(1000)));
    expect(existsSync(big)).toBe(false);
  });

  it("a killed writer's temp file goes with the next sweep once it is old; a writer's current one stays", async () => {
    const { cache, file } = smallCache({ maxEntries: 10, maxBytes: 1024 * 1024 });
    // As writeFileAtomicSync names them: .<entry file name>.<random>.tmp
    const [stale, current] = ['stale', 'current'].map((name) => join(dirname(file(name)), `.${basename(file(name))}.${name}.tmp`)) as [string, string];
    for (const temp of [stale, current]) writeFileSync(temp, '{"trek_cache":1');
    // An hour before the file system's now (the clock that stamps files, whatever this process's says).
    at(stale, statSync(current).mtimeMs / 1000 - 3600);
    cache.write(file('a'), entry('a', 'x')); // the process's first write sweeps
    expect([existsSync(stale), existsSync(current), existsSync(file('a'))]).toEqual([false, true, true]);
  });
});
