import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { fieldPaths, getPath, parseFieldsFlag, selectFields, validateFields } from '../../src/output/fields.js';

const departure = {
  id: '101',
  name: 'Inca Trail',
  availability: { status: 'AVAILABLE' },
  links: [
    { rel: 'self', href: '/departures/101/' },
    { rel: 'next', href: '/departures/102/' },
  ],
  flex_plan: null,
  extras: {},
};

describe('getPath', () => {
  it('follows object keys and array indexes', () => {
    expect(getPath(departure, 'availability.status')).toBe('AVAILABLE');
    expect(getPath(departure, 'links.1.href')).toBe('/departures/102/');
    expect(getPath(departure, 'id')).toBe('101');
  });

  it('gives undefined for anything not there, never reaching into prototypes or strings', () => {
    expect(getPath(departure, 'availability.missing')).toBeUndefined();
    expect(getPath(departure, 'links.9.href')).toBeUndefined();
    expect(getPath(departure, 'links.first')).toBeUndefined();
    expect(getPath(departure, 'flex_plan.id')).toBeUndefined();
    expect(getPath(departure, 'name.length')).toBeUndefined();
    expect(getPath(departure, 'constructor')).toBeUndefined();
  });
});

describe('selectFields', () => {
  it('keeps the nesting of dotted paths', () => {
    expect(selectFields(departure, ['availability.status', 'id'])).toEqual({ availability: { status: 'AVAILABLE' }, id: '101' });
  });

  it('builds arrays for index segments and fills skipped slots with null', () => {
    expect(selectFields(departure, ['links.1.href'])).toEqual({ links: [null, { href: '/departures/102/' }] });
  });

  it('gives null for fields the record lacks, so every record has the same shape', () => {
    expect(selectFields(departure, ['flex_plan.id', 'nope'])).toEqual({ flex_plan: { id: null }, nope: null });
  });

  it('lets a whole field cover its sub-fields without touching the record', () => {
    const before = structuredClone(departure);
    expect(selectFields(departure, ['availability.status', 'availability', 'id', 'id'])).toEqual({
      availability: { status: 'AVAILABLE' },
      id: '101',
    });
    expect(departure).toEqual(before);
  });
});

describe('fieldPaths', () => {
  it('lists leaf paths sorted, with arrays, nulls and empty objects as leaves', () => {
    expect(fieldPaths([departure])).toEqual(['availability.status', 'extras', 'flex_plan', 'id', 'links', 'name']);
  });

  it('merges records and stops at the depth asked for', () => {
    expect(fieldPaths([{ a: { b: { c: 1 } } }, { d: 2 }], 1)).toEqual(['a', 'd']);
    expect(fieldPaths([{ a: { b: { c: 1 } } }], 2)).toEqual(['a.b']);
  });
});

describe('validateFields', () => {
  const known = fieldPaths([departure]);

  it('accepts known paths, paths leading into them, and paths going further into a leaf', () => {
    expect(() => validateFields(['id', 'availability', 'availability.status', 'links.0.href', 'flex_plan.id'], known)).not.toThrow();
  });

  it('rejects anything else with a usage error listing the valid fields', () => {
    const error = (() => {
      try {
        validateFields(['id', 'availability.stat'], known);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe('unknown field "availability.stat" for --fields; valid fields: availability.status, extras, flex_plan, id, links, name');
  });

  it('has nothing to check against when nothing is known', () => {
    expect(() => validateFields(['anything'], [])).not.toThrow();
  });
});

describe('parseFieldsFlag', () => {
  it('splits on commas and trims', () => {
    expect(parseFieldsFlag('a, b,c.d ')).toEqual(['a', 'b', 'c.d']);
  });

  it('rejects empty entries and empty path parts, naming --fields', () => {
    for (const bad of ['a,,b', '', 'a,', 'a..b', '.a']) {
      expect(() => parseFieldsFlag(bad)).toThrow(UsageError);
      expect(() => parseFieldsFlag(bad)).toThrow(/--fields/);
    }
  });
});
