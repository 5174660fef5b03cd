/**
 * Issue 17: `trek webhooks listen` and `trek webhooks trigger` with a sandbox behind the
 * profile, in process: listen subscribes its own URL and removes it on the way out, trigger
 * emits a test event that reaches it signed and acknowledged, and on the built-in profile
 * listen runs the deliverer that sends what other trek processes queued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/main.js';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index.js';
import { tempHome, testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { clientFor, expectOk } from '../../helpers/sandbox-client.js';
import { useListeners } from './harness.js';
import { NOW } from '../../helpers/clock.js';

const listen = useListeners();
const servers = useHostileServers();

let sandbox: RunningSandbox;
beforeAll(async () => {
  // Retries come quickly, so a test never waits on the production schedule.
  sandbox = await startSandbox({ now: NOW, size: 60, webhookDelivery: { schedule: { retryDelaysMs: [50, 50, 50], attemptTimeoutMs: 2000 }, pollMs: 20 } });
});
afterAll(async () => {
  await sandbox.close();
});

const target = () => ({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });

async function trek(args: string[], options: { baseUrl?: string; apiKey?: string; home?: string } = target()) {
  const t = testFactory({ baseUrl: options.baseUrl, apiKey: options.apiKey, env: options.home ? { TREK_HOME: options.home } : {} });
  const code = await main(args, t.f);
  return { code, out: t.out(), err: t.err() };
}

async function subscriptions(): Promise<Array<{ id: string; url: string; events: string[] }>> {
  return (await expectOk(clientFor(sandbox), 'GET', '/_sandbox/webhooks')).results;
}

async function aDepartureId(): Promise<string> {
  return (await expectOk(clientFor(sandbox), 'GET', '/departures/?max_per_page=10')).results[0].id;
}

describe('17 trek webhooks listen on a sandbox', () => {
  it('17 listen subscribes its own URL (with --events) and unsubscribes when stopped', async () => {
    const listening = await listen(target(), ['--events', 'departures.updated,bookings.created']);
    const mine = () => subscriptions().then((all) => all.filter((s) => s.url === listening.url));
    await expect.poll(mine).toEqual([expect.objectContaining({ url: listening.url, events: ['departures.updated', 'bookings.created'] })]);
    expect(await listening.stop()).toBe(0);
    expect(await mine()).toEqual([]);
    expect(listening.t.err()).toMatch(/Subscribed http:\/\/127\.0\.0\.1:\d+\/ to departures\.updated, bookings\.created \(subscription \w+\)/);
    expect(listening.t.err()).toMatch(/Unsubscribed \(subscription \w+\)/);
  });

  it('17 trigger emits a test event that reaches listen signed, and is acknowledged (delivered)', async () => {
    const listening = await listen(target(), ['--events', 'departures.updated']);
    await expect.poll(() => listening.t.err()).toContain('Subscribed');
    const departure = await aDepartureId();
    const triggered = await trek(['webhooks', 'trigger', 'departures.updated', '--id', departure, '-o', 'json']);
    expect(triggered.code, triggered.err).toBe(0);
    const [emitted] = JSON.parse(triggered.out);
    expect(emitted).toMatchObject({ event_type: 'departures.updated', data: { id: departure } });
    const [line] = await listening.waitForLines(1);
    expect(line).toMatchObject({ id: emitted.id, event_type: 'departures.updated', data: { id: departure }, repeat: false });
    const subscription = (await subscriptions()).find((s) => s.url === listening.url)!;
    await expect
      .poll(async () => {
        const deliveries = await expectOk(clientFor(sandbox), 'GET', `/_sandbox/webhooks/${subscription.id}/deliveries`);
        return deliveries.results.map((d: { status: string }) => d.status);
      })
      .toEqual(['delivered']);
  });

  it('17 trigger of an unknown event type exits 2 naming the nearest and listing them all, sending nothing', async () => {
    const api = await servers.silent();
    const run = await trek(['webhooks', 'trigger', 'departure.updated', '--id', '1'], { baseUrl: api.url, apiKey: 'k' });
    expect(run.code).toBe(2);
    expect(run.err).toContain('EVENT_TYPE "departure.updated" is not an event type; did you mean departures.updated?');
    expect(run.err).toContain('Event types: bookings.created, bookings.updated');
    expect(api.requests).toEqual([]);
  });

  it('17 trigger against a server that is not a sandbox exits 2 saying so', async () => {
    const api = await servers.start((_req, res) => void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}'));
    const run = await trek(['webhooks', 'trigger', 'departures.updated', '--id', '1'], { baseUrl: api.url, apiKey: 'k' });
    expect(run.code).toBe(2);
    expect(run.err).toContain('is not a trek sandbox: only a sandbox emits test events');
  });

  it('17 trigger for a resource that does not exist exits 4', async () => {
    const run = await trek(['webhooks', 'trigger', 'departures.updated', '--id', '999999999']);
    expect(run.code).toBe(4);
  });

  it('17 trigger on a served sandbox says subscribed receivers get the event shortly', async () => {
    const run = await trek(['webhooks', 'trigger', 'departures.updated', '--id', await aDepartureId(), '-o', 'json']);
    expect(run.code).toBe(0);
    expect(run.err).toBe('Triggered 1 event: subscribed receivers get it shortly.\n');
  });

  it('17 trigger needs --id', async () => {
    const run = await trek(['webhooks', 'trigger', 'departures.updated']);
    expect(run.code).toBe(2);
    expect(run.err).toContain("required option '--id <id>'");
  });
});

describe('17 trek webhooks listen on the built-in sandbox', () => {
  it('17 listen runs the built-in sandbox deliverer: an event another trek process queues reaches it', async () => {
    const home = tempHome();
    const listening = await listen({ home }, ['--events', 'departures.updated']);
    await expect.poll(() => listening.t.err(), { timeout: 10_000 }).toContain('Subscribed');
    // Another process on the same data file: it queues the event and leaves; listen's deliverer sends it.
    const departures = await trek(['search', 'departures', '--limit', '10', '-o', 'json'], { home });
    const departure = JSON.parse(departures.out)[0].id as string;
    const triggered = await trek(['webhooks', 'trigger', 'departures.updated', '--id', departure, '-o', 'json'], { home });
    expect(triggered.code, triggered.err).toBe(0);
    const [line] = await listening.waitForLines(1);
    expect(line).toMatchObject({ id: JSON.parse(triggered.out)[0].id, event_type: 'departures.updated', data: { id: departure } });
    expect(await listening.stop()).toBe(0);
    expect(listening.t.err()).toMatch(/Unsubscribed/);
  });

  it('17 trigger on the built-in sandbox says the event waits in its outbox until trek webhooks listen runs', async () => {
    const home = tempHome();
    const departures = await trek(['search', 'departures', '--limit', '10', '-o', 'json'], { home });
    const run = await trek(['webhooks', 'trigger', 'departures.updated', '--id', JSON.parse(departures.out)[0].id, '-o', 'json'], { home });
    expect(run.code).toBe(0);
    expect(run.err).toBe('Triggered 1 event: the built-in sandbox keeps it in its outbox until `trek webhooks listen` runs, which delivers it to subscribed receivers.\n');
  });
});
