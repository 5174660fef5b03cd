/**
 * Issue 17: the webhook outbox and delivery log are bounded per subscription — at most 1000
 * deliveries waiting (the oldest waiting one fails unsent past it) and the 100 newest finished
 * ones kept — so a receiver that is down for days cannot grow the sandbox's state without end.
 */
import { describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../../src/domain/webhooks.js';
import { Store } from '../../src/sandbox/store.js';
import { claim, enqueue, recordAttempt, WEBHOOK_LIMITS, type DeliverySchedule } from '../../src/sandbox/webhooks/outbox.js';
import { NOW } from '../helpers/clock.js';

const event = (n: number): WebhookEvent => ({
  id: `evt_${n}`,
  event_type: 'customers.updated',
  resource: 'customers',
  data: { id: String(n), href: `/customers/${n}/` },
  created: '2027-01-10T15:00:00Z',
});
const NO_RETRY: DeliverySchedule = { retryDelaysMs: [], attemptTimeoutMs: 1000 };

async function storeWithSubscription(): Promise<{ store: Store; webhookId: string }> {
  const store = await Store.open({ now: NOW, size: 20 });
  const webhookId = await store.mutate((_state, tx) => tx.insert('webhooks', { agency_id: '1', agent_id: '1', url: 'http://127.0.0.1:9/', events: ['customers.updated'] }).id);
  return { store, webhookId };
}

const deliveriesOf = (store: Store) => Object.values(store.read().collections.webhook_deliveries);

describe('17 webhook bounds', () => {
  it('17 past 1000 deliveries waiting for one receiver, the oldest waiting one fails unsent and says why', async () => {
    const { store } = await storeWithSubscription();
    const extra = 3;
    await store.mutate((state, tx) => {
      for (let n = 1; n <= WEBHOOK_LIMITS.outboxPerSubscription + extra; n++) enqueue(state, tx, [{ event: event(n), agencyId: '1' }]);
    });
    const all = deliveriesOf(store).sort((a, b) => a.seq - b.seq);
    expect(all.filter((d) => d.status === 'pending')).toHaveLength(WEBHOOK_LIMITS.outboxPerSubscription);
    const dropped = all.filter((d) => d.status === 'failed');
    expect(dropped.map((d) => d.events[0].id)).toEqual(['evt_1', 'evt_2', 'evt_3']);
    expect(dropped[0].last_error).toContain('dropped unsent');
  });

  it('17 a subscription keeps its 100 newest finished deliveries; older ones are forgotten', async () => {
    const { store } = await storeWithSubscription();
    const total = WEBHOOK_LIMITS.logPerSubscription + 5;
    await store.mutate((state, tx) => {
      for (let n = 1; n <= total; n++) enqueue(state, tx, [{ event: event(n), agencyId: '1' }]);
    });
    // Each fails at its first attempt (no retries in this schedule): finished, into the log.
    const attempts = await store.mutate((state) => claim(state, Date.now(), total, 1000));
    expect(attempts).toHaveLength(total);
    await store.mutate((state) => {
      for (const attempt of attempts) recordAttempt(state, attempt, { delivered: false, status: 500, error: 'HTTP 500' }, NO_RETRY, Date.now());
    });
    const kept = deliveriesOf(store);
    expect(kept).toHaveLength(WEBHOOK_LIMITS.logPerSubscription);
    expect(kept.every((d) => d.status === 'failed')).toBe(true);
    expect(kept.map((d) => d.events[0].id)).not.toContain('evt_5');
    expect(kept.map((d) => d.events[0].id)).toContain('evt_6');
  });

  it('17 a change with more than 100 events is sent as several requests of up to 100, in order', async () => {
    const { store } = await storeWithSubscription();
    await store.mutate((state, tx) =>
      enqueue(
        state,
        tx,
        Array.from({ length: 250 }, (_, i) => ({ event: event(i + 1), agencyId: '1' })),
      ),
    );
    const sizes = deliveriesOf(store)
      .sort((a, b) => a.seq - b.seq)
      .map((d) => d.events.length);
    expect(sizes).toEqual([100, 100, 50]);
    // Each is about other customers, so none waits for another.
    expect(await store.mutate((state) => claim(state, Date.now(), 10, 1000))).toHaveLength(3);
  });
});
