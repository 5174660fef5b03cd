/**
 * A page of a list read record by record (issue 31). A walk's page of 100 departures is 830 kB
 * of JSON: decoded into one string and parsed whole, the page's text and all its records are
 * alive together while its records are written out, and on Node 24 what survives the young
 * generation's collections makes it grow (to 128 MB) and the process with it. Here the body
 * stays bytes outside the JavaScript heap; a scan finds where each of the `results` array's
 * elements lies, and each is decoded and parsed only when it is read, then let go.
 *
 * The scan only follows strings and brackets: it finds the top-level object's `results` array
 * and the commas between its elements. Everything else is left to JSON.parse: of the envelope
 * (the body without the results' contents, so every byte outside the array) at once, and of
 * each element when it is read. A body the scan cannot lay out this way (truncated, not an
 * object, `results` not an array or given twice) is parsed whole as any answer, with the same
 * errors.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const DOT = 0x2e;
const RESULTS_KEY = Buffer.from('"results"');

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** Where a list body's results are: its `[` and `]`, and each element's bytes (with any whitespace around it). */
export interface ListLayout {
  open: number;
  close: number;
  /** Start and end (exclusive) of each element, one after the other. */
  spans: number[];
  /** Whether each element is plain JSON (plainElement): printed as it is, it reads as its parse would print. */
  plain: boolean[];
}

/** The layout of a JSON body `{…, "results": […], …}`, or undefined when it is not laid out so. */
export function listLayout(bytes: Buffer, maxNesting: number): ListLayout | undefined {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length && isSpace(bytes[at])) at++;
  if (bytes[at] !== OPEN_BRACE) return undefined;
  let depth = 0;
  let layout: ListLayout | undefined;
  let lastKeyIsResults = false;
  /** After the colon of "results", until its value starts. */
  let awaitingResults = false;
  const { length } = bytes;
  for (; at < length; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) {
      const start = at;
      at = stringEnd(bytes, at);
      if (at === -1 || awaitingResults) return undefined;
      if (depth === 1) lastKeyIsResults = at - start + 1 === RESULTS_KEY.length && bytes.compare(RESULTS_KEY, 0, RESULTS_KEY.length, start, at + 1) === 0;
      continue;
    }
    if (isSpace(byte)) continue;
    if (awaitingResults) {
      awaitingResults = false;
      // `results` that is not an array, or a second one: the whole parse says what is wrong.
      if (byte !== OPEN_BRACKET || layout !== undefined) return undefined;
      layout = elements(bytes, at, maxNesting);
      if (layout === undefined) return undefined;
      at = layout.close;
      continue;
    }
    if (byte === COLON && depth === 1) {
      awaitingResults = lastKeyIsResults;
      lastKeyIsResults = false;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth++;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) break;
    }
  }
  return depth === 0 ? layout : undefined;
}

/**
 * Where the string opening at `start` closes, or -1 when it does not; `plainString` tells
 * whether it holds no escape and no character but printable ASCII and plainLetter's. Byte by
 * byte: most of a body is strings, and this loop is quicker than indexOf's calls.
 */
function stringEnd(bytes: Buffer, start: number): number {
  let at = start + 1;
  for (; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) return at;
    if (byte === BACKSLASH) {
      at++;
      plainString = false;
    } else if (byte < 0x20 || byte > 0x7e) {
      if (byte > 0x7e && plainLetter(byte, bytes[at + 1])) at++;
      else plainString = false;
    }
  }
  return -1;
}

/**
 * Whether `lead` and `next` are the UTF-8 of a character from U+00A0 to U+05FF but U+00AD (soft
 * hyphen) and U+034F (combining grapheme joiner): the letters, signs and accents of Latin-1, the
 * Latin extensions, Greek, Cyrillic, Armenian and Hebrew (San José, Tromsø), none of which
 * toSafeJson escapes. A record holding them is still printed as sent: parsed and written again,
 * the one departure in eight that has them made half of a walk's garbage.
 */
function plainLetter(lead: number, next: number | undefined): boolean {
  if (next === undefined || next < 0x80 || next > 0xbf) return false;
  if (lead === 0xc2) return next >= 0xa0 && next !== 0xad;
  if (lead === 0xcd) return next !== 0x8f;
  return lead >= 0xc3 && lead <= 0xd7;
}
/** Set false by stringEnd when the string it skipped was not plain; whoever asks sets it true first. */
let plainString = true;

/** The elements of the results array whose `[` is at `open`. */
function elements(bytes: Buffer, open: number, maxNesting: number): ListLayout | undefined {
  const spans: number[] = [];
  const plain: boolean[] = [];
  for (let start = open + 1; ;) {
    const end = elementEnd(bytes, start, maxNesting);
    if (end === -1) return undefined;
    // `[]` and `[ ]` hold nothing; any other element is one, if only to fail to parse.
    const none = bytes[end] === CLOSE_BRACKET && spans.length === 0 && isBlank(bytes, start, end);
    if (!none) {
      spans.push(start, end);
      plain.push(plainElement);
    }
    if (bytes[end] === CLOSE_BRACKET) return { open, close: end, spans, plain };
    start = end + 1;
  }
}

const enum Next {
  Value,
  ValueOrClose,
  Key,
  KeyOrClose,
  Colon,
  CommaOrClose,
}

/** Containers open in the element being scanned, by depth: `{` or `[`. */
let containers = new Uint8Array(0);
/** Set by elementEnd: whether the element it found is plain. */
let plainElement = true;

/**
 * Where the element starting at `start` ends: the `,` or `]` after it (-1 when the body ends
 * first). `plainElement` says whether it is plain JSON: compact (no whitespace), strings of
 * printable ASCII and plainLetter's characters without escapes, integers of at most 15 digits
 * written as JSON.stringify writes them (no -0, no leading zero), no deeper than `maxNesting`
 * and well-formed, which this checks as JSON.parse would. Such an element, printed as it is, is
 * the line its parse, JSON.stringify and toSafeJson would print (but for a repeated member name,
 * which both keep). Any other element is only delimited here, and parsed when it is read.
 */
function elementEnd(bytes: Buffer, start: number, maxNesting: number): number {
  if (containers.length < maxNesting) containers = new Uint8Array(maxNesting);
  let plain = true;
  let depth = 0;
  let next = Next.Value;
  const { length } = bytes;
  for (let at = start; at < length; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) {
      plainString = true;
      at = stringEnd(bytes, at);
      if (at === -1) return -1;
      if (next === Next.Key || next === Next.KeyOrClose) next = Next.Colon;
      else if (next === Next.Value || next === Next.ValueOrClose) next = Next.CommaOrClose;
      else plain = false;
      if (!plainString) plain = false;
      continue;
    }
    if (depth === 0 && (byte === COMMA || byte === CLOSE_BRACKET)) {
      plainElement = plain && next === Next.CommaOrClose;
      return at;
    }
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if ((next !== Next.Value && next !== Next.ValueOrClose) || depth >= maxNesting) plain = false;
      else containers[depth] = byte;
      depth++;
      next = byte === OPEN_BRACE ? Next.KeyOrClose : Next.ValueOrClose;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      // A `}` closing more than the element opened: the array is not closed where it should be.
      if (depth === 0) return -1;
      depth--;
      const opener = byte === CLOSE_BRACE ? OPEN_BRACE : OPEN_BRACKET;
      const empty = byte === CLOSE_BRACE ? Next.KeyOrClose : Next.ValueOrClose;
      if (plain && (containers[depth] !== opener || (next !== Next.CommaOrClose && next !== empty))) plain = false;
      next = Next.CommaOrClose;
    } else if (byte === COMMA) {
      if (next !== Next.CommaOrClose) plain = false;
      next = depth > 0 && containers[depth - 1] === OPEN_BRACE ? Next.Key : Next.Value;
    } else if (byte === COLON) {
      if (next !== Next.Colon) plain = false;
      next = Next.Value;
    } else if (plain) {
      const end = next === Next.Value || next === Next.ValueOrClose ? plainScalarEnd(bytes, at) : -1;
      if (end === -1) plain = false;
      else {
        at = end - 1;
        next = Next.CommaOrClose;
      }
    }
  }
  return -1;
}

/** Where a plain literal or integer starting at `at` ends, or -1 when none does. */
function plainScalarEnd(bytes: Buffer, at: number): number {
  const byte = bytes[at];
  if (byte === 0x74) return bytes[at + 1] === 0x72 && bytes[at + 2] === 0x75 && bytes[at + 3] === 0x65 ? at + 4 : -1; // true
  if (byte === 0x66) return bytes[at + 1] === 0x61 && bytes[at + 2] === 0x6c && bytes[at + 3] === 0x73 && bytes[at + 4] === 0x65 ? at + 5 : -1; // false
  if (byte === 0x6e) return bytes[at + 1] === 0x75 && bytes[at + 2] === 0x6c && bytes[at + 3] === 0x6c ? at + 4 : -1; // null
  const first = byte === MINUS ? at + 1 : at;
  let end = first;
  while (end < bytes.length && bytes[end] >= 0x30 && bytes[end] <= 0x39) end++;
  const digits = end - first;
  // JSON.stringify writes 0 for -0, drops leading zeros, and rounds past 15 digits; a fraction or exponent it may write otherwise.
  if (digits === 0 || digits > 15 || (bytes[first] === 0x30 && (digits > 1 || byte === MINUS))) return -1;
  const after = bytes[end];
  return after === DOT || after === 0x65 || after === 0x45 ? -1 : end;
}

function isBlank(bytes: Buffer, start: number, end: number): boolean {
  for (let at = start; at < end; at++) if (!isSpace(bytes[at])) return false;
  return true;
}

/** The body without the results' contents: `{…, "results": [], …}`. */
export function envelopeBytes(bytes: Buffer, layout: ListLayout): Buffer {
  return Buffer.concat([bytes.subarray(0, layout.open + 1), bytes.subarray(layout.close)]);
}

/** A page's records as a list: how many, and each by its index. */
export interface Results<T> {
  readonly length: number;
  at(index: number): T | undefined;
  /**
   * The record at `index` as the line `-o ndjson` prints of it (its compact JSON and a line
   * feed), when it is at hand without parsing it; else undefined.
   */
  line?(index: number): Uint8Array | undefined;
  /** A line line() gave has been written out. */
  written?(): void;
}

/** ignoreBOM: a BOM is dropped only at the start of the body; at the start of an element it is the element's text. */
const elementText = new TextDecoder('utf-8', { ignoreBOM: true });
const LINE_FEED = 0x0a;

/**
 * The elements of a laid-out body, each decoded and parsed by `read` (with the text and its
 * index) when it is asked for; nothing is kept but the bytes, so a record read and written out
 * is garbage at once.
 */
export class LazyResults<T> implements Results<T> {
  readonly length: number;
  private released = false;
  /** Lines given out and not yet written: views of the page's buffer, which must outlive them. */
  private unwritten = 0;

  /** `lines`: plain elements may be printed as they are (the body holds nothing to redact). */
  constructor(
    private readonly bytes: Buffer,
    private readonly layout: ListLayout,
    private readonly read: (text: string, index: number) => T,
    private readonly lines: boolean,
  ) {
    this.length = layout.spans.length / 2;
  }

  at(index: number): T | undefined {
    if (!this.has(index)) return undefined;
    const { spans } = this.layout;
    return this.read(elementText.decode(this.bytes.subarray(spans[2 * index], spans[2 * index + 1])), index);
  }

  /**
   * A plain element's bytes and the line feed that takes the place of the `,` or `]` after it,
   * written out as they are (read once, a page's bytes are its own). `written` must be called
   * once they have been: the page's buffer is given back only then (release).
   */
  line(index: number): Uint8Array | undefined {
    if (!this.lines || !this.has(index) || !this.layout.plain[index]) return undefined;
    const end = this.layout.spans[2 * index + 1];
    this.bytes[end] = LINE_FEED;
    this.unwritten++;
    return this.bytes.subarray(this.layout.spans[2 * index], end + 1);
  }

  /** A line line() gave has been written out. */
  written(): void {
    if (--this.unwritten === 0 && this.released) this.free();
  }

  /** The bytes of every element as sent, for telling a page that repeats another (before any line is asked). */
  sent(): Uint8Array {
    return this.bytes.subarray(this.layout.open + 1, this.layout.close);
  }

  /**
   * Gives the page's memory back once its records have been read and the lines it gave written
   * out: a buffer is otherwise
   * freed only by a collection, and with little else allocated, collections come late (on
   * Node 24 at 64 MB of such buffers). ArrayBuffer.prototype.transfer is Node 21's; a buffer
   * from Buffer's shared pool (half Buffer.poolSize and less) is never detached, and Node refuses
   * to detach the pool anyway. After it, nothing is read.
   */
  release(): void {
    this.released = true;
    if (this.unwritten === 0) this.free();
  }

  private free(): void {
    const buffer = this.bytes.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
    if (typeof buffer.transfer !== 'function' || this.bytes.length <= Buffer.poolSize >>> 1) return;
    try {
      buffer.transfer(0);
    } catch {
      // Not detachable: a collection frees it.
    }
  }

  private has(index: number): boolean {
    return !this.released && Number.isInteger(index) && index >= 0 && index < this.length;
  }
}
