import { describe, expect, it } from 'vitest';
import { checkinGetRun } from '../../../src/commands/checkin/get.js';
import { checkinListRun } from '../../../src/commands/checkin/list.js';
import { resourceOptions } from '../../../src/commands/resource.js';
import { recentIds } from '../../../src/history.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';
import { booked, plainTable, READY, TOUR } from '../override/booked.js';

const sandbox = useTrekSandbox();

/** Ada (names only) and Grace (everything) on one tour; Ada's passport requirement waived. */
async function twoTravellers() {
  const b = await booked(sandbox);
  const grace = await sandbox.api('POST', '/customers/', READY);
  await sandbox.api('POST', '/departure_services/', { booking: { id: b.booking.id }, product: { id: TOUR }, customers: [{ id: grace.id }] });
  await sandbox.api('POST', '/overrides/', {
    booking: { id: b.booking.id },
    customer: { id: b.customer.id },
    services: [{ id: b.service.id }],
    reason: { code: 'PASSPORT_RENEWAL' },
    requirement: { code: 'PASSPORT_INFORMATION' },
  });
  const [ada, ready] = (await sandbox.api('GET', `/bookings/${b.booking.id}/checkins/`)).results;
  return { ...b, grace, checkins: { ada, grace: ready } };
}

describe('trek checkin list', () => {
  it('shows one row per customer with each requirement, waived ones with their reason, and the readiness page', async () => {
    const { booking, customer, grace, checkins } = await twoTravellers();
    const t = sandbox.factory({ tty: true, columns: 250 });
    await checkinListRun({ ...(await resourceOptions(t.f)), booking: booking.id, incomplete: false });
    expect(t.out()).toBe(
      plainTable([
        ['CUSTOMER', 'STATUS', 'PASSPORT_INFORMATION', 'PERSONAL_DETAILS', 'AGE_RESTRICTION'],
        [`Ms Ada Lovelace (${customer.id})`, 'INCOMPLETE', 'waived: PASSPORT_RENEWAL', 'INCOMPLETE: DATE_OF_BIRTH', 'INCOMPLETE: AGE_RESTRICTED'],
        [`Ms Grace Brewster Hopper (${grace.id})`, 'COMPLETE', 'COMPLETE', 'COMPLETE', 'COMPLETE'],
      ]) + ['', 'Readiness pages', `${customer.id}  /goodtogo/${checkins.ada.id}`, `${grace.id}  /goodtogo/${checkins.grace.id}`, ''].join('\n'),
    );
    expect(t.err()).toBe(`\nTo complete what is missing:\n  trek customer update ${customer.id} --date-of-birth YYYY-MM-DD\n`);
    expect(
      recentIds(t.f.paths(), 'sandbox', 'checkin')
        .map((r) => r.id)
        .sort(),
    ).toEqual([checkins.ada.id, checkins.grace.id].sort());
  });

  it('wraps requirement cells on a narrower terminal instead of cutting them', async () => {
    const { booking, checkins } = await twoTravellers();
    const t = sandbox.factory({ tty: true, columns: 100 });
    await checkinListRun({ ...(await resourceOptions(t.f)), booking: booking.id, incomplete: false });
    const lines = t.out().split('\n');
    expect(lines[0]).toMatch(/^CUSTOMER +STATUS +PASSPORT_INFORMATION +PERSONAL_DETAILS +AGE_RESTRICTION$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    // Every code that still blocks travel is there whole, on some line of its cell.
    const blocking = checkins.ada.requirements.flatMap((r: any) => r.INCOMPLETE.map((item: any) => item.code));
    expect(blocking.length).toBeGreaterThan(0);
    for (const code of blocking) expect(t.out()).toMatch(new RegExp(`\\b${code}\\b`));
  });

  it('keeps only what blocks travel with --incomplete, in JSON too', async () => {
    const { booking, checkins } = await twoTravellers();
    const t = await sandbox.trek(['checkin', 'list', '--booking', booking.id, '--incomplete']);
    expect(t.code).toBe(0);
    const blocking = checkins.ada.requirements.filter((r: any) => r.INCOMPLETE.length > 0);
    expect(blocking.map((r: any) => r.code)).toEqual(['PERSONAL_DETAILS', 'AGE_RESTRICTION']);
    expect(JSON.parse(t.out())).toEqual([{ ...checkins.ada, requirements: blocking }]);
  });

  it('says everyone is ready when nothing blocks travel', async () => {
    const b = await booked(sandbox, READY);
    const t = await sandbox.trek(['checkin', 'list', '--booking', b.booking.id, '--incomplete'], { tty: true });
    expect([t.code, t.out(), t.err()]).toEqual([0, '', `Every customer on booking ${b.booking.id} is ready for travel.\n`]);
  });

  it('prints plain columns as CSV', async () => {
    const { booking, customer, grace, checkins } = await twoTravellers();
    const t = await sandbox.trek(['checkin', 'list', '--booking', booking.id, '-o', 'csv']);
    expect(t.out()).toBe(
      'id,booking.id,customer.id,customer.name.legal_first_name,customer.name.legal_last_name,status,expires\n' +
        `${checkins.ada.id},${booking.id},${customer.id},Ada,Lovelace,INCOMPLETE,${checkins.ada.expires}\n` +
        `${checkins.grace.id},${booking.id},${grace.id},Grace,Hopper,COMPLETE,${checkins.grace.expires}\n`,
    );
  });

  it('needs --booking without a terminal (exit 2)', async () => {
    const t = await sandbox.trek(['checkin', 'list']);
    expect([t.code, t.err()]).toEqual([
      2,
      'error: --booking is required and trek cannot ask for it: stdin and stdout are not terminals\nPass --booking on the command line (trek asks only when stdin and stdout are both a terminal).\n',
    ]);
  });
});

describe('trek checkin get', () => {
  it('shows the checkin rows and a table of its requirements', async () => {
    const b = await booked(sandbox);
    const [checkin] = (await sandbox.api('GET', `/bookings/${b.booking.id}/checkins/`)).results;
    const t = sandbox.factory({ tty: true, columns: 200 });
    await checkinGetRun({ ...(await resourceOptions(t.f)), id: checkin.id });
    const row = (label: string, value: string) => `${label.padEnd('READINESS PAGE'.length + 2)}${value}`;
    expect(t.out()).toBe(
      [
        row('ID', checkin.id),
        row('CUSTOMER', `Ms Ada Lovelace (${b.customer.id})`),
        row('BOOKING', b.booking.id),
        row('STATUS', 'INCOMPLETE'),
        row('EXPIRES', b.service.finish_date),
        row('READINESS PAGE', `/goodtogo/${checkin.id}`),
        '',
        'Requirements',
      ].join('\n') +
        '\n' +
        plainTable([
          ['REQUIREMENT', 'NAME', 'STATUS', 'INCOMPLETE', 'COMPLETE'],
          ['PASSPORT_INFORMATION', 'Passport information', 'INCOMPLETE', 'MIDDLE_NAME, NATIONALITY, DATE_OF_BIRTH, PASSPORT_NUMBER, PASSPORT_EXPIRY', 'NAME'],
          ['PERSONAL_DETAILS', 'Personal details', 'INCOMPLETE', 'DATE_OF_BIRTH', 'GENDER'],
          ['AGE_RESTRICTION', 'Age restriction', 'INCOMPLETE', 'AGE_RESTRICTED', ''],
        ]),
    );
  });

  it('prints the checkin as the API sends it in a pipe; an unknown id is exit 4', async () => {
    const b = await booked(sandbox);
    const [checkin] = (await sandbox.api('GET', `/bookings/${b.booking.id}/checkins/`)).results;
    const t = await sandbox.trek(['checkin', 'get', checkin.id]);
    expect(JSON.parse(t.out())).toEqual(checkin);
    expect((await sandbox.trek(['checkin', 'get', 'ffffffffffffffffffffffff'])).code).toBe(4);
  });
});
