import { describe, expect, it } from 'vitest';
import { fromXml } from '../../src/util/xml.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { agentKey, clientFor, collectPages, KEYS, useSandboxClient } from '../helpers/sandbox-client.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 120 });

function expectErrorBody(body: any, status: number, path: string): void {
  expect(body).toMatchObject({ http_status_code: status, href: path });
  expect(body.message).toEqual(expect.any(String));
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  expect(body.error_id).toMatch(/^sbx_[0-9a-f]{16}$/);
  expect(Array.isArray(body.errors)).toBe(true);
}

describe('list envelope and paging', () => {
  it('answers the envelope with a path-relative next link carrying page', async () => {
    const answer = await client.get('/departures/?max_per_page=10');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.json)).toEqual(['count', 'max_per_page', 'current_page', 'results', 'links']);
    expect(answer.json).toMatchObject({ count: 120, max_per_page: 10, current_page: 1 });
    expect(answer.json.results).toHaveLength(10);
    expect(answer.json.links).toEqual([{ href: '/departures/?max_per_page=10&page=2', rel: 'next' }]);
  });

  it('defaults max_per_page to 50 and has no next link on the last page', async () => {
    const first = await client.get('/departures');
    expect(first.json.max_per_page).toBe(50);
    expect(first.json.results).toHaveLength(50);
    const last = await client.get('/departures?page=3');
    expect(last.json.results).toHaveLength(20);
    expect(last.json.links).toEqual([]);
  });

  it('visits every match exactly once by following next', async () => {
    const all = await collectPages(client, '/departures/?availability.status=AVAILABLE&max_per_page=10');
    const ids = all.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    const expected = (await collectPages(client, '/departures/?max_per_page=100')).filter((d) => d.availability.status === 'AVAILABLE');
    expect(ids).toEqual(expected.map((d) => d.id));
  });

  it('keeps a listing stable while bookings are created between page fetches', async () => {
    for (let i = 0; i < 23; i++) expect((await client.post('/bookings/', { currency: 'CAD', external_id: `page-${String(i).padStart(2, '0')}` })).status).toBe(201);
    const before = (await collectPages(client, '/bookings/?max_per_page=10&order_by=external_id')).map((b) => b.id);
    let created = 0;
    // New bookings sort first by external_id: without the cut-off they would shift every later page.
    const during = await collectPages(client, '/bookings/?max_per_page=10&order_by=external_id', async () => {
      for (let i = 0; i < 4; i++, created++) await client.post('/bookings/', { currency: 'USD', external_id: `a-new-${created}` });
    });
    expect(during.map((b) => b.id)).toEqual(before);
    const after = await collectPages(client, '/bookings/?max_per_page=100');
    expect(after.length).toBe(before.length + created);
  });

  it.each([
    ['5', '/departures?max_per_page=5'],
    ['101', '/departures?max_per_page=101'],
    ['ten', '/departures?max_per_page=ten'],
  ])('refuses max_per_page=%s with 400 and the §7.2 body', async (value, path) => {
    const answer = await client.get(path);
    expect(answer.status).toBe(400);
    expectErrorBody(answer.json, 400, path);
    expect(answer.json.errors).toEqual([expect.objectContaining({ field: 'max_per_page', code: 'INVALID_MAX_PER_PAGE', value })]);
  });

  it('refuses page=0', async () => {
    const answer = await client.get('/departures?page=0');
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0]).toMatchObject({ field: 'page', code: 'INVALID_PAGE' });
  });
});

describe('formats', () => {
  it('answers XML when Accept asks for it, and JSON for */* or no Accept', async () => {
    const xml = await client.request('GET', '/departures/100001/', { headers: { accept: 'application/xml' } });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    const json = await client.get('/departures/100001');
    expect(fromXml(xml.text)).toEqual(json.json);
    const star = await client.request('GET', '/departures/100001', { headers: { accept: '*/*' } });
    expect(star.headers.get('content-type')).toMatch(/^application\/json/);
    const preferred = await client.request('GET', '/departures/100001', { headers: { accept: 'application/json;q=0.5, application/xml' } });
    expect(preferred.headers.get('content-type')).toMatch(/^application\/xml/);
  });

  it('answers a list and an error in XML', async () => {
    const list = await client.request('GET', '/departures?max_per_page=10', { headers: { accept: 'application/xml' } });
    const envelope = fromXml(list.text) as any;
    expect(envelope.results).toHaveLength(10);
    expect(envelope.links[0].rel).toBe('next');
    const error = await client.request('GET', '/departures/1', { headers: { accept: 'application/xml' } });
    expect(error.status).toBe(404);
    expect(error.text).toContain('<error>');
    expectErrorBody(fromXml(error.text), 404, '/departures/1');
  });

  it('creates a booking from an XML body', async () => {
    const raw = '<?xml version="1.0"?><booking><currency>USD</currency><external_id>xml-1</external_id><no_auto_final_payment>true</no_auto_final_payment></booking>';
    const answer = await client.request('POST', '/bookings', { raw, headers: { 'content-type': 'application/xml', accept: 'application/xml' } });
    expect(answer.status).toBe(201);
    const booking = fromXml(answer.text) as any;
    expect(booking).toMatchObject({ currency: 'USD', external_id: 'xml-1', no_auto_final_payment: true, amount_owing: '0.00' });
    expect((await client.get(`/bookings/${booking.id}`)).json.external_id).toBe('xml-1');
  });

  it('answers 406 in JSON when neither format is acceptable', async () => {
    const answer = await client.request('GET', '/departures', { headers: { accept: 'text/html' } });
    expect(answer.status).toBe(406);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expectErrorBody(answer.json, 406, '/departures');
  });

  it('refuses an unsupported or malformed body with 400', async () => {
    const form = await client.request('POST', '/bookings', { raw: 'currency=CAD', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(400);
    expect(form.json.errors[0]).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const broken = await client.request('POST', '/bookings', { raw: '{"currency":', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.json.errors[0].code).toBe('MALFORMED_BODY');
    const list = await client.post('/bookings', ['CAD']);
    expect(list.json.errors[0].code).toBe('INVALID_BODY');
  });
});

describe('status codes', () => {
  it('serves both path forms', async () => {
    expect((await client.get('/tour_dossiers/20001')).json.id).toBe('20001');
    expect((await client.get('/tour_dossiers/20001/')).json.id).toBe('20001');
  });

  it('answers 404 for an unknown id and an unknown path', async () => {
    const id = await client.get('/departures/123');
    expect(id.status).toBe(404);
    expectErrorBody(id.json, 404, '/departures/123');
    expect(id.json.errors).toEqual([]);
    expect((await client.get('/nothing/here')).status).toBe(404);
  });

  it('answers 405 with Allow for an unsupported method on a known path', async () => {
    const answer = await client.request('DELETE', '/departures/100001/');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD');
    expectErrorBody(answer.json, 405, '/departures/100001/');
  });

  it('treats PUT like PATCH', async () => {
    const created = await client.post('/bookings', { currency: 'CAD' });
    const put = await client.request('PUT', `/bookings/${created.json.id}/`, { body: { external_id: 'via-put' } });
    expect(put.status).toBe(200);
    expect(put.json.external_id).toBe('via-put');
  });

  it('answers 301 with Location for the moved departure and 410 for the gone one', async () => {
    const moved = await client.get('/departures/100000/?x=1');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/departures/100001/?x=1');
    const gone = await client.get('/departures/99999');
    expect(gone.status).toBe(410);
    expectErrorBody(gone.json, 410, '/departures/99999');
  });
});

describe('authentication and tenancy', () => {
  it('answers 401 without a key and with an unknown key', async () => {
    const missing = await client.get('/departures', null);
    expect(missing.status).toBe(401);
    expectErrorBody(missing.json, 401, '/departures');
    expect((await client.get('/departures', 'not-a-key')).status).toBe(401);
  });

  it('accepts the key as a Bearer token', async () => {
    const answer = await client.request('GET', '/departures/100001', { key: null, headers: { authorization: `Bearer ${agentKey(client.sandbox, '3')}` } });
    expect(answer.status).toBe(200);
  });

  it("answers 403 for another agency's booking and customer, and lets a colleague read them", async () => {
    const booking = (await client.post('/bookings', { currency: 'CAD' })).json;
    const other = await client.get(`/bookings/${booking.id}`, KEYS.harbourLights);
    expect(other.status).toBe(403);
    expectErrorBody(other.json, 403, `/bookings/${booking.id}`);
    expect((await client.patch(`/bookings/${booking.id}`, { external_id: 'x' }, KEYS.harbourLights)).status).toBe(403);
    expect((await client.get(`/bookings/${booking.id}/services`, KEYS.harbourLights)).status).toBe(403);
    expect((await client.get(`/bookings/${booking.id}`, KEYS.mapleLeafSecond)).status).toBe(200);
    const customer = (await client.post('/customers', { name: { legal_first_name: 'A', legal_last_name: 'B', title: 'Ms' } })).json;
    expect((await client.get(`/customers/${customer.id}`, KEYS.harbourLights)).status).toBe(403);
  });

  it('keeps listings to the caller agency', async () => {
    const mine = await collectPages(client, '/bookings?max_per_page=100');
    expect(mine.every((b) => b.agency.id === '1')).toBe(true);
    const colleague = (await client.get('/bookings?max_per_page=100', KEYS.mapleLeafSecond)).json.results;
    expect(colleague.map((b: any) => b.id)).toEqual(mine.map((b) => b.id));
    const other = (await client.get('/bookings?max_per_page=100', KEYS.harbourLights)).json.results;
    expect(other.map((b: any) => b.external_id)).toEqual(['seed-other-agency']);
  });

  it('opens the catalogue to any valid key', async () => {
    expect((await client.get('/departures/100001', KEYS.flexDisabled)).status).toBe(200);
    expect((await client.get('/override_reasons', KEYS.ceu)).json.results.length).toBeGreaterThan(0);
  });
});

describe('HEAD and the request log', () => {
  it('answers HEAD like GET without a body', async () => {
    const answer = await client.request('HEAD', '/departures/100001/');
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    expect(Number(answer.headers.get('content-length'))).toBe(Buffer.byteLength((await client.get('/departures/100001/')).text));
  });

  it('Keep: logs one line per request, never a key (agent, Bearer, operator or a wrong one)', async () => {
    const lines: string[] = [];
    const logged = clientFor(await startSandbox({ now: NOW, size: 10, log: (line) => lines.push(line) }));
    try {
      await logged.get('/departures/?max_per_page=10');
      await logged.request('GET', '/bookings/', { key: null, headers: { authorization: `Bearer ${agentKey(logged.sandbox, '3')}` } });
      await logged.get('/nowhere', 'secret-typo-key');
      expect((await logged.get('/_sandbox/keys', KEYS.operator)).status).toBe(200);
      expect((await logged.get('/_sandbox/keys', KEYS.harbourLights)).status).toBe(403);
      expect(lines).toHaveLength(5);
      expect(lines[0]).toMatch(/ GET \/departures\/\?max_per_page=10 200 [\d.]+ms$/);
      expect(lines[2]).toMatch(/ GET \/nowhere 404 /);
      const log = lines.join('\n');
      for (const key of [logged.sandbox.operatorKey, ...logged.sandbox.keys.map((k) => k.key), 'secret-typo-key']) expect(log).not.toContain(key);
      expect(log).not.toMatch(/sandbox-(agent|operator)-/);
    } finally {
      await logged.sandbox.close();
    }
  });
});
