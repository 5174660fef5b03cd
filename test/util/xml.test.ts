import { describe, expect, it } from 'vitest';
import { fromXml, toXml, XmlParseError } from '../../src/util/xml.js';

describe('xml dialect', () => {
  const booking = {
    id: '42',
    currency: 'CAD',
    amount_paid: '10.00',
    no_auto_final_payment: true,
    count: 7,
    ratio: 0.5,
    date_closed: null,
    links: [{ href: '/x?page=2', rel: 'next' }],
    services: [],
    agency: {},
    note: 'a < b & "c"',
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
    expect(fromXml(toXml({ 'a b': 'x', '1st': 'y' }))).toEqual({ 'a b': 'x', '1st': 'y' });
  });

  it('reads plain XML written by others: entities, CDATA, comments, untyped text', () => {
    const xml = '<?xml version="1.0"?><!-- c --><booking><currency>CAD</currency><external_id><![CDATA[<A&B>]]></external_id><name>T&#233;a &amp; co</name></booking>';
    expect(fromXml(xml)).toEqual({ currency: 'CAD', external_id: '<A&B>', name: 'Téa & co' });
  });

  it('collects repeated untyped elements into an array', () => {
    expect(fromXml('<error><errors><e><code>A</code></e><e><code>B</code></e><e><code>C</code></e></errors></error>')).toEqual({
      errors: { e: [{ code: 'A' }, { code: 'B' }, { code: 'C' }] },
    });
  });

  it.each(['<a><b></a>', '<a>', '<a></a><b></b>', 'not xml', '<a></b>'])('rejects malformed %s', (xml) => {
    expect(() => fromXml(xml)).toThrow(XmlParseError);
  });
});
