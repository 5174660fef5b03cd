/**
 * A day at the counter, round 3: ids of another kind, errors a script can read, writes whose
 * outcome is unknown, typos caught before they reach the API (issue 29, items 4, 6, 7, 8, 11, 14).
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/main.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();
const servers = useHostileServers();
const noWait = { sleep: async () => {} };

/** `trek ARGS` against a hostile server; retries do not wait. */
async function against(url: string, args: string[]) {
  const t = testFactory({ baseUrl: url, apiKey: 'k', clientOverrides: noWait });
  const code = await main(args, t.f);
  return Object.assign(t, { code });
}

async function bookingAndCustomer() {
  const booking = await sandbox.api('POST', '/bookings/', { currency: 'CAD' });
  const customer = await sandbox.api('POST', '/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' } });
  return { booking, customer };
}

describe('an id of another kind, for every id argument and flag', () => {
  it('booking get of a customer id, customer get of a booking id: exit 2 naming the kind', async () => {
    const { booking, customer } = await bookingAndCustomer();
    const asBooking = await sandbox.trek(['booking', 'get', customer.id]);
    expect([asBooking.code, asBooking.err()]).toEqual([2, `error: ${customer.id} is a customer, not a booking\nTry: trek customer get ${customer.id}\n`]);
    const asCustomer = await sandbox.trek(['customer', 'get', booking.id]);
    expect([asCustomer.code, asCustomer.err()]).toEqual([2, `error: ${booking.id} is a booking, not a customer\nTry: trek booking get ${booking.id}\n`]);
  });

  it('--departure given a dossier and --customer given a booking name the kind and the flag', async () => {
    const { booking, customer } = await bookingAndCustomer();
    const dossier = await sandbox.trek(['service', 'add-departure', '--booking', booking.id, '--departure', '20001', '--customer', customer.id]);
    expect([dossier.code, dossier.err().split('\n')[0]]).toEqual([2, 'error: 20001 is a dossier, not a departure']);
    const json = await sandbox.trek(['service', 'add-departure', '--booking', booking.id, '--departure', '100001', '--customer', booking.id, '-o', 'json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.err()).error).toMatchObject({ message: `${booking.id} is a booking, not a customer`, code: 'usage', field: '--customer' });
  });

  it('an id no collection has stays a 404, exit 4', async () => {
    const t = await sandbox.trek(['booking', 'get', '999999999']);
    expect(t.code).toBe(4);
  });
});

describe('in JSON mode stderr is the JSON error alone', () => {
  const unavailable = () => servers.start((_req, res) => void res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"down"}'));

  it('retry notices are left out of --json stderr, so the error is its only line', async () => {
    const server = await unavailable();
    const t = await against(server.url, ['booking', 'get', '200001', '--json']);
    expect(t.code).toBe(7);
    expect(t.err().trimEnd().split('\n')).toHaveLength(1);
    expect(JSON.parse(t.err())).toMatchObject({ exit_code: 7, error: { message: 'down' } });
  });

  it('--verbose shows them, for a person reading along', async () => {
    const server = await unavailable();
    const t = await against(server.url, ['booking', 'get', '200001', '--json', '--verbose']);
    expect(t.err().match(/^! HTTP 503 .*retrying/gm)).toHaveLength(3);
    expect(JSON.parse(t.err().trimEnd().split('\n').at(-1)!)).toMatchObject({ exit_code: 7 });
  });

  it('a table still gets its "!" notices', async () => {
    const server = await unavailable();
    const t = await against(server.url, ['booking', 'get', '200001']);
    expect(t.err()).toMatch(/^! HTTP 503 .*retrying/m);
  });
});

describe('a write whose outcome is unknown says so, and what to check', () => {
  /** In front of the sandbox: every request is forwarded; a POST to a path `lost` matches is acted on, then its answer is replaced by `answer`. */
  const lossyProxy = (lost: RegExp, answer: (res: import('node:http').ServerResponse) => void) =>
    servers.start(async (req, res, body) => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name))) as Record<string, string>;
      const upstream = await fetch(`${sandbox.running.baseUrl}${req.url}`, { method: req.method, headers, ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body }) });
      const text = await upstream.text();
      if (req.method === 'POST' && lost.test(req.url ?? '')) return answer(res);
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' }).end(text);
    });
  const proxied = (url: string, args: string[]) => {
    const t = testFactory({ baseUrl: url, apiKey: sandbox.running.apiKey, clientOverrides: noWait, env: { NO_COLOR: '1' } });
    return main(args, t.f).then((code) => Object.assign(t, { code }));
  };

  it('a 500 on booking create: may or may not exist, and the command that checks', async () => {
    const proxy = await lossyProxy(/^\/(bookings|customers)\/$/, (res) => void res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"oops"}'));
    const t = await proxied(proxy.url, ['booking', 'create', '--currency', 'CAD']);
    expect(t.code).toBe(7);
    expect(t.err()).toContain('The answer to this POST was lost: the booking may or may not have been made. Check before sending it again (a second one could make it twice): trek booking list\n');
    const json = await proxied(proxy.url, ['customer', 'create', '--first-name', 'Ada', '--last-name', 'L', '--title', 'Ms', '--json']);
    expect(JSON.parse(json.err()).error.hint).toBe(
      'The answer to this POST was lost: the customer may or may not have been made. Check before sending it again (a second one could make it twice): trek customer list',
    );
  });

  it('a reset connection on add-departure names the booking to check', async () => {
    const { booking, customer } = await bookingAndCustomer();
    const proxy = await lossyProxy(/^\/departure_services\/$/, (res) => res.socket?.destroy());
    const t = await proxied(proxy.url, ['service', 'add-departure', '--booking', booking.id, '--departure', '100001', '--customer', customer.id]);
    expect(t.code).toBe(7);
    expect(t.err()).toContain(`Check before sending it again (a second one could make it twice): trek booking services ${booking.id}`);
  });

  it('booking create with --external-id finds the booking its lost answer made', async () => {
    const proxy = await lossyProxy(/^\/bookings\/$/, (res) => void res.writeHead(502).end());
    const t = await proxied(proxy.url, ['booking', 'create', '--currency', 'CAD', '--external-id', 'CRM-LOST-1', '-o', 'json']);
    expect([t.code, t.err()]).toEqual([0, expect.stringContaining('found by its external_id')]);
    const made = JSON.parse(t.out());
    expect(made).toMatchObject({ external_id: 'CRM-LOST-1', currency: 'CAD' });
    expect(proxy.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});

describe('typos in --where attributes and --order-by are caught before the API', () => {
  it.each([
    [
      ['search', 'departures', '--where', 'availabilty.status=AVAILABLE'],
      "error: --where 'availabilty.status=AVAILABLE': unknown attribute 'availabilty.status'; did you mean availability.status?",
      '--where',
    ],
    [['search', 'departures', '--order-by', 'strat_date'], "error: --order-by 'strat_date': unknown attribute 'strat_date'; did you mean start_date?", '--order-by'],
    [['booking', 'list', '--order-by', '-amount_owng'], "error: --order-by '-amount_owng': unknown attribute 'amount_owng'; did you mean amount_owing?", '--order-by'],
  ])('%j exits 2 with "did you mean", sending nothing', async (args, message, field) => {
    const server = await servers.silent();
    const t = await against(server.url, args);
    expect(t.code).toBe(2);
    expect(t.err().split('\n')[0]).toBe(message);
    expect(t.err()).toContain('(trek help filters)');
    expect(server.requests).toEqual([]);
    const json = await against(server.url, [...args, '--json']);
    expect(JSON.parse(json.err()).error.field).toBe(field);
  });

  it('--order-by price names the attributes there are', async () => {
    const server = await servers.silent();
    const t = await against(server.url, ['search', 'departures', '--order-by', 'price']);
    expect(t.code).toBe(2);
    expect(t.err()).toContain("unknown attribute 'price'");
    expect(t.err()).toContain('attributes here: id, name, product_line, start_date');
  });

  it("trek help filters lists each list's attributes", async () => {
    const t = await sandbox.trek(['help', 'filters'], { columns: 200 });
    expect(t.out()).toMatch(/search departures +id, name, product_line, start_date, finish_date, availability\.status/);
    expect(t.out()).toMatch(/booking list +id, external_id, currency/);
    expect(t.out()).toMatch(/search activities +id, name, description, location\.city/);
  });
});

describe('--base-url with the built-in sandbox profile', () => {
  it('is refused with exit 2 and how to fix it, sending nothing (it has no key to send)', async () => {
    const server = await servers.silent();
    const t = testFactory();
    const code = await main(['search', 'departures', '--base-url', server.url], t.f);
    expect(code).toBe(2);
    expect(t.err()).toBe(
      `error: --base-url ${server.url} with the built-in sandbox profile: no API key to send there (the built-in sandbox's key never leaves this process)\n` +
        `Give the key in TREK_API_KEY, or add a profile for that server: trek profile add NAME --base-url ${server.url} --api-key-stdin\n`,
    );
    expect(server.requests).toEqual([]);
    const json = testFactory();
    expect(await main(['search', 'departures', '--base-url', server.url, '--json'], json.f)).toBe(2);
    expect(JSON.parse(json.err()).error.field).toBe('--base-url');
  });
});

describe('JSON errors name the field', () => {
  it.each([
    [['customer', 'create', '--first-name', 'Ada', '--last-name', 'L', '--title', 'Dr'], '--title'],
    [['booking', 'get', '200001', '--fields', 'id,,currency'], '--fields'],
    [['booking', 'get', ''], '<id>'],
    [['checkin', 'list', '--booking', ''], '--booking'],
  ])('%j', async (args, field) => {
    const server = await servers.silent();
    const t = await against(server.url, [...args, '--json']);
    expect(t.code).toBe(2);
    expect(JSON.parse(t.err()).error).toMatchObject({ code: 'usage', field });
    expect(server.requests).toEqual([]);
  });

  it('an unknown --fields entry after the read names --fields too', async () => {
    const { booking } = await bookingAndCustomer();
    const t = await sandbox.trek(['booking', 'get', booking.id, '--fields', 'curency', '--json']);
    expect(t.code).toBe(2);
    expect(JSON.parse(t.err()).error.field).toBe('--fields');
  });
});
