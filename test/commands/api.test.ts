import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { trekPaths } from '../../src/config/paths.js';
import { openConfig } from '../../src/config/store.js';
import { main } from '../../src/main.js';
import { testFactory } from '../helpers/factory.js';
import { startHostileServer } from '../helpers/hostile-server.js';

const KEY = 'secret-key-123';
type Server = Awaited<ReturnType<typeof startHostileServer>>;
let server: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function json(res: import('node:http').ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const notFound = {
  http_status_code: 404,
  time: '2026-11-22T10:00:00Z',
  message: 'Booking not found',
  error_id: 'gapi_a1b2c3',
  errors: [{ field: 'booking_id', code: 'NOT_FOUND', detail: 'no booking 99' }],
};

describe('trek api', () => {
  it('prints the API error with message, errors and error_id and exits 4 on 404', async () => {
    server = await startHostileServer((_req, res) => json(res, 404, notFound));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    expect(await main(['api', 'GET', '/bookings/99'], t.f)).toBe(4);
    expect(t.out()).toBe('');
    expect(t.err()).toBe('error: Booking not found (HTTP 404)\n  - booking_id: NOT_FOUND — no booking 99\n  error_id: gapi_a1b2c3\n');
  });

  it('prints the error as one JSON object on stderr with -o json', async () => {
    server = await startHostileServer((_req, res) => json(res, 404, notFound));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    expect(await main(['api', 'GET', '/bookings/99', '-o', 'json'], t.f)).toBe(4);
    expect(JSON.parse(t.err())).toEqual({ error: notFound, exit_code: 4 });
  });

  it('traces requests on stderr with --verbose after the subcommand, key redacted', async () => {
    server = await startHostileServer((_req, res) => json(res, 200, { id: '1', name: 'x' }));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    expect(await main(['api', 'GET', '/x', '--verbose', '-o', 'json'], t.f)).toBe(0);
    expect(server.requests[0].headers['x-application-key']).toBe(KEY);
    expect(t.err()).toContain(`GET ${server.url}/x`);
    expect(t.err()).toContain('200');
    expect(t.err()).not.toContain(KEY);
    expect(JSON.parse(t.out())).toEqual({ id: '1', name: 'x' });
  });

  it('sends typed -F fields and string -f fields as a JSON body', async () => {
    server = await startHostileServer((_req, res) => json(res, 201, { id: 'b1' }));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    const code = await main(
      ['api', 'POST', '/bookings/', '-f', 'currency=CAD', '-F', 'no_auto_final_payment=true', '-F', 'n=3', '-f', 'external_id=007', '-f', 'agency_identifier.field=id', '-o', 'json'],
      t.f,
    );
    expect(code).toBe(0);
    expect(server.requests[0].method).toBe('POST');
    expect(JSON.parse(server.requests[0].body)).toEqual({
      currency: 'CAD',
      no_auto_final_payment: true,
      n: 3,
      external_id: '007',
      agency_identifier: { field: 'id' },
    });
  });

  it('turns fields into query parameters for GET', async () => {
    server = await startHostileServer((_req, res) => json(res, 200, { count: 0, current_page: 1, max_per_page: 10, results: [], links: [] }));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    expect(await main(['api', 'GET', '/departures', '-f', 'availability.status__in[]=AVAILABLE', '-f', 'availability.status__in[]=WAIT_LIST', '-f', 'max_per_page=10'], t.f)).toBe(0);
    const url = new URL(server.requests[0].url, server.url);
    expect(url.searchParams.getAll('availability.status__in')).toEqual(['AVAILABLE', 'WAIT_LIST']);
    expect(url.searchParams.get('max_per_page')).toBe('10');
    expect(t.out()).toBe('[]\n');
  });

  it('follows next links with --paginate and prints one array of results', async () => {
    server = await startHostileServer((req, res) => {
      const page = Number(new URL(req.url!, 'http://x').searchParams.get('page') ?? '1');
      const links = page < 3 ? [{ rel: 'next', href: `/departures?page=${page + 1}` }] : [];
      json(res, 200, { count: '7', current_page: page, results: [{ id: `d${page}` }], links });
    });
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    expect(await main(['api', 'GET', '/departures', '--paginate', '-o', 'ndjson'], t.f)).toBe(0);
    expect(t.out()).toBe('{"id":"d1"}\n{"id":"d2"}\n{"id":"d3"}\n');
    expect(server.requests).toHaveLength(3);
  });

  it('prints the request and sends nothing with --dry-run', async () => {
    server = await startHostileServer((_req, res) => json(res, 500, {}));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    expect(await main(['api', 'DELETE', '/overrides/9/', '--dry-run'], t.f)).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(t.out()).toContain(`DELETE ${server.url}/overrides/9/`);
    expect(t.out()).not.toContain(KEY);
  });

  it('sends --input as the raw body with its content type', async () => {
    server = await startHostileServer((_req, res) => json(res, 200, { ok: true }));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    const file = join(t.home, 'body.xml');
    writeFileSync(file, '<booking><currency>CAD</currency></booking>');
    expect(await main(['api', 'POST', '/bookings/', '--input', file, '-o', 'json'], t.f)).toBe(0);
    expect(server.requests[0].headers['content-type']).toContain('application/xml');
    expect(server.requests[0].body).toBe('<booking><currency>CAD</currency></booking>');
  });

  it.each([
    [['api', 'GET', '/x', '-f', 'novalue'], '-f expects key=value, got "novalue"'],
    [['api', 'POST', '/x', '--input', '/nonexistent/file.json'], 'cannot read --input /nonexistent/file.json'],
    [['api', 'FETCH', '/x'], 'unknown method "FETCH"'],
    [['api', 'POST', '/x', '--paginate'], '--paginate works with GET only'],
    [['api', 'GET', '/x', '-H', 'NoColon'], '-H expects "Name: value"'],
  ])('rejects bad input %j with exit 2 and sends nothing', async (argv, message) => {
    server = await startHostileServer((_req, res) => json(res, 200, {}));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    expect(await main(argv, t.f)).toBe(2);
    expect(t.err()).toContain(message);
    expect(server.requests).toHaveLength(0);
  });

  it('rejects an unknown --fields entry listing the valid ones', async () => {
    server = await startHostileServer((_req, res) => json(res, 200, { id: '1', name: 'x' }));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    expect(await main(['api', 'GET', '/x', '--fields', 'id,nmae'], t.f)).toBe(2);
    expect(t.err()).toContain('nmae');
    expect(t.err()).toContain('id, name');
  });
});

describe('trek api against a hostile server (13.5, 13.7, 13.8, 14.8)', () => {
  it('13.5 a next link that loops stops with exit 7 naming the request', async () => {
    server = await startHostileServer((_req, res) => json(res, 200, { count: 1, current_page: 1, results: [{ id: 'd1' }], links: [{ rel: 'next', href: '/departures?page=1' }] }));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    expect(await main(['api', 'GET', '/departures', '--paginate', '-o', 'ndjson'], t.f)).toBe(7);
    expect(t.err()).toContain(`pagination of GET ${server.url}/departures?page=1: loop`);
    expect(server.requests.length).toBeLessThanOrEqual(3);
  });

  const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
  it.each([
    ['a 20 000-deep JSON body', 'GET', 200, 'application/json', deep, 'the body nests deeper than 100 levels', undefined],
    ['an empty 201 body', 'POST', 201, '', '', 'the body is empty, where the API sends a JSON document', undefined],
    ['non-JSON garbage', 'GET', 200, '', '\u0000\u0001garbage', 'malformed JSON in the response body', undefined],
    [
      'a body over TREK_MAX_BODY',
      'GET',
      200,
      'application/json',
      JSON.stringify({ blob: 'x'.repeat(4096) }),
      "is larger than trek's 2 KiB limit; to accept it, raise the limit with TREK_MAX_BODY",
      '2K',
    ],
  ])('13.5 %s exits 7 naming the request, never 1', async (_name, method, status, type, body, problem, maxBody) => {
    server = await startHostileServer((_req, res) => {
      res.writeHead(status, type ? { 'content-type': type } : {});
      res.end(body);
    });
    const t = testFactory({ baseUrl: server.url, apiKey: KEY, env: maxBody ? { TREK_MAX_BODY: maxBody } : {} });
    expect(await main(['api', method, '/bookings/'], t.f)).toBe(7);
    expect(t.err()).toContain(`${method} ${server.url}/bookings/`);
    expect(t.err()).toContain(problem);
    expect(t.out()).toBe('');
  });

  it('13.5 an unusable next link (another origin) exits 7 naming the request, nothing sent there', async () => {
    server = await startHostileServer((_req, res) => json(res, 200, { count: 1, current_page: 1, results: [{ id: 'd1' }], links: [{ rel: 'next', href: 'http://198.51.100.7/departures?page=2' }] }));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    expect(await main(['api', 'GET', '/departures', '--paginate', '-o', 'ndjson'], t.f)).toBe(7);
    expect(t.err()).toContain(`pagination of GET ${server.url}/departures: the next link points to another origin, http://198.51.100.7`);
    expect(server.requests).toHaveLength(1);
  });

  it('13.5 TREK_MAX_BODY outside 1 KiB–512 MiB exits 2 before any request', async () => {
    server = await startHostileServer((_req, res) => json(res, 200, {}));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY, env: { TREK_MAX_BODY: 'lots' } });
    expect(await main(['api', 'GET', '/x', '-o', 'json'], t.f)).toBe(2);
    // With -o json the usage error is one JSON object, as every error is (issue 18).
    expect(JSON.parse(t.err())).toEqual({ error: { message: 'TREK_MAX_BODY must be a size from 1 KiB to 512 MiB, like 256MiB or 268435456 (got "lots")', code: 'usage' }, exit_code: 2 });
    expect(server.requests).toHaveLength(0);
  });

  it('13.7 trek api -i prints response headers with the same escaping as bodies', async () => {
    server = await startHostileServer((_req, res) => {
      // Latin-1 C1 controls are legal in a header value; \x9d...\x9c is an 8-bit OSC, \x9b an 8-bit CSI.
      res.writeHead(200, { 'content-type': 'application/json', 'x-note': 'a\u009d0;pwned\u009cb\u009b31mred' });
      res.end('{"id":"1"}');
    });
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    expect(await main(['api', 'GET', '/x', '-i', '-o', 'json'], t.f)).toBe(0);
    // Complete sequences are removed, as in bodies; nothing from C1 is left to act on.
    expect(t.out()).toContain('x-note: abred\n');
    expect(t.out()).not.toMatch(/[\u0080-\u009f]/);
  });

  it('13.8 a POST redirected to another origin exits 5, showing where, with nothing re-sent', async () => {
    const elsewhere = await startHostileServer((_req, res) => json(res, 201, { id: 'stolen' }));
    server = await startHostileServer((_req, res) => {
      res.writeHead(307, { location: `${elsewhere.url}/bookings/` });
      res.end();
    });
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    const code = await main(['api', 'POST', '/bookings/', '-f', 'currency=CAD'], t.f);
    await elsewhere.close();
    expect(code).toBe(5);
    expect(t.err()).toBe(
      `error: HTTP 307 Temporary Redirect from POST ${server.url}/bookings/ redirects to another origin, ${elsewhere.url}/bookings/; not followed: trek never re-sends a write, its body or the API key to another origin (HTTP 307)\n`,
    );
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('14.8 --fields with an unknown name lists server field names with OSC 52 and OSC 0 neutralised', async () => {
    const clipboard = '\u001b]52;c;cm0gLXJmIH4=\u0007';
    const title = '\u001b]0;owned\u0007';
    server = await startHostileServer((_req, res) => json(res, 200, { id: '1', [`na${clipboard}me`]: 'x', [`ti${title}tle`]: 'y' }));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    expect(await main(['api', 'GET', '/x', '--fields', 'nope'], t.f)).toBe(2);
    expect(t.err()).toBe('error: unknown field "nope" for --fields; valid fields: id, name, title\n');
    expect(t.err()).not.toContain('\u001b');
  });
});

describe('trek api fields (14.9)', () => {
  it.each([
    ['-f', '__proto__.rawBody=stolen'],
    ['-F', 'constructor.prototype.x=1'],
    ['-f', 'a.prototype=1'],
    ['-F', '__proto__[]=1'],
  ])('14.9 %s %s is refused with exit 2 naming the flag, and nothing is sent', async (flag, field) => {
    server = await startHostileServer((_req, res) => json(res, 201, {}));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    expect(await main(['api', 'POST', '/bookings/', flag, field, '-f', 'currency=CAD'], t.f)).toBe(2);
    expect(t.err()).toMatch(new RegExp(`^error: ${flag} [^\\n]*: "(__proto__|constructor|prototype)" cannot be a field name\\n$`));
    expect(server.requests).toHaveLength(0);
    expect(({} as Record<string, unknown>).rawBody).toBeUndefined();
  });

  it('14.9 --dry-run shows the body the fields build, not one planted through a prototype', async () => {
    server = await startHostileServer((_req, res) => json(res, 201, {}));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    expect(await main(['api', 'POST', '/bookings/', '-f', 'currency=CAD', '-F', 'n=2', '--dry-run'], t.f)).toBe(0);
    expect(t.out().split('\n\n')[1]).toBe('{\n  "currency": "CAD",\n  "n": 2\n}\n');
  });

  it('14.9 -f never reads a file: @path is sent as the string it is', async () => {
    server = await startHostileServer((_req, res) => json(res, 201, {}));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    const secret = join(t.home, 'secret.txt');
    writeFileSync(secret, 'do not send');
    expect(await main(['api', 'POST', '/notes/', '-f', `text=@${secret}`, '-f', 'n=3', '-o', 'json'], t.f)).toBe(0);
    expect(JSON.parse(server.requests[0].body)).toEqual({ text: `@${secret}`, n: '3' });
  });

  it('14.9 -F reads @file and @- (stdin), as gh api does', async () => {
    server = await startHostileServer((_req, res) => json(res, 201, {}));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY, stdin: 'from stdin' });
    const file = join(t.home, 'notes.txt');
    writeFileSync(file, 'from a file');
    expect(await main(['api', 'POST', '/notes/', '-F', `text=@${file}`, '-F', 'more=@-', '-o', 'json'], t.f)).toBe(0);
    expect(JSON.parse(server.requests[0].body)).toEqual({ text: 'from a file', more: 'from stdin' });
  });
});

describe('whose key goes where (14.2, 13.7)', () => {
  async function withProfile(t: ReturnType<typeof testFactory>, record: { base_url: string; api_key: string }) {
    const store = openConfig(trekPaths({ TREK_HOME: t.home }));
    await store.setProfile('prod', record);
    await store.setCurrentProfile('prod');
  }

  it.each([
    ['TREK_BASE_URL', (url: string) => ({ env: { TREK_BASE_URL: url }, argv: [] as string[] })],
    ['--base-url', (url: string) => ({ env: {}, argv: ['--base-url', url] })],
  ])("14.2 the current profile's key is not sent to a base URL from %s: exit 2, nothing sent", async (origin, given) => {
    server = await startHostileServer((_req, res) => json(res, 200, {}));
    const { env, argv } = given(server.url);
    const t = testFactory({ env });
    await withProfile(t, { base_url: 'https://prod.example/api', api_key: 'prod-key' });
    expect(await main(['api', 'GET', '/departures', '-o', 'json', ...argv], t.f)).toBe(2);
    expect(server.requests).toHaveLength(0);
    expect(JSON.parse(t.err())).toEqual({
      error: {
        message: `refusing to send the API key of profile "prod" to ${server.url} (from ${origin}): a profile's key goes only to the origin of its own base_url, https://prod.example`,
        code: 'usage',
        hint: `Give the key for ${server.url} in TREK_API_KEY, or add a profile for that server: trek profile add NAME --base-url ${server.url} --api-key-stdin`,
      },
      exit_code: 2,
    });
    expect(t.err()).not.toContain('prod-key');
  });

  it('14.2 a base URL from the environment is used with the key from TREK_API_KEY', async () => {
    server = await startHostileServer((_req, res) => json(res, 200, { id: '1' }));
    const t = testFactory({ env: { TREK_BASE_URL: server.url, TREK_API_KEY: 'its-own-key' } });
    await withProfile(t, { base_url: 'https://prod.example/api', api_key: 'prod-key' });
    expect(await main(['api', 'GET', '/x', '-o', 'json'], t.f)).toBe(0);
    expect(server.requests[0].headers['x-application-key']).toBe('its-own-key');
  });

  it("14.2 an override on the profile's own origin keeps the profile's key", async () => {
    server = await startHostileServer((_req, res) => json(res, 200, { id: '1' }));
    const t = testFactory({ env: { TREK_BASE_URL: `${server.url}/v2` } });
    await withProfile(t, { base_url: `${server.url}/v1`, api_key: 'prod-key' });
    expect(await main(['api', 'GET', '/x', '-o', 'json'], t.f)).toBe(0);
    expect(server.requests.map((r) => [r.url, r.headers['x-application-key']])).toEqual([['/v2/x', 'prod-key']]);
  });

  it.each([
    ['TREK_API_KEY', { TREK_API_KEY: 'clé-ключ' }, false],
    ['the api_key of profile "prod"', {}, true],
  ])('13.7 a key with non-Latin-1 characters from %s exits 2 naming where it came from', async (origin, env, inProfile) => {
    server = await startHostileServer((_req, res) => json(res, 200, {}));
    const t = testFactory({ baseUrl: inProfile ? undefined : server.url, env });
    if (inProfile) await withProfile(t, { base_url: server.url, api_key: 'clé-ключ' });
    expect(await main(['api', 'GET', '/x', '-o', 'json'], t.f)).toBe(2);
    const { message } = JSON.parse(t.err()).error as { message: string };
    expect(message).toContain(`the API key in ${origin}`);
    expect(message).toContain('cannot be sent: it holds control characters or characters beyond Latin-1');
    expect(t.err()).not.toContain('ключ');
    expect(server.requests).toHaveLength(0);
  });
});
