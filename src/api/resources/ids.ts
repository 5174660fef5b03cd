/**
 * What an id must look like before trek puts it in a path: one path segment that names
 * exactly one resource. An empty id, `.` or `..`, or one with `/ ? # %` would walk the path
 * (`GET /bookings//` is the agency's whole list, `/bookings/../` is the API root) or cut it
 * short; blanks and control characters are never part of a real id and most often come from
 * a script whose variable was empty or read with its line ending. Commands check every id
 * argument, flag and typed answer with `checkId`; the resource functions build paths with
 * `idSegment`, which checks again and encodes, so no unchecked id reaches a request.
 */
import { UsageError } from '../../errors.js';
import { toSafeJson } from '../../output/sanitize.js';

/** Characters that end or reshape a path segment. */
const PATH_SYNTAX = /[/?#%]/u;
/** Whitespace of any script (line and paragraph separators and the BOM included). */
const BLANK = /\s/u;
/** C0, DEL and C1 controls. */
const CONTROL = /\p{Cc}/u;
/** Invisible formatting: bidi overrides and isolates, zero-width characters, BOM, soft hyphen. */
const FORMAT = /\p{Cf}/u;
/** A lone half of a surrogate pair: no character at all, and encodeURIComponent throws on it. */
const LONE_SURROGATE = /\p{Cs}/u;

function codePoint(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Why `value` cannot be an id, or undefined when it can. */
export function idProblem(value: string): string | undefined {
  if (value === '') return 'it is empty';
  if (BLANK.test(value.at(0)!) || BLANK.test(value.at(-1)!)) return 'it starts or ends with a blank';
  if (value === '.' || value === '..') return `"${value}" names a folder of the path, not a resource`;
  const found = (pattern: RegExp) => pattern.exec(value)?.[0];
  const syntax = found(PATH_SYNTAX);
  if (syntax !== undefined) return `it contains "${syntax}"`;
  const blank = found(BLANK);
  if (blank !== undefined) return `it contains a blank (${codePoint(blank)})`;
  const control = found(CONTROL);
  if (control !== undefined) return `it contains a control character (${codePoint(control)})`;
  const format = found(FORMAT);
  if (format !== undefined) return `it contains an invisible formatting character (${codePoint(format)})`;
  const surrogate = found(LONE_SURROGATE);
  if (surrogate !== undefined) return `it contains an unpaired surrogate (${codePoint(surrogate)})`;
  return undefined;
}

/**
 * The message for a value that is not an id, naming where it came from (`booking id`,
 * `--customer`), or undefined for a good id. The value is quoted terminal-safe.
 */
export function invalidIdMessage(value: string, what: string): string | undefined {
  const problem = idProblem(value);
  return problem === undefined ? undefined : `${what} ${toSafeJson(value)} is not a valid id: ${problem}`;
}

/** The id exactly as given, or a UsageError (exit 2) naming `what`, with `field` (a flag's `what` itself) for JSON errors. */
export function checkId(value: string, what: string, field = what.startsWith('--') ? what : undefined): string {
  const message = invalidIdMessage(value, what);
  if (message !== undefined) throw new UsageError(message, undefined, field === undefined ? {} : { field });
  return value;
}

/** The id as one encoded path segment; an id that is not one is refused, never sent. */
export function idSegment(id: string, what = 'id'): string {
  return encodeURIComponent(checkId(String(id), what));
}
