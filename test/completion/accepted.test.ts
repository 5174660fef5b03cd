/**
 * Issue 19, "Completion offers only what the API accepts": `trek __complete` on the built-in
 * sandbox for each case, then every value it offered is sent back to the sandbox in the command
 * the value was offered for, and must be accepted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { TOPIC_NAMES } from '../../src/domain/help-topics.js';
import { SEARCH_FIELD_TYPES } from '../../src/api/query.js';
import { trekPaths } from '../../src/config/paths.js';
import { recordIds } from '../../src/history-record.js';
import { NOW } from '../helpers/clock.js';
import { tempHome, testFactory } from '../helpers/factory.js';

let home: string;

/** `trek <argv>` in-process on this file's sandbox; stdout parsed as JSON when asked for. */
async function trek(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const t = testFactory({ env: { TREK_HOME: home } });
  const code = await main(argv, t.f);
  return { code, out: t.out(), err: t.err() };
}

async function json(argv: string[]): Promise<any> {
  const result = await trek([...argv, '-o', 'json']);
  expect(result.code, `trek ${argv.join(' ')}: ${result.err}`).toBe(0);
  return JSON.parse(result.out);
}

/** The values `trek __complete <words…>` offers, with their descriptions. */
async function offered(...words: string[]): Promise<{ values: string[]; descriptions: string[] }> {
  const { code, out } = await trek(['__complete', ...words]);
  expect(code).toBe(0);
  const lines = out.trimEnd().split('\n').slice(0, -1);
  return { values: lines.map((line) => line.split('\t')[0]), descriptions: lines.map((line) => line.split('\t')[1] ?? '') };
}

async function accepted(argv: string[]): Promise<void> {
  const result = await trek(argv);
  expect(result.code, `trek ${argv.join(' ')} was refused: ${result.err}`).toBe(0);
}

/** A departure six months and more ahead: outside every stop-sell window, with flex plans. */
let departure: string;
let booking: string;
let maria: string;
let pablo: string;

beforeAll(async () => {
  home = tempHome();
  // The built-in sandbox on the pinned clock, so its catalogue's dates hold on any day.
  expect((await trek(['sandbox', 'reset', '--clock', NOW.toISOString(), '--yes'])).code).toBe(0);
  departure = (await json(['search', 'departures', '--where', 'availability.status=AVAILABLE', '--starting', '2027-06', '--limit', '1']))[0].id;
  booking = (await json(['booking', 'create', '--currency', 'USD', '--external-id', 'CRM-2077'])).id;
  maria = (await json(['customer', 'create', '--title', 'Ms', '--first-name', 'María José', '--last-name', "García-O'Neill"])).id;
  pablo = (await json(['customer', 'create', '--title', 'Mr', '--first-name', 'Pablo', '--last-name', 'García'])).id;
});

/** A departure service for `customers` on `bookingId`, paid in full (Confirmed) when asked. */
async function departureService(bookingId: string, customers: string[], confirmed: boolean): Promise<string> {
  const service = await json(['service', 'add-departure', '--booking', bookingId, '--departure', departure, ...customers.flatMap((c) => ['--customer', c])]);
  if (confirmed) {
    const { amount_owing: owing } = await json(['booking', 'get', bookingId]);
    await accepted(['sandbox', 'pay', bookingId, owing]);
  }
  return String(service.id);
}

describe('19 completion offers only what the API accepts', () => {
  it("19.1 override add --requirement offers the booking's requirement codes, each of which an override is then created with", async () => {
    await departureService(booking, [maria, pablo], false);
    const all = await offered('override', 'add', '--booking', booking, '--requirement', '');
    expect(all.values).toEqual(['PASSPORT_INFORMATION', 'PERSONAL_DETAILS', 'AGE_RESTRICTION']);
    expect(all.descriptions[0]).toBe("Passport information · Ms María José García-O'Neill, Mr Pablo García");
    // No item code (NAME, GENDER, MIDDLE_NAME…), which the API refuses.
    for (const item of ['NAME', 'GENDER', 'MIDDLE_NAME', 'NATIONALITY', 'DATE_OF_BIRTH']) expect(all.values).not.toContain(item);

    const reasons = (await offered('override', 'add', '--reason', '')).values;
    expect(reasons.length).toBeGreaterThan(0);
    const forMaria = (await offered('override', 'add', '--booking', booking, '--customer', maria, '--requirement', '')).values;
    for (const [i, requirement] of forMaria.entries()) {
      await accepted(['override', 'add', '--booking', booking, '--customer', maria, '--requirement', requirement, '--reason', reasons[i % reasons.length]]);
    }
    // Waived, they leave her checkin: nothing more is offered for her, and Pablo's are still there.
    expect((await offered('override', 'add', '--booking', booking, '--customer', maria, '--requirement', '')).values).toEqual([]);
    expect((await offered('override', 'add', '--booking', booking, '--requirement', '')).descriptions[0]).toBe('Passport information · Mr Pablo García');
  });

  it("19.2 booking create --currency offers the agency's booking currencies, and a booking is created in each", async () => {
    const { agency } = await json(['agent', 'me']);
    const { booking_currencies: currencies } = await json(['agency', 'get', String(agency.id)]);
    const { values } = await offered('booking', 'create', '--currency', '');
    expect(values).toEqual(currencies);
    for (const currency of values) await accepted(['booking', 'create', '--currency', currency]);
    // Only what the agency takes: the sandbox prices in currencies this agency does not use.
    expect(values).not.toContain('EUR');
  });

  it('19.3 flex attach --departure-service offers the departure services of that booking flex can be attached to; flex terms offers departure services only', async () => {
    const other = (await json(['booking', 'create', '--currency', 'USD'])).id;
    const otherService = await departureService(other, [pablo], true);
    const flexBooking = (await json(['booking', 'create', '--currency', 'USD'])).id;
    // Paid first: a payment later would confirm the waiting one too.
    const confirmed = await departureService(flexBooking, [maria], true);
    const waiting = await departureService(flexBooking, [pablo], false);
    const activity = (await json(['search', 'activities', '--limit', '1']))[0].id;
    const activityService = (await json(['service', 'add-activity', '--booking', flexBooking, '--activity', activity, '--customer', maria])).id;

    const attachable = await offered('flex', 'attach', '--booking', flexBooking, '--departure-service', '');
    // Not the activity, not the other booking's, not the one in Option (flex waits for confirmation).
    expect(attachable.values).toEqual([confirmed]);
    expect(attachable.descriptions[0]).toMatch(new RegExp(`^booking ${flexBooking} · .+ · Confirmed · 2027-06`));
    for (const service of attachable.values) {
      const plans = (await offered('flex', 'attach', '--booking', flexBooking, '--departure-service', service, '--plan', '')).values;
      await accepted(['flex', 'attach', '--booking', flexBooking, '--departure-service', service, '--plan', plans[0]]);
    }
    // Covered now: a second flex plan would be refused, so it is no longer offered.
    expect((await offered('flex', 'attach', '--booking', flexBooking, '--departure-service', '')).values).toEqual([]);

    const flexService = (await json(['booking', 'services', flexBooking])).find((s: { type: string }) => s.type === 'flex_plan_services').id;
    // A booking in the history that is gone costs only its own services.
    recordIds(trekPaths({ TREK_HOME: home }), 'sandbox', 'booking', [{ id: '299999' }]);
    const terms = await offered('flex', 'terms', '');
    expect(terms.values).toEqual(expect.arrayContaining([confirmed, waiting, otherService]));
    for (const kindOfService of [activityService, flexService]) expect(terms.values).not.toContain(String(kindOfService));
    for (const service of terms.values) await accepted(['flex', 'terms', service]);
    // The tour's name finds them too.
    const name = attachable.descriptions[0].split(' · ')[1];
    expect((await offered('flex', 'terms', name.split(' ')[0])).values).toEqual(expect.arrayContaining([confirmed, waiting]));
  });

  it('19.4 --where and --fields offer every field of the resource, and the sandbox takes each', async () => {
    for (const [words, table] of [
      [['search', 'departures'], SEARCH_FIELD_TYPES.departures],
      [['search', 'tour-dossiers'], SEARCH_FIELD_TYPES.tour_dossiers],
      [['search', 'activities'], SEARCH_FIELD_TYPES.activities],
      [['booking', 'list'], SEARCH_FIELD_TYPES.bookings],
    ] as const) {
      const where = (await offered(...words, '--where', '')).values;
      expect(where).toEqual(Object.keys(table).map((field) => `${field}=`));
      for (const condition of where) await accepted([...words, '--where', `${condition.slice(0, -1)}__notnull=true`, '--limit', '1', '-o', 'json']);
      const fields = (await offered(...words, '--fields', '')).values;
      expect(fields).toEqual(expect.arrayContaining(Object.keys(table)));
      const result = await json([...words, '--fields', fields.join(','), '--limit', '1']);
      expect(Object.keys(result[0] ?? {})).toEqual(expect.arrayContaining(fields.filter((field) => !field.includes('.'))));
    }
  });

  it("19.5 a customer's name and a booking's reference find their ids, which the commands then take", async () => {
    await accepted(['customer', 'get', maria, '-o', 'json']);
    await accepted(['customer', 'get', pablo, '-o', 'json']);
    await accepted(['booking', 'get', booking, '-o', 'json']);
    const byName = await offered('customer', 'get', 'Garc');
    expect(byName.values).toEqual([pablo, maria]);
    expect(byName.descriptions).toEqual(['Mr Pablo García', "Ms María José García-O'Neill"]);
    expect((await offered('customer', 'get', "garcia-o'")).values).toEqual([maria]);
    const byReference = await offered('booking', 'get', 'CRM');
    expect(byReference.values).toEqual([booking]);
    // Its travellers and tour name it too (29.5), before its currency and reference.
    expect(byReference.descriptions).toEqual([expect.stringMatching(/^Ms María José García-O'Neill · USD · CRM-2077 · .+$/)]);
    expect((await offered('booking', 'get', "García-O'N")).values).toContain(booking);
    for (const id of byName.values) await accepted(['customer', 'get', id, '-o', 'json']);
  });

  it('19.6 trek help offers the help topics, and each is shown', async () => {
    const { values } = await offered('help', '');
    expect(values).toEqual(expect.arrayContaining([...TOPIC_NAMES]));
    expect((await offered('help', 'exit')).values).toEqual(['exit-codes']);
    for (const topic of TOPIC_NAMES) await accepted(['help', topic]);
  });
});
