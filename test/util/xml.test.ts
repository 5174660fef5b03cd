import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { ExitCode } from '../../src/errors.js';
import { exitCodeFor } from '../../src/main.js';
import { fromXml, MAX_DEPTH, toXml, XmlParseError } from '../../src/util/xml.js';
import { useHostileServers } from '../helpers/hostile-server.js';
import { useSandboxClient } from '../helpers/sandbox-client.js';

/** `depth` elements, each inside the previous one, holding `text`. */
const nested = (depth: number, text = 'x') => '<a>'.repeat(depth) + text + '</a>'.repeat(depth);

function refusal(xml: string): XmlParseError {
  try {
    fromXml(xml);
  } catch (error) {
    expect(error).toBeInstanceOf(XmlParseError);
    return error as XmlParseError;
  }
  throw new Error(`fromXml accepted ${xml.slice(0, 80)}`);
}

describe('xml dialect', () => {
  const booking = {
    id: '42',
    currency: 'CAD',
    amount_paid: '10.00',
    no_auto_final_payment: true,
    count: 7,
    ratio: 0.5,
    negative: -3,
    date_closed: null,
    links: [{ href: '/x?page=2&max_per_page=5', rel: 'next' }],
    matrix: [[1, 2], [], ['a']],
    services: [],
    agency: {},
    empty: '',
    padded: '  two spaces each side  ',
    note: 'a < b & "c" \'d\' ]]> é ✓ 😀',
  };

  it('round-trips JSON values, types included', () => {
    expect(fromXml(toXml(booking, 'booking'))).toEqual(booking);
  });

  it('writes readable elements with type attributes for non-strings', () => {
    expect(toXml({ id: '1', paid: true, n: 2, none: null }, 'booking')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<booking>\n  <id>1</id>\n  <paid type="boolean">true</paid>\n  <n type="integer">2</n>\n  <none type="null"/>\n</booking>\n',
    );
  });

  it('keeps member names that are not XML names', () => {
    const odd = { 'a b': 'x', '1st': 'y', 'quote"<&': 'z', '': 'empty' };
    expect(fromXml(toXml(odd))).toEqual(odd);
  });

  it('reads plain XML written by others: entities, CDATA, comments, untyped text', () => {
    const xml = '<?xml version="1.0"?><!-- c --><booking><currency>CAD</currency><external_id><![CDATA[<A&B>]]></external_id><name>T&#233;a &amp; co&#x21;</name></booking>';
    expect(fromXml(xml)).toEqual({ currency: 'CAD', external_id: '<A&B>', name: 'Téa & co!' });
  });

  it('collects repeated untyped elements into an array', () => {
    expect(fromXml('<error><errors><e><code>A</code></e><e><code>B</code></e><e><code>C</code></e></errors></error>')).toEqual({
      errors: { e: [{ code: 'A' }, { code: 'B' }, { code: 'C' }] },
    });
  });

  it.each(['<a><b></a>', '<a>', '<a></a><b></b>', 'not xml', '<a></b>', '', '<a b="1" b="2"/>'])('rejects malformed %j', (xml) => {
    refusal(xml);
  });
});

describe('15 xml: hostile documents fail with XmlParseError and change nothing', () => {
  it('15 xml: elements named __proto__, constructor or prototype are refused and pollute nothing', () => {
    for (const name of ['__proto__', 'constructor', 'prototype']) {
      expect(refusal(`<a><${name}><polluted>yes</polluted></${name}></a>`).message).toContain(name);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('15 xml: such members, written as <entry key="…">, are own data like JSON.parse makes them', () => {
    const value = fromXml('<a><entry key="__proto__"><polluted>yes</polluted></entry><entry key="constructor">c</entry></a>') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(value.constructor).toBe('c');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const fromJson = JSON.parse('{"__proto__":{"p":1},"constructor":"c","prototype":[1]}');
    expect(JSON.stringify(fromXml(toXml(fromJson)))).toBe(JSON.stringify(fromJson));
  });

  it('15 xml: members named like Object.prototype methods are plain values, repeated or not', () => {
    expect(fromXml('<a><toString>x</toString><hasOwnProperty>y</hasOwnProperty><valueOf>1</valueOf><valueOf>2</valueOf></a>')).toEqual({
      toString: 'x',
      hasOwnProperty: 'y',
      valueOf: ['1', '2'],
    });
  });

  it('15 xml: billion laughs is refused, not expanded', () => {
    const lol = ['<!ENTITY lol "lol">', ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`)].join('');
    expect(refusal(`<?xml version="1.0"?><!DOCTYPE lolz [${lol}]><lolz>&lol9;</lolz>`).message).toMatch(/DOCTYPE/);
  });

  it('15 xml: an internal entity is refused rather than expanded', () => {
    expect(refusal('<!DOCTYPE a [<!ENTITY who "someone">]><a>&who;</a>').message).toBe('DOCTYPE declarations are not accepted');
  });

  describe('external entities are never fetched', () => {
    const servers = useHostileServers();
    it('15 xml: SYSTEM, PUBLIC and parameter entities and an external DTD are refused without a request', async () => {
      const server = await servers.silent();
      const documents = [
        `<!DOCTYPE a [<!ENTITY x SYSTEM "${server.url}/x">]><a>&x;</a>`,
        `<!DOCTYPE a [<!ENTITY x PUBLIC "-//x//EN" "${server.url}/x">]><a>&x;</a>`,
        `<!DOCTYPE a [<!ENTITY % x SYSTEM "${server.url}/x"> %x;]><a>1</a>`,
        `<!DOCTYPE a SYSTEM "${server.url}/a.dtd"><a>1</a>`,
        '<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
      ];
      for (const xml of documents) expect(refusal(xml).message).not.toContain('root:');
      expect(server.requests).toEqual([]);
    });
  });

  it('15 xml: 10 000-deep nesting fails with XmlParseError, not a stack overflow', () => {
    expect(refusal(nested(10_000)).message).toMatch(/nested/i);
  });

  it(`15 xml: the root and ${MAX_DEPTH} levels below it are read; one more is refused`, () => {
    let value = fromXml(nested(MAX_DEPTH + 1));
    for (let level = 0; level < MAX_DEPTH; level++) value = (value as { a: unknown }).a;
    expect(value).toBe('x');
    refusal(nested(MAX_DEPTH + 2));
  });

  it.each(['&#0;', '&#x1;', '&#xD800;', '&#1114112;', '&#99999999999999999999;'])('15 xml: the character reference %s, no character XML allows, is refused', (reference) => {
    refusal(`<a>${reference}</a>`);
  });
});

describe('15 xml: the sandbox answers a hostile XML body with a §7.2 400', () => {
  const client = useSandboxClient();
  it.each([
    ['a prototype key', '<booking><__proto__><currency>CAD</currency></__proto__></booking>'],
    ['billion laughs', '<!DOCTYPE b [<!ENTITY l "lol"><!ENTITY l2 "&l;&l;&l;">]><booking><currency>&l2;</currency></booking>'],
    ['an external entity', '<!DOCTYPE b [<!ENTITY x SYSTEM "file:///etc/passwd">]><booking><currency>&x;</currency></booking>'],
    ['10 000-deep nesting', `<booking>${nested(10_000)}</booking>`],
    ['malformed XML', '<booking><currency>CAD</booking>'],
  ])('15 xml: %s', async (_name, raw) => {
    const answer = await client.request('POST', '/bookings', { raw, headers: { 'content-type': 'application/xml', accept: 'application/xml' } });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toMatch(/^application\/xml/);
    const body = fromXml(answer.text) as { http_status_code: number; message: string; href: string; errors: { code: string }[] | { code: string } };
    expect(body).toMatchObject({ http_status_code: 400, message: 'The request body is not valid XML.', href: '/bookings' });
    expect(JSON.stringify(body.errors)).toContain('MALFORMED_BODY');
    expect(answer.text).not.toContain('root:');
    expect(({} as Record<string, unknown>).currency).toBeUndefined();
  });
});

describe('15 xml: trek refuses a hostile XML answer as unusable (exit 7)', () => {
  const servers = useHostileServers();
  it.each([
    ['a prototype key', '<booking><__proto__><currency>CAD</currency></__proto__></booking>'],
    ['billion laughs', '<!DOCTYPE b [<!ENTITY l "lol"><!ENTITY l2 "&l;&l;&l;">]><booking><currency>&l2;</currency></booking>'],
    ['10 000-deep nesting', `<booking>${nested(10_000)}</booking>`],
  ])('15 xml: %s', async (_name, body) => {
    const server = await servers.start((_req, res) => void res.writeHead(200, { 'content-type': 'application/xml' }).end(body));
    const client = new ApiClient({ baseUrl: server.url, apiKey: 'k', accept: 'xml', retry: { maxAttempts: 1 } });
    try {
      const error = await client.get('/bookings/1').then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect((error as Error).message).toContain('malformed XML in the response body');
      expect(exitCodeFor(error)).toBe(ExitCode.server);
    } finally {
      await client.close();
    }
  });
});
