import { describe, expect, it } from 'vitest';
import { envelopeBytes, LazyResults, listLayout } from '../../src/api/list-body.js';
import { toSafeJson } from '../../src/output/sanitize.js';

/** Each element's text as the layout finds it, trimmed. */
function elements(body: string): string[] | undefined {
  const bytes = Buffer.from(body);
  const layout = listLayout(bytes, 98);
  if (layout === undefined) return undefined;
  return Array.from({ length: layout.spans.length / 2 }, (_, i) => bytes.toString('utf8', layout.spans[2 * i], layout.spans[2 * i + 1]).trim());
}

describe('31 a list body laid out without parsing it', () => {
  it('finds each element of the top-level results, whatever its strings hold', async () => {
    const records = [{ id: '1', name: 'a "quoted" ] } , [ { name' }, { id: '2', path: 'C:\\\\dir\\\\', nested: { results: [1, 2] } }, 'text', 7, null, [1, [2]]];
    const body = JSON.stringify({ count: 6, results: records, links: [{ rel: 'next', href: '/x?page=2' }] });
    expect(elements(body)?.map((text) => JSON.parse(text))).toEqual(records);
  });

  it('reads pretty-printed JSON, a leading BOM and results anywhere in the object', async () => {
    const records = [{ id: 'é ✓ 👨‍👩‍👧' }, { id: '2' }];
    expect(elements(`\ufeff${JSON.stringify({ results: records, count: 2 }, null, 2)}`)?.map((text) => JSON.parse(text))).toEqual(records);
    expect(elements('{"links":[],"results":[ ],"count":0}')).toEqual([]);
    expect(elements('{"results":[]}')).toEqual([]);
  });

  it('leaves out of the envelope only what is inside the array', async () => {
    const bytes = Buffer.from('{"count":2,"results":[{"id":"1"},{"id":"2"}],"links":[{"rel":"next","href":"/x"}]}');
    expect(JSON.parse(envelopeBytes(bytes, listLayout(bytes, 98)!).toString())).toEqual({ count: 2, results: [], links: [{ rel: 'next', href: '/x' }] });
  });

  it('keeps what is not a well-formed element for its parse to refuse: an empty element is one', async () => {
    expect(elements('{"results":[{"id":"1"},,{"id":"2"}]}')).toEqual(['{"id":"1"}', '', '{"id":"2"}']);
    expect(elements('{"results":[{"id":"1"},]}')).toEqual(['{"id":"1"}', '']);
    expect(elements('{"results":[{"id":"1"} {"id":"2"}]}')).toEqual(['{"id":"1"} {"id":"2"}']);
  });

  it.each([
    ['truncated', '{"results":[{"id":"1"},{"id":"2"'],
    ['truncated in a string', '{"results":[{"id":"1'],
    ['not an object', '[{"results":[]}]'],
    ['results not an array', '{"results":{"a":[1]}}'],
    ['results a string', '{"results":"[1,2]"}'],
    ['results twice', '{"results":[1],"results":[2]}'],
    ['no results', '{"count":1,"data":[1]}'],
    ['results only deeper down', '{"page":{"results":[1]}}'],
    ['HTML', '<html><body>{"results":[]}</body></html>'],
    ['empty', ''],
  ])('gives no layout for a body %s, which is then parsed whole', async (_name, body) => {
    expect(listLayout(Buffer.from(body), 98)).toBeUndefined();
  });

  it('parses an element only when it is read, each time from the bytes', async () => {
    const bytes = Buffer.from('{"results":[{"id":"1"},{"id":"2"}]}');
    const read: Array<[string, number]> = [];
    const results = new LazyResults(bytes, listLayout(bytes, 98)!, (text, index) => (read.push([text, index]), JSON.parse(text) as unknown), true);
    expect(results.length).toBe(2);
    expect(read).toEqual([]);
    expect(results.at(1)).toEqual({ id: '2' });
    expect(results.at(2)).toBeUndefined();
    expect(results.at(-1)).toBeUndefined();
    expect(read).toEqual([['{"id":"2"}', 1]]);
  });
});

describe('31 plain records are printed as sent', () => {
  /** Whether each element of `[…]` is plain, for records up to `nesting` deep. */
  function plain(elementsText: string, nesting = 98): boolean[] {
    return listLayout(Buffer.from(`{"results":[${elementsText}]}`), nesting)!.plain;
  }

  it('a compact record of printable ASCII, plain strings and integers is its own ndjson line', async () => {
    const record = { id: '100549', name: 'Discover Egypt 2', total: -4, zero: 0, big: 123456789012345, yes: true, no: false, none: null, list: [1, [], {}, [{}]], empty: {} };
    const bytes = Buffer.from(JSON.stringify({ results: [record, 'text', 7], links: [] }));
    const results = new LazyResults(bytes, listLayout(bytes, 98)!, (text) => JSON.parse(text) as unknown, true);
    const lines = [0, 1, 2].map((i) => Buffer.from(results.line(i)!).toString());
    expect(lines).toEqual([`${JSON.stringify(record)}\n`, '"text"\n', '7\n']);
    // Reading a record still parses it from its own bytes.
    expect(results.at(0)).toEqual(record);
  });

  it.each([
    ['whitespace', '{"id": "1"}'],
    ['a line break', '{"id":"1"\n}'],
    ['an escape', '{"id":"a\\"b"}'],
    ['an escaped slash', '{"id":"a\\/b"}'],
    ['a character of three bytes', '{"id":"✓"}'],
    ['a C1 control', '{"id":"\u009b"}'],
    ['a soft hyphen', '{"id":"a\u00adb"}'],
    ['a combining grapheme joiner', '{"id":"a\u034fb"}'],
    ['an Arabic format character', '{"id":"\u0600"}'],
    ['DEL', '{"id":"\u007f"}'],
    ['a fraction', '{"n":1.50}'],
    ['an exponent', '{"n":1e2}'],
    ['minus zero', '{"n":-0}'],
    ['a leading zero', '{"n":01}'],
    ['16 digits', '{"n":1234567890123456}'],
    ['a bare minus', '{"n":-}'],
    ['a trailing comma', '{"id":"1",}'],
    ['a missing colon', '{"id" "1"}'],
    ['a missing comma', '{"id":"1" "b":"2"}'],
    ['a key that is not a string', '{id:"1"}'],
    ['a misspelt literal', '{"a":tru}'],
    ['two literals', '{"a":nullnull}'],
    ['two values', '{"id":"1"}{"id":"2"}'],
    ['mismatched brackets', '{"a":[1}]'],
    ['an empty element', ''],
  ])('a record with %s is parsed when read, never printed as sent', async (_name, text) => {
    expect(plain(`${text},{"id":"ok"}`)).toEqual([false, true]);
  });

  it('letters of Latin, Greek, Cyrillic, Armenian and Hebrew keep a record plain, being what toSafeJson prints of them', async () => {
    expect(plain('{"city":"San José","port":"Tromsø","name":"Ελλάδα Россия Հայաստան ישראל"}')).toEqual([true]);
    // Every character of two bytes in UTF-8 is plain exactly when toSafeJson leaves it as it is.
    for (let code = 0x80; code < 0x800; code++) {
      const text = JSON.stringify({ id: `a${String.fromCodePoint(code)}b` });
      expect([code, plain(text)[0]]).toEqual([code, toSafeJson(JSON.parse(text)) === text && code >= 0xa0 && code <= 0x5ff]);
    }
  });

  it.each([
    ['a lead byte without its second', [0xc3, 0x41]],
    ['a second byte alone', [0xa9]],
    ['an overlong encoding', [0xc1, 0xa9]],
    ['a lead byte at the end of the string', [0xc3]],
  ])('a string with %s is not plain', async (_name, inner) => {
    const bytes = Buffer.concat([Buffer.from('{"results":[{"id":"'), Buffer.from(inner), Buffer.from('"},{"id":"ok"}]}')]);
    expect(listLayout(bytes, 98)?.plain).toEqual([false, true]);
  });

  it('nesting deeper than allowed is not plain: its parse refuses it', async () => {
    expect(plain('[[[1]]]', 3)).toEqual([true]);
    expect(plain('[[[[1]]]]', 3)).toEqual([false]);
  });

  it('gives its memory back once read: nothing is read after, and a buffer of its own is detached where Node can', async () => {
    // Larger than half of Buffer's pool (64 KiB on Node 24), so the buffer is its own.
    const bytes = Buffer.from(JSON.stringify({ results: [{ id: '1', text: 'x'.repeat(40_000) }] }));
    const results = new LazyResults(bytes, listLayout(bytes, 98)!, (text) => JSON.parse(text) as unknown, true);
    expect(results.at(0)).toMatchObject({ id: '1' });
    results.release();
    expect(results.at(0)).toBeUndefined();
    expect(results.line(0)).toBeUndefined();
    const detachable = typeof (ArrayBuffer.prototype as { transfer?: unknown }).transfer === 'function';
    expect(bytes.buffer.byteLength).toBe(detachable ? 0 : bytes.length);
    // A small body shares Buffer's pool with others: it is left alone.
    const small = Buffer.from('{"results":[1]}');
    const pooled = small.buffer.byteLength;
    new LazyResults(small, listLayout(small, 98)!, (text) => text, true).release();
    expect(small.buffer.byteLength).toBe(pooled);
  });

  it('a page whose lines are still being written keeps its bytes until the last is written', async () => {
    const bytes = Buffer.from(JSON.stringify({ results: [{ id: '1', text: 'x'.repeat(40_000) }, { id: '2' }] }));
    const results = new LazyResults(bytes, listLayout(bytes, 98)!, (text) => text, true);
    const lines = [results.line(0)!, results.line(1)!];
    results.release();
    results.written();
    expect(Buffer.from(lines[1]).toString()).toBe('{"id":"2"}\n');
    results.written();
    const detachable = typeof (ArrayBuffer.prototype as { transfer?: unknown }).transfer === 'function';
    expect(bytes.buffer.byteLength).toBe(detachable ? 0 : bytes.length);
  });

  it('a body holding something to redact prints no record as sent', async () => {
    const bytes = Buffer.from('{"results":[{"id":"1"}]}');
    expect(new LazyResults(bytes, listLayout(bytes, 98)!, (text) => text, false).line(0)).toBeUndefined();
  });
});
