/**
 * JSON bodies as UTF-8 bytes, with immutable objects encoded once: the catalogue's records
 * never change, and the same departures are asked for page after page. A page is then a
 * concatenation of cached buffers instead of a fresh 50 kB string to build and encode — or,
 * when the page itself is immutable (a memoised catalogue list reply), one cached buffer.
 */
const immutables = new WeakSet<object>();
const cache = new WeakMap<object, Buffer>();

/** Marks a record that is never modified, so its encoded JSON can be reused. */
export function immutable<T extends object>(record: T): T {
  immutables.add(record);
  return record;
}

const COMMA = Buffer.from(',');

/** A list envelope: members in their order, each result from the cache when it can be. */
function envelopeBytes(envelope: object & { results: unknown[] }): Buffer {
  const parts: Buffer[] = [];
  let text = '{';
  for (const [key, member] of Object.entries(envelope)) {
    if (member === undefined) continue;
    text += `${text === '{' ? '' : ','}${JSON.stringify(key)}:`;
    if (key !== 'results') {
      text += JSON.stringify(member);
      continue;
    }
    parts.push(Buffer.from(`${text}[`));
    member.forEach((record, i) => {
      if (i > 0) parts.push(COMMA);
      parts.push(toJsonBytes(record));
    });
    text = ']';
  }
  parts.push(Buffer.from(`${text}}`));
  return Buffer.concat(parts);
}

export function toJsonBytes(value: unknown): Buffer {
  if (value === null || typeof value !== 'object') return Buffer.from(JSON.stringify(value) ?? 'null');
  const cached = cache.get(value);
  if (cached !== undefined) return cached;
  const isEnvelope = !Array.isArray(value) && Array.isArray((value as { results?: unknown }).results);
  const bytes = isEnvelope ? envelopeBytes(value as object & { results: unknown[] }) : Buffer.from(JSON.stringify(value) ?? 'null');
  if (immutables.has(value)) cache.set(value, bytes);
  return bytes;
}
