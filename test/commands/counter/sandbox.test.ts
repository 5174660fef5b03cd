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
