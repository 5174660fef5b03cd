/**
 * A day at the counter, round 3: adding services from flags as the pickers would (issue 29,
 * items 9 and 10).
 */
import { describe, expect, it } from 'vitest';
import { askCustomers } from '../../../src/commands/ask.js';
import { resourceOptions } from '../../../src/commands/resource.js';
import { bookingTour, offTourReasons } from '../../../src/commands/service/activity-picker.js';
import { tempHome } from '../../helpers/factory.js';
import { recordingPrompter, useTrekSandbox } from '../../helpers/trek-sandbox.js';
import { booked } from '../override/booked.js';

const sandbox = useTrekSandbox();

describe('service add-activity from flags', () => {
  it('warns on stderr of an activity off the tour, before booking it, and not of one on it', async () => {
    const b = await booked(sandbox);
    const tour = await bookingTour(await sandbox.factory().f.api(), b.booking.id);
    const activities = (await sandbox.api('GET', '/activities?max_per_page=100')).results;
    const off = activities.find((a: any) => offTourReasons(a, tour).length > 0);
    const on = activities.find((a: any) => offTourReasons(a, tour).length === 0);
    expect(off && on).toBeTruthy();
    const t = await sandbox.trek(['service', 'add-activity', '--booking', b.booking.id, '--activity', off.id, '--customer', b.customer.id]);
    expect(t.code).toBe(0);
    expect(t.err()).toMatch(new RegExp(`^Warning: activity ${off.id} \\(.*\\) is not on booking ${b.booking.id}'s tour: it is`));
    const quiet = await sandbox.trek(['service', 'add-activity', '--booking', b.booking.id, '--activity', on.id, '--customer', b.customer.id]);
    expect(quiet.code).toBe(0);
    expect(quiet.err()).not.toContain('Warning');
  });
});

describe('the multi-traveller picker', () => {
  /** A booking with Ada and Alan on its tour, and Grace, a stranger to it, among the recent customers. */
  async function withStranger() {
    const b = await booked(sandbox);
    const alan = await sandbox.api('POST', '/customers/', { name: { legal_first_name: 'Alan', legal_last_name: 'Turing', title: 'Mr' } });
    await sandbox.api('POST', '/departure_services/', { booking: { id: b.booking.id }, product: { id: '100001' }, customers: [{ id: alan.id }] });
    const home = tempHome();
    const grace = JSON.parse((await sandbox.trek(['customer', 'create', '--first-name', 'Grace', '--last-name', 'Hopper', '--title', 'Ms'], { env: { TREK_HOME: home } })).out());
    return { ...b, alan, grace, home };
  }

  it('offers all the travellers first, then puts Done first and under the cursor', async () => {
    const { booking, home } = await withStranger();
    const prompter = recordingPrompter([(choices: Array<{ value: unknown }>) => choices[0].value, (choices: Array<{ value: unknown }>) => choices[0].value]);
    const t = sandbox.factory({ tty: true, env: { TREK_HOME: home } });
    const chosen = await askCustomers(prompter, await resourceOptions(t.f), booking.id);
    expect(prompter.asked[0].choices![0].name).toBe('All 2 travellers on this booking');
    expect(prompter.asked[1].choices![0].name).toBe('Done (2 chosen)');
    expect(chosen).toHaveLength(2);
  });

  it('asks before adding someone not on the booking', async () => {
    const { booking, customer, grace, home } = await withStranger();
    const prompter = recordingPrompter([customer.id, grace.id, false, (choices: Array<{ name: string; value: unknown }>) => choices.find((c) => c.name.startsWith('Done'))!.value]);
    const t = sandbox.factory({ tty: true, env: { TREK_HOME: home } });
    const chosen = await askCustomers(prompter, await resourceOptions(t.f), booking.id);
    expect(prompter.asked[2].message).toBe(`Ms Grace Hopper (${grace.id}) is not on booking ${booking.id}. Add them to this service?`);
    expect(chosen).toEqual([customer.id]);
  });
});
