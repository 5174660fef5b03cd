/**
 * The keys a request carried, taken out of whatever the server answers, before any of it can be
 * printed: a hostile or careless server that echoes a key back ("Bad key <the key>", in a
 * message, an errors[].detail, a field of the data) does not get it onto a screen, a log or a
 * pasted JSON file. Both the text as received and every string of it once parsed are redacted,
 * so a key hidden behind JSON or XML escapes is caught too.
 */

/** What stands in for a key. */
export const REDACTED = '***';

/** Shorter values are not looked for: redacting them would garble ordinary text. */
const MIN_SECRET_LENGTH = 8;

/** The secrets worth looking for among `values`, longest first (one that contains another goes first). */
export function secretsToRedact(values: Iterable<string | undefined>): string[] {
  return [...new Set([...values].filter((value): value is string => value !== undefined && value.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
}

export function redactText(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) if (result.includes(secret)) result = result.split(secret).join(REDACTED);
  return result;
}

/** Every string of a parsed value (member names included) redacted; iterative, so any depth is safe. */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return value;
  if (typeof value === 'string') return redactText(value, secrets) as T;
  if (typeof value !== 'object' || value === null) return value;
  const root: { value: unknown } = { value };
  const stack: Array<[Record<string | number, unknown>, string | number]> = [[root, 'value']];
  while (stack.length > 0) {
    const [holder, at] = stack.pop()!;
    const current = holder[at];
    if (typeof current === 'string') {
      holder[at] = redactText(current, secrets);
    } else if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) stack.push([current as unknown as Record<number, unknown>, i]);
    } else if (typeof current === 'object' && current !== null) {
      const object = current as Record<string, unknown>;
      for (const name of Object.keys(object)) {
        const clean = redactText(name, secrets);
        if (clean !== name) {
          Object.defineProperty(object, clean, { value: object[name], enumerable: true, writable: true, configurable: true });
          delete object[name];
        }
        stack.push([object, clean]);
      }
    }
  }
  return root.value as T;
}
