import { describe, expect, it } from 'vitest';
import { CUSTOMER_FIELDS } from '../../../src/api/resources/customers.js';
import { UsageError } from '../../../src/errors.js';
import { COLUMN_NAMES, MAX_ROWS, parseManifest } from '../../../src/commands/group/manifest.js';

const TODAY = '2027-01-10';
const HEADER = 'name.title,name.legal_first_name,name.legal_last_name,date_of_birth';

function problems(file: string, text: string): string {
  try {
    parseManifest(file, text, TODAY);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as UsageError).message;
  }
  throw new Error('the manifest was accepted');
}

describe('group manifest', () => {
  it('has a column for every writable customer field, in the dotted --fields form', () => {
    // The contract's customer fields, less the read-only ones and the operator members trek does not write.
    const notWritten = ['id', 'href', 'bookings.href', 'date_created', 'gender', 'medical_details'];
    expect([...COLUMN_NAMES].sort()).toEqual(CUSTOMER_FIELDS.filter((f) => !notWritten.includes(f)).sort());
  });

  it('reads rows into the POST /customers/ body, phone lists split on ";"', () => {
    const manifest = parseManifest('trip.csv', `${HEADER},phone_numbers,passport.number\nMs,Ada,Lovelace,1815-12-10,"mobile:+44 20 7946 0000; HOME:+44-20-7946-0001",X1\n`, TODAY);
    expect(manifest.rows).toHaveLength(1);
    expect(manifest.rows[0]).toMatchObject({
      line: 2,
      customer: {
        name: { title: 'Ms', legal_first_name: 'Ada', legal_last_name: 'Lovelace' },
        date_of_birth: '1815-12-10',
        passport: { number: 'X1' },
        phone_numbers: [
          { type: 'MOBILE', number: '+44 20 7946 0000' },
          { type: 'HOME', number: '+44-20-7946-0001' },
        ],
      },
    });
    // The digest is of the values, not of how the columns are ordered or spaced.
    const reordered = parseManifest('trip.csv', `passport.number,phone_numbers,${HEADER}\n X1 ,"MOBILE:+44 20 7946 0000;HOME:+44-20-7946-0001",Ms,Ada,Lovelace,1815-12-10\n`, TODAY);
    expect(reordered.rows[0].digest).toBe(manifest.rows[0].digest);
  });

  it('21.3 a bad row (unknown title, missing last name, bad date) is refused before any request, naming line and column', () => {
    const message = problems('trip.csv', `${HEADER}\nMs,Ada,Lovelace,1815-12-10\nDr,Alan,Turing,1912-06-23\nMr,Charles,,1791-12-26\nMs,Grace,Hopper,1906-02-30\nMs,Mary,Somerville,1780/12/26\n`);
    expect(message).toContain('4 problems; nothing was sent');
    expect(message).toContain('trip.csv:3: column A (name.title): must be one of Mr, Mrs, Ms, Miss, Mx, got "Dr"');
    expect(message).toContain('trip.csv:4: column C (name.legal_last_name): required, and empty');
    expect(message).toContain('trip.csv:5: column D (date_of_birth): 1906-02-30 is not a real date: February 1906 has 28 days');
    expect(message).toContain('trip.csv:6: column D (date_of_birth): must be a date as YYYY-MM-DD, got "1780/12/26"');
  });

  it('checks a row whole as customer create does: a passport that expires before it was issued, a birth after today', () => {
    const message = problems('trip.csv', `${HEADER},passport.issue_date,passport.expiry_date\nMs,Ada,Lovelace,1815-12-10,2030-01-01,2020-01-01\nMs,Ada,Byron,2030-01-01,,\n`);
    expect(message).toContain('trip.csv:2: column F (passport.expiry_date): 2020-01-01 is not after passport.issue_date 2030-01-01');
    expect(message).toContain('trip.csv:3: column D (date_of_birth): 2030-01-01 is after today (2027-01-10)');
  });

  it('21.h a BOM and CRLF line ends are read as a spreadsheet writes them; blank rows are skipped and lines still counted', () => {
    const manifest = parseManifest('trip.csv', `\ufeff${HEADER}\r\nMs,Ada,Lovelace,1815-12-10\r\n\r\n,,,\r\nMr,Alan,Turing,1912-06-23\r\n`, TODAY);
    expect(manifest.rows.map((r) => [r.line, r.customer.name.legal_first_name])).toEqual([
      [2, 'Ada'],
      [5, 'Alan'],
    ]);
    expect(manifest.columns).toContain('name.title');
  });

  it('21.h a quoted cell spanning lines keeps the next rows at their true line numbers, and its line break is refused', () => {
    const message = problems('trip.csv', `${HEADER},medical_notes\r\nMs,Ada,Lovelace,1815-12-10,"two\r\nlines"\r\nMr,Alan,Turing,1912-06-31,\r\n`);
    expect(message).toContain('trip.csv:2: column E (medical_notes): holds the control character U+000D');
    expect(message).toContain('trip.csv:4: column D (date_of_birth)');
  });

  it('21.h an empty manifest, or a header alone, has no travellers', () => {
    expect(problems('trip.csv', '')).toContain('trip.csv has no travellers');
    expect(problems('trip.csv', `\ufeff${HEADER}\r\n`)).toContain('trip.csv has no travellers');
    expect(problems('trip.ndjson', '\n\n')).toContain('trip.ndjson has no travellers');
  });

  it('21.h a huge manifest is refused past the row limit, naming the first row over it', () => {
    const rows = Array.from({ length: MAX_ROWS + 1 }, (_, i) => `Ms,Ada,Lovelace${i},`).join('\n');
    expect(problems('big.csv', `${HEADER}\n${rows}\n`)).toContain(`big.csv:${MAX_ROWS + 2}: more than ${MAX_ROWS} travellers`);
  });

  it("21.h formula cells are plain text sent as written, and the export's ' before a formula is read back away", () => {
    const manifest = parseManifest('trip.csv', `${HEADER},meal_notes\nMs,"=HYPERLINK(""http://x"")",Lovelace,,'=1+2\n`, TODAY);
    expect(manifest.rows[0].customer.name.legal_first_name).toBe('=HYPERLINK("http://x")');
    expect((manifest.rows[0].customer as { meal_notes?: string }).meal_notes).toBe('=1+2');
  });

  it('21.h __proto__, constructor and other unknown columns are refused by name (never assigned), with a suggestion for a typo', () => {
    const message = problems('trip.csv', `${HEADER},__proto__,constructor,name.legal_frist_name,id\nMs,Ada,Lovelace,,x,y,z,300001\n`);
    expect(message).toContain('trip.csv:1: column E: unknown column "__proto__"');
    expect(message).toContain('trip.csv:1: column F: unknown column "constructor"');
    expect(message).toContain('unknown column "name.legal_frist_name" — did you mean name.legal_first_name?');
    expect(message).toContain('trip.csv:1: column H: "id" is read-only');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    const ndjson = problems('trip.ndjson', '{"name":{"title":"Ms","legal_first_name":"Ada","legal_last_name":"L"},"__proto__":{"polluted":1}}\n');
    expect(ndjson).toContain('trip.ndjson:1: __proto__.polluted: unknown column "__proto__.polluted"');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('21.h control characters and bidi overrides in a cell are refused, naming line, column and the character', () => {
    const message = problems('trip.csv', `${HEADER}\nMs,Ada\x1b[31m,Lovelace,\nMs,Ada,Love\u202elace,\n`);
    expect(message).toContain('trip.csv:2: column B (name.legal_first_name): holds the control character U+001B');
    expect(message).toContain('trip.csv:3: column C (name.legal_last_name): holds the control character U+202E');
    expect(message).not.toContain('\x1b');
  });

  it('21.h a row with more cells than the header, a duplicated column and unreadable CSV are refused', () => {
    expect(problems('trip.csv', `${HEADER}\nMs,Ada,Lovelace,,extra\n`)).toContain('trip.csv:2: 5 cells, but the header has 4 columns');
    expect(problems('trip.csv', `${HEADER},name.title\nMs,Ada,Lovelace,,Ms\n`)).toContain('trip.csv:1: column E: name.title is also column A');
    expect(problems('trip.csv', `${HEADER}\nMs,"Ada,Lovelace,\n`)).toContain('not readable as CSV');
  });

  it('reads NDJSON rows nested or dotted, phone lists as objects or text, naming the line of a problem', () => {
    const manifest = parseManifest(
      'club.ndjson',
      [
        '{"name":{"title":"Mr","legal_first_name":"Alan","legal_last_name":"Turing"},"phone_numbers":[{"type":"MOBILE","number":"+44-1"}]}',
        '',
        '{"name.title":"Ms","name.legal_first_name":"Ada","name.legal_last_name":"Lovelace","phone_numbers":"HOME:+44-2","date_of_birth":null}',
      ].join('\n'),
      TODAY,
    );
    expect(manifest.rows.map((r) => [r.line, r.customer.phone_numbers])).toEqual([
      [1, [{ type: 'MOBILE', number: '+44-1' }]],
      [3, [{ type: 'HOME', number: '+44-2' }]],
    ]);
    const message = problems(
      'club.ndjson',
      '{"name.title":"Ms","name.legal_first_name":"Ada"}\n[1]\n{"name.title":"Ms","name.legal_first_name":"Ada","name.legal_last_name":"L","nationality":{"x":1}}\nnot json\n',
    );
    expect(message).toContain('club.ndjson:1: name.legal_last_name: required, and empty');
    expect(message).toContain('club.ndjson:2: not a JSON object');
    expect(message).toContain('club.ndjson:3: nationality: text is expected, got object');
    expect(message.indexOf('club.ndjson:1:')).toBeLessThan(message.indexOf('club.ndjson:2:'));
    expect(message).toContain('club.ndjson:4: not a JSON object:');
  });
});
