/**
 * A command's flags: the examples its help ends with, and their values parsed into what the
 * command takes (a usage error naming the flag when a value cannot be one). --help loads this
 * file (dist/trek.cjs), so it stays free of dates, prompts and the API.
 */
import type { PhoneNumberInput } from '../api/resources/customers.js';
import { UsageError } from '../errors.js';
import { FORMATS, type Format } from '../output/formats.js';

/** Help text block of examples, shown after the options. */
export function examples(lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  ${line}`).join('\n')}\n`;
}

export function parseFormat(value: string, flag = '--output'): Format {
  if (!(FORMATS as readonly string[]).includes(value)) {
    throw new UsageError(`invalid ${flag} "${value}"; use one of: ${FORMATS.join(', ')}`, undefined, { field: flag });
  }
  return value as Format;
}

/** Commander collector for repeatable flags. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function parseInteger(value: string, flag: string, range?: { min?: number; max?: number }): number {
  const n = Number(value);
  const field = { field: flag };
  if (!/^-?\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) throw new UsageError(`${flag} must be a whole number, got "${value}"`, undefined, field);
  if (range?.min !== undefined && n < range.min) throw new UsageError(`${flag} must be at least ${range.min}, got ${n}`, undefined, field);
  if (range?.max !== undefined && n > range.max) throw new UsageError(`${flag} must be at most ${range.max}, got ${n}`, undefined, field);
  return n;
}

/** A flag's text, trimmed; blank is a usage error (an empty name or city is never meant). */
export function parseText(value: string, flag: string): string;
export function parseText(value: string | undefined, flag: string): string | undefined;
export function parseText(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === '') throw new UsageError(`${flag} must not be empty`, undefined, { field: flag });
  return text;
}

/** An e-mail address, trimmed: something@domain.tld with no blanks. */
export function parseEmail(value: string, flag: string): string {
  const email = value.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError(`${flag} must be an e-mail address, got "${value}"`, undefined, { field: flag });
  return email;
}

/**
 * `mobile:+1 (416) 555-0199` → {type: 'MOBILE', number: '+1 (416) 555-0199'}: a type word, a
 * colon and a number of digits, spaces, `( ) . -` (at least three digits, `+` only first).
 */
export function parsePhone(value: string, flag = '--phone'): PhoneNumberInput {
  const match = /^\s*([A-Za-z][A-Za-z_]*)\s*:\s*(\+?[\d ().-]+?)\s*$/.exec(value);
  if (!match || (match[2].match(/\d/g) ?? []).length < 3) throw new UsageError(`${flag} must be TYPE:NUMBER such as MOBILE:+1-416-555-0199, got "${value}"`, undefined, { field: flag });
  return { type: match[1].toUpperCase(), number: match[2] };
}

/** Everything a stream holds, as text (stdin for --input -, --api-key-stdin, @-). */
export async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
