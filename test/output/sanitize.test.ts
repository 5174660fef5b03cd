import { describe, expect, it } from 'vitest';
import { sanitize, sanitizeDeep, sanitizeUrl, sanitizeXml, toSafeJson } from '../../src/output/sanitize.js';

describe('sanitize', () => {
  it('removes complete CSI sequences, 7-bit and 8-bit', () => {
    expect(sanitize('\x1b[31mred\x1b[0m text')).toBe('red text');
    expect(sanitize('\x1b[2J\x1b[1;1Hcleared')).toBe('cleared');
    expect(sanitize('\x9b31mred\x9b0m')).toBe('red');
  });

  it('removes OSC 8 hyperlinks with either terminator, keeping only the visible text', () => {
    expect(sanitize('\x1b]8;;https://evil.example/\x1b\\Click here\x1b]8;;\x1b\\')).toBe('Click here');
    expect(sanitize('\x1b]8;;https://evil.example/\x07Click\x1b]8;;\x07!')).toBe('Click!');
    expect(sanitize('a\x9d8;;https://evil.example/\x9cb')).toBe('ab');
  });

  it('removes window-title OSC and DCS/APC strings', () => {
    expect(sanitize('\x1b]0;pwned\x07ok')).toBe('ok');
    expect(sanitize('\x1bPq#0;2;0;0;0\x1b\\after')).toBe('after');
    expect(sanitize('\x1b_payload\x1b\\after')).toBe('after');
  });

  it('shows a stray ESC visibly instead of sending it', () => {
    expect(sanitize('tail\x1b')).toBe('tail\\x1b');
    // Unterminated OSC: the terminal would swallow the rest; here it is visible text.
    expect(sanitize('\x1b]8;;http://x')).toBe('\\x1b]8;;http://x');
    // Removing the inner sequence must not assemble a new one from the pieces.
    expect(sanitize('\x1b\x1b[0m[31m')).toBe('\\x1b[31m');
  });

  it('shows other C0 controls, DEL and C1 controls as escapes', () => {
    expect(sanitize('a\x07b\x00c\x08d\x7fe')).toBe('a\\x07b\\x00c\\x08d\\x7fe');
    expect(sanitize('x\x85y\x9fz')).toBe('x\\x85y\\x9fz');
  });

  it('shows bidi overrides, isolates and invisible marks as escapes', () => {
    expect(sanitize('invoice\u202Efdp.exe')).toBe('invoice\\u202efdp.exe');
    expect(sanitize('\u2066a\u2069 \u200Eb\u200F \u061Cc')).toBe('\\u2066a\\u2069 \\u200eb\\u200f \\u061cc');
  });

  it('turns line breaks and tabs into spaces on one line', () => {
    expect(sanitize('a\nb\tc\r\nd\re\u2028f')).toBe('a b c d e f');
  });

  it('keeps line breaks and tabs in multiline mode but never a carriage return', () => {
    expect(sanitize('a\r\nb\rc\n\td', { multiline: true })).toBe('a\nbc\n\td');
  });

  it('stays linear on long runs of unterminated introducers', () => {
    const hostile = '\x9d'.repeat(100_000) + 'x'.repeat(100_000) + '\x1b]'.repeat(50_000);
    const result = sanitize(hostile);
    expect(result.startsWith('\\x9d\\x9d')).toBe(true);
    expect(result.endsWith('\\x1b]')).toBe(true);
  }, 2_000);

  it('leaves ordinary text, including non-Latin scripts, alone and is idempotent', () => {
    const text = 'Zürich → 東京, café «ok» עברית';
    expect(sanitize(text)).toBe(text);
    const hostile = 'x\x1b[1my\x1b\u202e\x9b';
    expect(sanitize(sanitize(hostile))).toBe(sanitize(hostile));
  });
});

describe('sanitizeUrl', () => {
  it('percent-encodes spaces, controls and non-ASCII so nothing is hidden', () => {
    expect(sanitizeUrl('https://example.com/a b')).toBe('https://example.com/a%20b');
    expect(sanitizeUrl('https://x.test/\x1b[2J')).toBe('https://x.test/%1B[2J');
    expect(sanitizeUrl('https://x.test/\u202Etxt.exe')).toBe('https://x.test/%E2%80%AEtxt.exe');
    // Cyrillic "а" in the host: a look-alike becomes visibly different.
    expect(sanitizeUrl('https://ex\u0430mple.com/')).toBe('https://ex%D0%B0mple.com/');
  });

  it('leaves ordinary http(s) URLs and relative references unchanged', () => {
    expect(sanitizeUrl('https://example.com/flex?id=1&x=%20')).toBe('https://example.com/flex?id=1&x=%20');
    expect(sanitizeUrl('HTTP://EXAMPLE.COM')).toBe('HTTP://EXAMPLE.COM');
    expect(sanitizeUrl('/bookings/1/')).toBe('/bookings/1/');
  });

  it('marks other schemes, as a browser would read them', () => {
    expect(sanitizeUrl('javascript:alert(1)')).toBe('(unsafe scheme) javascript:alert(1)');
    expect(sanitizeUrl('file:///etc/passwd')).toBe('(unsafe scheme) file:///etc/passwd');
    expect(sanitizeUrl(' JavaScript:x')).toBe('(unsafe scheme) %20JavaScript:x');
    expect(sanitizeUrl('java\tscript:x')).toBe('(unsafe scheme) java%09script:x');
  });
});

describe('sanitizeDeep', () => {
  it('sanitises every string and key, keeps other values, and does not mutate the input', () => {
    const input = { 'k\x1b[1m': ['a\x1b]8;;u\x07b', 1, null, { n: 'x\u202ey' }], ok: true };
    const before = structuredClone(input);
    expect(sanitizeDeep(input)).toEqual({ k: ['ab', 1, null, { n: 'x\\u202ey' }], ok: true });
    expect(input).toEqual(before);
  });

  it('passes the multiline option down', () => {
    expect(sanitizeDeep({ d: 'a\nb' }, { multiline: true })).toEqual({ d: 'a\nb' });
    expect(sanitizeDeep({ d: 'a\nb' })).toEqual({ d: 'a b' });
  });
});

describe('toSafeJson', () => {
  const hostile = { name: 'a\u202eb\u2028c\x9bd\x1b[31me\u2066f' };

  it('escapes what JSON.stringify leaves raw, and still parses back to the same value', () => {
    const json = toSafeJson(hostile);
    expect(json).toBe('{"name":"a\\u202eb\\u2028c\\u009bd\\u001b[31me\\u2066f"}');
    expect(JSON.parse(json)).toEqual(hostile);
  });

  it('31 plain ASCII comes back as JSON.stringify wrote it; DEL alone among ASCII is escaped', () => {
    const plain = { id: '1', text: 'printable ASCII ~ {"quoted"} \\ tab\tline\n' };
    expect(toSafeJson(plain)).toBe(JSON.stringify(plain));
    expect(toSafeJson({ a: 'x\x7fy' })).toBe('{"a":"x\\u007fy"}');
    expect(toSafeJson({ a: 'café' })).toBe('{"a":"café"}');
  });

  it('indents when asked and prints undefined as null', () => {
    expect(toSafeJson({ a: 1 }, 2)).toBe('{\n  "a": 1\n}');
    expect(toSafeJson(undefined)).toBe('null');
  });
});

describe('sanitizeXml', () => {
  it('turns unsafe characters into character references and CR into LF', () => {
    expect(sanitizeXml('<a>x\x1b[31m\u202e\x9b</a>\r\n<b>\ty</b>\r')).toBe('<a>x&#x1B;[31m&#x202E;&#x9B;</a>\n<b>\ty</b>\n');
  });
});

describe('30 one rule for invisible characters in every printed text', () => {
  // One of each class the rule escapes, with how sanitize shows it.
  it.each([
    ['control (Cc)', 'a\x07b', 'a\\x07b'],
    ['format: soft hyphen (Cf)', 'rm\u00ad -rf', 'rm\\xad -rf'],
    ['format: interlinear annotation (Cf)', '\ufff9note\ufffb', '\\ufff9note\\ufffb'],
    ['format: tag characters spelling text (Cf)', 'ok\u{e0072}\u{e006d}', 'ok\\u{e0072}\\u{e006d}'],
    ['format: a zero-width joiner outside an emoji sequence (Cf)', 'pay\u200dpal', 'pay\\u200dpal'],
    ['surrogate (Cs)', 'x\ud800y', 'x\\ud800y'],
    ['private use (Co)', 'x\ue000y\u{f0000}', 'x\\ue000y\\u{f0000}'],
    ['combining grapheme joiner', 'a\u034fb', 'a\\u034fb'],
    ['Hangul fillers', '\u115f\u1160\u3164\uffa0', '\\u115f\\u1160\\u3164\\uffa0'],
    ['a variation selector hiding after a letter', 'a\ufe0f\u{e0101}', 'a\\ufe0f\\u{e0101}'],
  ])('30 %s is escaped, not printed raw', (_what, text, shown) => {
    expect(sanitize(text)).toBe(shown);
    // The same rule in JSON and XML output: escaped, and the same value once parsed.
    const json = toSafeJson({ text });
    expect(json).not.toMatch(/[^\x20-\x7e]/);
    expect(JSON.parse(json)).toEqual({ text });
    expect(sanitizeXml(`<a>${text}</a>`)).not.toMatch(/[^\x09\x0a\x20-\x7e]/);
  });

  it('30 emoji sequences stay whole: joiners between emoji, variation selectors after one, skin tones, flags, keycaps', () => {
    const emoji = '👨‍👩‍👧 🏳️‍🌈 ❤️ 1️⃣ 👍🏽 👩🏽‍💻 🇨🇦 👁️‍🗨️';
    expect(sanitize(emoji)).toBe(emoji);
    expect(toSafeJson(emoji)).toBe(JSON.stringify(emoji));
    // A joiner at the end, or between an emoji and a letter, joins nothing visible.
    expect(sanitize('👨\u200d')).toBe('👨\\u200d');
    expect(sanitize('👨\u200dx')).toBe('👨\\u200dx');
  });
});
