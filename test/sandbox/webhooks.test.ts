/**
 * Issue 17, the sandbox as webhook sender: subscriptions per agency, events for every change,
 * delivery off the request path from a persisted outbox, signed, acknowledged, retried, in
 * order per resource, and safe against a hostile receiver.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ackValue, verifySignature, WEBHOOK_EVENT_TYPES } from '../../src/domain/webhooks.js';
import { openSandbox, startSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { useHostileServers, type HostileServer } from '../helpers/hostile-server.js';
import { PROGRAMS, requirePrograms } from '../helpers/programs.js';
import { agentKey, clientFor, collectPages, KEYS, type Client } from '../helpers/sandbox-client.js';
import { book, get, moveClock, newCustomers, refs } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

/** vi.waitFor with room for a loaded machine (its default gives up after 1 s): deliveries run on timers of their own. */
const settled = <T>(check: () => T | Promise<T>, options: { timeout?: number; interval?: number } = {}) => vi.waitFor(check, { timeout: 10_000, interval: 20, ...options });

const servers = useHostileServers();

/** Retries after 50 ms instead of seconds; an attempt gets 2 s. */
const FAST: SandboxOptions['webhookDelivery'] = { schedule: { retryDelaysMs: [50, 50, 50], attemptTimeoutMs: 2000 }, pollMs: 20 };

async function ownSandbox(options: SandboxOptions = {}): Promise<Client> {
  const client = clientFor(await startSandbox({ size: 60, now: NOW, webhookDelivery: FAST, ...options }));
  onTestFinished(() => client.sandbox.close());
  return client;
}

/** A receiver that acknowledges as a receiver holding `key` does. */
function acknowledging(key: string) {
  return (_req: unknown, res: ServerResponse) => void res.writeHead(200, { 'x-application-sha256': ackValue(key) }).end('ok');
}

async function subscribe(client: Client, url: string, events?: string[], key: Parameters<Client['post']>[2] = KEYS.mapleLeaf): Promise<any> {
  const answer = await client.post('/_sandbox/webhooks', events === undefined ? { url } : { url, events }, key);
  expect(answer.status, answer.text).toBe(201);
  return answer.json;
}

/** Every event a receiver was sent, request by request. */
const eventsOf = (server: HostileServer) => server.requests.map((r) => JSON.parse(r.body) as any[]);
const allEvents = (server: HostileServer) => eventsOf(server).flat();

async function deliveries(client: Client, subscriptionId: string, key = KEYS.mapleLeaf): Promise<any[]> {
  return collectPages({ ...client, get: (path: string) => client.get(path, key) }, `/_sandbox/webhooks/${subscriptionId}/deliveries`);
}

/** A generated departure with a few places left, far enough ahead to book. */
async function smallDeparture(client: Client): Promise<any> {
  const all = await collectPages(client, '/departures/?availability.status=AVAILABLE&max_per_page=100');
  const found = all.find((d) => Number(d.id) > 100010 && d.availability.spaces_remaining >= 1 && d.availability.spaces_remaining <= 3 && d.start_date > '2027-04-01');
  expect(found, 'a departure with 1 to 3 places').toBeDefined();
  return found;
}

describe('17 webhook subscriptions', () => {
  it('17 an agent subscribes a receiver for its agency; list, get and remove see only its agency; another agency gets 404', async () => {
    const client = await ownSandbox();
    const created = await subscribe(client, 'http://127.0.0.1:9/hooks', ['departures.updated', 'bookings.created']);
    expect(created).toMatchObject({ url: 'http://127.0.0.1:9/hooks', events: ['departures.updated', 'bookings.created'], agency: { id: '1', href: '/agencies/1/' } });
    expect(created.href).toBe(`/_sandbox/webhooks/${created.id}/`);
    const everything = await subscribe(client, 'https://example.test/all');
    expect(everything.events).toEqual(WEBHOOK_EVENT_TYPES);

    // The same agency's second agent sees them; another agency's agent does not.
    const listed = await client.get('/_sandbox/webhooks', KEYS.mapleLeafSecond);
    expect(listed.json.results.map((w: any) => w.id)).toEqual([created.id, everything.id]);
    expect((await client.get('/_sandbox/webhooks', KEYS.harbourLights)).json.results).toEqual([]);
    expect((await client.get(created.href, KEYS.harbourLights)).status).toBe(404);
    expect((await client.request('DELETE', created.href, { key: KEYS.harbourLights })).status).toBe(404);
    expect((await client.get(`${created.href}deliveries`, KEYS.harbourLights)).status).toBe(404);
    expect((await client.get(created.href)).json).toEqual(created);

    expect((await client.request('DELETE', created.href)).status).toBe(204);
    expect((await client.get(created.href)).status).toBe(404);
    expect((await client.get('/_sandbox/webhooks')).json.results.map((w: any) => w.id)).toEqual([everything.id]);
    // The operator key alone is not an agent: subscriptions belong to an agency.
    expect((await client.get('/_sandbox/webhooks', 'operator')).status).toBe(401);
  });

  it('17 bad subscription input is a 400 naming the field: url missing, not http(s), with a password, too long; unknown events listing the allowed ones', async () => {
    const client = await ownSandbox();
    const refused = async (body: unknown) => {
      const answer = await client.post('/_sandbox/webhooks', body);
      expect(answer.status, answer.text).toBe(400);
      return answer.json.errors as any[];
    };
    expect((await refused({}))[0]).toMatchObject({ field: 'url', code: 'REQUIRED' });
    expect((await refused({ url: 'ftp://example.test/x' }))[0]).toMatchObject({ field: 'url', code: 'INVALID_URL' });
    expect((await refused({ url: 'not a url' }))[0]).toMatchObject({ field: 'url', code: 'INVALID_URL' });
    expect((await refused({ url: 'http://user:secret@example.test/' }))[0]).toMatchObject({ field: 'url', code: 'INVALID_URL' });
    expect((await refused({ url: `http://example.test/${'a'.repeat(2048)}` }))[0]).toMatchObject({ field: 'url', code: 'INVALID_URL' });
    const unknown = (await refused({ url: 'http://example.test/', events: ['departures.updated', 'departures.sold_out'] }))[0];
    expect(unknown).toMatchObject({ field: 'events', code: 'INVALID_CHOICE', value: ['departures.sold_out'] });
    expect(unknown.detail).toContain('departures.updated, departures.deleted');
    expect((await refused({ url: 'http://example.test/', events: [] }))[0]).toMatchObject({ field: 'events' });
    expect((await refused({ url: 'http://example.test/', events: 7 }))[0]).toMatchObject({ field: 'events', code: 'INVALID_TYPE' });
    expect((await refused({ url: 'http://example.test/', secret: 'x' }))[0]).toMatchObject({ field: 'secret', code: 'UNKNOWN_FIELD' });
    expect((await client.get('/_sandbox/webhooks')).json.results).toEqual([]);
  });

  it('17 an agency holds at most 20 subscriptions: the 21st is 400 TOO_MANY_WEBHOOKS, and another agency is not counted', async () => {
    const client = await ownSandbox();
    for (let i = 0; i < 20; i++) await subscribe(client, `http://127.0.0.1:9/${i}`);
    const refused = await client.post('/_sandbox/webhooks', { url: 'http://127.0.0.1:9/20' });
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0].code).toBe('TOO_MANY_WEBHOOKS');
    await subscribe(client, 'http://127.0.0.1:9/other', undefined, KEYS.harbourLights);
  });

  it('17 a reset clears the subscriptions and their deliveries', async () => {
    const client = await ownSandbox();
    const subscription = await subscribe(client, 'http://127.0.0.1:9/hooks');
    expect((await client.post('/_sandbox/reset', { now: NOW.toISOString() }, 'operator')).status).toBe(200);
    expect((await client.get('/_sandbox/webhooks')).json.results).toEqual([]);
    expect((await client.get(subscription.href)).status).toBe(404);
  });
});

describe('17 events and their delivery', () => {
  it('17 booking the last places of a departure: within 2 s the receiver gets departures.updated for it, signed so that openssl dgst -sha256 -hmac KEY verifies it', async (ctx) => {
    requirePrograms(ctx, PROGRAMS.openssl);
    const client = await ownSandbox();
    const key = agentKey(client.sandbox, '1');
    const receiver = await servers.start(acknowledging(key));
    await subscribe(client, `${receiver.url}/hooks`, ['departures.updated']);
    const departure = await smallDeparture(client);

    const booked = await book(client, { departure: departure.id, travellers: departure.availability.spaces_remaining });
    expect(booked.service.status).toBe('Option');
    expect((await get(client, departure.href)).availability.spaces_remaining).toBe(0);

    await settled(() => expect(receiver.requests.length).toBeGreaterThan(0), { timeout: 2000, interval: 20 });
    const [request] = receiver.requests;
    const events = JSON.parse(request.body);
    expect(events).toEqual([
      {
        id: expect.stringMatching(/^evt_[0-9a-f]{24}$/),
        event_type: 'departures.updated',
        resource: 'departures',
        data: { id: departure.id, href: `/departures/${departure.id}/` },
        created: expect.any(String),
      },
    ]);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toContain('trek-sandbox');
    const signature = request.headers['x-gapi-signature'] as string;
    expect(verifySignature(request.body, key, signature)).toBe(true);
    const openssl = spawnSync(PROGRAMS.openssl.path!, ['dgst', '-sha256', '-hmac', key], { input: request.body, encoding: 'utf8' });
    expect(openssl.status, openssl.stderr).toBe(0);
    expect(openssl.stdout.trim().split(/\s+/).at(-1)).toBe(signature);

    const [subscription] = (await client.get('/_sandbox/webhooks')).json.results;
    await settled(async () => expect((await deliveries(client, subscription.id))[0]).toMatchObject({ status: 'delivered', attempts: 1, last_status: 200, last_error: null }));
  });

  it('17 a receiver answering 500 gets the same event, with the same id, again, and the log shows each attempt', async () => {
    const client = await ownSandbox();
    const key = agentKey(client.sandbox, '1');
    let answered = 0;
    const receiver = await servers.start((_req, res) => {
      answered++;
      if (answered <= 2) return void res.writeHead(500).end('database down');
      res.writeHead(200, { 'x-application-sha256': ackValue(key) }).end();
    });
    const subscription = await subscribe(client, receiver.url, ['customers.created']);
    const [customer] = await newCustomers(client, 1);

    await settled(() => expect(receiver.requests.length).toBe(3));
    const sent = eventsOf(receiver);
    expect(sent[0]).toEqual([expect.objectContaining({ event_type: 'customers.created', data: { id: customer.id, href: `/customers/${customer.id}/` } })]);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[2]).toEqual(sent[0]);
    const [delivery] = await settled(async () => {
      const log = await deliveries(client, subscription.id);
      expect(log[0].status).toBe('delivered');
      return log;
    });
    expect(delivery).toMatchObject({ attempts: 3, last_status: 200, last_error: null, next_attempt: null, events: sent[0] });
  });

  it('17 a receiver that answers 200 without the X-Application-SHA256 acknowledgement is retried, and the log says why; after the schedule it is failed', async () => {
    const client = await ownSandbox();
    const receiver = await servers.start((_req, res) => void res.writeHead(200).end('fine'));
    const subscription = await subscribe(client, receiver.url, ['customers.created']);
    await newCustomers(client, 1);
    // One attempt and the three retries of the schedule.
    await settled(async () => expect((await deliveries(client, subscription.id))[0].status).toBe('failed'));
    expect(receiver.requests).toHaveLength(4);
    const [delivery] = await deliveries(client, subscription.id);
    expect(delivery).toMatchObject({ attempts: 4, last_status: 200, next_attempt: null });
    expect(delivery.last_error).toContain('X-Application-SHA256');
  });

  it('17 events for one resource arrive in order: a later change waits while the earlier one is retried', async () => {
    const client = await ownSandbox();
    const key = agentKey(client.sandbox, '1');
    let first = true;
    const receiver = await servers.start((_req, res) => {
      if (first) {
        first = false;
        return void res.writeHead(503).end();
      }
      res.writeHead(200, { 'x-application-sha256': ackValue(key) }).end();
    });
    const [customer] = await newCustomers(client, 1);
    await subscribe(client, receiver.url, ['customers.updated']);
    for (const name of ['Ada', 'Grace', 'Edsger']) {
      const answer = await client.patch(`/customers/${customer.id}/`, { name: { ...customer.name, legal_first_name: name } });
      expect(answer.status, answer.text).toBe(200);
    }
    await settled(() => expect(receiver.requests.length).toBe(4));
    const ids = eventsOf(receiver).map((events) => events.map((e) => e.id));
    // The first change's event twice (refused, then retried), then the others in the order they happened.
    expect(ids[1]).toEqual(ids[0]);
    const created = allEvents(receiver)
      .slice(1)
      .map((e) => e.created);
    expect(created).toEqual([...created].sort());
    expect(new Set(ids.slice(1).flat()).size).toBe(3);
  });

  it("17 a write's answer does not wait for a receiver that never answers", async () => {
    const client = await ownSandbox();
    const held: ServerResponse[] = [];
    const receiver = await servers.start((_req, res) => void held.push(res));
    const subscription = await subscribe(client, receiver.url, ['customers.created']);
    const [customer] = await newCustomers(client, 1);
    expect(customer.id).toBeDefined();
    // The receiver has the request and is holding it: the write was answered all the same.
    await settled(() => expect(held).toHaveLength(1));
    const [delivery] = await deliveries(client, subscription.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, delivered: null });
  });

  it('17 a receiver that redirects is not followed, and one that sends an endless body is cut off: both attempts fail with a short last_error', async () => {
    const client = await ownSandbox();
    const elsewhere = await servers.silent();
    const redirecting = await servers.start((_req, res) => void res.writeHead(307, { location: `${elsewhere.url}/stolen` }).end());
    const endless = await servers.start((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      // Each piece after the socket drains, or on the next turn of the loop: a write's callback may
      // come on the next tick, and writing again from it never lets I/O (the reader's end) happen.
      const more = () => {
        if (res.destroyed) return;
        if (res.write('\u001b[31mboom '.repeat(1000))) setImmediate(more);
        else res.once('drain', more);
      };
      more();
    });
    const toRedirect = await subscribe(client, redirecting.url, ['customers.created']);
    const toEndless = await subscribe(client, endless.url, ['customers.created']);
    await newCustomers(client, 1);
    const failed = async (id: string) =>
      settled(async () => {
        const [delivery] = await deliveries(client, id);
        expect(delivery.status).toBe('failed');
        return delivery;
      });
    const redirected = await failed(toRedirect.id);
    expect(redirected.last_status).toBe(307);
    expect(redirected.last_error).toContain('redirects are not followed');
    expect(elsewhere.requests).toEqual([]);
    const cut = await failed(toEndless.id);
    expect([cut.last_status, cut.last_error]).toEqual([500, 'HTTP 500 Internal Server Error']);
  });

  it('30 a subscription to a local service (with an agent key, plus trigger) learns its status and standard reason phrase, nothing it answers', async () => {
    const client = await ownSandbox();
    const TOKEN = 'admin-token-7f1e2d3c4b5a';
    // A service on this machine that is no receiver: an admin page, a health check, a failing API.
    const admin = await servers.start((req, res) => {
      if (req.url === '/admin') return void res.writeHead(200, `OK ${TOKEN}`, { 'content-type': 'text/plain', 'x-token': TOKEN }).end(`{"token":"${TOKEN}"}`);
      res.writeHead(500, `Broken ${TOKEN}`).end(`stack trace with ${TOKEN}`);
    });
    const toAdmin = await subscribe(client, `${admin.url}/admin`, ['departures.updated']);
    const toBroken = await subscribe(client, `${admin.url}/broken`, ['departures.updated']);
    expect((await client.post('/_sandbox/webhooks/trigger', { event_type: 'departures.updated', id: '100001' })).status).toBe(202);
    const tried = async (id: string) =>
      vi.waitFor(async () => {
        const [delivery] = await deliveries(client, id);
        expect(delivery.last_error).not.toBeNull(); // an attempt finished
        return delivery;
      });
    const answered = await tried(toAdmin.id);
    expect(answered.last_status).toBe(200);
    expect(answered.last_error).toBe('HTTP 200 OK without the acknowledgement header X-Application-SHA256 (the hex SHA-256 of the application key)');
    const broken = await tried(toBroken.id);
    expect([broken.last_status, broken.last_error]).toEqual([500, 'HTTP 500 Internal Server Error']);
    const list = await client.get(`/_sandbox/webhooks/${toAdmin.id}/deliveries`);
    expect(list.text).not.toContain(TOKEN);
    expect((await client.get(`/_sandbox/webhooks/${toBroken.id}/deliveries`)).text).not.toContain(TOKEN);
  });

  it('17 resend makes a new delivery with the same event ids', async () => {
    const client = await ownSandbox();
    const key = agentKey(client.sandbox, '1');
    const receiver = await servers.start(acknowledging(key));
    const subscription = await subscribe(client, receiver.url, ['customers.created']);
    await newCustomers(client, 1);
    const [delivered] = await settled(async () => {
      const log = await deliveries(client, subscription.id);
      expect(log[0].status).toBe('delivered');
      return log;
    });
    const resent = await client.post(`/_sandbox/webhook_deliveries/${delivered.id}/resend`, {});
    expect(resent.status, resent.text).toBe(202);
    expect(resent.json.id).not.toBe(delivered.id);
    expect(resent.json.events).toEqual(delivered.events);
    await settled(() => expect(receiver.requests).toHaveLength(2));
    expect(eventsOf(receiver)[1]).toEqual(eventsOf(receiver)[0]);
    expect((await client.post(`/_sandbox/webhook_deliveries/${delivered.id}/resend`, {}, KEYS.harbourLights)).status).toBe(404);
    expect((await client.get(`/_sandbox/webhook_deliveries/${delivered.id}`, KEYS.harbourLights)).status).toBe(404);
  });

  it('17 the outbox survives the process: events written with no deliverer running are delivered by a deliverer started later on the same data', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trek-webhooks-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const dataFile = join(dir, 'sandbox.json');
    const writer = await openSandbox({ dataFile, size: 60, now: NOW, webhookDelivery: FAST });
    const call = async (method: string, url: string, body?: unknown) => {
      const answer = await writer.respond({
        method,
        url,
        headers: { 'x-application-key': writer.apiKey, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? [] : [JSON.stringify(body)],
      });
      return { status: answer.status, json: answer.body ? JSON.parse(answer.body.toString('utf8')) : undefined };
    };
    const receiver = await servers.start(acknowledging(writer.apiKey));
    expect((await call('POST', '/_sandbox/webhooks', { url: receiver.url, events: ['customers.created'] })).status).toBe(201);
    const customer = await call('POST', '/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' } });
    expect(customer.status).toBe(201);
    await writer.close();
    expect(receiver.requests).toEqual([]);

    const server = await startSandbox({ now: NOW, dataFile, webhookDelivery: FAST });
    onTestFinished(() => server.close());
    await settled(() => expect(receiver.requests).toHaveLength(1));
    expect(allEvents(receiver)).toEqual([expect.objectContaining({ event_type: 'customers.created', data: expect.objectContaining({ id: customer.json.id }) })]);
  });

  it('17 the built-in sandbox delivers only while startWebhookDelivery runs, and picks up what another process on its data file queued', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trek-webhooks-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const dataFile = join(dir, 'sandbox.json');
    const listener = await openSandbox({ dataFile, size: 60, now: NOW, webhookDelivery: FAST });
    onTestFinished(() => listener.close());
    const other = await openSandbox({ now: NOW, dataFile, webhookDelivery: FAST });
    onTestFinished(() => other.close());
    const receiver = await servers.start(acknowledging(listener.apiKey));
    const post = (sandbox: typeof other, url: string, body: unknown) =>
      sandbox.respond({ method: 'POST', url, headers: { 'x-application-key': sandbox.apiKey, 'content-type': 'application/json' }, body: [JSON.stringify(body)] });
    expect((await post(listener, '/_sandbox/webhooks', { url: receiver.url, events: ['customers.created'] })).status).toBe(201);
    const delivery = listener.startWebhookDelivery();
    expect((await post(other, '/customers/', { name: { legal_first_name: 'Grace', legal_last_name: 'Hopper', title: 'Ms' } })).status).toBe(201);
    await settled(() => expect(receiver.requests).toHaveLength(1));
    await delivery.stop();
    expect((await post(other, '/customers/', { name: { legal_first_name: 'Edsger', legal_last_name: 'Dijkstra', title: 'Mr' } })).status).toBe(201);
    expect(receiver.requests).toHaveLength(1);
  });
});

describe('17 which changes make which events', () => {
  it('17 the clock expiring an Option is a services.updated event, the booking is updated, and the departure gets its places back', async () => {
    const client = await ownSandbox();
    const key = agentKey(client.sandbox, '1');
    const receiver = await servers.start(acknowledging(key));
    const departure = await smallDeparture(client);
    const booked = await book(client, { departure: departure.id, travellers: 1 });
    await subscribe(client, receiver.url);
    await moveClock(client, { advance: '30d' });
    expect((await get(client, booked.service.href)).status).toBe('Expired');
    await settled(() =>
      expect(allEvents(receiver).map((e) => `${e.event_type} ${e.data.id}`)).toEqual(
        expect.arrayContaining([`services.updated ${booked.service.id}`, `bookings.updated ${booked.booking.id}`, `departures.updated ${departure.id}`]),
      ),
    );
    const service = allEvents(receiver).find((e) => e.resource === 'services');
    expect(service.data.href).toBe(`/departure_services/${booked.service.id}/`);
  });

  it("17 agency events go to that agency's subscriptions only; departure events go to every agency's", async () => {
    const client = await ownSandbox();
    const mine = await servers.start(acknowledging(agentKey(client.sandbox, '1')));
    const theirs = await servers.start(acknowledging(agentKey(client.sandbox, '3')));
    await subscribe(client, mine.url);
    await subscribe(client, theirs.url, undefined, KEYS.harbourLights);
    const departure = await smallDeparture(client);
    const booked = await book(client, { departure: departure.id, travellers: 1 });
    await settled(() => expect(allEvents(theirs).map((e) => e.event_type)).toEqual(['departures.updated']));
    await settled(() =>
      expect(allEvents(mine).map((e) => e.event_type)).toEqual(expect.arrayContaining(['bookings.created', 'customers.created', 'services.created', 'checkins.created', 'departures.updated'])),
    );
    expect(allEvents(mine).find((e) => e.event_type === 'bookings.created').data.id).toBe(booked.booking.id);
    expect(theirs.requests.every((r) => verifySignature(r.body, agentKey(client.sandbox, '3'), r.headers['x-gapi-signature'] as string))).toBe(true);
  });

  it('17 trigger queues a test event for an existing resource, delivered like any other; an unknown type is 400 and a missing resource 404', async () => {
    const client = await ownSandbox();
    const receiver = await servers.start(acknowledging(agentKey(client.sandbox, '1')));
    await subscribe(client, receiver.url, ['departures.updated']);
    const answer = await client.post('/_sandbox/webhooks/trigger', { event_type: 'departures.updated', id: '100001' });
    expect(answer.status, answer.text).toBe(202);
    const [event] = answer.json.events;
    expect(event).toMatchObject({ event_type: 'departures.updated', resource: 'departures', data: { id: '100001', href: '/departures/100001/' } });
    await settled(() => expect(allEvents(receiver)).toEqual([event]));

    const unknown = await client.post('/_sandbox/webhooks/trigger', { event_type: 'departures.sold_out', id: '100001' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors[0].field).toBe('event_type');
    expect((await client.post('/_sandbox/webhooks/trigger', { event_type: 'departures.updated', id: '999999' })).status).toBe(404);
    // Another agency's booking is as good as missing.
    const theirs = await book(client, { key: KEYS.harbourLights, travellers: 1, currency: 'GBP' });
    expect((await client.post('/_sandbox/webhooks/trigger', { event_type: 'bookings.updated', id: theirs.booking.id })).status).toBe(404);
    // Paperwork is announced too, so it can be triggered: an invoice and its documents.
    const mine = await book(client, { travellers: 1 });
    await client.post('/_sandbox/payments', { booking: { id: mine.booking.id }, amount: mine.service.deposit_amount });
    const [invoice] = (await get(client, `${mine.booking.href}invoices/`)).results;
    const forInvoice = await client.post('/_sandbox/webhooks/trigger', { event_type: 'invoices.updated', id: invoice.id });
    expect(forInvoice.status, forInvoice.text).toBe(202);
    expect(forInvoice.json.events[0].data).toEqual({ id: invoice.id, href: invoice.href });
    const document = invoice.documents[0];
    expect((await client.post('/_sandbox/webhooks/trigger', { event_type: 'documents.updated', id: document.id })).json.events[0].data).toEqual(document);
    expect((await client.post('/_sandbox/webhooks/trigger', { event_type: 'invoices.updated', id: invoice.id }, KEYS.harbourLights)).status).toBe(404);
  });

  it('17 a customer joining a booking is checkins.created; an override is overrides.created and checkins.updated', async () => {
    const client = await ownSandbox();
    const receiver = await servers.start(acknowledging(agentKey(client.sandbox, '1')));
    await subscribe(client, receiver.url, ['checkins.created', 'checkins.updated', 'overrides.created']);
    const booked = await book(client, { travellers: 1 });
    await settled(() => expect(allEvents(receiver).map((e) => e.event_type)).toEqual(['checkins.created']));
    const [checkin] = (await client.get(`/bookings/${booked.booking.id}/checkins`)).json.results;
    expect(allEvents(receiver)[0].data).toEqual({ id: checkin.id, href: `/checkins/${checkin.id}/` });
    const override = await client.post('/overrides/', {
      booking: { id: booked.booking.id },
      customer: { id: booked.customers[0].id },
      services: refs([booked.service]),
      reason: { code: 'AGENT_VERIFIED' },
      requirement: { code: 'PERSONAL_DETAILS' },
    });
    expect(override.status, override.text).toBe(201);
    await settled(() =>
      expect(
        allEvents(receiver)
          .map((e) => e.event_type)
          .slice(1)
          .sort(),
      ).toEqual(['checkins.updated', 'overrides.created']),
    );
  });
});
