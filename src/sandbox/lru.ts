/**
 * A least-recently-used memo bounded by the total weight of its values: by default each
 * weighs 1, so the bound is a count; a caller may weigh values in bytes instead.
 */
export class LruCache<V> {
  /** A Map iterates in insertion order: re-inserting on use keeps the least recent first. */
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private totalWeight = 0;

  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value`, then evicts the least recently used until within capacity (never `key` itself). */
  set(key: string, value: V, weight = 1): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.totalWeight -= previous.weight;
    }
    this.entries.set(key, { value, weight });
    this.totalWeight += weight;
    for (const [oldest, entry] of this.entries) {
      if (this.totalWeight <= this.capacity || oldest === key) break;
      this.entries.delete(oldest);
      this.totalWeight -= entry.weight;
    }
  }
}
