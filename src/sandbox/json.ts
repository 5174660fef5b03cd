/**
 * JSON bodies as UTF-8 bytes, with the catalogue's records encoded once: they never change,
 * and the same departures are asked for page after page. A page is then a concatenation of
 * cached buffers instead of a fresh 50 kB string to build and encode.
 */
const immutables = new WeakSet<object>();
const cache = new WeakMap<object, Buffer>();

/** Marks a record that is never modified, so its encoded JSON can be reused. */
export function immutable<T extends object>(record: T): T {
  immutables.add(record);
  return record;
}

function recordBytes(value: unknown): Buffer {
  if (value === null || typeof value !== 'object') return Buffer.from(JSON.stringify(value) ?? 'null');
  const cached = cache.get(value);
  if (cached !== undefined) return cached;
  const bytes = Buffer.from(JSON.stringify(value) ?? 'null');
  if (immutables.has(value)) cache.set(value, bytes);
  return bytes;
}

const COMMA = Buffer.from(',');

export function toJsonBytes(value: unknown): Buffer {
  // A list envelope: members in their order, each result from the cache when it can be.
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Array.isArray((value as { results?: unknown }).results)) {
    const parts: Buffer[] = [];
    let text = '{';
    for (const [key, member] of Object.entries(value)) {
      if (member === undefined) continue;
      text += `${text === '{' ? '' : ','}${JSON.stringify(key)}:`;
      if (key !== 'results') {
        text += JSON.stringify(member);
        continue;
      }
      parts.push(Buffer.from(`${text}[`));
      (member as unknown[]).forEach((record, i) => {
        if (i > 0) parts.push(COMMA);
        parts.push(recordBytes(record));
      });
      text = ']';
    }
    parts.push(Buffer.from(`${text}}`));
    return Buffer.concat(parts);
  }
  return recordBytes(value);
}
