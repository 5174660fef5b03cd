/**
 * Issue 17: `trek webhooks listen` as a receiver, in process, against a server that is no
 * sandbox (so nothing is subscribed) and requests the test signs itself: what is refused (bad
 * or missing signature, foreign Host, huge body) never reaches --forward-to; what passes is
 * forwarded byte for byte, acknowledged, printed, and recorded so a repeat is only marked.
 */
import { createHash } from 'node:crypto';
import { request, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { ACK_HEADER, SIGNATURE_HEADER, ackValue, signBody } from '../../../src/domain/webhooks.js';
import { MAX_WEBHOOK_BODY_BYTES } from '../../../src/webhooks/body.js';
import { MAX_CONNECTIONS_PER_CLIENT, MAX_READING_PER_CLIENT } from '../../../src/webhooks/receiver.js';
import { tempHome, testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { event, post, signed, useListeners } from './harness.js';

const KEY = 'test-application-key-0123456789';
const servers = useHostileServers();
const listen = useListeners();

/** A server with no sandbox (404 everywhere) and a --forward-to target answering 200. */
async function setUp() {
  const api = await servers.start((_req, res) => void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}'));
  const target = await servers.start((_req, res) => void res.writeHead(200).end('ok'));
  return { api: { baseUrl: api.url, apiKey: KEY, requests: api.requests }, target };
}

describe('17 trek webhooks listen: what is refused', () => {
  it('17 a request with a wrong signature gets 401 and is never forwarded', async () => {
    const { api, target } = await setUp();
    const listening = await listen(api, ['--forward-to', target.url]);
    const body = JSON.stringify([event('evt_wrong')]);
    const answer = await post(listening.url, body, signed(body, 'another-key-entirely-0123456789'));
    expect(answer.status).toBe(401);
    expect(answer.headers[ACK_HEADER]).toBeUndefined();
    expect(listening.t.err()).toMatch(/signature does not verify \(401\): not forwarded/);
    expect(target.requests).toEqual([]);
    expect(listening.lines()).toEqual([]);
  });

  it('17 a request without a signature gets 401 and is never forwarded', async () => {
    const { api, target } = await setUp();
    const listening = await listen(api, ['--forward-to', target.url]);
    expect((await post(listening.url, JSON.stringify([event('evt_unsigned')]))).status).toBe(401);
    expect(listening.t.err()).toMatch(/signature header is missing \(401\)/);
    expect(target.requests).toEqual([]);
  });

  it('17 a Host other than the loopback address it listens on is refused (421), even when signed', async () => {
    const { api, target } = await setUp();
    const listening = await listen(api, ['--forward-to', target.url]);
    const body = JSON.stringify([event('evt_rebound')]);
    const port = new URL(listening.url).port;
    for (const host of [`evil.example:${port}`, `localhost.evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`]) {
      expect((await post(listening.url, body, { ...signed(body, KEY), host })).status).toBe(421);
    }
    expect(listening.t.err()).toContain("refused a request for Host 'evil.example:");
    expect(target.requests).toEqual([]);
  });

  it('17 --allow-host answers the tunnel name too, and only it', async () => {
    const { api, target } = await setUp();
    const listening = await listen(api, ['--forward-to', target.url, '--allow-host', 'abc.trycloudflare.com']);
    const body = JSON.stringify([event('evt_tunnelled')]);
    expect((await post(listening.url, body, { ...signed(body, KEY), host: 'abc.trycloudflare.com' })).status).toBe(200);
    expect((await post(listening.url, body, { ...signed(body, KEY), host: 'xyz.trycloudflare.com' })).status).toBe(421);
    expect(target.requests).toHaveLength(1);
  });

  it('17 a huge body is refused (413) unread, declared or streamed, and never forwarded', async () => {
    const { api, target } = await setUp();
    const listening = await listen(api, ['--forward-to', target.url]);
    // Declared too large: answered from the headers alone, before any byte of the body is sent.
    const declared = await new Promise<number>((resolve, reject) => {
      const req = request(listening.url, { method: 'POST', headers: { 'content-length': String(MAX_WEBHOOK_BODY_BYTES + 1), ...signed('x', KEY) } }, (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(declared).toBe(413);
    // Chunked, with no length: cut off once past the bound, while the sender is still sending.
    const streamed = await new Promise<number>((resolve, reject) => {
      const req = request(listening.url, { method: 'POST', headers: signed('x', KEY) }, (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.write(Buffer.alloc(MAX_WEBHOOK_BODY_BYTES + 1024, 0x20));
    });
    expect(streamed).toBe(413);
    expect(listening.t.err()).toContain(`refused a body over ${MAX_WEBHOOK_BODY_BYTES} bytes (413)`);
    expect(target.requests).toEqual([]);
  });

  it('17 a signed body that is not a list of events is refused (400) and not forwarded', async () => {
    const { api, target } = await setUp();
    const listening = await listen(api, ['--forward-to', target.url]);
    for (const body of ['{"id":"evt_1"}', 'not json', JSON.stringify([{ id: 'evt_1' }]), JSON.stringify([event('x'.repeat(201))])]) {
      expect((await post(listening.url, body, signed(body, KEY))).status).toBe(400);
    }
    expect(target.requests).toEqual([]);
  });

  it('17 methods other than POST are refused (405)', async () => {
    const { api } = await setUp();
    const listening = await listen(api);
    const status = await new Promise<number>((resolve, reject) => {
      request(listening.url, { method: 'GET' }, (res) => resolve(res.statusCode ?? 0))
        .on('error', reject)
        .end();
    });
    expect(status).toBe(405);
  });
});

describe('17 trek webhooks listen: what passes', () => {
  it('17 a good request is acknowledged and forwarded byte for byte with its signature header, never the key', async () => {
    const { api, target } = await setUp();
    const listening = await listen(api, ['--forward-to', `${target.url}/hooks?from=trek`]);
    // Odd spacing and non-ASCII text: any re-serialisation would change the bytes and break the signature.
    const body = Buffer.from(
      `[ {"id":"evt_good","event_type":"departures.updated","resource":"departures","data":{"id":"1001","href":"/departures/1001"},"created":"2027-01-10T15:00:00Z","note":"Québec  ✓"} ]`,
    );
    const answer = await post(listening.url, body, { ...signed(body, KEY), 'X-Custom-Trace': 'abc', 'X-Application-Key': KEY });
    expect(answer.status).toBe(200);
    expect(answer.headers[ACK_HEADER]).toBe(ackValue(KEY));
    expect(target.requests).toHaveLength(1);
    const forwarded = target.requests[0];
    expect(forwarded.method).toBe('POST');
    expect(forwarded.url).toBe('/hooks?from=trek');
    expect(Buffer.from(forwarded.body)).toEqual(body);
    expect(forwarded.headers[SIGNATURE_HEADER]).toBe(signBody(body, KEY));
    expect(forwarded.headers['x-custom-trace']).toBe('abc');
    expect(forwarded.headers['content-type']).toBe('application/json');
    expect(forwarded.headers['x-application-key']).toBeUndefined();
    expect(JSON.stringify(forwarded.headers)).not.toContain(KEY);
    expect(listening.lines()).toEqual([
      expect.objectContaining({
        id: 'evt_good',
        event_type: 'departures.updated',
        data: { id: '1001', href: '/departures/1001' },
        repeat: false,
        forwarded: 200,
        forward_error: null,
        cache_evicted: null,
      }),
    ]);
  });

  it('17 a repeated event id is marked, acknowledged and not forwarded twice', async () => {
    const { api, target } = await setUp();
    const listening = await listen(api, ['--forward-to', target.url]);
    const body = JSON.stringify([event('evt_once')]);
    const first = await post(listening.url, body, signed(body, KEY));
    const again = await post(listening.url, body, signed(body, KEY));
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers[ACK_HEADER]).toBe(ackValue(KEY));
    expect(target.requests).toHaveLength(1);
    expect(listening.lines().map((line) => [line.id, line.repeat, line.forwarded])).toEqual([
      ['evt_once', false, 200],
      ['evt_once', true, null],
    ]);
  });

  it('17 a repeated event id is recognised by the next listen run too (recorded on disk)', async () => {
    const { api, target } = await setUp();
    const home = tempHome();
    const body = JSON.stringify([event('evt_across_runs')]);
    const first = await listen({ ...api, home }, ['--forward-to', target.url]);
    expect((await post(first.url, body, signed(body, KEY))).status).toBe(200);
    expect(await first.stop()).toBe(0);
    const second = await listen({ ...api, home }, ['--forward-to', target.url]);
    expect((await post(second.url, body, signed(body, KEY))).status).toBe(200);
    expect(second.lines()).toEqual([expect.objectContaining({ id: 'evt_across_runs', repeat: true, forwarded: null })]);
    expect(target.requests).toHaveLength(1);
  });

  it('17 when --forward-to fails the sender gets 502 without the ack, and its retry is forwarded afresh', async () => {
    const { api } = await setUp();
    let answer = 500;
    const target = await servers.start((_req, res) => void res.writeHead(answer).end());
    const listening = await listen(api, ['--forward-to', target.url]);
    const body = JSON.stringify([event('evt_retry')]);
    const failed = await post(listening.url, body, signed(body, KEY));
    expect(failed.status).toBe(502);
    expect(failed.headers[ACK_HEADER]).toBeUndefined();
    answer = 204;
    const retried = await post(listening.url, body, signed(body, KEY));
    expect(retried.status).toBe(200);
    expect(target.requests).toHaveLength(2);
    expect(listening.lines().map((line) => [line.repeat, line.forwarded, line.forward_error])).toEqual([
      [false, 500, 'it answered 500'],
      [false, 204, null],
    ]);
  });

  it('17 a request mixing a new and a seen event is forwarded once for the new one; the seen one is marked', async () => {
    const { api, target } = await setUp();
    const listening = await listen(api, ['--forward-to', target.url]);
    const seen = JSON.stringify([event('evt_a')]);
    await post(listening.url, seen, signed(seen, KEY));
    const mixed = JSON.stringify([event('evt_a'), event('evt_b'), event('evt_b')]);
    expect((await post(listening.url, mixed, signed(mixed, KEY))).status).toBe(200);
    expect(target.requests.map((r) => r.body)).toEqual([seen, mixed]);
    expect(
      listening
        .lines()
        .slice(1)
        .map((line) => [line.id, line.repeat]),
    ).toEqual([
      ['evt_a', true],
      ['evt_b', false],
      ['evt_b', true],
    ]);
  });

  it('17 on a terminal each event is one line (time, type, id, href), sender text escaped', async () => {
    const { api } = await setUp();
    const listening = await listen({ ...api, format: 'table', tz: 'America/Toronto' });
    const body = JSON.stringify([event('evt_\u001b]0;owned\u0007', { event_type: 'departures.updated\u001b[2J', data: { id: '1', href: '/departures/1\u202e' } })]);
    expect((await post(listening.url, body, signed(body, KEY))).status).toBe(200);
    const out = listening.t.out();
    expect(out.split('\n').filter(Boolean)).toHaveLength(1);
    expect(out).toContain('2027-01-10 10:00 EST  departures.updated'); // the reader's zone, as tables show times
    expect(out).toContain('/departures/1');
    expect(out).not.toMatch(/[\u001b\u0007\u202e]/);
  });

  it('17 against a server with no sandbox it says how to register a public URL, and listens', async () => {
    const { api } = await setUp();
    const listening = await listen(api);
    const err = await vi.waitFor(() => {
      if (!listening.t.err().includes('Listening meanwhile')) throw new Error('not yet');
      return listening.t.err();
    });
    const port = new URL(listening.url).port;
    expect(err).toContain('has no sandbox webhook registry');
    expect(err).toContain(`cloudflared tunnel --url http://127.0.0.1:${port}`);
    expect(err).toContain(`ssh -R 80:127.0.0.1:${port}`);
    expect(err).toContain('X-Gapi-Signature: hex HMAC-SHA256');
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toContain('POST /_sandbox/webhooks');
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);
  });
});

describe('17 trek webhooks listen: flags', () => {
  it('17 a --port in use is a usage error (exit 2) naming the port', async () => {
    const taken = await servers.start((_req, res) => void res.end());
    const port = new URL(taken.url).port;
    const t = testFactory({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY });
    const { main } = await import('../../../src/main.js');
    expect(await main(['webhooks', 'listen', '--port', port], t.f)).toBe(2);
    expect(t.err()).toContain(`cannot listen on 127.0.0.1:${port}: the port is in use`);
  });

  it('17 listen refuses output it cannot stream (-o csv) before listening', async () => {
    const t = testFactory({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY });
    const { main } = await import('../../../src/main.js');
    expect(await main(['webhooks', 'listen', '-o', 'csv'], t.f)).toBe(2);
    expect(t.err()).toContain('listen prints a stream of events');
    expect(t.err()).not.toContain('Listening');
  });

  it.each([
    [['--events', 'departure.updated'], /--events "departure.updated" is not an event type; did you mean departures.updated\?/],
    [['--events', ','], /--events takes event types/],
    [['--forward-to', 'ftp://x'], /--forward-to must be an http/],
    [['--forward-to', 'http://u:p@127.0.0.1:3000/'], /must not carry a user name or password/],
    [['--port', '70000'], /--port must be at most 65535/],
    [['--allow-host', 'a b'], /--allow-host takes a host name/],
  ])('17 %j is a usage error (exit 2) before anything listens', async (args, message) => {
    const t = testFactory({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY });
    const { main } = await import('../../../src/main.js');
    expect(await main(['webhooks', 'listen', ...args], t.f)).toBe(2);
    expect(t.err()).toMatch(message);
    expect(t.err()).not.toContain('Listening');
  });
});

describe('30 trek webhooks listen: a forged signature on a short body', () => {
  it.each([
    ['an empty body', '', 400],
    ['an empty list', '[]', 200],
    ['one event', JSON.stringify([event('evt_short')]), 200],
  ])('30 %s signed with another key is refused (401) and never forwarded; signed with the key it passes the check', async (_what, body, signedStatus) => {
    const { api, target } = await setUp();
    const listening = await listen(api, ['--forward-to', target.url]);
    const forged = await post(listening.url, body, signed(body, 'another-key-entirely-0123456789'));
    expect(forged.status).toBe(401);
    expect(forged.headers[ACK_HEADER]).toBeUndefined();
    expect(target.requests).toEqual([]);
    expect((await post(listening.url, body, signed(body, KEY))).status).toBe(signedStatus);
  });
});

describe('30 trek webhooks listen: one replay guard per job', () => {
  it('30 a forwarding listener and a cache-updating one on the same profile each do their job for the same event', async () => {
    const { api, target } = await setUp();
    const home = tempHome();
    const forwarding = await listen({ ...api, home }, ['--forward-to', target.url]);
    const caching = await listen({ ...api, home }, ['--update-cache']);
    const body = JSON.stringify([event('evt_both')]);
    expect((await post(forwarding.url, body, signed(body, KEY))).status).toBe(200);
    expect((await post(caching.url, body, signed(body, KEY))).status).toBe(200);
    expect(forwarding.lines()).toEqual([expect.objectContaining({ id: 'evt_both', repeat: false, forwarded: 200 })]);
    expect(caching.lines()).toEqual([expect.objectContaining({ id: 'evt_both', repeat: false, cache_evicted: 0 })]);
    // The same job twice is still a repeat: a second cache-updating listener does not evict again.
    const again = await listen({ ...api, home }, ['--update-cache']);
    expect((await post(again.url, body, signed(body, KEY))).status).toBe(200);
    expect(again.lines()).toEqual([expect.objectContaining({ id: 'evt_both', repeat: true, cache_evicted: null })]);
  });

  it('30 an event another request is still forwarding is answered 503 without the ack; once done it is a repeat', async () => {
    const { api } = await setUp();
    const held: ServerResponse[] = [];
    const target = await servers.start((_req, res) => void held.push(res));
    const listening = await listen(api, ['--forward-to', target.url]);
    const body = JSON.stringify([event('evt_in_progress')]);
    const first = post(listening.url, body, signed(body, KEY));
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const meanwhile = await post(listening.url, body, signed(body, KEY));
    expect(meanwhile.status).toBe(503);
    expect(meanwhile.headers[ACK_HEADER]).toBeUndefined();
    expect(listening.t.err()).toContain('event evt_in_progress is being handled by another request: answered 503');
    held[0].writeHead(200).end();
    expect((await first).status).toBe(200);
    expect((await post(listening.url, body, signed(body, KEY))).status).toBe(200);
    expect(target.requests).toHaveLength(1);
    expect(listening.lines().map((line) => [line.id, line.repeat])).toEqual([
      ['evt_in_progress', false],
      ['evt_in_progress', true],
    ]);
  });
});

describe('30 trek webhooks listen: events without an id', () => {
  /** SHA-256 of the event's JSON with members in code-unit order, as README states it. */
  const digestOf = (e: Record<string, unknown>) =>
    `sha256:${createHash('sha256')
      .update(JSON.stringify({ created: e.created, data: { href: (e.data as any).href, id: (e.data as any).id }, event_type: e.event_type, resource: e.resource }))
      .digest('hex')}`;

  it('30 are accepted, keyed by a digest of their members in a fixed order: the same event in another order is a repeat, another is not', async () => {
    const { api, target } = await setUp();
    const listening = await listen(api, ['--forward-to', target.url]);
    const { id: _id, ...anonymous } = event('unused');
    const reordered = { resource: anonymous.resource, data: { href: anonymous.data.href, id: anonymous.data.id }, created: anonymous.created, event_type: anonymous.event_type };
    const later = { ...anonymous, created: '2027-01-10T15:00:01Z' };
    const body = JSON.stringify([anonymous, reordered, later]);
    expect((await post(listening.url, body, signed(body, KEY))).status).toBe(200);
    expect(listening.lines().map((line) => [line.id, line.key, line.repeat])).toEqual([
      [null, digestOf(anonymous), false],
      [null, digestOf(anonymous), true],
      [null, digestOf(later), false],
    ]);
    // Sent again alone, it is a repeat: not forwarded a second time.
    const alone = JSON.stringify([reordered]);
    expect((await post(listening.url, alone, signed(alone, KEY))).status).toBe(200);
    expect(listening.lines().at(-1)).toMatchObject({ id: null, repeat: true, forwarded: null });
    expect(target.requests).toHaveLength(1);
  });
});

describe('30 trek webhooks listen: connections per client', () => {
  it("30 past the cap, a client address's oldest connections are closed, and a new request from it is still answered", async () => {
    const { api } = await setUp();
    const listening = await listen(api);
    const { port } = new URL(listening.url);
    const sockets: Socket[] = [];
    const closed: Socket[] = [];
    try {
      for (let i = 0; i < MAX_CONNECTIONS_PER_CLIENT + 4; i++) {
        const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress: '127.0.0.2' });
        socket.on('error', () => undefined).on('close', () => closed.push(socket));
        await new Promise((resolve) => socket.once('connect', resolve));
        sockets.push(socket);
      }
      await vi.waitFor(() => expect(closed).toHaveLength(4));
      expect(closed).toEqual(sockets.slice(0, 4));
      const body = JSON.stringify([event('evt_from_a_busy_client')]);
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(listening.url, { method: 'POST', localAddress: '127.0.0.2', headers: signed(body, KEY) }, (res) => resolve(res.statusCode ?? 0));
        req.on('error', reject);
        req.end(body);
      });
      expect(status).toBe(200);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  });
});

describe('30 trek webhooks listen: connections read per client', () => {
  /** A signed POST from `localAddress` on a connection of its own; resolves to the status, or 'unanswered' after `ms`. */
  const postFrom = (url: string, localAddress: string, body: string, ms: number) =>
    new Promise<number | 'unanswered'>((resolve, reject) => {
      const req = request(url, { method: 'POST', localAddress, agent: false, headers: signed(body, KEY) }, (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      setTimeout(() => resolve('unanswered'), ms).unref();
      req.end(body);
    });

  it('30 past the limit a connection waits unread, while other clients are answered; when a reading one closes, the newest waiting is read', async () => {
    const { api } = await setUp();
    const listening = await listen(api);
    const { port } = new URL(listening.url);
    const reading: Socket[] = [];
    try {
      for (let i = 0; i < MAX_READING_PER_CLIENT; i++) {
        const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress: '127.0.0.4' }).on('error', () => undefined);
        await new Promise((resolve) => socket.once('connect', resolve));
        reading.push(socket);
      }
      const body = JSON.stringify([event('evt_waited')]);
      const waiting = postFrom(listening.url, '127.0.0.4', body, 5_000);
      const other = JSON.stringify([event('evt_other_client')]);
      expect(await postFrom(listening.url, '127.0.0.5', other, 5_000)).toBe(200);
      expect(listening.lines().map((line) => line.id)).toEqual(['evt_other_client']);
      expect(await Promise.race([waiting, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 300))])).toBe('still waiting');

      reading[0].destroy();
      expect(await waiting).toBe(200);
      expect(listening.lines().map((line) => line.id)).toEqual(['evt_other_client', 'evt_waited']);
    } finally {
      for (const socket of reading) socket.destroy();
    }
  });
});
