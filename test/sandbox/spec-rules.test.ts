/**
 * Issue 16: rules of the spec (§2–§8) that no other test checked on their own. Each test is
 * named after its rule; docs/sandbox-rules.md's "Spec rules and where they are checked" points here.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxClient } from '../helpers/sandbox-client.js';
import { book, get } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 40, now: NOW });

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DECIMAL = /^-?\d+\.\d{2}$/;

/** Every [path, value] pair of a JSON value, nested members named with dots. */
function members(value: unknown, path = ''): Array<[string, unknown]> {
  if (value === null || typeof value !== 'object') return [[path, value]];
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return [[path, value], ...entries.flatMap(([k, v]) => members(v, path ? `${path}.${k}` : k))];
}

function expectMembers(record: any, names: string[], label: string): void {
  expect(
    names.filter((name) => !(name in record)),
    `${label} lacks`,
  ).toEqual([]);
}

describe('16 spec §2 member conventions', () => {
  it('16 every Datetime in a booking graph is YYYY-MM-DDThh:mm:ssZ, every Date YYYY-MM-DD, every money member a two-digit decimal string', async () => {
    const { booking, customers, service } = await book(client);
    const graph = { booking: await get(client, booking.href), service: await get(client, service.href), customer: await get(client, customers[0].href) };
    const checked = { datetime: 0, date: 0, decimal: 0 };
    for (const [path, value] of members(graph)) {
      const name = path.split('.').pop()!;
      if (value === null) continue;
      if (/^date_(created|confirmed|cancelled)$|^option_expiry_date$/.test(name)) {
        expect(value, path).toMatch(DATETIME);
        checked.datetime++;
      } else if (/^(date_of_(first|last)_travel|start_date|finish_date|balance_due_date|date_closed|date_of_birth|issue_date|expiry_date)$/.test(name)) {
        expect(value, path).toMatch(DATE);
        checked.date++;
      } else if (/^(amount_(paid|owing|pending)|commission|tax_on_commission|purchase_price|discount_amount)$/.test(name)) {
        expect(value, path).toMatch(DECIMAL);
        checked.decimal++;
      }
    }
    expect(checked.datetime).toBeGreaterThanOrEqual(3);
    expect(checked.date).toBeGreaterThanOrEqual(4);
    expect(checked.decimal).toBeGreaterThanOrEqual(7);
  });

  it('16 a booking carries every member of spec §2.2, its references with id and href', async () => {
    const { booking } = await book(client);
    const read = await get(client, booking.href);
    expectMembers(
      read,
      [
        'id',
        'href',
        'date_of_first_travel',
        'date_of_last_travel',
        'external_id',
        'currency',
        'date_created',
        'date_closed',
        'balance_due_date',
        'amount_paid',
        'amount_owing',
        'amount_pending',
        'commission',
        'tax_on_commission',
        'linked_bookings',
        'booking_company',
        'agent',
        'agency',
        'associated_agency',
        'agency_chain',
        'services',
        'invoices',
        'payments',
        'checkins',
        'requirements',
        'refunds',
        'documents',
        'overrides',
        'customers',
        'travel_credits',
        'payment_links',
      ],
      'booking',
    );
    for (const name of ['booking_company', 'agent', 'agency', 'agency_chain']) expect(read[name], name).toMatchObject({ id: expect.any(String), href: expect.any(String) });
    expect(Array.isArray(read.linked_bookings)).toBe(true);
  });

  it('16 a customer carries every member of spec §2.3, null where nothing was given', async () => {
    const { customers } = await book(client);
    const read = await get(client, customers[0].href);
    expectMembers(
      read,
      [
        'id',
        'href',
        'name',
        'date_of_birth',
        'place_of_birth',
        'nationality',
        'passport',
        'medical_notes',
        'meal_preference',
        'meal_notes',
        'account_email',
        'phone_numbers',
        'emergency_contacts',
        'address',
        'bookings',
      ],
      'customer',
    );
    expectMembers(read.name, ['legal_first_name', 'legal_middle_name', 'legal_last_name', 'common_name', 'title'], 'customer.name');
    expectMembers(read.passport, ['number', 'issue_date', 'expiry_date', 'place_of_issue'], 'customer.passport');
    expectMembers(read.address, ['street', 'city', 'state', 'country', 'postal_zip', 'latitude', 'longitude'], 'customer.address');
    expectMembers(read.emergency_contacts, ['first_name', 'last_name', 'phone_numbers'], 'customer.emergency_contacts');
    expect([read.place_of_birth, read.nationality, read.passport.number]).toEqual([null, null, null]);
    expect(read.bookings).toEqual({ href: `/customers/${read.id}/bookings/` });
  });

  it('16 an agent carries every member of spec §2.8, an agency every member of §2.9', async () => {
    const agent = await get(client, '/agents/1/');
    expectMembers(agent, ['id', 'href', 'role', 'first_name', 'last_name', 'email', 'phone_numbers', 'username', 'agency', 'active'], 'agent');
    expect(agent.role).toMatchObject({ id: expect.anything(), name: expect.any(String) });
    expect(typeof agent.active).toBe('boolean');
    const agency = await get(client, '/agencies/1/');
    expectMembers(
      agency,
      [
        'id',
        'href',
        'name',
        'date_created',
        'transactional_email',
        'agency_chain',
        'booking_currencies',
        'preferred_display_name',
        'address',
        'bookings',
        'agents',
        'promotions',
        'travel_credits',
        'latitude',
        'longitude',
        'documents',
        'emails',
        'agency_chains',
        'booking_companies',
        'agency_chain_configurations',
        'override_agency_secondary',
        'communication_preferences',
        'passenger_notifications',
        'agent_notifications',
        'abta_number',
      ],
      'agency',
    );
    for (const name of ['bookings', 'agents', 'promotions', 'travel_credits']) expect(agency[name], name).toEqual({ href: expect.stringMatching(new RegExp(`/agencies/1/${name}/$`)) });
    expect(agency.agency_chain_configurations[0]).toMatchObject({ agency_chain: { id: expect.any(String) }, booking_company: { id: expect.any(String) }, flags: expect.any(Array) });
  });
});

describe('16 spec §4.2 list answers', () => {
  it('16 a booking’s services list is the summary form of spec §4.2', async () => {
    const { booking, service } = await book(client);
    const list = (await client.get(`${booking.href}services/`)).json;
    expect(list.results).toHaveLength(1);
    expect(Object.keys(list.results[0]).sort()).toEqual(['customers', 'finish_date', 'href', 'id', 'name', 'start_date', 'status', 'status_transitions', 'sub_type', 'type']);
    expect(list.results[0]).toMatchObject({ id: service.id, href: service.href, status: 'Option', type: 'departure_services', sub_type: 'tour' });
  });

  it('16 a customer’s bookings are references, each fetched separately by its href', async () => {
    const { booking, customers } = await book(client);
    const list = (await client.get(`/customers/${customers[0].id}/bookings/`)).json;
    expect(list.results).toEqual([expect.objectContaining({ id: booking.id, href: booking.href })]);
    expect((await get(client, list.results[0].href)).id).toBe(booking.id);
  });
});

describe('16 spec §7.2 error body', () => {
  it('16 errors is empty for every error other than 400', async () => {
    const answers = [await client.get('/bookings/999999/'), await client.get('/bookings/', null), await client.get(`/agencies/2/`), await client.request('DELETE', '/bookings/')];
    expect(answers.map((a) => a.status)).toEqual([404, 401, 403, 405]);
    for (const answer of answers) {
      expect(answer.json, answer.text).toMatchObject({ http_status_code: answer.status, errors: [], message: expect.any(String), time: expect.stringMatching(DATETIME) });
    }
    // A 400 names its problems.
    expect((await client.post('/bookings/', {})).json.errors).not.toEqual([]);
  });
});

describe('16 spec §2.10 itineraries and departures', () => {
  const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it('16 §2.10 a departure and its departure service carry the accommodation components of the trip', async () => {
    const departures = (await client.get('/departures/?max_per_page=20')).json.results;
    let exactDiffers = 0;
    for (const departure of departures) {
      const itinerary = await get(client, departure.structured_itineraries[0].href);
      const componentMembers = Object.keys(itinerary.days[0].components[0]).sort();
      // The itinerary's overnight stays: the night after each day with an ACCOMMODATION component, by date.
      const itineraryNights = new Map<string, any>();
      for (const day of itinerary.days) {
        const stay = day.components.find((c: any) => c.type === 'ACCOMMODATION');
        if (stay) itineraryNights.set(addDays(departure.start_date, day.day - 1), stay);
      }
      const departureNights = new Map<string, any>();
      for (const component of departure.components) {
        expect(Object.keys(component).sort(), departure.id).toEqual([...componentMembers, 'finish_date', 'id', 'name', 'start_date'].sort());
        expect(component).toMatchObject({ type: 'ACCOMMODATION', name: component.accommodation.name, activity: null, transport: null, transport_leg: null, is_overnight: false });
        expect(component.accommodation).toEqual({ id: expect.any(String), name: expect.any(String), type: { code: expect.any(String), label: expect.any(String) } });
        for (let night = component.start_date; night < component.finish_date; night = addDays(night, 1)) departureNights.set(night, component);
      }
      expect([...departureNights.keys()], departure.id).toEqual([...itineraryNights.keys()]);
      for (const [night, component] of departureNights) {
        const representative = itineraryNights.get(night);
        expect(component.start_location, `${departure.id} ${night}`).toEqual(representative.start_location);
        expect(component.accommodation.type).toEqual(representative.accommodation.type);
        if (component.accommodation.id !== representative.accommodation.id) exactDiffers++;
      }
      expect(departure.finish_date >= (departure.components.at(-1)?.finish_date ?? departure.start_date)).toBe(true);
    }
    expect(departures.filter((d: any) => d.components.length > 0).length).toBeGreaterThan(10);
    // The itinerary shows a representative hotel; the departure names the exact one.
    expect(exactDiffers).toBeGreaterThan(0);

    const { service } = await book(client);
    const departure = await get(client, '/departures/100001/');
    expect(departure.components.length).toBeGreaterThan(0);
    expect(service.components).toEqual(departure.components);
    expect((await get(client, service.href)).components).toEqual(departure.components);
  });
});
