/** Issue 16: one clock for everything, the error body's `time` (spec §7.2) included. */
import { describe, expect, it } from 'vitest';
import { useSandboxClient } from '../helpers/sandbox-client.js';
import { get, moveClock } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 10, now: NOW });

describe('16 one clock for everything', () => {
  it("16 an error body's time follows the virtual clock: 30 days on, a 404 says so", async () => {
    await moveClock(client, { advance: '30d' });
    const before = Date.parse((await get(client, '/_sandbox/clock')).now);
    const missing = await client.get('/bookings/1/');
    const after = Date.parse((await get(client, '/_sandbox/clock')).now);
    expect(missing.status).toBe(404);
    const time = Date.parse(missing.json.time);
    expect(missing.json.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // The body is to the second: between the clock before (cut to its second) and after.
    expect(time).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(time).toBeLessThanOrEqual(after);
  });
});
