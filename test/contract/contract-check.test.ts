/**
 * The suite's contract check (test/helpers/contract-check.ts) itself: a sandbox that answers
 * against openapi/trek.yaml is caught, naming method, path, status and the schema's complaint.
 */
import { describe, expect, it } from 'vitest';
import { createPipeline } from '../../src/sandbox/http.js';
import { Router } from '../../src/sandbox/router.js';
import { Store } from '../../src/sandbox/store.js';
import { NOW } from '../helpers/clock.js';
import { takeViolations } from '../helpers/contract-check.js';

async function answer(router: Router, method: string, url: string, headers: Record<string, string> = {}, body?: string) {
  const store = await Store.open({ now: NOW });
  const apiKey = Object.values(store.read().collections.agents).find((agent) => agent.active)!.api_key;
  return createPipeline(store, router)({ method, url, headers: { 'x-application-key': apiKey, ...headers }, body: body === undefined ? [] : [body] });
}

describe('27 the contract check of the suite', () => {
  it('27 a deliberately wrong answer is a violation naming method, path, status and the schema error', async () => {
    // A booking without its required currency, and an amount that is not a Decimal string.
    const wrong = new Router().get('/bookings/:id', () => ({ status: 200, body: { id: '1', href: '/bookings/1/', amount_paid: 12.5 } }));
    const response = await answer(wrong, 'GET', '/bookings/1/');
    expect(response.status).toBe(200);
    const found = takeViolations();
    expect(found.every((v) => v.startsWith('GET /bookings/1/ → 200: '))).toBe(true);
    expect(found.join('\n')).toContain("must have required property 'currency'");
    expect(found.join('\n')).toContain('/amount_paid must be string');
  });

  it("27 the same answer in XML is read back with trek's mapping and caught too", async () => {
    const wrong = new Router().get('/bookings/:id', () => ({ status: 200, body: { id: '1', href: '/bookings/1/', currency: 'CAD', amount_paid: 12.5 } }));
    await answer(wrong, 'GET', '/bookings/1/', { accept: 'application/xml' });
    const found = takeViolations();
    expect(found.join('\n')).toContain('/amount_paid');
  });

  it('27 an error body without the §7.2 members is caught, and a status the contract does not list', async () => {
    const wrong = new Router().get('/bookings/:id', () => ({ status: 302, body: { oops: true } }));
    await answer(wrong, 'GET', '/bookings/1/');
    const found = takeViolations();
    expect(found.join('\n')).toContain('status 302 is not in the contract');
    const bare = new Router().get('/bookings/:id', () => ({ status: 400, body: { oops: true } }));
    await answer(bare, 'GET', '/bookings/1/');
    expect(takeViolations().join('\n')).toMatch(/→ 400: .*http_status_code/);
  });

  it("27 a request trek sends that the contract refuses is caught; others' hostile requests are not", async () => {
    const echo = new Router().post('/bookings', (ctx) => ({
      status: 400,
      body: { http_status_code: 400, time: '2027-01-10T15:00:00Z', message: 'no', error_id: 'sbx_00', errors: [], echo: ctx.body },
    }));
    await answer(echo, 'POST', '/bookings/', { 'content-type': 'application/json', 'user-agent': 'trek/0.1.0' }, JSON.stringify({ external_id: 'x' }));
    expect(takeViolations().join('\n')).toMatch(/POST \/bookings\/ \(request trek sent\): .*currency/);
    await answer(echo, 'POST', '/bookings/', { 'content-type': 'application/json', 'user-agent': 'curl/8' }, JSON.stringify({ external_id: 'x' }));
    expect(takeViolations()).toEqual([]);
  });

  it('27 a right answer is no violation', async () => {
    const store = await Store.open({ now: NOW });
    const { installModules } = await import('../../src/sandbox/routes/index.js');
    const router = installModules(new Router(), store);
    const respond = createPipeline(store, router);
    const key = Object.values(store.read().collections.agents).find((agent) => agent.active)!.api_key;
    const response = await respond({ method: 'GET', url: '/departures/?max_per_page=10', headers: { 'x-application-key': key }, body: [] });
    expect(response.status).toBe(200);
    expect(takeViolations()).toEqual([]);
  });
});
