/**
 * JSON bodies, with the catalogue's records serialised once: they never change, and the
 * same departures are asked for page after page.
 */
const immutables = new WeakSet<object>();
const cache = new WeakMap<object, string>();

/** Marks a record that is never modified, so its JSON text can be reused. */
export function immutable<T extends object>(record: T): T {
  immutables.add(record);
  return record;
}

function recordJson(value: unknown): string {
  if (value === null || typeof value !== 'object' || !immutables.has(value)) return JSON.stringify(value);
  let text = cache.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    cache.set(value, text);
  }
  return text;
}

export function toJson(value: unknown): string {
  // A list envelope: members in their order, each result from the cache when it can be.
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Array.isArray((value as { results?: unknown }).results)) {
    const members: string[] = [];
    for (const [key, member] of Object.entries(value)) {
      if (member === undefined) continue;
      members.push(`${JSON.stringify(key)}:${key === 'results' ? `[${(member as unknown[]).map(recordJson).join(',')}]` : JSON.stringify(member)}`);
    }
    return `{${members.join(',')}}`;
  }
  return recordJson(value);
}
