import { describe, expect, it } from 'vitest';
import { KEYS, useSandboxClient } from '../helpers/sandbox-client.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ now: NOW });

function problems(answer: { status: number; json: any }): string[] {
  expect(answer.status).toBe(400);
  return answer.json.errors.map((e: any) => `${e.field} ${e.code}`);
}

describe('PATCH /agents/<id>/', () => {
  it('changes the five fields of spec §4.2 and answers the agent', async () => {
    const changes = {
      first_name: 'Avery-Jo',
      last_name: 'Tremblay-Roy',
      email: 'avery@mapleleaf.example',
      phone_numbers: [{ number: '+1-416-555-0199', type: 'MOBILE' }],
      username: 'averyjo',
    };
    const answer = await client.patch('/agents/1/', { ...changes, id: '99', href: '/agents/99/' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      id: '1',
      href: '/agents/1/',
      role: { id: '1', name: 'Manager' },
      ...changes,
      agency: { id: '1', href: '/agencies/1/', name: 'Maple Leaf Travel' },
      active: true,
    });
    expect((await client.get('/agents/1')).json).toEqual(answer.json);
  });

  it('refuses the other fields and bad values, all in one 400', async () => {
    const answer = await client.patch('/agents/2/', { role: { id: '1' }, active: false, agency: { id: '2' }, email: 'not-an-email', username: 'two words', first_name: '' });
    expect(problems(answer)).toEqual(['role NOT_PATCHABLE', 'active NOT_PATCHABLE', 'agency NOT_PATCHABLE', 'first_name REQUIRED', 'email INVALID_EMAIL', 'username INVALID_VALUE']);
    expect(problems(await client.patch('/agents/2/', { phone_numbers: [{ number: '1' }, 'x'] }))).toEqual(['phone_numbers[0].type REQUIRED', 'phone_numbers[1] INVALID_TYPE']);
    expect((await client.get('/agents/2/')).json.active).toBe(true);
  });

  it('keeps usernames unique', async () => {
    const taken = (await client.get('/agents/4/', KEYS.harbourLights)).json.username;
    expect(problems(await client.patch('/agents/3/', { username: taken.toUpperCase() }, KEYS.harbourLights))).toEqual(['username USERNAME_TAKEN']);
  });

  it('lets an agent change itself and a Manager change a colleague; nobody another agency', async () => {
    expect((await client.patch('/agents/2/', { first_name: 'Jordy' }, KEYS.mapleLeafSecond)).status).toBe(200);
    expect((await client.patch('/agents/1/', { first_name: 'Nope' }, KEYS.mapleLeafSecond)).status).toBe(403);
    const byManager = await client.patch('/agents/2/', { last_name: 'Singh-Lee' });
    expect([byManager.status, byManager.json.first_name, byManager.json.last_name]).toEqual([200, 'Jordy', 'Singh-Lee']);
    expect((await client.patch('/agents/3/', { first_name: 'X' })).status).toBe(403);
    expect((await client.patch('/agents/999/', { first_name: 'X' })).status).toBe(404);
  });
});

describe('PATCH /agencies/<id>/', () => {
  it('resolves address text to state and country objects', async () => {
    const answer = await client.patch('/agencies/5/', { address: { street: '1 Yonge St', city: 'Toronto', state: 'Ontario', country: 'canada', postal_zip: 'M5E 1E5' } }, KEYS.prairie);
    expect(answer.status).toBe(200);
    expect(answer.json.address).toEqual({
      street: '1 Yonge St',
      city: 'Toronto',
      state: { id: 'CA-ON', href: '/states/CA-ON/', name: 'Ontario' },
      country: { id: 'CA', href: '/countries/CA/', name: 'Canada' },
      postal_zip: 'M5E 1E5',
    });
    expect((await client.get('/agencies/5', KEYS.prairie)).json.address).toEqual(answer.json.address);
    // Codes work too; a country without the old state drops it.
    expect((await client.patch('/agencies/5/', { address: { state: 'QC' } }, KEYS.prairie)).json.address.state.name).toBe('Quebec');
    const moved = await client.patch('/agencies/5/', { address: { country: 'Switzerland', city: 'Zürich' } }, KEYS.prairie);
    expect([moved.json.address.country.id, moved.json.address.state, moved.json.address.street]).toEqual(['CH', null, '1 Yonge St']);
    expect((await client.patch('/agencies/5/', { address: { state: 'zurich' } }, KEYS.prairie)).json.address.state).toEqual({ id: 'CH-ZH', href: '/states/CH-ZH/', name: 'Zürich' });
  });

  it('answers 400 on address.country for an unknown country, address.state for a state not in it', async () => {
    const answer = await client.patch('/agencies/5/', { address: { country: 'Atlantis', street: 'x' } }, KEYS.prairie);
    expect(problems(answer)).toEqual(['address.country UNKNOWN_COUNTRY']);
    expect(answer.json.errors[0].value).toBe('Atlantis');
    expect(problems(await client.patch('/agencies/5/', { address: { country: 'Canada', state: 'Bayern' } }, KEYS.prairie))).toEqual(['address.state UNKNOWN_STATE']);
    expect(problems(await client.patch('/agencies/5/', { address: { country: null } }, KEYS.prairie))).toEqual(['address.country REQUIRED']);
    expect((await client.get('/agencies/5/', KEYS.prairie)).json.address.street).not.toBe('x');
  });

  it('changes the other patchable fields; refuses what the operator controls; ignores read-only fields', async () => {
    const changes = {
      name: 'Prairie Wanderers Ltd.',
      preferred_display_name: 'Prairie Wanderers',
      transactional_email: 'bookings@prairie.example',
      emails: [{ type: 'TRANSACTIONAL', address: 'bookings@prairie.example' }],
      latitude: '51.0447',
      longitude: '-114.0719',
      communication_preferences: ['ATTACH_INVOICES', 'ALLOW_GROUPS'],
      passenger_notifications: ['PRE_DEPARTURE'],
      agent_notifications: [],
      abta_number: null,
    };
    const answer = await client.patch('/agencies/5/', { ...changes, agency_chain: { id: '2' }, href: '/agencies/1/' }, KEYS.prairie);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject(changes);
    expect(answer.json.agency_chain.id).toBe('1');
    const refused = await client.patch(
      '/agencies/5/',
      { booking_currencies: ['CHF'], agency_chains: [], override_agency_secondary: true, communication_preferences: ['FAX'], latitude: '91', emails: [{ type: 'X', address: 'nope' }] },
      KEYS.prairie,
    );
    expect(problems(refused)).toEqual([
      'booking_currencies NOT_PATCHABLE',
      'agency_chains NOT_PATCHABLE',
      'override_agency_secondary NOT_PATCHABLE',
      'emails[0].address INVALID_EMAIL',
      'latitude INVALID_VALUE',
      'communication_preferences[0] INVALID_CHOICE',
    ]);
  });

  it('keeps the deprecated agency_chain beside agency_chains', async () => {
    const agency = (await client.get('/agencies/1/')).json;
    expect(agency.agency_chains).toEqual([{ id: '1', href: '/agency_chains/1/', name: 'North Star Travel Group' }]);
    expect(agency.agency_chain).toEqual(agency.agency_chains[0]);
  });

  it('is for a Manager of the agency only', async () => {
    expect((await client.patch('/agencies/1/', { name: 'Mine now' }, KEYS.mapleLeafSecond)).status).toBe(403);
    expect((await client.patch('/agencies/1/', { name: 'Mine now' }, KEYS.harbourLights)).status).toBe(403);
    expect((await client.get('/agencies/1/')).json.name).toBe('Maple Leaf Travel');
    expect((await client.patch('/agencies/99/', { name: 'x' })).status).toBe(404);
  });
});
