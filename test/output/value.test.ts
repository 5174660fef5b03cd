import { describe, expect, it } from 'vitest';
import { displayValue, joinValues, NOTHING_SHOWN, referenceName } from '../../src/output/value.js';

describe('displayValue: any value as text for a table cell or a detail view', () => {
  it('scalars as they are; nothing for no value, never "undefined" or "NaN"', () => {
    expect(displayValue(null)).toBe('');
    expect(displayValue(undefined)).toBe('');
    expect(displayValue('x')).toBe('x');
    expect(displayValue(0)).toBe('0');
    expect(displayValue(false)).toBe('false');
    expect(displayValue(Number.NaN)).toBe('');
    expect(displayValue([])).toBe('');
  });

  it('a reference as its name, else its code or label, else its id; a list of them as names', () => {
    expect(displayValue({ id: 'PE', href: '/countries/PE', name: 'Peru' })).toBe('Peru');
    expect(displayValue({ id: '3', href: '/override_reasons/3', code: 'MINOR_TRAVELLER', label: 'Minor' })).toBe('MINOR_TRAVELLER');
    expect(displayValue({ id: '3', href: '/reasons/3', label: 'Minor' })).toBe('Minor');
    expect(displayValue({ id: '9882', href: '/tours/9882' })).toBe('9882');
    expect(
      displayValue([
        { id: 'PE', name: 'Peru' },
        { id: 'BO', name: 'Bolivia' },
      ]),
    ).toBe('Peru, Bolivia');
    expect(displayValue({ name: 'Lima' })).toBe('Lima');
    expect(referenceName({ id: '1', href: '/x' })).toBeUndefined();
  });

  it('a customer reference by its name object', () => {
    expect(displayValue({ id: '300001', name: { title: 'Ms', legal_first_name: 'Ada', legal_last_name: 'Lovelace' } })).toBe('Ms Ada Lovelace');
  });

  it('money as amount and currency, a price with its deposit in the same currency', () => {
    expect(displayValue({ currency: 'USD', amount: '3099.00' })).toBe('3099.00 USD');
    expect(displayValue({ currency: 'GBP', amount: '1749', deposit: '100.00', promotions: [] })).toBe('1749.00 GBP, deposit 100.00 GBP');
    expect(
      displayValue([
        { currency: 'USD', amount: '1.00' },
        { currency: 'CAD', amount: '2.00' },
      ]),
    ).toBe('1.00 USD, 2.00 CAD');
  });

  it('any other object as compact key: value text, nested objects in parentheses, never braces', () => {
    expect(displayValue({ status: 'AVAILABLE', total: 8, male: null })).toBe('status: AVAILABLE, total: 8');
    expect(displayValue({ min_max: [15, 40], currency: 'USD' })).toBe('min_max: 15, 40, currency: USD');
    expect(displayValue({ a: { b: 1 } })).toBe('a (b: 1)');
    expect(displayValue({ empty: null })).toBe(NOTHING_SHOWN);
    expect(displayValue([{}])).toBe(NOTHING_SHOWN);
    for (const text of [displayValue({ a: { b: { c: [1, { d: 2 }] } } }), displayValue([[{ x: {} }]])]) {
      expect(text).not.toMatch(/[{}]|\[object|undefined|NaN/);
    }
  });

  it('joinValues leaves out what has no value and writes objects by name', () => {
    expect(joinValues(['Lima', null, { id: 'PE', name: 'Peru' }, ''], ', ')).toBe('Lima, Peru');
  });
});
