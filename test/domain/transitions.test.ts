import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { explainRefusal, TRANSITIONS, type ServiceType, type Trigger } from '../../src/domain/transitions.js';

/** The rows of docs/sandbox.md's transition table, as written. */
function documentedRows(): string[][] {
  const text = readFileSync('docs/sandbox.md', 'utf8');
  const start = text.indexOf('| from | to | for | made by | fees |');
  expect(start).toBeGreaterThan(-1);
  const lines = text.slice(start).split('\n');
  const rows: string[][] = [];
  for (const line of lines.slice(2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

const TYPE_WORDS: Record<string, readonly ServiceType[]> = {
  departure: ['departure_services'],
  'departure, activity': ['departure_services', 'activity_services'],
  activity: ['activity_services'],
  'flex plan': ['flex_plan_services'],
  all: ['departure_services', 'activity_services', 'flex_plan_services'],
};
/** What "made by" must say for each trigger of a row. */
const TRIGGER_WORDS: Record<Trigger, RegExp> = {
  patch: /PATCH/,
  payment: /payment/,
  expiry: /clock/,
  office: /office|request is sent/,
  availability: /REQUEST_SPACE/,
  space: /places coming free/,
  staff: /staff/,
  departure: /departure service/,
};
const FEE_WORDS = { none: /^(—|none|none \(staff apply them\))$/, terms: /^by the terms$/, kept: /^the whole price kept$/ };

describe('the service state machine is stated once', () => {
  it("docs/sandbox.md's table has exactly the rows of src/domain/transitions.ts, in order", () => {
    const rows = documentedRows();
    expect(rows.map(([from, to]) => `${from} → ${to}`)).toEqual(TRANSITIONS.map((row) => `${row.from} → ${row.to}`));
    rows.forEach(([, , types, madeBy, fees], i) => {
      const row = TRANSITIONS[i];
      expect(TYPE_WORDS[types], `row ${i + 1} "for"`).toEqual(row.types);
      for (const trigger of row.triggers) expect(madeBy, `row ${i + 1} made by ${trigger}`).toMatch(TRIGGER_WORDS[trigger]);
      expect(fees, `row ${i + 1} fees`).toMatch(FEE_WORDS[row.fees]);
    });
  });

  it('explains a refused move from the rows: final states, the status passed through first, the release, the entry points', () => {
    const tour = (status: Parameters<typeof explainRefusal>[0]['status']) => ({ type: 'departure_services' as const, status });
    expect(explainRefusal(tour('Cancelled'), 'Confirmed')).toBe('Cancelled is final; nothing follows it');
    expect(explainRefusal(tour('On Request'), 'Confirmed')).toBe(
      'it goes to Request Confirmation first: the operator moves an On Request service there when the request is sent to the local office, once the full price is paid',
    );
    expect(explainRefusal(tour('Waitlisted'), 'Confirmed')).toMatch(/^it goes to Option first: a Waitlisted service moves to Option by itself/);
    expect(explainRefusal(tour('Option'), 'Request Cancellation')).toBe('a service in Option is released, not cancelled: move it to Expired (no cancellation fees)');
    expect(explainRefusal(tour('Confirmed'), 'Waitlisted')).toBe('a service is Waitlisted only when it is created on a product with availability WAIT_LIST');
    expect(explainRefusal({ type: 'flex_plan_services', status: 'Confirmed' }, 'Request Cancellation')).toMatch(/^a flex plan service cannot be cancelled through the API/);
    expect(explainRefusal(tour('Confirmed'), 'Confirmed')).toBe('it is already Confirmed');
  });
});
