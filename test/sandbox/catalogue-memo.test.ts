/**
 * The catalogue's memos are bounded: search results by count, list replies by their encoded
 * size (lru-cache does the bookkeeping; these check the bounds the sandbox gives it).
 */
import { describe, expect, it } from 'vitest';
import { toJsonBytes } from '../../src/sandbox/json.js';
import { listCatalogue } from '../../src/sandbox/list.js';
import type { BaseContext } from '../../src/sandbox/router.js';
import { cachedQuery, parseListQuery } from '../../src/sandbox/search.js';
import { Catalogue } from '../../src/sandbox/catalogue/index.js';

const records = Array.from({ length: 30 }, (_, i) => ({ id: String(i + 1), name: `Tour ${i % 3}` }));

describe('catalogue memos', () => {
  it('keep the 64 most recent searches, the least recently used going first', () => {
    const { searchCache } = Catalogue.for({ seed: 9101, size: 12, epoch: '2026-01-01T00:00:00Z' });
    const search = (id: number) => cachedQuery(searchCache, 'tours', records, parseListQuery(new URLSearchParams(`id=${id}`)), 1000);
    const first = search(0);
    const second = search(1);
    for (let id = 2; id < 64; id++) search(id);
    expect(search(0)).toBe(first); // still memoised, and now the most recent
    search(64); // the 65th: id=1 is the least recently used
    expect(searchCache.size).toBe(64);
    expect(search(0)).toBe(first);
    expect(search(1)).not.toBe(second); // evicted, so searched again
    expect(search(1)).toEqual(second);
  });

  it('weigh a list reply by its encoded bytes against a 16 MB budget', () => {
    const catalogue = Catalogue.for({ seed: 9102, size: 12, epoch: '2026-01-01T00:00:00Z' });
    const url = '/tours?name=Tour%201&max_per_page=10';
    const ctx = { url, path: '/tours', query: new URLSearchParams('name=Tour 1&max_per_page=10'), store: { catalogue }, cpuBudgetMs: 1000 } as unknown as BaseContext;
    const reply = listCatalogue(ctx, 'tours', records);
    expect(listCatalogue(ctx, 'tours', records).body).toBe(reply.body);
    expect(catalogue.listCache.maxSize).toBe(16 * 1024 * 1024);
    expect(catalogue.listCache.calculatedSize).toBe(toJsonBytes(reply.body).length);
  });
});
