/**
 * Terminal safety for text that came from a server (docs/architecture.md §4: server text is untrusted).
 *
 * Human-facing text (`sanitize`): complete escape sequences (CSI, OSC — including OSC 8
 * hyperlinks —, DCS/SOS/PM/APC and two-byte ESC sequences, in their 7-bit and 8-bit forms)
 * are removed, because they are terminal instructions rather than content; every control or
 * spoofing character left over is shown as a visible backslash escape (`\x1b`, `\x9b`,
 * `\u202e`), so a stray ESC or a bidi override is seen, never obeyed.
 *
 * Machine formats keep the data and only escape: JSON with `\u` escapes (`toSafeJson`), XML
 * with numeric character references (`sanitizeXml`).
 */

/** Escape sequences as a terminal parses them; each alternative needs its terminator to match. */
const ESCAPE_SEQUENCE = new RegExp(
  [
    // CSI: ESC [ or 8-bit CSI, parameter bytes, intermediate bytes, final byte.
    '(?:\\x1b\\[|\\x9b)[\\x30-\\x3f]*[\\x20-\\x2f]*[\\x40-\\x7e]',
    // OSC (window titles, OSC 8 hyperlinks, clipboard writes): ended by BEL or ST. The payload
    // stops at any control character, which keeps matching linear on hostile input.
    '(?:\\x1b\\]|\\x9d)[^\\x00-\\x1f\\x7f-\\x9f]*(?:\\x07|\\x1b\\\\|\\x9c)',
    // DCS, SOS, PM, APC: strings ended by ST (some terminals also accept BEL).
    '(?:\\x1b[PX^_]|[\\x90\\x98\\x9e\\x9f])[^\\x00-\\x1f\\x7f-\\x9f]*(?:\\x07|\\x1b\\\\|\\x9c)',
    // Other ESC sequences: optional intermediates, one final byte (ESC c, ESC ( B, ESC 7, …).
    // Not the introducers above: an unterminated CSI/OSC/DCS keeps its ESC, shown escaped.
    '\\x1b[\\x20-\\x2f]*[\\x30-\\x4f\\x51-\\x57\\x59\\x5a\\x5c\\x60-\\x7e]',
  ].join('|'),
  'g',
);

/**
 * The one rule for characters that must never reach a terminal raw, in any printed text:
 * controls (C0, C1, DEL), format characters (bidi marks and overrides, zero-width characters,
 * soft hyphen, interlinear annotation, tag characters that can spell text invisibly), lone
 * surrogates, private-use characters, line and paragraph separators, and the invisible fillers
 * U+034F (combining grapheme joiner) and Hangul U+115F, U+1160, U+3164, U+FFA0. Only U+200D
 * (zero-width joiner) between emoji is left alone, so a family 👨‍👩‍👧 stays one picture.
 * Variation selectors (not format characters) are kept after an emoji, which they select the
 * style of, and escaped elsewhere, where they can only hide text.
 */
const UNSAFE_CHAR =
  /(?<![\p{Extended_Pictographic}\p{Emoji_Modifier}]\ufe0f?)\u200d|\u200d(?!\p{Extended_Pictographic})|(?<!\p{Emoji})[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]|(?!\u200d)[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u034f\u115f\u1160\u3164\uffa0]/gu;

/** The first character UNSAFE_CHAR escapes in `text`, if any: for checks that refuse such text outright. */
export function firstUnsafeChar(text: string): string | undefined {
  UNSAFE_CHAR.lastIndex = 0;
  const found = UNSAFE_CHAR.exec(text)?.[0];
  UNSAFE_CHAR.lastIndex = 0;
  return found;
}

function hex(code: number, digits: number): string {
  return code.toString(16).padStart(digits, '0');
}

function visibleEscape(char: string): string {
  const code = char.codePointAt(0)!;
  return code < 0x100 ? `\\x${hex(code, 2)}` : code > 0xffff ? `\\u{${hex(code, 5)}}` : `\\u${hex(code, 4)}`;
}

/** `\u` escapes of a character's UTF-16 code units, as JSON writes them. */
function jsonEscape(char: string): string {
  return Array.from({ length: char.length }, (_, i) => `\\u${hex(char.charCodeAt(i), 4)}`).join('');
}

export interface SanitizeOptions {
  /** Keep line breaks (for descriptions, CSV and YAML); otherwise they become spaces. */
  multiline?: boolean;
}

/**
 * Makes server text safe to print. Tabs are kept only in multiline mode; in single-line mode
 * line breaks and tabs become spaces (so a value stays on its table row). `\r` never survives:
 * it could move the cursor back and overwrite what was printed.
 */
export function sanitize(text: string, options: SanitizeOptions = {}): string {
  const withoutSequences = text.replace(ESCAPE_SEQUENCE, '');
  const lines = options.multiline
    ? withoutSequences.replace(/\r\n?/g, (m) => (m === '\r\n' ? '\n' : '')).replace(/[\u2028\u2029]/g, '\n')
    : withoutSequences.replace(/\r\n|[\r\n\t\u2028\u2029]/g, ' ');
  return lines.replace(UNSAFE_CHAR, (c) => (options.multiline && (c === '\n' || c === '\t') ? c : visibleEscape(c)));
}

/**
 * A URL for people to read or click on a terminal. Everything outside printable ASCII (spaces,
 * controls, ESC, bidi and other non-ASCII characters, including look-alike letters in a host)
 * is percent-encoded as UTF-8, so the printed URL is exactly where it leads. A scheme other than
 * http/https (javascript:, file:, data:, …) is printed but marked. Relative references (no
 * scheme) are left unmarked: the API's own hrefs may be path-relative.
 */
export function sanitizeUrl(url: string): string {
  const encoded = Array.from(url, (char) => (/^[\x21-\x7e]$/.test(char) ? char : encodeUtf8(char))).join('');
  // Decide the scheme the way a browser would: leading/trailing C0 and spaces ignored, tabs and
  // newlines removed anywhere — so " java\tscript:…" is still seen as javascript.
  const asBrowserSees = url.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '').replace(/[\t\n\r]/g, '');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(asBrowserSees)?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https' ? encoded : `(unsafe scheme) ${encoded}`;
}

const utf8 = new TextEncoder();

function encodeUtf8(char: string): string {
  // Lone surrogates cannot be UTF-8 encoded; they print as U+FFFD anyway.
  if (/^[\ud800-\udfff]$/.test(char)) return '%EF%BF%BD';
  return Array.from(utf8.encode(char), (b) => `%${hex(b, 2).toUpperCase()}`).join('');
}

/** Sanitises every string (keys included) in a JSON value; other values are returned as they are. */
export function sanitizeDeep<T>(value: T, options: SanitizeOptions = {}): T {
  if (typeof value === 'string') return sanitize(value, options) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => sanitizeDeep(v, options)) as T;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return Object.fromEntries(entries.map(([k, v]) => [sanitize(k), sanitizeDeep(v, options)])) as T;
  }
  return value;
}

/**
 * JSON.stringify plus `\u` escapes for the characters it leaves raw that a terminal could act on
 * (C1 controls, DEL) or that reorder or hide text (bidi controls, U+2028/9, zero-width chars).
 * Those characters only occur inside JSON strings, where the escape means the same character,
 * so the output parses back to the same value.
 */
export function toSafeJson(value: unknown, indent = 0): string {
  const json = JSON.stringify(value, null, indent) ?? 'null';
  // ASCII but DEL needs nothing (JSON.stringify escapes C0 controls; indentation's are whitespace):
  // UTF-8's length is the string's only then, and these two scans take a tenth of UNSAFE_CHAR's.
  if (Buffer.byteLength(json) === json.length && !json.includes('\x7f')) return json;
  // The C0 controls left are JSON's own whitespace between tokens (indentation).
  return json.replace(UNSAFE_CHAR, (c) => (c === '\n' || c === '\t' || c === '\r' ? c : jsonEscape(c)));
}

/**
 * XML (as the server sent it, or built by trek) made safe to print: unsafe characters become
 * numeric character references — the same character to an XML parser, inert to a terminal.
 * Carriage returns become line feeds, which is what XML end-of-line handling does anyway.
 */
export function sanitizeXml(xml: string): string {
  return xml.replace(/\r\n?/g, '\n').replace(UNSAFE_CHAR, (c) => (c === '\n' || c === '\t' ? c : `&#x${hex(c.codePointAt(0)!, 2).toUpperCase()};`));
}
