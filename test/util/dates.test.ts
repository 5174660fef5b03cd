import { describe, expect, it } from 'vitest';
import { dateParts, dateSpan, unrealDate } from '../../src/util/dates.js';

describe('calendar dates', () => {
  it('reads days and months, and nothing else', () => {
    expect(dateParts('2027-06-13')).toEqual({ year: 2027, month: 6, day: 13 });
    expect(dateParts('2027-06')).toEqual({ year: 2027, month: 6 });
    for (const text of ['2027', '2027-6-1', '27-06-01', '2027-06-13T00:00:00Z', ' 2027-06-13']) expect(dateParts(text)).toBeUndefined();
  });

  it('says why a day or month does not exist', () => {
    expect(unrealDate({ year: 1985, month: 2, day: 30 })).toBe('February 1985 has 28 days');
    expect(unrealDate({ year: 2028, month: 2, day: 29 })).toBeUndefined();
    expect(unrealDate({ year: 2027, month: 13, day: 45 })).toBe('there is no month 13');
    expect(unrealDate({ year: 2027, month: 0 })).toBe('there is no month 0');
    expect(unrealDate({ year: 2027, month: 6, day: 0 })).toBe('June 2027 has 30 days');
  });

  it('spans a month from its first to its last day', () => {
    expect(dateSpan({ year: 2028, month: 2 })).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(dateSpan({ year: 2027, month: 12, day: 31 })).toEqual({ first: '2027-12-31', last: '2027-12-31' });
  });
});
