/**
 * Issue 6 acceptance as a script runs it: `node bin/trek` (the bundle built by the test
 * setup) in child processes, TREK_HOME in a temp dir, against a sandbox started in this
 * process on port 0. stdout is a pipe, so output is JSON unless a format is asked for.
 */
import { describe, expect, it } from 'vitest';
import { asTerminalPlan, readPlanMarkdown } from '../commands/itinerary/plan-markdown.js';
import { runTrek, useTrekAgainstSandbox } from './trek-process.js';

const { env, api, trek, trekJson } = useTrekAgainstSandbox();

/** PASSPORT_INFORMATION's incomplete items, or 'waived' when the checkin no longer has it. */
function passportOf(checkin: any): string[] | 'waived' {
  const passport = checkin.requirements.find((r: any) => r.code === 'PASSPORT_INFORMATION');
  return passport ? passport.INCOMPLETE.map((item: any) => item.code) : 'waived';
}

/** The booking's one checkin as `trek checkin list` shows it. */
const checkinShown = async (bookingId: string) => (await trekJson('checkin', 'list', '--booking', bookingId))[0];

describe('overrides and checkins (issue 6 acceptance)', () => {
  it('a customer without a passport is incomplete; an override completes the requirement; removing it brings it back', async () => {
    // The set-up goes through the API (a trek process each costs seconds on a busy machine): the
    // customer has everything but the passport: date of birth, nationality, a middle name.
    const booking = await api('POST', '/bookings/', { currency: 'CAD' });
    const customer = await api('POST', '/customers/', {
      name: { legal_first_name: 'Ada', legal_middle_name: 'King', legal_last_name: 'Lovelace', title: 'Ms' },
      date_of_birth: '1985-12-10',
      nationality: 'British',
    });
    await api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: [{ id: customer.id }] });

    const table = await runTrek(['checkin', 'list', '--booking', booking.id, '-o', 'table'], { ...env(), COLUMNS: '200' });
    expect(table.stdout).toMatch(/INCOMPLETE: PASSPORT_NUMBER, PASSPORT_EXPIRY/);
    expect(passportOf(await checkinShown(booking.id))).toEqual(['PASSPORT_NUMBER', 'PASSPORT_EXPIRY']);

    const added = await trek('override', 'add', '--booking', booking.id, '--customer', customer.id, '--requirement', 'PASSPORT_INFORMATION', '--reason', 'PASSPORT_RENEWAL');
    expect(added.code, added.stderr).toBe(0);
    const override = JSON.parse(added.stdout);
    expect(added.stderr).toContain('Readiness before: INCOMPLETE — PASSPORT_INFORMATION: PASSPORT_NUMBER, PASSPORT_EXPIRY\nReadiness after:  COMPLETE\n');
    const complete = await checkinShown(booking.id);
    expect(passportOf(complete)).toBe('waived');
    expect(complete.status).toBe('COMPLETE');

    // No terminal and no --yes: refused before anything is sent, and the override stays.
    const refused = await trek('override', 'remove', override.id);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing without --yes, as trek cannot ask: stdin and stdout are not terminals');
    expect((await api('GET', `/overrides/${override.id}/`)).id).toBe(override.id);
    expect(passportOf((await api('GET', `/bookings/${booking.id}/checkins/`)).results[0])).toBe('waived');

    const removed = await trek('override', 'remove', override.id, '--yes');
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toBe('');
    expect(passportOf(await checkinShown(booking.id))).toEqual(['PASSPORT_NUMBER', 'PASSPORT_EXPIRY']);
    expect((await trek('override', 'get', override.id)).code).toBe(4);
  });
});

describe('agencies and itineraries (issue 6 acceptance)', () => {
  it('agency update --country Canada --state Ontario shows the address with objects', async () => {
    const updated = await trekJson('agency', 'update', '1', '--street', '1 Yonge St', '--city', 'Toronto', '--country', 'Canada', '--state', 'Ontario', '--postal-zip', 'M5E 1E5');
    expect(updated.address).toEqual({
      street: '1 Yonge St',
      city: 'Toronto',
      state: { id: 'CA-ON', href: '/states/CA-ON/', name: 'Ontario' },
      country: { id: 'CA', href: '/countries/CA/', name: 'Canada' },
      postal_zip: 'M5E 1E5',
    });
    const table = await trek('agency', 'get', '1', '-o', 'table');
    expect(table.stdout).toMatch(/\nADDRESS +1 Yonge St\n +Toronto, Ontario \(CA-ON\) M5E 1E5\n +Canada \(CA\)\n/);
  });

  it('itinerary get prints "Days 2–3" once, and --markdown reads as Markdown', async () => {
    // Wide enough that no line wraps: the plan is compared with its JSON laid out unwrapped.
    const plan = await runTrek(['itinerary', 'get', '700001', '-o', 'table'], { ...env(), COLUMNS: '400' });
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout.match(/^Days 2–3 · /gm)).toHaveLength(1);
    expect(plan.stdout).not.toMatch(/^Day [23] /m);

    const markdown = await trek('itinerary', 'get', '700001', '--markdown');
    expect(markdown.code, markdown.stderr).toBe(0);
    const read = readPlanMarkdown(markdown.stdout);
    const dayHeadings = read.blocks.flatMap((block) => ('heading' in block && block.heading === 2 ? block.content : []));
    expect(dayHeadings.filter((text) => String(text).startsWith('Days 2–3 · '))).toHaveLength(1);
    expect(dayHeadings[0]).toMatch(/^Day 1 · /);
    expect(asTerminalPlan(read.blocks)).toBe(plan.stdout);
  });
});
