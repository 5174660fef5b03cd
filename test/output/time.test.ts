import { describe, expect, it } from 'vitest';
import { renderItem, renderList } from '../../src/output/render.js';
import { localTime } from '../../src/output/time.js';
import { isApiDatetime } from '../../src/util/dates.js';
import { testIO } from '../helpers/factory.js';

describe('18 times print in UTC only: localTime', () => {
  it('shows an API datetime in the zone asked for, with the zone named', () => {
    expect(localTime('2027-01-01T05:00:00Z', 'America/Toronto')).toBe('2027-01-01 00:00 EST');
    expect(localTime('2027-07-01T05:00:00Z', 'America/Toronto')).toBe('2027-07-01 01:00 EDT');
    expect(localTime('2027-01-01T05:00:00Z', 'Asia/Kolkata')).toBe('2027-01-01 10:30 GMT+5:30');
    expect(localTime('2026-12-31T23:30:00Z', 'Europe/Paris')).toBe('2027-01-01 00:30 GMT+1');
    expect(localTime('2027-01-01T05:00:00Z', 'UTC')).toBe('2027-01-01 05:00 UTC');
  });

  it('leaves dates, other text and impossible datetimes as they are', () => {
    for (const text of ['2027-01-01', 'open', '', '2027-02-30T10:00:00Z', '2027-01-01T24:00:00Z', '2027-01-01T05:00:00+01:00', 'x2027-01-01T05:00:00Z']) {
      expect(localTime(text, 'America/Toronto')).toBe(text);
    }
    expect(isApiDatetime('2027-01-01T05:00:00.250Z')).toBe(true);
    expect(isApiDatetime('2027-02-29T05:00:00Z')).toBe(false);
    expect(isApiDatetime('2028-02-29T05:00:00Z')).toBe(true);
  });
});

describe('18 times print in UTC only: the views', () => {
  const record = { id: '200001', date_created: '2027-01-01T05:00:00Z', balance_due_date: '2027-03-01' };
  const spec = (format: 'table' | 'json' | 'csv' | 'yaml') => ({ format, color: false, width: 100, timeZone: 'America/Toronto' });

  it('tables and detail views show local time with the zone; dates stay dates', async () => {
    const list = testIO();
    await renderList(list.io, [record], spec('table'), { columns: [{ field: 'id' }, { field: 'date_created', header: 'CREATED' }, { field: 'balance_due_date', header: 'DUE' }] });
    expect(list.out()).toBe('ID      CREATED               DUE\n200001  2027-01-01 00:00 EST  2027-03-01\n');
    const item = testIO();
    await renderItem(item.io, record, spec('table'), { rows: [{ field: 'date_created', header: 'Created' }] });
    expect(item.out()).toBe('Created  2027-01-01 00:00 EST\n');
  });

  it('json, csv and yaml keep the API value untouched', async () => {
    for (const [format, expected] of [
      ['json', '"date_created": "2027-01-01T05:00:00Z"'],
      ['csv', '200001,2027-01-01T05:00:00Z,2027-03-01'],
      ['yaml', 'date_created: 2027-01-01T05:00:00Z'],
    ] as const) {
      const t = testIO();
      await renderList(t.io, [record], spec(format), { columns: [{ field: 'id' }, { field: 'date_created' }, { field: 'balance_due_date' }] });
      expect(t.out()).toContain(expected);
    }
  });
});
