/**
 * Issue 27, "served": `trek sandbox serve` answers GET /openapi.json and /openapi.yaml with the
 * contract, its server the sandbox's base URL; and the served sandbox's answers to a sample of
 * GETs are valid against it by a JSON Schema 2020-12 validator that is not the suite's own (Ajv).
 */
import { Validator } from '@cfworker/json-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { clientOf, freshHome, startServer, type Server } from './trek-process.js';

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

describe('27 the contract served by trek sandbox serve', () => {
  let server: Server;
  let contract: any;
  beforeAll(async () => {
    server = await startServer(['--memory'], { TREK_HOME: freshHome() });
    contract = await (await fetch(`${server.baseUrl}/openapi.json`)).json();
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  /** Problems of a GET's answer against the contract's 200 schema of `template`; empty when it is valid. */
  async function problems(template: string, path: string): Promise<string[]> {
    const answer = await clientOf(server).get(path);
    expect(answer.status, `${path}: ${answer.text}`).toBe(200);
    const base = `${server.baseUrl}/openapi.json`;
    const pointer = ['paths', template, 'get', 'responses', '200', 'content', 'application/json', 'schema'].map(escape).join('/');
    const validator = new Validator({ $ref: `${base}#/${pointer}` }, '2020-12', false);
    validator.addSchema(contract, base);
    return validator.validate(answer.json).errors.map((e) => `${path} ${e.instanceLocation} ${e.error}`);
  }

  it('27 GET /openapi.json is the contract, needing no key, its servers entry the base URL', async () => {
    const answer = await fetch(`${server.baseUrl}/openapi.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(contract.openapi).toBe('3.1.0');
    expect(contract.servers).toEqual([expect.objectContaining({ url: server.baseUrl })]);
    expect(Object.keys(contract.paths)).toContain('/departures/{id}');
  });

  it('27 GET /openapi.yaml is the same document in YAML', async () => {
    const answer = await fetch(`${server.baseUrl}/openapi.yaml`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(parse(await answer.text())).toEqual(contract);
  });

  it('27 a validator sees a wrong answer as wrong (the check below can fail)', () => {
    const base = `${server.baseUrl}/openapi.json`;
    const validator = new Validator({ $ref: `${base}#/components/schemas/Booking` }, '2020-12', false);
    validator.addSchema(contract, base);
    expect(validator.validate({ id: '1', href: '/bookings/1/', amount_paid: 12.5 }).valid).toBe(false);
  });

  it('27 sample GET answers of the served sandbox are valid against the served contract', async () => {
    const client = clientOf(server);
    const found: string[] = [];
    const check = async (template: string, path: string) => found.push(...(await problems(template, path)));

    await check('/departures', '/departures/?availability.status=AVAILABLE&max_per_page=10');
    const departure = (await client.get('/departures/?availability.status=AVAILABLE&max_per_page=10')).json.results[0];
    await check('/departures/{id}', departure.href);
    await check('/tour_dossiers/{id}', departure.tour_dossier.href);
    await check('/itineraries/{id}/{variation_id}', departure.structured_itineraries[0].href);
    await check('/flex_plans/{id}', departure.flex_plans[0].href);
    const whoami = (await client.get('/_sandbox/whoami')).json;
    await check('/agencies/{id}', whoami.agency.href);
    await check('/agents/{id}', whoami.agent.href);
    const promotions = (await client.get(`${whoami.agency.href}promotions/`)).json.results;
    await check('/promotions/{id}', promotions[0]?.href ?? '/promotions/1/');

    const booking = (await client.post('/bookings/', { currency: 'CAD' })).json;
    const customer = (await client.post('/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' } })).json;
    const service = await client.post('/departure_services/', { booking: { id: booking.id }, product: { id: departure.id }, customers: [{ id: customer.id }] });
    expect(service.status, service.text).toBe(201);
    await check('/customers/{id}', customer.href);
    await check('/bookings/{id}', booking.href);
    await check('/bookings/{id}/services', `${booking.href}services/`);
    await check('/bookings/{id}/checkins', `${booking.href}checkins/`);
    await check('/departure_services/{id}', service.json.href);
    expect(found).toEqual([]);
  });
});
