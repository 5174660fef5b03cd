/**
 * Issue 3 acceptance, first and second points: `trek sandbox serve` as a separate process,
 * exercised with plain HTTP (fetch), as an integrator's code would.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromXml } from '../../src/util/xml.js';
import { clientAt, type Answer, type Key } from '../helpers/sandbox-client.js';
import { freshHome, runTrek, startServer, type Server } from './trek-process.js';

/** Plain HTTP to the served sandbox, as it printed itself: its URL, ready key and operator key. */
function clientOf(server: Server) {
  return clientAt(server.baseUrl, { apiKey: server.apiKey, operatorKey: server.operatorKey, keys: [] });
}

/** Plain HTTP to the served sandbox, with its ready key unless `key` says otherwise. */
function request(server: Server, path: string, init: { method?: string; key?: Key | null; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return clientOf(server).request(init.method ?? 'GET', path, { raw: init.body, headers: init.headers, key: init.key });
}

function postBooking(server: Server, body: Record<string, unknown>, key?: string): Promise<Answer> {
  return clientOf(server).post('/bookings/', body, key);
}

/** Follows next links from `path`; returns every result, failing on any status but 200. */
async function followNext(server: Server, path: string): Promise<any[]> {
  const results: any[] = [];
  for (let next: string | undefined = path; next !== undefined;) {
    const page = await request(server, next);
    expect(page.status).toBe(200);
    results.push(...page.json.results);
    next = page.json.links.find((l: { rel: string }) => l.rel === 'next')?.href;
  }
  return results;
}

/** The §7.2 error body. */
function expectErrorBody(body: any, status: number): void {
  expect(body.http_status_code).toBe(status);
  expect(Number.isNaN(Date.parse(body.time))).toBe(false);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.error_id).toMatch(/^([A-Za-z]+_)?[0-9a-f]+$/);
  expect(Array.isArray(body.errors)).toBe(true);
}

describe('trek sandbox serve --port 0 --memory, over HTTP', () => {
  let server: Server;
  const home = freshHome();
  beforeAll(async () => {
    server = await startServer(['--memory'], { TREK_HOME: home });
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('printed a loopback base URL and a key that works', async () => {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await request(server, '/departures/?max_per_page=10')).status).toBe(200);
  });

  it('answers a departures page of 10 with a next link carrying page', async () => {
    const page = await request(server, '/departures?max_per_page=10');
    expect(page.json.results).toHaveLength(10);
    const next = page.json.links.find((l: { rel: string }) => l.rel === 'next');
    expect(new URL(next.href, server.baseUrl).searchParams.get('page')).toBe('2');
  });

  it('following next visits every match exactly once', async () => {
    const paged = await followNext(server, '/departures?availability.status=AVAILABLE&order_by=start_date&max_per_page=10');
    const ids = paged.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The same set, found another way: every departure in pages of 100, filtered here.
    const all = await followNext(server, '/departures?max_per_page=100');
    const available = all.filter((d) => d.availability.status === 'AVAILABLE').map((d) => d.id);
    expect(available.length).toBeGreaterThan(10);
    expect([...ids].sort()).toEqual([...available].sort());
    expect(paged.map((d) => d.start_date)).toEqual(paged.map((d) => d.start_date).sort());
  });

  it('answers max_per_page=5 with 400 and the §7.2 body naming the parameter', async () => {
    const answer = await request(server, '/departures?max_per_page=5');
    expect(answer.status).toBe(400);
    expectErrorBody(answer.json, 400);
    expect(answer.json.errors.map((e: { field: string }) => e.field)).toContain('max_per_page');
  });

  it('answers in XML for Accept: application/xml, the same data as the JSON', async () => {
    const xml = await request(server, '/departures?max_per_page=10', { headers: { accept: 'application/xml' } });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(xml.text.startsWith('<?xml')).toBe(true);
    const json = await request(server, '/departures?max_per_page=10');
    expect(fromXml(xml.text)).toEqual(json.json);
  });

  it('creates a booking from an XML body', async () => {
    const body = '<?xml version="1.0" encoding="UTF-8"?><booking><currency>CAD</currency><external_id>from-xml</external_id></booking>';
    const created = await request(server, '/bookings/', { method: 'POST', headers: { 'content-type': 'application/xml' }, body });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ currency: 'CAD', external_id: 'from-xml' });
    const read = await request(server, `/bookings/${created.json.id}`);
    expect(read.json).toEqual(created.json);
  });

  it('answers an unknown id with 404 and the §7.2 body', async () => {
    for (const path of ['/bookings/999999999', '/departures/999999999/']) {
      const answer = await request(server, path);
      expect(answer.status).toBe(404);
      expectErrorBody(answer.json, 404);
    }
  });

  it('answers 401 without a key and with an unknown one', async () => {
    for (const key of [null, 'not-a-sandbox-key']) {
      const answer = await request(server, '/departures?max_per_page=10', { key });
      expect(answer.status).toBe(401);
      expectErrorBody(answer.json, 401);
    }
  });

  it("answers 403 to another agency's agent, 200 to a colleague, with keys from trek sandbox keys", async () => {
    const listed = await runTrek(['sandbox', 'keys', '-o', 'json'], {
      TREK_HOME: home,
      TREK_BASE_URL: server.baseUrl,
      TREK_API_KEY: server.apiKey,
      TREK_SANDBOX_OPERATOR_KEY: server.operatorKey,
    });
    expect(listed.code).toBe(0);
    const keys: Array<{ key: string; agency_id: string }> = JSON.parse(listed.stdout);
    const mine = keys.find((k) => k.key === server.apiKey)!;
    const colleague = keys.find((k) => k.agency_id === mine.agency_id && k.key !== mine.key)!;
    const stranger = keys.find((k) => k.agency_id !== mine.agency_id)!;

    const booking = (await postBooking(server, { currency: 'CAD' })).json;
    const refused = await request(server, `/bookings/${booking.id}`, { key: stranger.key });
    expect(refused.status).toBe(403);
    expectErrorBody(refused.json, 403);
    expect((await request(server, `/bookings/${booking.id}`, { key: colleague.key })).status).toBe(200);
  });

  it('logs one line per request on stderr: time, method, path, status, milliseconds', async () => {
    expect((await request(server, '/departures?max_per_page=10&name=log-me')).status).toBe(200);
    expect((await request(server, '/bookings/424242424')).status).toBe(404);
    // The line is written as the answer is sent; it reaches the pipe a moment later.
    await vi.waitFor(() => expect(server.stderr()).toContain('/bookings/424242424 404'));
    const lines = server.stderr().split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ GET \/departures\?max_per_page=10&name=log-me 200 \d+\.\dms$/));
    expect(lines).toContainEqual(expect.stringMatching(/^\S+ GET \/bookings\/424242424 404 \d+\.\dms$/));
    expect(server.stderr()).not.toContain(server.apiKey);
  });
});

/** A raw request, so Host and Origin are exactly what a browser tricked by a web page would send. */
function rawRequest(server: Server, path: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; headers: IncomingHttpHeaders; body: any }> {
  const { hostname, port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method, headers: { 'x-application-key': server.apiKey, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('trek sandbox serve: Host, Origin and the operator key', () => {
  let server: Server;
  let cors: Server;
  beforeAll(async () => {
    [server, cors] = await Promise.all([startServer(['--memory'], { TREK_HOME: freshHome() }), startServer(['--memory', '--cors', 'http://localhost:3000'], { TREK_HOME: freshHome() })]);
  });
  afterAll(async () => {
    for (const s of [server, cors]) s.child.kill('SIGTERM');
    await Promise.all([server.exited, cors.exited]);
  });

  it('14.6 a crafted Host header (a rebound name) gets 421 and the §7.2 body, nothing of the sandbox; its own names are served', async () => {
    const { port } = new URL(server.baseUrl);
    const rebound = await rawRequest(server, '/bookings/', { host: `attacker.example:${port}` });
    expect(rebound.status).toBe(421);
    expectErrorBody(rebound.body, 421);
    expect(rebound.body.message).toContain("not to Host 'attacker.example:");
    expect((await rawRequest(server, '/_sandbox/reset', { host: `attacker.example:${port}`, 'x-sandbox-operator-key': server.operatorKey }, 'POST')).status).toBe(421);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) expect((await rawRequest(server, '/departures/100001', { host })).status).toBe(200);
  });

  it('14.6 a cross-origin request (Origin header) gets 403 with no CORS headers; --cors ORIGIN answers that origin alone', async () => {
    const refused = await rawRequest(server, '/bookings/', { origin: 'https://attacker.example' });
    expect(refused.status).toBe(403);
    expectErrorBody(refused.body, 403);
    expect(Object.keys(refused.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const preflight = await rawRequest(
      cors,
      '/bookings/',
      { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-application-key' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const allowed = await rawRequest(cors, '/departures/100001', { origin: 'http://localhost:3000' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect((await rawRequest(cors, '/departures/100001', { origin: 'http://localhost:3001' })).status).toBe(403);
  });

  it('14.7 trek sandbox clock advance needs the operator key the server printed: refused (exit 3) with an agent-2 key in its place, done with it', async () => {
    const env = { TREK_HOME: freshHome(), TREK_BASE_URL: server.baseUrl, TREK_API_KEY: server.apiKey, NO_COLOR: '1' };
    const keys = (await request(server, '/_sandbox/keys', { key: 'operator' })).json.results;
    const agentTwo = keys.find((k: { agent_id: string }) => k.agent_id === '2').key;
    const refused = await runTrek(['sandbox', 'clock', 'advance', '1d'], { ...env, TREK_SANDBOX_OPERATOR_KEY: agentTwo });
    expect(refused.code).toBe(3);
    expect((await request(server, '/_sandbox/clock')).json.offset_ms).toBe(0);
    const done = await runTrek(['sandbox', 'clock', 'advance', '1d', '-o', 'json'], { ...env, TREK_SANDBOX_OPERATOR_KEY: server.operatorKey });
    expect(done.code, done.stderr).toBe(0);
    expect((await request(server, '/_sandbox/clock')).json.offset_ms).toBe(86_400_000);
    expect(done.stderr + refused.stderr).not.toContain(server.operatorKey);
  });
});

describe('trek sandbox serve: stopping and persistence', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('stops cleanly on %s with exit 0, the port closed', async (signal) => {
    const server = await startServer(['--memory'], { TREK_HOME: freshHome() });
    expect((await request(server, '/departures?max_per_page=10&name=peru')).status).toBe(200);
    server.child.kill(signal);
    const result = await server.exited;
    expect(result.code).toBe(0);
    expect(result.signal).toBeNull();
    expect(result.stderr).toMatch(/ GET \/departures\?max_per_page=10&name=peru 200 \d+\.\dms\n/);
    expect(result.stderr).toMatch(/Sandbox stopped\.\n$/);
    await expect(fetch(`${server.baseUrl}/departures`)).rejects.toThrow();
  });

  it('keeps every booking answered 201 when killed with SIGKILL among 200 concurrent POSTs', async () => {
    const home = freshHome();
    const dataFile = join(home, 'state.json');
    const first = await startServer(['--data', dataFile], { TREK_HOME: home });
    const answered: Array<{ id: string; external_id: string }> = [];
    let settled = 0;
    let killed = false;
    const posts = Array.from({ length: 200 }, (_, i) =>
      postBooking(first, { currency: 'CAD', external_id: `concurrent-${i}` })
        .then((answer) => {
          if (answer.status === 201) answered.push(answer.json);
        })
        .catch(() => undefined) // cut off by the kill
        .finally(() => {
          // Kill mid-stream: half answered, the rest in flight or not yet written.
          if (++settled === 100 && !killed) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        }),
    );
    await Promise.all(posts);
    const dead = await first.exited;
    expect(dead.signal).toBe('SIGKILL');
    expect(answered.length).toBeGreaterThanOrEqual(100);

    const second = await startServer(['--data', dataFile], { TREK_HOME: home });
    try {
      const stored = await followNext(second, '/bookings/?max_per_page=100');
      const byId = new Map(stored.map((b) => [b.id, b]));
      for (const booking of answered) expect(byId.get(booking.id)?.external_id).toBe(booking.external_id);
    } finally {
      second.child.kill('SIGTERM');
      expect((await second.exited).code).toBe(0);
    }
  });
});
