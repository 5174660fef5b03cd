import { describe, expect, it } from 'vitest';
import { LruCache } from '../../src/sandbox/lru.js';

describe('LruCache', () => {
  it('keeps at most its capacity of entries, evicting the least recently used', () => {
    const cache = new LruCache<string>(2);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A'); // now b is the least recently used
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual(['A', 'C']);
  });

  it('bounds the total weight, replacing a key without counting it twice', () => {
    const cache = new LruCache<string>(10);
    cache.set('a', 'A', 4);
    cache.set('b', 'B', 4);
    cache.set('a', 'A2', 5); // 9 in all, a the most recent
    expect([cache.get('a'), cache.get('b')]).toEqual(['A2', 'B']);
    cache.set('c', 'C', 3); // 12: a (least recent after the reads above) goes
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'B', 'C']);
  });

  it('keeps a value heavier than its capacity until the next one', () => {
    const cache = new LruCache<string>(1);
    cache.set('big', 'B', 5);
    expect(cache.get('big')).toBe('B');
    cache.set('small', 'S');
    expect([cache.get('big'), cache.get('small')]).toEqual([undefined, 'S']);
  });
});
