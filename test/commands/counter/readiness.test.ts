/**
 * A day at the counter, round 3: readiness hints that name the real fix and its reason, and
 * the warnings and readiness that come before and after a change (issue 29, items 2 and 3).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { overrideAddRun } from '../../../src/commands/override/add.js';
import { resourceOptions } from '../../../src/commands/resource.js';
import type { Prompter } from '../../../src/prompt/prompter.js';
import { tempHome } from '../../helpers/factory.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';
import { booked, READY, TOUR } from '../override/booked.js';

const sandbox = useTrekSandbox();

const CHILD = { ...READY, name: { ...READY.name, legal_first_name: 'Tim' }, date_of_birth: '2015-05-01' };

async function fixesFor(fields: Record<string, unknown>) {
  const b = await booked(sandbox, fields);
  const t = await sandbox.trek(['checkin', 'list', '--booking', b.booking.id], { tty: true, columns: 300 });
  expect(t.code).toBe(0);
  return { ...b, err: t.err() };
}

describe('readiness hints name the real fix and why', () => {
  it('a child with a birth date on file is sent to an override, not to change the birth date', async () => {
    const { booking, customer, err } = await fixesFor(CHILD);
    expect(err).toContain(`# Ms Tim Brewster Hopper (${customer.id}): born 2015-05-01: under the tour's minimum age`);
    expect(err).toContain(`trek override add --booking ${booking.id} --customer ${customer.id} --requirement AGE_RESTRICTION --reason MINOR_TRAVELLER`);
    expect(err).not.toContain('--date-of-birth');
  });

  it('title Mx is explained, with the override for a traveller whose passport shows no gender', async () => {
    const { booking, customer, err } = await fixesFor({ ...READY, name: { ...READY.name, title: 'Mx' } });
    expect(err).toContain('title Mx records no gender');
    expect(err).toContain(`trek override add --booking ${booking.id} --customer ${customer.id} --requirement PERSONAL_DETAILS --reason NOT_APPLICABLE`);
  });

  it('a passport that expires before the trip ends says so, with both dates', async () => {
    const { err } = await fixesFor({ ...READY, passport: { ...READY.passport, expiry_date: '2027-07-30' } });
    const trip = await sandbox.api('GET', `/departures/${TOUR}`);
    expect(err).toContain(`passport expires 2027-07-30, before the trip ends ${trip.finish_date}`);
    expect(err).not.toContain('PASSPORT_EXPIRY missing');
    expect(err).toMatch(/--passport-number NUMBER --passport-expiry-date YYYY-MM-DD/);
    expect(err).toContain('--requirement PASSPORT_INFORMATION --reason PASSPORT_RENEWAL');
  });

  it('offers "no middle name" as an answer', async () => {
    const { err } = await fixesFor({ ...READY, name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' }, passport: {} });
    expect(err).toContain('if the passport shows none, leave --middle-name out');
  });

  it('add-departure warns of a child on an adults-only band before booking', async () => {
    const b = await booked(sandbox);
    const child = await sandbox.api('POST', '/customers/', CHILD);
    const t = await sandbox.trek(['service', 'add-departure', '--booking', b.booking.id, '--departure', TOUR, '--customer', child.id]);
    expect(t.code).toBe(0);
    expect(t.err()).toMatch(new RegExp(`^! Tim Hopper \\(${child.id}\\) will be 12 on \\d{4}-\\d{2}-\\d{2}, when departure ${TOUR} starts; every room's band is "Adult 18\\+"`));
    expect(t.err()).toContain('AGE_RESTRICTION, reason MINOR_TRAVELLER');
  });

  it('group import warns of a child in the manifest before anything is created', async () => {
    const file = join(tempHome(), 'class.csv');
    writeFileSync(file, 'name.title,name.legal_first_name,name.legal_last_name,date_of_birth\nMs,Ada,Adult,1980-01-01\nMr,Tim,Child,2015-05-01\n');
    const t = await sandbox.trek(['group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', TOUR]);
    expect(t.code).toBe(0);
    // Before anything is created: the warning comes first.
    expect(t.err()).toMatch(/^! class\.csv:3 Mr Tim Child will be 12 on/);
    expect(t.err()).not.toContain('Ada Adult will be');
  });
});

describe('customer update shows readiness', () => {
  it('before and after, for each booking the customer travels on', async () => {
    const b = await booked(sandbox, READY);
    const t = await sandbox.trek(['customer', 'update', b.customer.id, '--passport-expiry-date', '2027-07-30']);
    expect(t.code).toBe(0);
    expect(t.err()).toContain(`Readiness on booking ${b.booking.id} before: COMPLETE\n`);
    expect(t.err()).toContain(`Readiness on booking ${b.booking.id} after:  INCOMPLETE — PASSPORT_INFORMATION: PASSPORT_EXPIRY\n`);
  });
});

describe('group import on a terminal', () => {
  it("says the option's expiry in local time, not raw UTC", async () => {
    const file = join(tempHome(), 'pair.csv');
    writeFileSync(file, 'name.title,name.legal_first_name,name.legal_last_name\nMs,Ada,Pair\nMr,Alan,Pair\n');
    const t = await sandbox.trek(['group', 'import', file, '--new-booking', '--currency', 'CAD', '--departure', TOUR, '-o', 'json'], { tty: true, columns: 200 });
    expect(t.code).toBe(0);
    expect(t.err()).toMatch(/: Option until \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(t.err()).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z/);
  });
});

describe('override add on a terminal', () => {
  it('starts on a customer not yet ready, and on MINOR_TRAVELLER for an age restriction; readiness lines wrap within the terminal', async () => {
    const b = await booked(sandbox);
    const grace = await sandbox.api('POST', '/customers/', READY);
    await sandbox.api('POST', '/departure_services/', { booking: { id: b.booking.id }, product: { id: TOUR }, customers: [{ id: grace.id }] });
    const home = tempHome();
    // Grace, complete, is the customer last used.
    expect((await sandbox.trek(['customer', 'get', grace.id], { env: { TREK_HOME: home } })).code).toBe(0);
    const starts: Record<string, unknown> = {};
    const answers: unknown[] = [undefined, 'AGE_RESTRICTION', undefined];
    const prompter = {
      select: async (message: string, _choices: unknown, start?: unknown) => {
        starts[message] = start;
        return answers.shift() ?? start;
      },
      input: async () => Promise.reject(new Error('not asked')),
      password: async () => Promise.reject(new Error('not asked')),
      confirm: async () => Promise.reject(new Error('not asked')),
      search: async () => Promise.reject(new Error('not asked')),
    } as unknown as Prompter;
    const t = sandbox.factory({ tty: true, columns: 60, env: { TREK_HOME: home } });
    const opts = await resourceOptions(t.f);
    await overrideAddRun({ ...opts, output: { ...opts.output, format: 'json' }, prompter: () => prompter, dryRun: false, booking: b.booking.id, services: [] });
    expect(starts).toEqual({ Customer: b.customer.id, 'Requirement to waive': undefined, Reason: 'MINOR_TRAVELLER' });
    const lines = t.err().trimEnd().split('\n');
    expect(lines.some((line) => line.startsWith('Readiness before: INCOMPLETE'))).toBe(true);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(60);
  });
});
