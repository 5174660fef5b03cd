import { describe, expect, it } from 'vitest';
import * as bookingRoutes from '../../src/sandbox/routes/bookings.js';
import { startFixtureSandbox } from './checkins-fixtures.js';
import { clientFor, collectPages, KEYS, useSandboxClient } from '../helpers/sandbox-client.js';

const client = useSandboxClient({ size: 50 });

const DECIMAL = /^-?\d+\.\d{2}$/;
const NESTED = ['services', 'invoices', 'payments', 'checkins', 'requirements', 'refunds', 'documents', 'overrides', 'customers', 'travel_credits', 'payment_links'];

describe('POST /bookings/', () => {
  it('creates a booking for the caller with money as two-digit decimals and nested hrefs', async () => {
    const answer = await client.post('/bookings/', { currency: 'cad', external_id: 'ext-1', no_auto_final_payment: true, amount_paid: '999.00', id: 'mine' });
    expect(answer.status).toBe(201);
    const booking = answer.json;
    expect(booking).toMatchObject({ currency: 'CAD', external_id: 'ext-1', no_auto_final_payment: true, date_closed: null, agency: { id: '1' }, agent: { id: '1' } });
    expect(booking.id).not.toBe('mine');
    for (const field of ['amount_paid', 'amount_owing', 'amount_pending', 'commission', 'tax_on_commission']) expect(booking[field]).toMatch(DECIMAL);
    expect(booking.amount_paid).toBe('0.00');
    expect(booking.href).toBe(`/bookings/${booking.id}/`);
    for (const name of NESTED) expect(booking[name]).toEqual({ href: `/bookings/${booking.id}/${name}/` });
    expect((await client.get(booking.href)).json).toEqual(booking);
  });

  it('does not enforce external_id uniqueness', async () => {
    const a = await client.post('/bookings/', { currency: 'CAD', external_id: 'same' });
    const b = await client.post('/bookings/', { currency: 'CAD', external_id: 'same' });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json.id).not.toBe(b.json.id);
  });

  it('requires a currency the agency books in', async () => {
    const missing = await client.post('/bookings/', {});
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual([expect.objectContaining({ field: 'currency', code: 'REQUIRED' })]);
    const notAccepted = await client.post('/bookings/', { currency: 'GBP' });
    expect(notAccepted.status).toBe(400);
    expect(notAccepted.json.errors).toEqual([expect.objectContaining({ field: 'currency', code: 'CURRENCY_NOT_ACCEPTED', value: 'GBP' })]);
    expect(notAccepted.json.errors[0].detail).toContain('CAD, USD');
    const malformed = await client.post('/bookings/', { currency: 'dollars' });
    expect(malformed.json.errors[0]).toMatchObject({ field: 'currency', code: 'INVALID_CURRENCY' });
    expect((await client.post('/bookings/', { currency: 'GBP' }, KEYS.harbourLights)).status).toBe(201);
    expect((await client.post('/bookings/', { currency: 'AUD' }, KEYS.prairie)).status).toBe(201);
  });

  it('accepts agency_identifier naming the own agency by id or transactional e-mail', async () => {
    const byId = await client.post('/bookings/', { currency: 'CAD', agency_identifier: { field: 'id', value: '1' } });
    expect(byId.status).toBe(201);
    const byEmail = await client.post('/bookings/', { currency: 'CAD', agency_identifier: { field: 'transactional_email', value: 'Bookings@MapleLeaf.example' } });
    expect(byEmail.status).toBe(201);
    expect(byEmail.json.agency.id).toBe('1');
  });

  it('refuses agency_identifier for another agency (403), an unknown one and a bad field (400)', async () => {
    expect((await client.post('/bookings/', { currency: 'CAD', agency_identifier: { field: 'id', value: '2' } })).status).toBe(403);
    const unknown = await client.post('/bookings/', { currency: 'CAD', agency_identifier: { field: 'id', value: '999' } });
    expect(unknown.json.errors[0]).toMatchObject({ field: 'agency_identifier.value', code: 'AGENCY_NOT_FOUND' });
    const badField = await client.post('/bookings/', { currency: 'CAD', agency_identifier: { field: 'name', value: 'x' } });
    expect(badField.json.errors[0]).toMatchObject({ field: 'agency_identifier.field', code: 'INVALID_CHOICE' });
  });

  it('computes tax on commission by agency country (0 with no services)', async () => {
    const booking = (await client.post('/bookings/', { currency: 'EUR' }, KEYS.ceu)).json;
    expect(booking.tax_on_commission).toBe('0.00');
    expect(booking.agency.id).toBe('3');
  });
});

describe('PATCH /bookings/<id>/', () => {
  it('changes external_id and ignores read-only fields', async () => {
    const booking = (await client.post('/bookings/', { currency: 'USD' })).json;
    const answer = await client.patch(`/bookings/${booking.id}/`, { external_id: 'changed', currency: 'USD', amount_paid: '5.00', date_closed: '2020-01-01' });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ external_id: 'changed', currency: 'USD', amount_paid: '0.00', date_closed: null });
  });

  it('refuses any change to a closed booking', async () => {
    const closed = (await client.get('/bookings/?external_id=seed-closed')).json.results[0];
    expect(closed.date_closed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const answer = await client.patch(`/bookings/${closed.id}/`, { external_id: 'reopen?' });
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0]).toMatchObject({ code: 'BOOKING_CLOSED' });
    expect((await client.get(`/bookings/${closed.id}`)).json.external_id).toBe('seed-closed');
  });

  it('answers 404 for an unknown booking', async () => {
    expect((await client.patch('/bookings/1/', { external_id: 'x' })).status).toBe(404);
  });
});

describe('booking sub-collections', () => {
  it('answers every nested href with a list envelope', async () => {
    const booking = (await client.post('/bookings/', { currency: 'CAD' })).json;
    for (const name of NESTED) {
      const answer = await client.get(booking[name].href);
      expect(answer.status, name).toBe(200);
      expect(answer.json, name).toEqual({ count: 0, max_per_page: 50, current_page: 1, results: [], links: [] });
    }
    expect((await client.get(`${booking.services.href}?max_per_page=5`)).status).toBe(400);
  });

  it('15 a sandbox lists the nested collections of its own areas only: none leaks in from another sandbox of the process', async () => {
    // This file's sandbox has every area; this one has the booking routes alone, so nothing fills its payments.
    const bare = await startFixtureSandbox(undefined, {}, [bookingRoutes]);
    try {
      const bareClient = clientFor(bare);
      const seeded = (await bareClient.get('/bookings/?max_per_page=100', KEYS.prairie)).json.results.find((b: any) => b.external_id === 'seed-flex-confirmed');
      const nested = async (of: typeof client, name: string) => (await of.get(`/bookings/${seeded.id}/${name}/`, KEYS.prairie)).json.results;
      expect((await nested(client, 'payments')).length).toBeGreaterThan(0);
      expect(await nested(bareClient, 'payments')).toEqual([]);
      expect(await nested(bareClient, 'checkins')).toEqual([]);
      expect((await nested(bareClient, 'services')).length).toBe((await nested(client, 'services')).length);
    } finally {
      await bare.close();
    }
  });
});

describe('customers', () => {
  const valid = { name: { legal_first_name: 'Grace', legal_last_name: 'Hopper', title: 'Ms' } };

  it('creates a customer and reads it back', async () => {
    const answer = await client.post('/customers/', { ...valid, date_of_birth: '1906-12-09', passport: { number: 'X123' }, phone_numbers: [{ number: '+1 555 0100', type: 'MOBILE' }] });
    expect(answer.status).toBe(201);
    const customer = answer.json;
    expect(customer).toMatchObject({ name: { legal_first_name: 'Grace', legal_middle_name: null, title: 'Ms' }, date_of_birth: '1906-12-09', passport: { number: 'X123', expiry_date: null } });
    expect(customer.bookings).toEqual({ href: `/customers/${customer.id}/bookings/` });
    expect(customer).not.toHaveProperty('agency_id');
    expect((await client.get(`/customers/${customer.id}`)).json).toEqual(customer);
  });

  it('reports every missing or invalid name member at once', async () => {
    const answer = await client.post('/customers/', { name: { legal_first_name: '', title: 'Dr' }, date_of_birth: '1990-02-30' });
    expect(answer.status).toBe(400);
    const byField = Object.fromEntries(answer.json.errors.map((e: any) => [e.field, e.code]));
    expect(byField).toEqual({ 'name.legal_first_name': 'REQUIRED', 'name.legal_last_name': 'REQUIRED', 'name.title': 'INVALID_CHOICE', date_of_birth: 'INVALID_DATE' });
    expect((await client.post('/customers/', {})).json.errors[0]).toMatchObject({ field: 'name', code: 'REQUIRED' });
  });

  it.each(['Mr', 'Mrs', 'Ms', 'Miss', 'Mx'])('accepts the title %s', async (title) => {
    expect((await client.post('/customers/', { name: { ...valid.name, title } })).status).toBe(201);
  });

  it('refuses a date of birth in the future', async () => {
    const answer = await client.post('/customers/', { ...valid, date_of_birth: '2999-01-01' });
    expect(answer.json.errors[0]).toMatchObject({ field: 'date_of_birth', code: 'INVALID_DATE' });
  });

  it('merges a PATCH into nested objects and keeps what was not sent', async () => {
    const customer = (await client.post('/customers/', { ...valid, passport: { number: 'P1', place_of_issue: 'Ottawa' }, nationality: 'Canadian' })).json;
    const answer = await client.patch(`/customers/${customer.id}/`, { name: { legal_middle_name: 'Brewster' }, passport: { expiry_date: '2031-01-01' } });
    expect(answer.status).toBe(200);
    expect(answer.json.name).toEqual({ ...customer.name, legal_middle_name: 'Brewster' });
    expect(answer.json.passport).toEqual({ number: 'P1', issue_date: null, expiry_date: '2031-01-01', place_of_issue: 'Ottawa' });
    // Kept as sent; shown as the operator's reference.
    expect(answer.json.nationality).toEqual({ id: 'CA', href: '/nationalities/CA/', name: 'Canadian' });
    const sentBack = await client.patch(`/customers/${customer.id}/`, { nationality: answer.json.nationality, address: { country: { id: 'GB' }, state: 'Scotland' } });
    expect([sentBack.json.nationality.name, sentBack.json.address.country, sentBack.json.address.state.name]).toEqual([
      'Canadian',
      { id: 'GB', href: '/countries/GB/', name: 'United Kingdom' },
      'Scotland',
    ]);
    expect((await client.patch(`/customers/${customer.id}/`, { nationality: { href: '/x' } })).json.errors[0]).toMatchObject({ field: 'nationality', code: 'INVALID_TYPE' });
    const cleared = await client.patch(`/customers/${customer.id}/`, { name: { legal_last_name: null } });
    expect(cleared.json.errors[0]).toMatchObject({ field: 'name.legal_last_name', code: 'REQUIRED' });
    expect((await client.get(`/customers/${customer.id}`)).json.name.legal_last_name).toBe('Hopper');
  });

  it('lists the bookings a customer travels on (none before services exist)', async () => {
    const customer = (await client.post('/customers/', valid)).json;
    const answer = await client.get(customer.bookings.href);
    expect(answer.json).toMatchObject({ count: 0, results: [], links: [] });
    expect((await client.get(customer.bookings.href, KEYS.harbourLights)).status).toBe(403);
  });

  it('keeps customers to the creating agency', async () => {
    const theirs = (await client.post('/customers/', valid, KEYS.harbourLights)).json;
    expect((await client.get(`/customers/${theirs.id}`)).status).toBe(403);
    expect((await client.patch(`/customers/${theirs.id}`, { nationality: 'x' })).status).toBe(403);
    const mine = await collectPages(client, '/customers/?max_per_page=100');
    expect(mine.some((c) => c.id === theirs.id)).toBe(false);
  });
});

describe('profiles', () => {
  it('shows the own agency with objects for state and country, deprecated agency_chain beside agency_chains', async () => {
    const agency = (await client.get('/agencies/1')).json;
    expect(agency.address.country).toEqual({ id: 'CA', href: '/countries/CA/', name: 'Canada' });
    expect(agency.agency_chain).toEqual(agency.agency_chains[0]);
    expect(agency.booking_currencies).toEqual(['CAD', 'USD']);
    expect((await client.get('/agencies/2')).status).toBe(403);
  });

  it('marks the flex-disabled chain in agency_chain_configurations', async () => {
    const agency = (await client.get('/agencies/4', KEYS.flexDisabled)).json;
    expect(agency.agency_chain_configurations.every((c: any) => c.flags.includes('FLEX_DISABLED'))).toBe(true);
    const normal = (await client.get('/agencies/1')).json;
    expect(normal.agency_chain_configurations.some((c: any) => c.flags.includes('FLEX_DISABLED'))).toBe(false);
  });

  it('shows agents of the own agency without their keys', async () => {
    const agent = await client.get('/agents/2');
    expect(agent.status).toBe(200);
    expect(agent.text).not.toContain('sandbox-key');
    expect((await client.get('/agents/3')).status).toBe(403);
  });
});
