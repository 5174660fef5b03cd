import { describe, expect, it } from 'vitest';
import { parseWhere, SEARCH_FIELD_TYPES, type FieldTypes } from '../../src/api/query.js';
import { UsageError } from '../../src/errors.js';

function refusal(expressions: string[], fields: FieldTypes = SEARCH_FIELD_TYPES.departures): UsageError {
  try {
    parseWhere(expressions, { fields });
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return error as UsageError;
  }
  throw new Error('expected a UsageError');
}

describe('18 bad filter values are refused before sending', () => {
  it('18 an availability.status that is no status is refused, naming the values and the nearest match', () => {
    const error = refusal(['availability.status=AVAILBLE']);
    expect(error.message).toBe("--where 'availability.status=AVAILBLE': no availability.status is like 'AVAILBLE'; did you mean AVAILABLE?");
    expect(error.hint).toBe('availability.status is one of AVAILABLE, NOT_BOOKABLE, REQUEST_SPACE, WAIT_LIST');
    expect(error.field).toBe('--where');
    expect(refusal(['availability.status__in=AVAILABLE,WAITLIST']).message).toBe("--where 'availability.status__in=AVAILABLE,WAITLIST': no availability.status is 'WAITLIST'; did you mean WAIT_LIST?");
    expect(refusal(['availability.status=SOLD_OUT']).message).toBe("--where 'availability.status=SOLD_OUT': no availability.status is like 'SOLD_OUT'");
  });

  it('a part of a status, in any case, is what the API matches and is sent', () => {
    expect(parseWhere(['availability.status=request'], { fields: SEARCH_FIELD_TYPES.departures })).toEqual([['availability.status', 'request']]);
    expect(parseWhere(['availability.status__in=available,Wait_List'], { fields: SEARCH_FIELD_TYPES.departures })).toEqual([
      ['availability.status__in', 'available'],
      ['availability.status__in', 'Wait_List'],
    ]);
  });

  it('18 start_date=2027-13-45 is refused as no real date', () => {
    const error = refusal(['start_date=2027-13-45']);
    expect(error.message).toBe("--where 'start_date=2027-13-45': '2027-13-45' is not a real date: there is no month 13");
    expect(error.hint).toBe('start_date takes a date as YYYY-MM-DD, a month (YYYY-MM) or a year');
  });

  it('18 a date that does not exist is refused as such, not as a format error', () => {
    expect(refusal(['start_date__gte=1985-02-30']).message).toBe("--where 'start_date__gte=1985-02-30': '1985-02-30' is not a real date: February 1985 has 28 days");
    expect(refusal(['finish_date__lt=2027-04-31']).message).toContain('April 2027 has 30 days');
    expect(parseWhere(['start_date__lte=2028-02-29'], { fields: SEARCH_FIELD_TYPES.departures })).toEqual([['start_date__lte', '2028-02-29']]);
  });

  it('a comparison takes a whole date; contains also a month or a year; anything else is a format error', () => {
    expect(refusal(['start_date__gte=2027-06']).message).toBe("--where 'start_date__gte=2027-06': start_date takes a date as YYYY-MM-DD, got '2027-06'");
    expect(refusal(['start_date=June']).message).toBe("--where 'start_date=June': start_date takes a date as YYYY-MM-DD, a month (YYYY-MM) or a year, got 'June'");
    expect(parseWhere(['start_date=2027-06', 'finish_date=2027'], { fields: SEARCH_FIELD_TYPES.departures })).toEqual([
      ['start_date', '2027-06'],
      ['finish_date', '2027'],
    ]);
    expect(parseWhere(['start_date__like=2027-*-01'], { fields: SEARCH_FIELD_TYPES.departures })).toEqual([['start_date__like', '2027-*-01']]);
  });

  it('datetimes, decimals, whole numbers and booleans of the field tables are checked', () => {
    expect(parseWhere(['date_created__gte=2027-01-01T05:00:00Z'], { fields: SEARCH_FIELD_TYPES.bookings })).toHaveLength(1);
    expect(refusal(['date_created__gte=2027-01-01T25:00:00Z'], SEARCH_FIELD_TYPES.bookings).message).toBe(
      "--where 'date_created__gte=2027-01-01T25:00:00Z': date_created takes a date (YYYY-MM-DD) or a UTC time (YYYY-MM-DDThh:mm:ssZ), got '2027-01-01T25:00:00Z'",
    );
    expect(refusal(['amount_owing__gt=12,50'], SEARCH_FIELD_TYPES.bookings).message).toBe("--where 'amount_owing__gt=12,50': amount_owing takes an amount such as 607.81, got '12,50'");
    expect(parseWhere(['amount_owing__gt=0.00'], { fields: SEARCH_FIELD_TYPES.bookings })).toEqual([['amount_owing__gt', '0.00']]);
    expect(refusal(['no_auto_final_payment=yes'], SEARCH_FIELD_TYPES.bookings).message).toBe("--where 'no_auto_final_payment=yes': no_auto_final_payment takes true or false, got 'yes'");
    expect(refusal(['duration_hours__gte=four'], SEARCH_FIELD_TYPES.activities).message).toBe("--where 'duration_hours__gte=four': duration_hours takes a whole number, got 'four'");
  });

  it('text is sent as typed; an attribute the table does not have is refused, naming the nearest', () => {
    expect(parseWhere(['name=2027-13-45'], { fields: SEARCH_FIELD_TYPES.departures })).toEqual([['name', '2027-13-45']]);
    expect(() => parseWhere(['nme=Peru'], { fields: SEARCH_FIELD_TYPES.departures })).toThrow("unknown attribute 'nme'; did you mean name?");
  });

  it('18 two start_date conditions are refused, pointing to the range flags when the command has them', () => {
    const error = (() => {
      try {
        parseWhere(['start_date__gte=2027-06-01', 'start_date__lte=2027-06-30'], { range: { attribute: 'start_date', hint: 'for a range use --from/--to' } });
      } catch (e) {
        return e as UsageError;
      }
      throw new Error('expected a refusal');
    })();
    expect(error.message).toBe("--where 'start_date__lte=2027-06-30': 'start_date' already has a condition ('start_date__gte=2027-06-01'); the API allows one condition per attribute");
    expect(error.hint).toBe('for a range use --from/--to');
  });
});
