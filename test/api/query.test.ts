import { describe, expect, it } from 'vitest';
import { parseOrderBy, parseWhere, SEARCH_OPERATORS, validateMaxPerPage } from '../../src/api/query.js';
import { UsageError } from '../../src/errors.js';

function usageError(run: () => unknown): UsageError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('expected a UsageError');
}

describe('parseWhere', () => {
  it('sends a plain condition as attribute=value, keeping nested attributes and = inside the value', () => {
    expect(parseWhere(['name=Inca Trail', 'availability.status=AVAILABLE', 'note=a=b'])).toEqual([
      ['name', 'Inca Trail'],
      ['availability.status', 'AVAILABLE'],
      ['note', 'a=b'],
    ]);
  });

  it.each(['lt', 'lte', 'gt', 'gte', 'like', 'phrase'])('passes the %s operator through as attribute__op', (op) => {
    expect(parseWhere([`start_date__${op}=2027-01-01`])).toEqual([[`start_date__${op}`, '2027-01-01']]);
  });

  it('repeats the parameter once per value for in', () => {
    expect(parseWhere(['availability.status__in=AVAILABLE, LIMITED,'])).toEqual([
      ['availability.status__in', 'AVAILABLE'],
      ['availability.status__in', 'LIMITED'],
    ]);
  });

  it('accepts null and notnull with the value true only', () => {
    expect(parseWhere(['finish_date__null=true', 'name__notnull=true'])).toEqual([
      ['finish_date__null', 'true'],
      ['name__notnull', 'true'],
    ]);
    expect(usageError(() => parseWhere(['finish_date__null=false'])).message).toBe("--where 'finish_date__null=false': null takes the value true (got 'false')");
    expect(usageError(() => parseWhere(['name__notnull=1'])).message).toContain("notnull takes the value true (got '1')");
  });

  it('lists exactly the operators of the spec', () => {
    expect([...SEARCH_OPERATORS].sort()).toEqual(['gt', 'gte', 'in', 'like', 'lt', 'lte', 'notnull', 'null', 'phrase']);
  });

  it('rejects an expression without =', () => {
    const error = usageError(() => parseWhere(['start_date']));
    expect(error.message).toBe("--where 'start_date': missing '='");
    expect(error.hint).toContain('attribute=value');
  });

  it('rejects an empty or malformed attribute', () => {
    expect(usageError(() => parseWhere(['=x'])).message).toBe("--where '=x': the attribute name is empty");
    expect(usageError(() => parseWhere(['__gte=3'])).message).toContain('the attribute name is empty');
    expect(usageError(() => parseWhere(['a b=3'])).message).toContain("'a b' is not an attribute name");
  });

  it('rejects an unknown operator and lists the valid ones', () => {
    const error = usageError(() => parseWhere(['start_date__after=2027-01-01']));
    expect(error.message).toBe("--where 'start_date__after=2027-01-01': unknown operator 'after'");
    expect(error.hint).toBe('valid operators: lt, lte, gt, gte, like, notnull, null, in, phrase');
  });

  it('rejects two operators on one attribute, in one expression or across expressions', () => {
    expect(usageError(() => parseWhere(['start_date__gte__lt=2027-01-01'])).message).toContain("two operators on 'start_date' (gte, lt)");
    const error = usageError(() => parseWhere(['start_date__gte=2027-01-01', 'start_date__lte=2027-12-31']));
    expect(error.message).toBe("--where 'start_date__lte=2027-12-31': 'start_date' already has a condition ('start_date__gte=2027-01-01'); the API allows one condition per attribute");
    expect(() => parseWhere(['name=a', 'name=b'])).toThrow(UsageError);
  });

  it('rejects a missing value', () => {
    expect(usageError(() => parseWhere(['name='])).message).toBe("--where 'name=': no value after '='");
    expect(usageError(() => parseWhere(['id__in=,'])).message).toContain('in needs one or more comma-separated values');
  });
});

describe('parseOrderBy', () => {
  it('maps attr, -attr and +attr to order_by, order_by__desc and order_by__asc', () => {
    expect(parseOrderBy(['start_date', '-name', '+availability.status'])).toEqual([
      ['order_by', 'start_date'],
      ['order_by__desc', 'name'],
      ['order_by__asc', 'availability.status'],
    ]);
  });

  it('splits comma-separated lists', () => {
    expect(parseOrderBy(['start_date,-name'])).toEqual([
      ['order_by', 'start_date'],
      ['order_by__desc', 'name'],
    ]);
  });

  it('rejects an empty or malformed attribute, naming --order-by', () => {
    expect(usageError(() => parseOrderBy(['-'])).message).toBe("--order-by '-': the attribute name is empty");
    expect(usageError(() => parseOrderBy(['--name'])).message).toContain("'-name' is not an attribute name");
  });
});

describe('validateMaxPerPage', () => {
  it('accepts the bounds 10 and 100', () => {
    expect(validateMaxPerPage(10)).toBe(10);
    expect(validateMaxPerPage(100)).toBe(100);
  });

  it('rejects values outside 10..100 and non-integers, naming the flag', () => {
    expect(usageError(() => validateMaxPerPage(9)).message).toBe('--max-per-page must be between 10 and 100 (got 9)');
    expect(usageError(() => validateMaxPerPage(101)).message).toBe('--max-per-page must be between 10 and 100 (got 101)');
    expect(usageError(() => validateMaxPerPage(12.5, '-f max_per_page')).message).toBe('-f max_per_page must be a whole number between 10 and 100 (got 12.5)');
    expect(() => validateMaxPerPage(Number.NaN)).toThrow(UsageError);
  });
});

describe('parseWhere reserved names', () => {
  it.each(['page=2', 'max_per_page=5', 'order_by=name', 'order_by__desc=name', 'as_of=9'])('refuses %s with a pointer to the right flag', (expression) => {
    expect(() => parseWhere([expression])).toThrow(/is a paging or ordering parameter/);
  });
});
