/**
 * Issue 17: `trek sandbox webhooks add|list|remove|deliveries|resend` — bad input refused before
 * anything is sent (exit 2, naming the argument or flag), tables and JSON, the receiver's text
 * made harmless, and the built-in sandbox's outbox explained.
 */
import { describe, expect, it, vi } from 'vitest';
import { ackValue, WEBHOOK_EVENT_TYPES } from '../../../src/domain/webhooks.js';
import { parseEventTypes, parseReceiverUrl } from '../../../src/commands/sandbox/webhooks/add.js';
import { main } from '../../../src/main.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();
const servers = useHostileServers();

/** `trek … -o json` parsed. */
async function json(args: string[]): Promise<any> {
  const t = await sandbox.trek([...args, '-o', 'json']);
  expect(t.code, t.err()).toBe(0);
  return JSON.parse(t.out());
}

describe('17 trek sandbox webhooks: input', () => {
  it.each([
    ['not http', 'ftp://example.test/hooks', 'it must be http or https, not ftp'],
    ['relative', 'example.test/hooks', 'it is not an absolute URL'],
    ['with a password', 'http://me:secret@example.test/', 'must not carry a user name or password'],
    ['too long', `http://example.test/${'a'.repeat(2048)}`, 'longer than 2048 characters'],
  ])('17 add refuses a URL %s', (_what, url, message) => {
    expect(() => parseReceiverUrl(url)).toThrow(message);
  });

  it('17 --events takes known event types, comma-separated, and names the unknown ones', () => {
    expect(parseEventTypes('departures.updated, bookings.created,departures.updated')).toEqual(['departures.updated', 'bookings.created']);
    expect(() => parseEventTypes('departures.sold_out')).toThrow('--events: unknown event type "departures.sold_out"');
    expect(() => parseEventTypes(' , ')).toThrow('--events needs at least one event type');
  });

  it('17 bad input exits 2 before any request, naming the argument or flag', async () => {
    const hostile = await servers.start((_req, res) => void res.writeHead(500).end());
    for (const [args, named] of [
      [['add', 'ftp://x/'], 'URL'],
      [['add', 'http://127.0.0.1:9/', '--events', 'nope'], '--events'],
      [['remove', 'a/b'], 'subscription id'],
      [['deliveries', ''], 'subscription id'],
      [['resend', '../1'], 'delivery id'],
    ] as const) {
      const t = testFactory({ baseUrl: hostile.url, apiKey: 'k' });
      expect(await main(['sandbox', 'webhooks', ...args], t.f), args.join(' ')).toBe(2);
      expect(t.err()).toContain(named);
    }
    expect(hostile.requests).toEqual([]);
  });
});

describe('17 trek sandbox webhooks: against a sandbox', () => {
  it('17 add, list, deliveries, resend and remove: a receiver gets the events and the log says what happened', async () => {
    const key = sandbox.running.apiKey;
    const receiver = await servers.start((_req, res) => void res.writeHead(200, { 'x-application-sha256': ackValue(key) }).end());
    const added = await sandbox.trek(['sandbox', 'webhooks', 'add', receiver.url, '--events', 'customers.created', '-o', 'json']);
    expect(added.code, added.err()).toBe(0);
    expect(added.err()).toContain(`for ${receiver.url}: customers.created`);
    const subscription = JSON.parse(added.out());
    expect(subscription).toMatchObject({ url: receiver.url, events: ['customers.created'] });

    const table = await sandbox.trek(['sandbox', 'webhooks', 'list'], { tty: true });
    expect(table.out()).toMatch(new RegExp(`${subscription.id}\\s+${receiver.url.replace(/[.]/g, '\\.')}\\s+customers\\.created`));

    const customer = await sandbox.api('POST', '/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' } });
    await vi.waitFor(async () => expect((await json(['sandbox', 'webhooks', 'deliveries', subscription.id]))[0]?.status).toBe('delivered'));
    const [delivery] = await json(['sandbox', 'webhooks', 'deliveries', subscription.id]);
    expect(delivery.events).toEqual([expect.objectContaining({ event_type: 'customers.created', data: { id: customer.id, href: `/customers/${customer.id}/` } })]);
    const log = await sandbox.trek(['sandbox', 'webhooks', 'deliveries', subscription.id], { tty: true });
    expect(log.out()).toContain(`customers.created ${customer.id}`);
    expect(log.out()).toMatch(new RegExp(`${delivery.id}\\s+delivered\\s+1\\s+200`));

    const resent = await sandbox.trek(['sandbox', 'webhooks', 'resend', delivery.id, '-o', 'json']);
    expect(resent.code, resent.err()).toBe(0);
    expect(JSON.parse(resent.out()).events).toEqual(delivery.events);
    await vi.waitFor(() => expect(receiver.requests).toHaveLength(2));
    expect(receiver.requests[1].body).toBe(receiver.requests[0].body);

    const removed = await sandbox.trek(['sandbox', 'webhooks', 'remove', subscription.id]);
    expect(removed.code, removed.err()).toBe(0);
    expect(await json(['sandbox', 'webhooks', 'list'])).toEqual([]);
    const gone = await sandbox.trek(['sandbox', 'webhooks', 'deliveries', subscription.id]);
    expect(gone.code).toBe(4);
  });

  it("17 a receiver's error text reaches the table escaped, never as terminal control", async () => {
    const receiver = await servers.start((_req, res) => void res.writeHead(500).end('\u001b]0;pwned\u0007\u001b[2Jgone'));
    const subscription = await json(['sandbox', 'webhooks', 'add', receiver.url, '--events', 'customers.created']);
    await sandbox.api('POST', '/customers/', { name: { legal_first_name: 'Grace', legal_last_name: 'Hopper', title: 'Ms' } });
    await vi.waitFor(async () => expect((await json(['sandbox', 'webhooks', 'deliveries', subscription.id]))[0]?.last_status).toBe(500));
    const log = await sandbox.trek(['sandbox', 'webhooks', 'deliveries', subscription.id], { tty: true, columns: 200 });
    expect(log.out()).toContain('retrying');
    expect(log.out()).toContain('HTTP 500 Internal Server Error');
    expect(log.out()).not.toContain('\u001b');
    expect(log.out()).not.toContain('\u0007');
    await sandbox.trek(['sandbox', 'webhooks', 'remove', subscription.id]);
  });

  it("17 another agency's subscription is not found (exit 4)", async () => {
    const subscription = await json(['sandbox', 'webhooks', 'add', 'http://127.0.0.1:9/hooks']);
    expect(subscription.events).toEqual(WEBHOOK_EVENT_TYPES);
    const other = testFactory({ baseUrl: sandbox.running.baseUrl, apiKey: sandbox.agentKey('3') });
    expect(await main(['sandbox', 'webhooks', 'remove', subscription.id], other.f)).toBe(4);
    await sandbox.trek(['sandbox', 'webhooks', 'remove', subscription.id]);
  });

  it('17 on the built-in sandbox, add says its webhooks wait in the outbox until trek webhooks listen runs', async () => {
    const t = testFactory({ env: { NO_COLOR: '1' } });
    expect(await main(['sandbox', 'webhooks', 'add', 'http://127.0.0.1:9/hooks'], t.f)).toBe(0);
    await t.f.close();
    expect(t.err()).toContain('`trek webhooks listen`');
  });
});
