import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { tempHome, testFactory } from '../helpers/factory.js';
import { ageEntries } from './helpers.js';
import { NOW } from '../helpers/clock.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ now: NOW });
});
afterAll(() => sandbox.close());

async function trek(home: string, args: string[], served: boolean) {
  const t = testFactory({ env: { NO_COLOR: '1', TREK_HOME: home }, ...(served ? { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey } : {}) });
  const code = await main(args, t.f);
  return { code, out: t.out(), err: t.err() };
}

const search = ['search', 'departures', '--limit', '20', '-o', 'json'];

describe('local cache against the sandbox', () => {
  it('the built-in sandbox goes through the same cache: a second search is a cache hit with no request', async () => {
    const home = tempHome();
    const first = await trek(home, search, false);
    const second = await trek(home, [...search, '--verbose'], false);
    expect(second.code).toBe(0);
    expect(second.out).toBe(first.out);
    expect(second.err).toMatch(/^cache hit: GET http:\/\/localhost\/departures\?/m);
    expect(second.err).not.toMatch(/^> GET/m);
  });

  it('past the TTL the served sandbox answers the conditional request 304 and the stored answer is printed', async () => {
    const home = tempHome();
    const first = await trek(home, [...search, '--verbose'], true);
    // Served compressed (issue 32): the cache keeps the decoded body, and the tag the sandbox made weak.
    expect(first.err).toMatch(/^< content-encoding: br$/m);
    ageEntries(home, 3600);
    const second = await trek(home, [...search, '--verbose'], true);
    expect(second.err).toMatch(/^> If-None-Match: W\/"/m);
    expect(second.err).toMatch(/^< 304 Not Modified/m);
    expect(second.err).toMatch(/^revalidated \(304\): GET /m);
    expect(second.out).toBe(first.out);
  });

  it('17 subscribing, triggering and removing webhooks (/_sandbox/webhooks writes) keep the cached departures; a booking drops them', async () => {
    const home = tempHome();
    const first = await trek(home, search, true);
    const departure = String(JSON.parse(first.out)[0].id);
    const added = await trek(home, ['sandbox', 'webhooks', 'add', 'http://127.0.0.1:9/hooks', '--events', 'departures.updated', '-o', 'json'], true);
    expect(added.code).toBe(0);
    expect((await trek(home, ['webhooks', 'trigger', 'departures.updated', '--id', departure], true)).code).toBe(0);
    expect((await trek(home, ['sandbox', 'webhooks', 'remove', String(JSON.parse(added.out).id)], true)).code).toBe(0);
    const after = await trek(home, [...search, '--verbose'], true);
    expect(after.out).toBe(first.out);
    expect(after.err).toMatch(/^cache hit: GET /m);
    expect(after.err).not.toMatch(/^> GET/m);

    expect((await trek(home, ['api', 'POST', '/bookings', '-f', 'currency=CAD'], true)).code).toBe(0);
    const afterBooking = await trek(home, [...search, '--verbose'], true);
    expect(afterBooking.err).toMatch(/^> GET .*\/departures\?/m);
    expect(afterBooking.err).not.toMatch(/^cache hit: /m);
  });
});
