/** Issue 16: flex switched off for one agency, not only for an agency chain (spec §4.3 rules 1 and 3). */
import { describe, expect, it } from 'vitest';
import { KEYS, useSandboxClient } from '../helpers/sandbox-client.js';
import { book, get, pay } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 40, now: NOW });

describe('16 flex can be switched off per agency (spec §4.3 rules 1 and 3)', () => {
  it('16 flex switched off for one agency whose chain sells flex: FLEX_DISABLED naming the agency', async () => {
    const agency = await get(client, '/agencies/6/', KEYS.flexDisabledAgency);
    expect(agency.flags).toEqual(['FLEX_DISABLED']);
    expect(agency.agency_chain_configurations.flatMap((c: any) => c.flags)).not.toContain('FLEX_DISABLED');
    expect((await get(client, '/agencies/1/')).flags).toEqual([]);

    const tour = await book(client, { key: KEYS.flexDisabledAgency, currency: 'USD' });
    await pay(client, tour.booking.id, tour.service.deposit_amount, KEYS.flexDisabledAgency);
    const answer = await client.post('/flex_plan_services/', { booking: { id: tour.booking.id }, departure_service: { id: tour.service.id }, product: { id: '100001-1' } }, KEYS.flexDisabledAgency);
    expect(answer.status, answer.text).toBe(400);
    expect(answer.json.errors).toEqual([{ field: 'booking', code: 'FLEX_DISABLED', detail: 'flex is switched off for agency Cascade Trails Travel (FLEX_DISABLED)', value: tour.booking.id }]);
    expect((await get(client, `${tour.booking.href}services/`, KEYS.flexDisabledAgency)).count).toBe(1);
  });
});
