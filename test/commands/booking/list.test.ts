import { describe, expect, it } from 'vitest';
import { bookingListRun } from '../../../src/commands/booking/list.js';
import { parseListFlags } from '../../../src/commands/list.js';
import { BOOKING_LIST } from '../../../src/commands/booking/list.js';
import { resourceOptions } from '../../../src/commands/resource.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();

describe('trek booking list', () => {
  it("18 booking list reads the agency's bookings newest first, with dates, money owing and the balance due date", async () => {
    const older = await sandbox.api('POST', '/bookings/', { currency: 'CAD', external_id: 'CRM-1001' });
    const newer = await sandbox.api('POST', '/bookings/', { currency: 'CAD', external_id: 'CRM-2077' });
    const piped = await sandbox.trek(['booking', 'list']);
    expect(piped.code).toBe(0);
    const ids = JSON.parse(piped.out()).map((b: any) => b.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids[0]).toBe(newer.id);

    const t = sandbox.factory({ tty: true, columns: 80 });
    const request = parseListFlags({ where: [], orderBy: [], limit: '2' }, BOOKING_LIST);
    await bookingListRun({ ...(await resourceOptions(t.f)), request, profileAgency: async () => undefined });
    const lines = t.out().split('\n');
    // At 80 columns the creation and closing dates make room for the lead traveller and the tour (none yet).
    expect(lines[0]).toMatch(/^ID +TRAVELLER +TOUR +EXTERNAL ID +TRAVEL +OWING +BALANCE DUE$/);
    expect(lines[1]).toMatch(new RegExp(`^${newer.id} +CRM-2077 +0\\.00 CAD$`));
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(t.err()).toMatch(/^showing 2 of \d+ — --all or --limit N\n$/);
  });

  it('18 booking list --where external_id=CRM-2077 finds a booking by the reference staff remember', async () => {
    const booking = await sandbox.api('POST', '/bookings/', { currency: 'CAD', external_id: 'CRM-3141' });
    const t = await sandbox.trek(['booking', 'list', '--where', 'external_id=CRM-3141']);
    expect(t.code).toBe(0);
    expect(JSON.parse(t.out()).map((b: any) => b.id)).toEqual([booking.id]);
  });

  it('18 booking get CRM-2077, a 404 for something shaped like an external id, suggests that search', async () => {
    const t = await sandbox.trek(['booking', 'get', 'CRM-2077'], { tty: true });
    expect(t.code).toBe(4);
    expect(t.err()).toMatch(
      /^error: Booking CRM-2077 does not exist\. It is not shaped like a booking id; if it is your own reference: trek booking list --where external_id=CRM-2077 \(HTTP 404\)\n {2}error_id: /,
    );
    const numeric = await sandbox.trek(['booking', 'get', '299999'], { tty: true });
    expect(numeric.code).toBe(4);
    expect(numeric.err()).not.toContain('booking list');
  });

  it('refuses a bad --where value and --agency before anything is sent', async () => {
    const bad = await sandbox.trek(['booking', 'list', '--where', 'balance_due_date=2027-13-45']);
    expect(bad.code).toBe(2);
    const badAgency = await sandbox.trek(['booking', 'list', '--agency', 'a/b']);
    expect(badAgency.code).toBe(2);
    expect(badAgency.err()).toContain('--agency "a/b" is not a valid id');
  });
});
