/**
 * Issue 17 acceptance, end to end: `node bin/trek` processes as people and scripts run them.
 * `trek webhooks listen` subscribes itself and unsubscribes when signalled; with
 * `trek sandbox serve` running, a listener with --update-cache receives `departures.updated`
 * when another trek process (another agent's machine) books a departure's last places, and the
 * next `trek search departures` shows the new availability without --refresh, while a warm
 * cache otherwise answers without a request.
 */
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ackValue } from '../../src/domain/webhooks.js';
import { useHostileServers } from '../helpers/hostile-server.js';
import { PROGRAMS, requirePrograms } from '../helpers/programs.js';
import { expectOk, type HttpClient } from '../helpers/sandbox-client.js';
import { cleanEnv, clientOf, freshHome, REPO, runTrek, startServer, TREK_BIN, useTrekAgainstSandbox, watch, type Server, type Watched } from './trek-process.js';

const servers = useHostileServers();

interface Listener extends Watched {
  kill(signal: NodeJS.Signals): void;
  /** The receiver's URL, once subscribed. */
  url: string;
  /** The JSON lines printed so far. */
  lines(): any[];
}

/** `trek webhooks listen ARGS` as a process, resolved once it says it subscribed. */
async function startListener(args: string[], env: Record<string, string>): Promise<Listener> {
  const child = spawn(process.execPath, [TREK_BIN, 'webhooks', 'listen', ...args], { cwd: REPO, env: cleanEnv(env) });
  const watched = watch(child);
  const url = await vi.waitFor(
    () => {
      const match = /Subscribed (\S+) to /.exec(watched.stderr());
      if (!match) throw new Error(`not subscribed yet: ${watched.stderr()}`);
      return match[1];
    },
    { timeout: 15_000, interval: 50 },
  );
  return {
    ...watched,
    url,
    kill: (signal) => child.kill(signal),
    lines: () =>
      watched
        .stdout()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

async function subscriptionUrls(client: HttpClient): Promise<string[]> {
  return (await expectOk(client, 'GET', '/_sandbox/webhooks')).results.map((s: { url: string }) => s.url);
}

describe('17 trek webhooks listen as a process', () => {
  const { env, client } = useTrekAgainstSandbox();

  it.each(['SIGINT', 'SIGTERM'] as const)('17 listen subscribes and unsubscribes: after %s the sandbox list shows it gone', async (signal) => {
    const listener = await startListener([], env());
    expect(await subscriptionUrls(client())).toContain(listener.url);
    listener.kill(signal);
    const finished = await listener.exited;
    expect(finished.code, finished.stderr).toBe(0);
    expect(finished.stderr).toMatch(/Unsubscribed \(subscription \w+\)/);
    expect(await subscriptionUrls(client())).not.toContain(listener.url);
  });
});

describe('17 acceptance: a listener keeps the local cache current', () => {
  let server: Server;
  /** Whoever searches, with listen beside it: one machine, one TREK_HOME. */
  let agent: Record<string, string>;
  /** Another trek process, elsewhere (its own TREK_HOME): its writes cannot touch the agent's cache. */
  let colleague: Record<string, string>;
  beforeAll(async () => {
    server = await startServer(['--memory', '--size', '120'], { TREK_HOME: freshHome() });
    const common = { TREK_BASE_URL: server.baseUrl, TREK_API_KEY: server.apiKey, NO_COLOR: '1', LANG: 'C.UTF-8' };
    agent = { ...common, TREK_HOME: freshHome() };
    colleague = { ...common, TREK_HOME: freshHome() };
    // Long enough that, without the webhook, the cache would go on showing the old availability.
    expect((await runTrek(['config', 'set', 'cache.ttl.departures', '1h'], agent)).code).toBe(0);
  });
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  const SEARCH = ['search', 'departures', '--where', 'availability.status=AVAILABLE', '--order-by', 'start_date', '--limit', '100', '-o', 'json', '--verbose'];

  async function search(): Promise<{ departures: any[]; trace: string }> {
    const run = await runTrek(SEARCH, agent);
    expect(run.code, run.stderr).toBe(0);
    return { departures: JSON.parse(run.stdout), trace: run.stderr };
  }

  /**
   * The colleague books every place left on `departure` with trek: one departure service for a
   * booking and one customer a place, which are made through the API (they change no departure).
   */
  async function bookLastPlaces(departure: any): Promise<void> {
    const booking = await expectOk(clientOf(server), 'POST', '/bookings/', { body: { currency: 'CAD' } });
    const customers: string[] = [];
    for (let i = 0; i < departure.availability.spaces_remaining; i++) {
      const name = { legal_first_name: `Traveller${i}`, legal_last_name: 'Webhook', title: 'Ms' };
      customers.push((await expectOk(clientOf(server), 'POST', '/customers/', { body: { name } })).id);
    }
    const run = await runTrek(['service', 'add-departure', '--booking', booking.id, '--departure', departure.id, ...customers.flatMap((id) => ['--customer', id]), '-o', 'json'], colleague);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).status).toBe('Option');
  }

  const requestsIn = (trace: string) => trace.split('\n').filter((line) => /^> (GET|HEAD) /.test(line));

  it('17 ACCEPTANCE warm cache, departures.updated on booking the last places, new availability without --refresh', async (ctx) => {
    requirePrograms(ctx, PROGRAMS.openssl);
    // The integrator's own endpoint behind the listener, acknowledging as a receiver would.
    const endpoint = await servers.start((_req, res) => void res.writeHead(200, { 'x-application-sha256': ackValue(server.apiKey) }).end());
    const listener = await startListener(['--update-cache', '-o', 'ndjson', '--events', 'departures.updated', '--forward-to', `${endpoint.url}/hooks`], agent);
    let control: any;
    try {
      // Cold, then warm: the second search is answered from the cache, without even a conditional request.
      const cold = await search();
      expect(requestsIn(cold.trace).length).toBeGreaterThan(0);
      const warm = await search();
      expect(warm.departures).toEqual(cold.departures);
      expect(warm.trace).toContain('cache hit: GET');
      expect(requestsIn(warm.trace)).toEqual([]);

      const small = cold.departures.filter((d) => d.availability.spaces_remaining >= 1 && d.availability.spaces_remaining <= 3);
      expect(small.length, 'two departures with 1 to 3 places left').toBeGreaterThanOrEqual(2);
      const sellsOut = small[0];
      control = small[1];

      await bookLastPlaces(sellsOut);
      const event = await vi.waitFor(
        () => {
          const found = listener.lines().find((line) => line.event_type === 'departures.updated' && line.data.id === sellsOut.id);
          if (!found) throw new Error(`no departures.updated for ${sellsOut.id} yet: ${listener.stdout()} ${listener.stderr()}`);
          return found;
        },
        { timeout: 10_000, interval: 50 },
      );
      expect(event).toMatchObject({ repeat: false, forwarded: 200, forward_error: null });
      expect(event.cache_evicted).toBeGreaterThan(0);

      // What reached the endpoint is the sender's request: its signature verifies with openssl and the key.
      const forwarded = endpoint.requests.find((r) => r.body.includes(event.id))!;
      const openssl = spawnSync(PROGRAMS.openssl.path!, ['dgst', '-sha256', '-hmac', server.apiKey], { input: forwarded.body, encoding: 'utf8' });
      expect(openssl.stdout.trim().split(/\s+/).at(-1)).toBe(forwarded.headers['x-gapi-signature']);

      // No --refresh: the listener evicted the cached pages, so the search asks the API and shows the sale.
      const after = await search();
      expect(requestsIn(after.trace).length).toBeGreaterThan(0);
      const now = after.departures.find((d) => d.id === sellsOut.id);
      expect(now === undefined || now.availability.spaces_remaining === 0, JSON.stringify(now?.availability)).toBe(true);
    } finally {
      listener.kill('SIGINT');
      expect((await listener.exited).code).toBe(0);
    }

    // The control: with no listener, a sale elsewhere stays invisible in a warm cache until its TTL ends.
    const rewarmed = await search();
    expect(rewarmed.departures.find((d) => d.id === control.id)?.availability.spaces_remaining).toBe(control.availability.spaces_remaining);
    await bookLastPlaces(control);
    const stale = await search();
    expect(stale.trace).toContain('cache hit: GET');
    expect(stale.departures.find((d) => d.id === control.id)?.availability.spaces_remaining).toBe(control.availability.spaces_remaining);
  });
});
