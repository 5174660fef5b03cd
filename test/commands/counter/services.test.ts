/**
 * A day at the counter, round 3: adding services from flags as the pickers would (issue 29,
 * items 9 and 10).
 */
import { describe, expect, it } from 'vitest';
import { bookingTour, offTourReasons } from '../../../src/commands/service/activity-picker.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';
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
