/**
 * A day at the counter, round 3: what the sandbox's own commands say (issue 29, items 12 and 14).
 * This file moves its sandbox's clock: its tests share that sandbox and run in order.
 */
import { describe, expect, it } from 'vitest';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';
import { booked } from '../override/booked.js';

const sandbox = useTrekSandbox();

describe('sandbox clock advance lists what the move changed', () => {
  it('names the option it expired, and says when nothing fell due', async () => {
    const { booking, service } = await booked(sandbox);
    const t = await sandbox.trek(['sandbox', 'clock', 'advance', '30d']);
    expect(t.code).toBe(0);
    expect(t.err()).toContain(`\n  Expired: departure service ${service.id} (${service.name}) on booking ${booking.id}, was Option\n`);
    const json = JSON.parse(t.out());
    expect(json.changes).toContainEqual(expect.objectContaining({ type: 'service_status', from: 'Option', to: 'Expired', service: expect.objectContaining({ id: service.id }) }));
    const quiet = await sandbox.trek(['sandbox', 'clock', 'advance', '1m']);
    expect(quiet.err()).toMatch(/\nNothing fell due\.\n$/);
  });
});

describe('small ones', () => {
  it('sandbox pay shows the amount with its currency', async () => {
    const { booking } = await booked(sandbox);
    const t = await sandbox.trek(['sandbox', 'pay', booking.id, '100', '-o', 'table'], { columns: 120 });
    expect(t.code).toBe(0);
    expect(t.out()).toMatch(/^AMOUNT +100\.00 CAD$/m);
  });

  it("a cancellation window open at both ends reads 'any date', not '… – …'", async () => {
    const { windowDates } = await import('../../../src/commands/flex/columns.js');
    expect(windowDates({ start_date: null, end_date: null, days_before_departure_from: 0 })).toBe('any date');
    expect(windowDates({ start_date: null, end_date: '2027-06-30' })).toBe('… – 2027-06-30');
  });
});
