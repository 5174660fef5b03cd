import { describe, expect, it } from 'vitest';
import { overrideGetRun } from '../../../src/commands/override/get.js';
import { overrideListRun } from '../../../src/commands/override/list.js';
import { resourceOptions } from '../../../src/commands/resource.js';
import { recentIds } from '../../../src/history.js';
import { main } from '../../../src/main.js';
import { localTime } from '../../../src/output/time.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';
import { BARE_READINESS, BARE_WITHOUT_PASSPORT, booked, type Booked } from './booked.js';

const sandbox = useTrekSandbox();

const servers = useHostileServers();

const addArgs = (b: Booked, ...more: string[]) => ['override', 'add', '--booking', b.booking.id, '--customer', b.customer.id, ...more];

async function overridesOf(bookingId: string): Promise<any[]> {
  return (await sandbox.api('GET', `/bookings/${bookingId}/overrides/`)).results;
}

async function waive(b: Booked): Promise<any> {
  return sandbox.api('POST', '/overrides/', {
    booking: { id: b.booking.id },
    customer: { id: b.customer.id },
    services: [{ id: b.service.id }],
    reason: { code: 'PASSPORT_RENEWAL' },
    requirement: { code: 'PASSPORT_INFORMATION' },
  });
}

describe('trek override add', () => {
  it("creates the override for the customer's services, prints it, and shows readiness before and after on stderr", async () => {
    const b = await booked(sandbox);
    const t = await sandbox.trek(addArgs(b, '--requirement', 'passport_information', '--reason', 'PASSPORT_RENEWAL'));
    expect(t.code).toBe(0);
    const printed = JSON.parse(t.out());
    expect(printed).toEqual(await sandbox.api('GET', `/overrides/${printed.id}/`));
    expect(printed).toMatchObject({ requirement: { code: 'PASSPORT_INFORMATION' }, reason: { code: 'PASSPORT_RENEWAL' }, services: [{ id: b.service.id }] });
    expect(t.err()).toBe(
      `Applying to the customer's services on booking ${b.booking.id}: ${b.service.id}.\n` +
        `✓ Created override ${printed.id}: PASSPORT_INFORMATION waived for Ms Ada Lovelace (${b.customer.id}) (Passport is being renewed) on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)\n` +
        `Readiness before: ${BARE_READINESS}\n` +
        `Readiness after:  ${BARE_WITHOUT_PASSPORT}\n`,
    );
    expect(recentIds(t.f.paths(), 'sandbox', 'override')).toEqual([{ id: printed.id, label: `PASSPORT_INFORMATION waived for Ms Ada Lovelace (${b.customer.id})` }]);
  });

  it('sends the services given with --service', async () => {
    const b = await booked(sandbox);
    const t = await sandbox.trek(addArgs(b, '--service', b.service.id, '--requirement', 'AGE_RESTRICTION', '--reason', 'minor_traveller', '-o', 'json'));
    expect(t.code).toBe(0);
    expect(t.err()).not.toContain('Applying to');
    expect((await overridesOf(b.booking.id)).map((o) => [o.requirement.code, o.reason.code])).toEqual([['AGE_RESTRICTION', 'MINOR_TRAVELLER']]);
  });

  it('asks for the customer, requirement and reason on a terminal, offering what the booking has', async () => {
    const b = await booked(sandbox);
    const t = await sandbox.trek(['override', 'add', '--booking', b.booking.id], { tty: true, answers: [b.customer.id, 'PASSPORT_INFORMATION', 'INFO_AT_CHECKIN'] });
    expect(t.code).toBe(0);
    expect(t.prompter.asked).toEqual(['Customer', 'Requirement to waive', 'Reason']);
    expect((await overridesOf(b.booking.id)).map((o) => [o.customer.id, o.requirement.code, o.reason.code])).toEqual([[b.customer.id, 'PASSPORT_INFORMATION', 'INFO_AT_CHECKIN']]);
  });

  it.each([
    [
      [],
      '--requirement and --reason are required and trek cannot ask for them: stdin and stdout are not terminals\nPass --requirement and --reason on the command line (trek asks only when stdin and stdout are both a terminal).',
    ],
    [
      ['--reason', 'PASSPORT_RENEWAL'],
      '--requirement is required and trek cannot ask for it: stdin and stdout are not terminals\nPass --requirement on the command line (trek asks only when stdin and stdout are both a terminal).',
    ],
    [
      ['--requirement', 'PASSPORT_INFORMATION'],
      '--reason is required and trek cannot ask for it: stdin and stdout are not terminals\nPass --reason on the command line (trek asks only when stdin and stdout are both a terminal).',
    ],
    [['--requirement', 'PASSPORT INFORMATION', '--reason', 'PASSPORT_RENEWAL'], '--requirement must be a code such as PASSPORT_RENEWAL, got "PASSPORT INFORMATION"'],
    [['--requirement', 'PASSPORT_INFORMATION', '--reason', 'PASSPORT_RENEWAL', '--service', ' '], '--service " " is not a valid id: it starts or ends with a blank'],
  ])('refuses %j without a terminal, exit 2, before any request', async (flags, message) => {
    const server = await servers.silent();
    const t = testFactory({ baseUrl: server.url, apiKey: 'k' });
    expect(await main(['override', 'add', '--booking', '200001', '--customer', '300001', ...flags], t.f)).toBe(2);
    expect(t.err()).toBe(`error: ${message}\n`);
    expect(server.requests).toEqual([]);
  });

  it('refuses an unknown reason, listing the known ones, and creates nothing', async () => {
    const b = await booked(sandbox);
    const t = await sandbox.trek(addArgs(b, '--requirement', 'PASSPORT_INFORMATION', '--reason', 'LOST_IT'));
    expect(t.code).toBe(2);
    expect(t.err()).toContain('error: unknown --reason "LOST_IT"\nReasons: PASSPORT_RENEWAL, INFO_AT_CHECKIN, MINOR_TRAVELLER, AGENT_VERIFIED, NOT_APPLICABLE');
    expect(await overridesOf(b.booking.id)).toEqual([]);
  });

  it("prints the API's refusal with its field and code (exit 5)", async () => {
    const b = await booked(sandbox);
    // A customer with no checkin on the booking: trek cannot check the requirement, the API refuses.
    const stranger = await sandbox.api('POST', '/customers/', { name: { legal_first_name: 'Alan', legal_last_name: 'Turing', title: 'Mr' } });
    const t = await sandbox.trek(['override', 'add', '--booking', b.booking.id, '--customer', stranger.id, '--service', b.service.id, '--requirement', 'VISA', '--reason', 'AGENT_VERIFIED']);
    expect(t.code).toBe(5);
    expect(t.err()).toMatch(
      /^error: Validation failed: .*\(HTTP 400\)\n( {2}- .*\n)*( {2}- requirement\.code: UNKNOWN_REQUIREMENT — unknown requirement; use one of PASSPORT_INFORMATION, PERSONAL_DETAILS, AGE_RESTRICTION\n)( {2}- .*\n)* {2}error_id: sbx_[0-9a-f]{16}\n$/,
    );
  });

  it('prints the request with --dry-run and sends nothing when every value is given', async () => {
    const server = await servers.silent();
    const t = testFactory({ baseUrl: server.url, apiKey: 'secret-key' });
    const args = [
      'override',
      'add',
      '--booking',
      '200003',
      '--customer',
      '300001',
      '--service',
      '400001',
      '--service',
      '400002',
      '--requirement',
      'PASSPORT_INFORMATION',
      '--reason',
      'PASSPORT_RENEWAL',
      '--dry-run',
    ];
    expect(await main(args, t.f)).toBe(0);
    expect(server.requests).toEqual([]);
    const [head, body] = t.out().split('\n\n');
    expect(head.split('\n')[0]).toBe(`POST ${server.url}/overrides/`);
    expect(t.out()).not.toContain('secret-key');
    expect(JSON.parse(body)).toEqual({
      booking: { id: '200003' },
      customer: { id: '300001' },
      services: [{ id: '400001' }, { id: '400002' }],
      reason: { code: 'PASSPORT_RENEWAL' },
      requirement: { code: 'PASSPORT_INFORMATION' },
    });
  });

  it('checks --fields against the override fields before creating anything', async () => {
    const b = await booked(sandbox);
    const t = await sandbox.trek(addArgs(b, '--requirement', 'PASSPORT_INFORMATION', '--reason', 'PASSPORT_RENEWAL', '--fields', 'id,reasonn'));
    expect(t.code).toBe(2);
    expect(t.err()).toContain('unknown field "reasonn"');
    expect(await overridesOf(b.booking.id)).toEqual([]);
  });
});

describe('trek override get, update, list, reasons', () => {
  it('shows an override as rows on a terminal', async () => {
    const b = await booked(sandbox);
    const override = await waive(b);
    const t = sandbox.factory({ tty: true });
    await overrideGetRun({ ...(await resourceOptions(t.f)), id: override.id });
    const row = (label: string, value: string) => `${label.padEnd('REQUIREMENT'.length + 2)}${value}`;
    expect(t.out()).toBe(
      [
        row('ID', override.id),
        row('REQUIREMENT', 'PASSPORT_INFORMATION (Passport information)'),
        row('REASON', 'PASSPORT_RENEWAL — Passport is being renewed'),
        row('CUSTOMER', `Ms Ada Lovelace (${b.customer.id})`),
        row('BOOKING', b.booking.id),
        row('SERVICES', `${b.service.name} (${b.service.id})`),
        row('CREATED', localTime(override.date_created)),
      ].join('\n') + '\n',
    );
    expect(t.err()).toBe('');
  });

  it('changes the reason with update and prints the override', async () => {
    const override = await waive(await booked(sandbox));
    const t = await sandbox.trek(['override', 'update', override.id, '--reason', 'INFO_AT_CHECKIN', '--fields', 'id,reason.code']);
    expect(t.code).toBe(0);
    expect(JSON.parse(t.out())).toEqual({ id: override.id, reason: { code: 'INFO_AT_CHECKIN' } });
    expect(t.err()).toBe(`✓ Updated override ${override.id}: reason now Customer will provide the information at check-in on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)\n`);
    expect((await sandbox.api('GET', `/overrides/${override.id}/`)).reason.code).toBe('INFO_AT_CHECKIN');
  });

  it('needs --reason for update without a terminal', async () => {
    const t = await sandbox.trek(['override', 'update', '640001']);
    expect(t.code).toBe(2);
    expect(t.err()).toBe(
      'error: --reason is required and trek cannot ask for it: stdin and stdout are not terminals\nPass --reason on the command line (trek asks only when stdin and stdout are both a terminal).\n',
    );
  });

  it("lists a booking's overrides as a table on a terminal and as JSON in a pipe", async () => {
    const b = await booked(sandbox);
    const override = await waive(b);
    const t = sandbox.factory({ tty: true, columns: 140 });
    await overrideListRun({ ...(await resourceOptions(t.f)), booking: b.booking.id });
    const customer = `Ms Ada Lovelace (${b.customer.id})`;
    const widths = [Math.max(2, override.id.length), customer.length, 'PASSPORT_INFORMATION'.length, 'PASSPORT_RENEWAL — Passport is being renewed'.length];
    const line = (cells: string[]) =>
      cells
        .map((cell, i) => (i < widths.length ? cell.padEnd(widths[i]) : cell))
        .join('  ')
        .trimEnd();
    expect(t.out()).toBe(
      `${line(['ID', 'CUSTOMER', 'REQUIREMENT', 'REASON', 'SERVICES'])}\n${line([override.id, customer, 'PASSPORT_INFORMATION', 'PASSPORT_RENEWAL — Passport is being renewed', b.service.id])}\n`,
    );

    const piped = await sandbox.trek(['override', 'list', '--booking', b.booking.id]);
    expect(JSON.parse(piped.out())).toEqual([override]);
    expect(recentIds(piped.f.paths(), 'sandbox', 'override').map((r) => r.id)).toEqual([override.id]);
  });

  it('says so on stderr when a booking has no overrides', async () => {
    const b = await booked(sandbox);
    const t = await sandbox.trek(['override', 'list', '--booking', b.booking.id], { tty: true });
    expect([t.code, t.out(), t.err()]).toEqual([0, '', `Booking ${b.booking.id} has no overrides.\n`]);
  });

  it('lists the reasons', async () => {
    const t = await sandbox.trek(['override', 'reasons', '--fields', 'code']);
    expect(JSON.parse(t.out())).toEqual(['PASSPORT_RENEWAL', 'INFO_AT_CHECKIN', 'MINOR_TRAVELLER', 'AGENT_VERIFIED', 'NOT_APPLICABLE'].map((code) => ({ code })));
  });
});

describe('trek override remove', () => {
  it('refuses without --yes when not on a terminal: exit 2, nothing deleted, nothing asked', async () => {
    const override = await waive(await booked(sandbox));
    const t = await sandbox.trek(['override', 'remove', override.id]);
    expect(t.code).toBe(2);
    expect(t.err()).toBe(`error: Remove override ${override.id}: refusing without --yes, as trek cannot ask: stdin and stdout are not terminals\nRe-run with --yes to confirm.\n`);
    expect((await sandbox.api('GET', `/overrides/${override.id}/`)).id).toBe(override.id);
  });

  it('asks on a terminal; "no" keeps it (exit 130), "yes" removes it and shows the readiness now', async () => {
    const b = await booked(sandbox);
    const override = await waive(b);
    const declined = await sandbox.trek(['override', 'remove', override.id], { tty: true, answers: [false] });
    expect(declined.code).toBe(130);
    expect(declined.prompter.asked).toEqual([`Remove override ${override.id} (PASSPORT_INFORMATION waived for Ms Ada Lovelace (${b.customer.id}))? The requirement will apply again.`]);
    expect((await sandbox.api('GET', `/overrides/${override.id}/`)).id).toBe(override.id);

    const confirmed = await sandbox.trek(['override', 'remove', override.id], { tty: true, columns: 300, answers: [true] });
    expect(confirmed.code).toBe(0);
    expect(confirmed.out()).toBe('');
    expect(confirmed.err()).toBe(
      `Working on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)\n✓ Removed override ${override.id}; PASSPORT_INFORMATION applies again on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)\nReadiness now: ${BARE_READINESS}\n`,
    );
    expect(await overridesOf(b.booking.id)).toEqual([]);
  });

  it('removes without asking with --yes; a second remove is a 404 (exit 4)', async () => {
    const override = await waive(await booked(sandbox));
    const t = await sandbox.trek(['override', 'remove', override.id, '--yes']);
    expect(t.code).toBe(0);
    const again = await sandbox.trek(['override', 'remove', override.id, '--yes']);
    expect(again.code).toBe(4);
    expect(again.err()).toContain(`Override ${override.id} does not exist.`);
  });

  it('prints the DELETE with --dry-run and sends nothing', async () => {
    const server = await servers.silent();
    const t = testFactory({ baseUrl: server.url, apiKey: 'k' });
    expect(await main(['override', 'remove', '640001', '--dry-run'], t.f)).toBe(0);
    expect(t.out().split('\n')[0]).toBe(`DELETE ${server.url}/overrides/640001/`);
    expect(server.requests).toEqual([]);
  });
});
