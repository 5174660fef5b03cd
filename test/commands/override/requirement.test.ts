/**
 * Issue 18: `trek override add --requirement` is checked against the requirement codes the
 * booking's checkins name (PASSPORT_INFORMATION, PERSONAL_DETAILS, AGE_RESTRICTION…), not
 * the items inside them (MIDDLE_NAME…), before anything is created. Real HTTP against the
 * sandbox, whose checkins follow its documented requirements (docs/sandbox.md, Checkins).
 */
import { describe, expect, it } from 'vitest';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';
import { booked, type Booked } from './booked.js';

const sandbox = useTrekSandbox();

const addArgs = (b: Booked, requirement: string, ...more: string[]) => [
  'override',
  'add',
  '--booking',
  b.booking.id,
  '--customer',
  b.customer.id,
  '--service',
  b.service.id,
  '--requirement',
  requirement,
  '--reason',
  'AGENT_VERIFIED',
  ...more,
];

const overridesOf = async (bookingId: string): Promise<any[]> => (await sandbox.api('GET', `/bookings/${bookingId}/overrides/`)).results;

const ALL_THREE = (b: Booked) => `Requirements of customer ${b.customer.id} on booking ${b.booking.id}: PASSPORT_INFORMATION, PERSONAL_DETAILS, AGE_RESTRICTION.`;

describe('18 --requirement on overrides is a requirement code of the checkins, not an item code', () => {
  it.each([false, true])('18 an item code (MIDDLE_NAME) is refused, naming its requirement (terminal: %s)', async (tty) => {
    const b = await booked(sandbox);
    const t = await sandbox.trek(addArgs(b, 'middle_name'), { tty });
    expect(t.code).toBe(2);
    expect(t.out()).toBe('');
    expect(t.err()).toBe(
      'error: --requirement MIDDLE_NAME: MIDDLE_NAME is an item of PASSPORT_INFORMATION, not a requirement; an override waives a whole requirement\n' +
        `Waive it with --requirement PASSPORT_INFORMATION. ${ALL_THREE(b)}\n`,
    );
    expect(await overridesOf(b.booking.id)).toEqual([]);
  });

  it('an item of two requirements names both', async () => {
    const b = await booked(sandbox);
    const t = await sandbox.trek(addArgs(b, 'DATE_OF_BIRTH'));
    expect(t.code).toBe(2);
    expect(t.err().split('\n')[0]).toBe(
      'error: --requirement DATE_OF_BIRTH: DATE_OF_BIRTH is an item of PASSPORT_INFORMATION and PERSONAL_DETAILS, not a requirement; an override waives a whole requirement',
    );
  });

  it('a mistyped requirement gets the nearest code; an unknown one the list', async () => {
    const b = await booked(sandbox);
    const typo = await sandbox.trek(addArgs(b, 'PASPORT_INFORMATION'));
    expect([typo.code, typo.err()]).toEqual([
      2,
      `error: --requirement PASPORT_INFORMATION: no checkin of booking ${b.booking.id} names this requirement; did you mean PASSPORT_INFORMATION?\n${ALL_THREE(b)}\n`,
    ]);
    const unknown = await sandbox.trek(addArgs(b, 'VISA'));
    expect([unknown.code, unknown.err()]).toEqual([2, `error: --requirement VISA: no checkin of booking ${b.booking.id} names this requirement\n${ALL_THREE(b)}\n`]);
    expect(await overridesOf(b.booking.id)).toEqual([]);
  });

  it("a requirement of another traveller, not this customer's, is said as such", async () => {
    const b = await booked(sandbox);
    // On an activity only, the second traveller needs personal details but no passport (the sandbox's rule).
    const other = await sandbox.api('POST', '/customers/', { name: { legal_first_name: 'Alan', legal_last_name: 'Turing', title: 'Mr' } });
    const activity = await sandbox.api('POST', '/activity_services/', { booking: { id: b.booking.id }, product: { id: '500001' }, customers: [{ id: other.id }] });
    const t = await sandbox.trek([
      'override',
      'add',
      '--booking',
      b.booking.id,
      '--customer',
      other.id,
      '--service',
      activity.id,
      '--requirement',
      'PASSPORT_INFORMATION',
      '--reason',
      'AGENT_VERIFIED',
    ]);
    expect([t.code, t.err()]).toEqual([
      2,
      `error: --requirement PASSPORT_INFORMATION: not required of customer ${other.id} on booking ${b.booking.id}\nRequirements of customer ${other.id} on booking ${b.booking.id}: PERSONAL_DETAILS.\n`,
    ]);
  });

  it('a requirement already waived names its override', async () => {
    const b = await booked(sandbox);
    const first = await sandbox.trek(addArgs(b, 'PASSPORT_INFORMATION', '-o', 'json'));
    expect(first.code).toBe(0);
    const override = JSON.parse(first.out());
    const again = await sandbox.trek(addArgs(b, 'PASSPORT_INFORMATION'));
    expect([again.code, again.err()]).toEqual([
      2,
      `error: --requirement PASSPORT_INFORMATION: already waived for customer ${b.customer.id} on booking ${b.booking.id} by override ${override.id}\n` +
        `\`trek override update ${override.id} --reason CODE\` changes its reason.\n`,
    ]);
    expect((await overridesOf(b.booking.id)).map((o) => o.id)).toEqual([override.id]);
  });

  it('each requirement the checkin names is accepted and waived', async () => {
    const b = await booked(sandbox);
    for (const code of ['PERSONAL_DETAILS', 'AGE_RESTRICTION']) expect((await sandbox.trek(addArgs(b, code, '-o', 'json'))).code).toBe(0);
    expect((await overridesOf(b.booking.id)).map((o) => o.requirement.code)).toEqual(['PERSONAL_DETAILS', 'AGE_RESTRICTION']);
  });
});
