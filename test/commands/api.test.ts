import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
    expect(server.requests[0]!.headers['x-application-key']).toBe(KEY);
    expect(t.err()).toContain(`GET ${server.url}/x`);
    expect(t.err()).toContain('200');
    expect(t.err()).not.toContain(KEY);
    expect(JSON.parse(t.out())).toEqual({ id: '1', name: 'x' });
  });

  it('sends typed -f fields as a JSON body', async () => {
    server = await startHostileServer((_req, res) => json(res, 201, { id: 'b1' }));
    const t = testFactory({ baseUrl: server.url, apiKey: KEY });
    const code = await main(['api', 'POST', '/bookings/', '-f', 'currency=CAD', '-f', 'no_auto_final_payment=true', '-f', 'n=3', '-F', 'external_id=007', '-f', 'agency_identifier.field=id', '-o', 'json'], t.f);
    expect(code).toBe(0);
    expect(server.requests[0]!.method).toBe('POST');
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
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
    const url = new URL(server.requests[0]!.url, server.url);
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
    expect(server.requests[0]!.headers['content-type']).toContain('application/xml');
    expect(server.requests[0]!.body).toBe('<booking><currency>CAD</currency></booking>');
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
