/** A booking with a customer on a tour, made through the sandbox API, for the override and checkin command tests. */
import type { Sandbox } from '../../helpers/trek-sandbox.js';

/** The plainly bookable showcase departure (docs/sandbox.md). */
export const TOUR = '100001';

export interface Booked {
  booking: any;
  customer: any;
  service: any;
}

export async function booked(sandbox: Sandbox, customerFields: Record<string, unknown> = {}): Promise<Booked> {
  const booking = await sandbox.api('POST', '/bookings/', { currency: 'CAD' });
  const customer = await sandbox.api('POST', '/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' }, ...customerFields });
  const service = await sandbox.api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: TOUR }, customers: [{ id: customer.id }] });
  return { booking, customer, service };
}

/**
 * The readiness a bare customer (names and title Ms) has on a tour, by the sandbox's rules
 * (docs/sandbox.md, Checkins): the name and, from the title, the gender are known; nothing else.
 */
export const BARE_READINESS =
  'INCOMPLETE — PASSPORT_INFORMATION: MIDDLE_NAME, NATIONALITY, DATE_OF_BIRTH, PASSPORT_NUMBER, PASSPORT_EXPIRY; PERSONAL_DETAILS: DATE_OF_BIRTH; AGE_RESTRICTION: AGE_RESTRICTED';
/** The same once PASSPORT_INFORMATION is waived. */
export const BARE_WITHOUT_PASSPORT = 'INCOMPLETE — PERSONAL_DETAILS: DATE_OF_BIRTH; AGE_RESTRICTION: AGE_RESTRICTED';

/** What the renderer prints for a table that fits: columns padded to their widest cell, two spaces apart. */
export function plainTable(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  return (
    rows
      .map((row) =>
        row
          .map((cell, i) => cell.padEnd(widths[i]))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

/** Everything the sandbox's requirements ask of an adult traveller. */
export const READY = {
  name: { legal_first_name: 'Grace', legal_middle_name: 'Brewster', legal_last_name: 'Hopper', title: 'Ms' },
  date_of_birth: '1980-12-09',
  nationality: 'US',
  passport: { number: 'X1234567', issue_date: '2020-01-15', expiry_date: '2036-01-14', place_of_issue: 'Washington' },
};
