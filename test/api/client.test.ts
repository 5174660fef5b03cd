import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { Agent, errors as undiciErrors } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient, MAX_NESTING, redactHeaders } from '../../src/api/client.js';
import type { ClientOptions } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { UsageError } from '../../src/errors.js';
import { fromXml } from '../../src/util/xml.js';
import { startHostileServer } from '../helpers/hostile-server.js';
import type { HostileServer } from '../helpers/hostile-server.js';

const KEY = 'sekrit-key-123';

const servers: HostileServer[] = [];
const clients: ApiClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<HostileServer> {
  const server = await startHostileServer(handler);
  servers.push(server);
  return server;
}

/** A client whose waits are recorded instead of slept, and whose stderr lines are collected. */
function clientFor(baseUrl: string, options: Partial<ClientOptions> = {}) {
  const delays: number[] = [];
  const notices: string[] = [];
  const client = new ApiClient({
    baseUrl,
    apiKey: KEY,
    sleep: async (ms) => void delays.push(ms),
    notice: (line) => notices.push(line),
    ...options,
  });
  clients.push(client);
  return { client, delays, notices };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('resolve', () => {
  const client = new ApiClient({ baseUrl: 'http://h.example/api/v1' });

  it('puts paths under the base path, with or without a leading slash and trailing slash', () => {
    expect(client.resolve('/bookings/1').href).toBe('http://h.example/api/v1/bookings/1');
    expect(client.resolve('bookings/1/').href).toBe('http://h.example/api/v1/bookings/1/');
  });

  it('does not prefix an href that already carries the base path', () => {
    expect(client.resolve('/api/v1/bookings/1').href).toBe('http://h.example/api/v1/bookings/1');
    expect(client.resolve('/api/v1?page=2').href).toBe('http://h.example/api/v1?page=2');
    expect(client.resolve('/api/v10/x').href).toBe('http://h.example/api/v1/api/v10/x');
  });

  it('keeps absolute URLs and never turns //host into another origin', () => {
    expect(client.resolve('https://other.example/x?page=2').href).toBe('https://other.example/x?page=2');
    expect(client.resolve('//evil.example/x').href).toBe('http://h.example/api/v1/evil.example/x');
  });

  it('appends query parameters from every input shape, skipping undefined', () => {
    expect(client.resolve('/d?page=2', { max_per_page: 10, name: undefined, q: 'a b' }).search).toBe('?page=2&max_per_page=10&q=a+b');
    expect(
      client.resolve('/d', [
        ['s__in', 'a'],
        ['s__in', 'b'],
      ]).search,
    ).toBe('?s__in=a&s__in=b');
    expect(client.resolve('/d', new URLSearchParams('x=1')).search).toBe('?x=1');
  });

  it('rejects a base URL that is not http(s) as a usage error', () => {
    expect(() => new ApiClient({ baseUrl: 'not a url' })).toThrow(UsageError);
    expect(() => new ApiClient({ baseUrl: 'ftp://h.example' })).toThrow("invalid base URL 'ftp://h.example': only http and https are supported");
  });
});

describe('requests', () => {
  it('sends the key, Accept and a JSON body, and parses the JSON answer', async () => {
    const server = await serve((_req, res) => json(res, 201, { id: 'b1', currency: 'USD' }));
    const { client } = clientFor(`${server.url}/api/`);
    const response = await client.post<{ id: string }>('/bookings/', { currency: 'USD' });
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Created');
    expect(response.data.id).toBe('b1');
    expect(response.headers['content-type']).toBe('application/json');
    const [request] = server.requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/bookings/');
    expect(request.headers['x-application-key']).toBe(KEY);
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ currency: 'USD' });
  });

  it('uses the configured auth header and sends XML bodies and Accept when asked', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end('<?xml version="1.0"?><agent><id>7</id><email>a@b.example</email></agent>');
    });
    const { client } = clientFor(server.url, { authHeader: 'Authorization', apiKey: 'Bearer t' });
    const response = await client.request({ method: 'PATCH', path: '/agents/7/', body: { email: 'a@b.example', phone_numbers: [] }, bodyFormat: 'xml', accept: 'xml' });
    expect(response.data).toEqual({ id: '7', email: 'a@b.example' });
    const [request] = server.requests;
    expect(request.headers.authorization).toBe('Bearer t');
    expect(request.headers['x-application-key']).toBeUndefined();
    expect(request.headers.accept).toBe('application/xml');
    expect(request.headers['content-type']).toBe('application/xml');
    expect(fromXml(request.body)).toEqual({ email: 'a@b.example', phone_numbers: [] });
  });

  it('gives undefined data for 204', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const { client } = clientFor(server.url);
    const response = await client.delete('/overrides/3/');
    expect(response.status).toBe(204);
    expect(response.data).toBeUndefined();
    expect(server.requests[0].method).toBe('DELETE');
  });

  it('keeps escape sequences in strings: sanitising is the renderer’s job', async () => {
    const hostile = '\u001b[31mred\u001b]8;;http://evil.example\u0007click\u001b]8;;\u0007\u202e';
    const server = await serve((_req, res) => json(res, 200, { name: hostile }));
    const { client } = clientFor(server.url);
    const response = await client.get<{ name: string }>('/x');
    expect(response.data.name).toBe(hostile);
  });
});

describe('retries', () => {
  it('waits as Retry-After (seconds) says on 429, with a notice, then succeeds', async () => {
    let calls = 0;
    const server = await serve((_req, res) => (++calls < 3 ? json(res, 429, { message: 'slow down' }, { 'retry-after': '2' }) : json(res, 200, { ok: true })));
    const { client, delays, notices } = clientFor(server.url);
    const response = await client.get('/departures');
    expect(response.data).toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
    expect(delays).toEqual([2000, 2000]);
    expect(notices).toEqual(['rate limited; retrying in 2.0s (attempt 2/4)', 'rate limited; retrying in 2.0s (attempt 3/4)']);
  });

  it('honours Retry-After given as an HTTP date', async () => {
    let calls = 0;
    const server = await serve((_req, res) => (++calls === 1 ? json(res, 429, {}, { 'retry-after': new Date(Date.now() + 5000).toUTCString() }) : json(res, 200, {})));
    const { client, delays } = clientFor(server.url);
    await client.get('/x');
    // HTTP dates have whole seconds, so the wait is between 4 and 5 seconds.
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThan(3000);
    expect(delays[0]).toBeLessThanOrEqual(5000);
  });

  it('retries POST on 429 (the server did not act)', async () => {
    let calls = 0;
    const server = await serve((_req, res) => (++calls === 1 ? json(res, 429, {}, { 'retry-after': '1' }) : json(res, 201, { id: 'b1' })));
    const { client, delays } = clientFor(server.url);
    const response = await client.post('/bookings/', { currency: 'USD' });
    expect(response.status).toBe(201);
    expect(server.requests.map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(delays).toEqual([1000]);
  });

  it('gives up on a 503 storm after maxAttempts with exponential, jittered waits', async () => {
    const server = await serve((_req, res) => json(res, 503, { http_status_code: 503, message: 'Upstream unavailable', error_id: 'gapi_ab12' }));
    const { client, delays, notices } = clientFor(server.url, { retry: { maxAttempts: 4, baseDelayMs: 100 } });
    const error = await failure(client.get('/departures'));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(503);
    expect(error.message).toBe('Upstream unavailable');
    expect(error.body?.error_id).toBe('gapi_ab12');
    expect(server.requests).toHaveLength(4);
    expect(delays).toHaveLength(3);
    delays.forEach((delay, i) => {
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThanOrEqual(100 * 2 ** i);
    });
    expect(notices[2]).toMatch(new RegExp(`^HTTP 503 Service Unavailable from GET ${server.url}/departures; retrying in \\d\\.\\ds \\(attempt 4/4\\)$`));
  });

  it('does not retry POST on 503: a retried POST could create a duplicate booking', async () => {
    const server = await serve((_req, res) => json(res, 503, { message: 'busy' }));
    const { client, delays } = clientFor(server.url);
    const error = await failure(client.post('/bookings/', { currency: 'USD' }));
    expect(error.status).toBe(503);
    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('stops when the next wait would exceed the total retry budget', async () => {
    const server = await serve((_req, res) => json(res, 429, { message: 'quota' }, { 'retry-after': '20' }));
    const { client, delays, notices } = clientFor(server.url, { retry: { maxTotalMs: 30_000 } });
    const error = await failure(client.get('/x'));
    expect(error.status).toBe(429);
    expect(delays).toEqual([20_000]);
    expect(server.requests).toHaveLength(2);
    expect(notices[1]).toBe('rate limited; a retry in 20s would exceed the 30s retry budget, giving up');
  });

  it('retries GET when the connection is reset, but never POST', async () => {
    const server = await serve((req) => req.socket.destroy());
    const { client, delays } = clientFor(server.url, { retry: { maxAttempts: 3 } });
    const error = await failure(client.get('/x'));
    expect(error.kind).toBe('network');
    expect(error.message).toBe(`connection reset by ${server.url} before a complete response to GET ${server.url}/x`);
    expect(server.requests).toHaveLength(3);
    expect(delays).toHaveLength(2);

    const post = await failure(client.post('/bookings/', {}));
    expect(post.kind).toBe('network');
    expect(server.requests).toHaveLength(4);
  });

  it('retries any method when the connection is refused (nothing was sent)', async () => {
    const gone = await startHostileServer(() => undefined);
    await gone.close();
    const { client, delays, notices } = clientFor(gone.url, { retry: { maxAttempts: 2 } });
    const error = await failure(client.post('/bookings/', {}));
    expect(error.kind).toBe('network');
    expect(error.message).toBe(`connection refused to ${gone.url}`);
    expect(error.url).toBe(`${gone.url}/bookings/`);
    expect(delays).toHaveLength(1);
    expect(notices[0]).toMatch(/^connection refused to http:\/\/127\.0\.0\.1:\d+; retrying in \d\.\ds \(attempt 2\/2\)$/);
  });
});

describe('redirects', () => {
  it('follows a chain of 301s on the same origin, with the key and a notice per move', async () => {
    const server = await serve((req, res) => {
      const next: Record<string, string> = { '/a': '/b', '/b': `${server.url}/c` };
      if (req.url! in next) {
        res.writeHead(301, { location: next[req.url!] });
        res.end();
      } else json(res, 200, { at: req.url });
    });
    const { client, notices } = clientFor(server.url);
    const response = await client.get('/a');
    expect(response.data).toEqual({ at: '/c' });
    expect(response.url).toBe(`${server.url}/c`);
    expect(server.requests.map((r) => [r.url, r.headers['x-application-key']])).toEqual([
      ['/a', KEY],
      ['/b', KEY],
      ['/c', KEY],
    ]);
    expect(notices).toEqual([`GET ${server.url}/a moved permanently to ${server.url}/b; update saved references`, `GET ${server.url}/b moved permanently to ${server.url}/c; update saved references`]);
  });

  it('keeps method and body across a 308', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/old/') {
        res.writeHead(308, { location: '/new/' });
        res.end();
      } else json(res, 201, {});
    });
    const { client } = clientFor(server.url);
    await client.post('/old/', { currency: 'EUR' });
    expect(server.requests.map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/old/', '{"currency":"EUR"}'],
      ['POST', '/new/', '{"currency":"EUR"}'],
    ]);
  });

  it('reports a redirect loop as a protocol error', async () => {
    const server = await serve((req, res) => {
      res.writeHead(301, { location: req.url === '/a' ? '/b' : '/a' });
      res.end();
    });
    const { client } = clientFor(server.url);
    const error = await failure(client.get('/a'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toBe(`redirect loop: GET ${server.url}/b moved to ${server.url}/a, which was already visited`);
    expect(server.requests).toHaveLength(2);
  });

  it('follows at most 5 moves', async () => {
    const server = await serve((req, res) => {
      const hop = Number(req.url!.slice(1));
      if (hop < Number(req.headers['x-hops'])) {
        res.writeHead(301, { location: `/${hop + 1}` });
        res.end();
      } else json(res, 200, { hop });
    });
    const { client } = clientFor(server.url);
    expect((await client.request({ path: '/0', headers: { 'x-hops': '5' } })).data).toEqual({ hop: 5 });
    const error = await failure(client.request({ path: '/0', headers: { 'x-hops': '6' } }));
    expect(error.kind).toBe('protocol');
    expect(error.message).toBe(`too many redirects (more than 5) for GET ${server.url}/0`);
  });

  it('follows a move to another origin without the key', async () => {
    const elsewhere = await serve((_req, res) => json(res, 200, { moved: true }));
    const home = await serve((_req, res) => {
      res.writeHead(301, { location: `${elsewhere.url}/landing` });
      res.end();
    });
    const { client, notices } = clientFor(home.url);
    const response = await client.request({ path: '/bookings/1', headers: { Cookie: 'session=1', 'X-Trace': 'yes' } });
    expect(response.data).toEqual({ moved: true });
    expect(home.requests[0].headers['x-application-key']).toBe(KEY);
    const arrived = elsewhere.requests[0].headers;
    expect(arrived['x-application-key']).toBeUndefined();
    expect(arrived.cookie).toBeUndefined();
    expect(arrived['x-trace']).toBe('yes');
    expect(JSON.stringify(elsewhere.requests)).not.toContain(KEY);
    expect(notices).toEqual([`GET ${home.url}/bookings/1 moved permanently to ${elsewhere.url}/landing; update saved references (another origin: following without the API key)`]);
  });

  it('never sends the key to an absolute href on another origin', async () => {
    const elsewhere = await serve((_req, res) => json(res, 200, {}));
    const { client } = clientFor('http://127.0.0.1:9/api');
    await client.get(`${elsewhere.url}/bookings/1`);
    expect(elsewhere.requests[0].headers['x-application-key']).toBeUndefined();
  });
});

describe('error bodies', () => {
  it('builds the ApiError from the JSON error body', async () => {
    const body = {
      http_status_code: 400,
      time: '2027-01-01T00:00:00Z',
      message: 'Validation failed',
      error_id: 'gapi_0f3a',
      errors: [{ field: 'booking_id', code: 'TOUR_SERVICE_NOT_FOUND', detail: 'No tour service', value: 12 }],
    };
    const server = await serve((_req, res) => json(res, 400, body));
    const { client } = clientFor(server.url);
    const error = await failure(client.post('/activity_services/', {}));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(400);
    expect(error.message).toBe('Validation failed');
    expect(error.body).toEqual(body);
    expect(error.method).toBe('POST');
    expect(error.url).toBe(`${server.url}/activity_services/`);
  });

  it('reads an XML error body by its Content-Type, also without array markers', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/xml; charset=utf-8' });
      res.end(
        '<?xml version="1.0"?><error><http_status_code>400</http_status_code><message>Invalid request</message>' +
          '<error_id>gapi_77</error_id><errors><error><field>booking_id</field><code>TOUR_SERVICE_NOT_FOUND</code><detail>No tour</detail></error></errors></error>',
      );
    });
    const { client } = clientFor(server.url, { accept: 'xml' });
    const error = await failure(client.post('/activity_services/', {}));
    expect(server.requests[0].headers.accept).toBe('application/xml');
    expect(error.message).toBe('Invalid request');
    expect(error.body).toEqual({
      http_status_code: 400,
      message: 'Invalid request',
      error_id: 'gapi_77',
      errors: [{ field: 'booking_id', code: 'TOUR_SERVICE_NOT_FOUND', detail: 'No tour' }],
    });
  });

  it('says clearly when an error body is a proxy’s HTML', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    });
    const { client } = clientFor(server.url, { retry: { maxAttempts: 1 } });
    const error = await failure(client.get('/x'));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(502);
    expect(error.body).toBeUndefined();
    expect(error.message).toBe(`HTTP 502 from GET ${server.url}/x: the body is HTML, not the API's JSON error (a proxy?)`);
  });

  it('says clearly when an error body is empty or not the API’s error format', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/empty') {
        res.writeHead(404);
        res.end();
      } else json(res, 409, { detail: 'something else' });
    });
    const { client } = clientFor(server.url);
    expect((await failure(client.get('/empty'))).message).toBe(`HTTP 404 Not Found from GET ${server.url}/empty (no error body)`);
    expect((await failure(client.get('/other'))).message).toBe(`HTTP 409 Conflict from GET ${server.url}/other: the body is not the API's error format`);
  });
});

describe('unusable success responses', () => {
  it('reports truncated JSON on a 200 as a protocol error', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id": "b1", "customers": [{"name": "Ad');
    });
    const { client } = clientFor(server.url);
    const error = await failure(client.get('/bookings/b1'));
    expect(error.kind).toBe('protocol');
    expect(error.status).toBe(200);
    expect(error.message).toBe(`HTTP 200 from GET ${server.url}/bookings/b1: truncated JSON in the response body`);
  });

  it('reports HTML on a 200 as a protocol error', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><html><body>Sign in to the Wi-Fi</body></html>');
    });
    const { client } = clientFor(server.url);
    const error = await failure(client.get('/x'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toContain("the body is HTML, not the API's JSON (a proxy?)");
  });
});

describe('31 a page read record by record (lazyResults)', () => {
  /** Serves each request the body its path names. */
  async function bodies(byPath: Record<string, string>) {
    const server = await serve((req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(byPath[req.url!.split('?')[0]]));
    return { server, client: clientFor(server.url).client };
  }
  const lazy = (client: ApiClient, path: string) => client.request({ path, lazyResults: true });

  it('parses the envelope at once and each record when it is read; the key is redacted from records, escaped or not', async () => {
    const escaped = `\\u${KEY.charCodeAt(0).toString(16).padStart(4, '0')}${KEY.slice(1)}`;
    const { client } = await bodies({ '/x': `{"count":2,"results":[{"id":"1","echo":"${KEY}"},{"id":"2","${escaped}":"${escaped}"}],"links":[]}` });
    const response = await lazy(client, '/x');
    expect(response.raw).toBe('');
    expect(response.data).toEqual({ count: 2, results: [], links: [] });
    expect(response.results!.length).toBe(2);
    expect([response.results!.at(0), response.results!.at(1)]).toEqual([
      { id: '1', echo: '***' },
      { id: '2', '***': '***' },
    ]);
  });

  it('a record that does not parse, or nests too deep, fails when it is read, naming it; the records before it are good', async () => {
    const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const { server, client } = await bodies({
      '/bad': '{"results":[{"id":"1"},{"id":tru}]}',
      '/deep': `{"results":[${deep(MAX_NESTING - 2)},${deep(MAX_NESTING - 1)}]}`,
    });
    const bad = await lazy(client, '/bad');
    expect(bad.results!.at(0)).toEqual({ id: '1' });
    const error = (() => {
      try {
        bad.results!.at(1);
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect(error!.kind).toBe('protocol');
    expect(error!.message).toMatch(new RegExp(`^HTTP 200 from GET ${server.url}/bad: malformed JSON in the response body \\(result 2: .+\\)$`));
    const deepPage = await lazy(client, '/deep');
    expect(deepPage.results!.at(0)).toEqual(JSON.parse(deep(MAX_NESTING - 2)));
    expect(() => deepPage.results!.at(1)).toThrow(`HTTP 200 from GET ${server.url}/deep: the body nests deeper than ${MAX_NESTING} levels, trek's limit`);
  });

  it('a body it cannot lay out is parsed whole and fails as any answer; a body that is no list has no records', async () => {
    const { server, client } = await bodies({ '/truncated': '{"results":[{"id":"1"},{"id":"2"', '/object': '{"id":"1","results":"none"}' });
    expect((await failure(lazy(client, '/truncated'))).message).toBe(`HTTP 200 from GET ${server.url}/truncated: truncated JSON in the response body`);
    const object = await lazy(client, '/object');
    expect(object.data).toEqual({ id: '1', results: 'none' });
    expect(object.results).toBeUndefined();
  });
});

describe('timeouts', () => {
  it('fails with kind timeout when the body stalls, without waiting for the server', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"results": [');
    });
    const { client } = clientFor(server.url, { timeoutMs: 200 });
    const started = Date.now();
    const error = await failure(client.get('/departures'));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(`the response body of GET ${server.url}/departures did not arrive within 0.2s (--timeout)`);
  });

  it('fails with kind timeout when no headers come', async () => {
    const server = await serve(() => undefined);
    const { client } = clientFor(server.url, { timeoutMs: 150 });
    const error = await failure(client.get('/x'));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(`no response within 0.15s (--timeout) from GET ${server.url}/x`);
    expect(server.requests).toHaveLength(1);
  });

  it('reports a connect timeout as kind timeout', async () => {
    const dispatcher = new Agent({ connect: (_options, callback) => callback(new undiciErrors.ConnectTimeoutError(), null) });
    const { client } = clientFor('http://127.0.0.1:9', { dispatcher, connectTimeoutMs: 2500 });
    const error = await failure(client.get('/x'));
    await dispatcher.close();
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('could not connect to http://127.0.0.1:9 within 2.5s');
  });
});

describe('trace and dry-run', () => {
  it('traces request line, headers with the key redacted, status, timing and response headers', async () => {
    const server = await serve((_req, res) => json(res, 200, {}, { 'x-request-id': 'r1' }));
    const lines: string[] = [];
    const { client } = clientFor(server.url, { trace: (line) => lines.push(line), userAgent: 'trek/0.1.0' });
    await client.get('/bookings/1', { fields: 'id' });
    expect(lines.slice(0, 5)).toEqual([
      `> GET ${server.url}/bookings/1?fields=id`,
      '> Accept: application/json',
      '> Accept-Encoding: gzip, deflate, br',
      '> User-Agent: trek/0.1.0',
      '> X-Application-Key: ***',
    ]);
    expect(lines[5]).toMatch(/^< 200 OK \(\d+ ms\)$/);
    expect(lines).toContain('< x-request-id: r1');
    expect(lines).toContain('< content-type: application/json');
    expect(lines.join('\n')).not.toContain(KEY);
  });

  it('describes a request for --dry-run without sending it or showing the key', async () => {
    const server = await serve((_req, res) => json(res, 200, {}));
    const { client } = clientFor(`${server.url}/v1`);
    const text = client.describe({ method: 'post', path: '/bookings/', body: { currency: 'USD', external_id: 'x1' } });
    expect(text).toBe(
      [
        `POST ${server.url}/v1/bookings/`,
        'Accept: application/json',
        'Accept-Encoding: gzip, deflate, br',
        'User-Agent: trek',
        'Content-Type: application/json',
        'X-Application-Key: ***',
        '',
        '{',
        '  "currency": "USD",',
        '  "external_id": "x1"',
        '}',
      ].join('\n'),
    );
    expect(server.requests).toHaveLength(0);
  });

  it('redacts the auth header and other credentials in any spelling', () => {
    expect(redactHeaders({ 'x-application-key': 'k', Authorization: 'Bearer t', Cookie: 'c', Accept: 'application/json' }, 'X-Application-Key')).toEqual({
      'x-application-key': '***',
      Authorization: '***',
      Cookie: '***',
      Accept: 'application/json',
    });
  });
});

describe('what a hostile server sends (13.5)', () => {
  it('13.5 a body larger than the cap is refused while it streams, naming the request and how to raise the cap', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // No Content-Length: the size is only known by reading, so the read itself must stop.
      for (let i = 0; i < 64; i++) res.write(`${' '.repeat(1023)}\n`);
      res.end('{}');
    });
    const { client } = clientFor(server.url, { maxBodyBytes: 16 * 1024 });
    const error = await failure(client.get('/departures'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toBe(`the response body of GET ${server.url}/departures is larger than trek's 16 KiB limit; to accept it, raise the limit with TREK_MAX_BODY (e.g. TREK_MAX_BODY=256MiB)`);
    expect(server.requests).toHaveLength(1);
  });

  it('13.5 a declared Content-Length over the cap is refused before any of the body is read', async () => {
    const server = await serve((_req, res) => {
      // Promises 200 MB and sends nothing: waiting for it would only end at the timeout.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * 1024 * 1024) });
      res.flushHeaders();
    });
    const { client } = clientFor(server.url, { timeoutMs: 60_000 });
    const error = await failure(client.get('/x'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toContain(`the response body of GET ${server.url}/x is larger than trek's 64 MiB limit`);
  });

  it('13.5 a 20 000-deep JSON body is refused right after parsing (no stack overflow later)', async () => {
    const depth = 20_000;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
    });
    const { client } = clientFor(server.url);
    const error = await failure(client.get('/bookings/1'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toBe(`HTTP 200 from GET ${server.url}/bookings/1: the body nests deeper than ${MAX_NESTING} levels, trek's limit`);
  });

  it(`13.5 nesting up to ${MAX_NESTING} levels is accepted, one more is not`, async () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    const server = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(nested(Number(req.url!.slice(1))));
    });
    const { client } = clientFor(server.url);
    expect((await client.get(`/${MAX_NESTING}`)).data).toEqual(JSON.parse(nested(MAX_NESTING)));
    expect((await failure(client.get(`/${MAX_NESTING + 1}`))).message).toContain(`nests deeper than ${MAX_NESTING} levels`);
  });

  it('13.5 an empty 201 body is an unusable answer naming the request; 204 stays empty', async () => {
    const server = await serve((req, res) => {
      res.writeHead(req.method === 'POST' ? 201 : 204);
      res.end();
    });
    const { client } = clientFor(server.url);
    const error = await failure(client.post('/bookings/', { currency: 'CAD' }));
    expect(error.kind).toBe('protocol');
    expect(error.status).toBe(201);
    expect(error.message).toBe(`HTTP 201 from POST ${server.url}/bookings/: the body is empty, where the API sends a JSON document`);
    expect((await client.delete('/overrides/1/')).data).toBeUndefined();
  });

  it.each([
    ['garbage without a content type', '', 'not json \u0000 at all', 'malformed JSON in the response body'],
    ['plain text', 'text/plain', 'OK', "the body is text/plain, not the API's JSON"],
    ['JSON null', 'application/json', 'null', 'the body is JSON null, not the object or list the API sends'],
    ['a JSON string', 'application/json', '"ok"', 'the body is a JSON string, not the object or list the API sends'],
  ])('13.5 %s on a 200 is an unusable answer naming the request', async (_name, type, body, problem) => {
    const server = await serve((_req, res) => {
      res.writeHead(200, type ? { 'content-type': type } : {});
      res.end(body);
    });
    const { client } = clientFor(server.url);
    const error = await failure(client.get('/bookings/1'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toContain(`HTTP 200 from GET ${server.url}/bookings/1: ${problem}`);
  });
});

describe('redirects of writes (13.8)', () => {
  const writes = ['POST', 'PUT', 'PATCH', 'DELETE'];
  const statuses = [301, 302, 307, 308];
  it.each(writes.flatMap((method) => statuses.map((status) => [method, status] as const)))('13.8 %s answered %i to another origin is not followed: no body, no key there', async (method, status) => {
    const elsewhere = await serve((_req, res) => json(res, 201, { id: 'stolen' }));
    const home = await serve((_req, res) => {
      res.writeHead(status, { location: `${elsewhere.url}/collect?x=\u009b31m` });
      res.end();
    });
    const { client } = clientFor(home.url);
    const error = await failure(client.request({ method, path: '/bookings/', body: { currency: 'CAD', note: 'private' } }));
    expect(error.kind).toBe('redirect');
    expect(error.status).toBe(status);
    // The Location is shown as WHATWG serialises it: the C1 control percent-encoded.
    expect(error.message).toContain(`from ${method} ${home.url}/bookings/ redirects to another origin, ${elsewhere.url}/collect?x=%C2%9B31m; not followed`);
    expect(elsewhere.requests).toHaveLength(0);
    expect(home.requests).toHaveLength(1);
  });

  it('13.8 a GET moved to another origin never carries the key, a custom auth header or cookies', async () => {
    const elsewhere = await serve((_req, res) => json(res, 200, { moved: true }));
    const home = await serve((_req, res) => {
      res.writeHead(308, { location: `${elsewhere.url}/landing` });
      res.end();
    });
    const { client } = clientFor(home.url, { authHeader: 'X-Prod-Key' });
    await client.request({ path: '/bookings/1', headers: { Authorization: 'Bearer t', Cookie: 'c=1' } });
    expect(home.requests[0].headers['x-prod-key']).toBe(KEY);
    const arrived = elsewhere.requests[0].headers;
    expect([arrived['x-prod-key'], arrived.authorization, arrived.cookie]).toEqual([undefined, undefined, undefined]);
    expect(JSON.stringify(elsewhere.requests)).not.toContain(KEY);
  });

  it('13.8 a move to a URL that is not http(s) is an unusable answer, not a crash', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(301, { location: 'file:///etc/passwd' });
      res.end();
    });
    const { client } = clientFor(server.url);
    const error = await failure(client.get('/x'));
    expect(error.kind).toBe('protocol');
    expect(error.message).toBe(`HTTP 301 from GET ${server.url}/x moves to file:///etc/passwd, which is not an http:// or https:// URL`);
  });

  it('13.8 a same-origin 308 on a write is still followed with its body', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/old/') {
        res.writeHead(308, { location: '/new/' });
        res.end();
      } else json(res, 201, { id: 'b1' });
    });
    const { client } = clientFor(server.url);
    expect((await client.post('/old/', { currency: 'EUR' })).data).toEqual({ id: 'b1' });
    expect(server.requests.map((r) => [r.url, r.headers['x-application-key']])).toEqual([
      ['/old/', KEY],
      ['/new/', KEY],
    ]);
  });
});

describe('transport safety (13.7, 14.2)', () => {
  it('14.2 plain http:// to a host that is not loopback warns once per client', async () => {
    const server = await serve((_req, res) => json(res, 200, {}));
    const port = Number(new URL(server.url).port);
    // Every connection lands on the local server, whatever host the URL names.
    const dispatcher = new Agent({
      connect: (_options, callback) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => callback(null, socket));
        socket.once('error', (error) => callback(error, null));
      },
    });
    const { client, notices } = clientFor('http://api.example.test/v1', { dispatcher });
    await client.get('/departures');
    await client.get('/departures');
    await dispatcher.close();
    expect(notices).toEqual(['plain http:// to api.example.test: the API key and the data travel unencrypted; use https://']);
    expect(server.requests).toHaveLength(2);

    const { client: local, notices: quiet } = clientFor(server.url);
    await local.get('/departures');
    expect(quiet).toEqual([]);
  });

  it('13.7 a key no HTTP header can carry is a usage error, never shown, nothing sent', async () => {
    const server = await serve((_req, res) => json(res, 200, {}));
    const { client } = clientFor(server.url, { apiKey: 'ключ-123' });
    const error = await client.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe('the X-Application-Key header cannot be sent: its value holds control characters or characters beyond Latin-1');
    expect((error as UsageError).message).not.toContain('ключ');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses absolute URLs that are not http(s), and garbage ones, as usage errors', () => {
    const client = new ApiClient({ baseUrl: 'http://h.example' });
    expect(() => client.resolve('file:///etc/passwd')).toThrow('invalid URL "file:///etc/passwd": only paths and absolute http:// or https:// URLs can be requested');
    expect(() => client.resolve('http://[::1')).toThrow(UsageError);
  });
});
