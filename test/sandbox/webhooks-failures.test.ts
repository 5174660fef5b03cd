/**
 * Issue 17: the deliverer's failure paths, each one attempt — a receiver that never answers,
 * one that answers garbage instead of HTTP, a deliverer stopped mid-attempt — and a deliverer
 * killed mid-attempt: its claim runs out, another deliverer sends the delivery again, and the
 * dead one's late result cannot overwrite the new attempt's.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { WebhookEvent } from '../../src/domain/webhooks.js';
import { Store } from '../../src/sandbox/store.js';
import { sendAttempt } from '../../src/sandbox/webhooks/deliverer.js';
import { claim, enqueue, recordAttempt, sendable, type Attempt, type DeliverySchedule } from '../../src/sandbox/webhooks/outbox.js';
import { NOW } from '../helpers/clock.js';

const event: WebhookEvent = { id: 'evt_1', event_type: 'customers.updated', resource: 'customers', data: { id: '1', href: '/customers/1/' }, created: '2027-01-10T15:00:00Z' };
const SCHEDULE: DeliverySchedule = { retryDelaysMs: [1000, 1000], attemptTimeoutMs: 1000 };

/** A TCP receiver that does `onConnection` with each connection (HTTP or not); its URL. */
async function tcpReceiver(onConnection: (socket: Socket) => void): Promise<string> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const address = server.address() as { port: number };
  return `http://127.0.0.1:${address.port}/hook`;
}

const attemptTo = (url: string): Attempt => ({ deliveryId: '1', attempt: 1, url, key: 'k'.repeat(32), events: [event] });

describe('17 webhook delivery failures', () => {
  it('17 a receiver that takes the request and never answers fails the attempt at its timeout', async () => {
    const url = await tcpReceiver(() => {});
    const result = await sendAttempt(attemptTo(url), 200, new AbortController().signal);
    expect(result).toEqual({ delivered: false, status: null, error: 'no answer within 0.2 s (timeout)' });
  });

  it('17 a receiver that answers garbage, not HTTP, fails the attempt with a short, printable reason', async () => {
    const url = await tcpReceiver((socket) => socket.end('\u001b[2J\u0000garbage\r\n\r\n'));
    const result = await sendAttempt(attemptTo(url), 2000, new AbortController().signal);
    expect(result.delivered).toBe(false);
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/^could not deliver: /);
    expect(result.error).not.toMatch(/[\u0000-\u001f]/);
  });

  it('17 a deliverer stopped mid-attempt fails it at once', async () => {
    const url = await tcpReceiver(() => {});
    const stopping = new AbortController();
    const pending = sendAttempt(attemptTo(url), 60_000, stopping.signal);
    setTimeout(() => stopping.abort(), 50);
    expect(await pending).toEqual({ delivered: false, status: null, error: 'the deliverer stopped before the receiver answered' });
  });

  it("17 a deliverer killed mid-attempt: the delivery is held until its claim runs out, then sent again; the dead attempt's late result is ignored", async () => {
    const store = await Store.open({ now: NOW, size: 20 });
    await store.mutate((_state, tx) => tx.insert('webhooks', { agency_id: '1', agent_id: '1', url: 'http://127.0.0.1:9/', events: ['customers.updated'] }));
    await store.mutate((state, tx) => enqueue(state, tx, [{ event, agencyId: '1' }]));
    const now = Date.now();
    const [first] = await store.mutate((state) => claim(state, now, 1, 5000));
    expect(first).toMatchObject({ attempt: 1 });
    // Its deliverer dies here: nothing is recorded. Until the hold is over, nobody sends it again.
    expect(sendable(store.read(), now + 4999)).toEqual([]);
    const [second] = await store.mutate((state) => claim(state, now + 5000, 1, 5000));
    expect(second).toMatchObject({ deliveryId: first.deliveryId, attempt: 2 });
    await store.mutate((state) => recordAttempt(state, first, { delivered: true, status: 200, error: null }, SCHEDULE, now + 5001));
    expect(store.read().collections.webhook_deliveries[first.deliveryId]).toMatchObject({ status: 'pending', attempts: 2, delivered: null });
    await store.mutate((state) => recordAttempt(state, second, { delivered: false, status: 503, error: 'HTTP 503' }, SCHEDULE, now + 5002));
    expect(store.read().collections.webhook_deliveries[first.deliveryId]).toMatchObject({ status: 'retrying', attempts: 2, last_status: 503 });
  });
});
