/**
 * Issue 16, fault injection: the §7.1 statuses the sandbox never gives on its own (424, 429
 * with Retry-After, 500, 502, 503, 504), slow answers and dropped connections, on purpose,
 * through the operator's `/_sandbox/faults`; and the per-key rate limit of a served sandbox.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { faultFor, inject, patternMatches, RateLimiter } from '../../src/sandbox/faults.js';
import { Store } from '../../src/sandbox/store.js';
import { clientFor, KEYS, useSandboxClient, type Client } from '../helpers/sandbox-client.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient();
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempFile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'trek-faults-'));
  dirs.push(dir);
  return join(dir, 'sandbox.json');
};

const addFault = (c: Client, fault: object) => c.post('/_sandbox/faults', fault, KEYS.operator);
afterEach(async () => {
  await client.request('DELETE', '/_sandbox/faults', { key: KEYS.operator });
});

describe('16 fault injection: the control endpoints', () => {
  it('16 faults are an operator control: an agent key is 403 and adds nothing, a wrong operator key 401', async () => {
    expect((await client.post('/_sandbox/faults', { status: 503 })).status).toBe(403);
    expect((await client.get('/_sandbox/faults')).status).toBe(403);
    expect((await client.request('DELETE', '/_sandbox/faults')).status).toBe(403);
    expect((await client.post('/_sandbox/faults', { status: 503 }, null)).status).toBe(401);
    expect((await client.request('GET', '/_sandbox/faults', { headers: { 'x-sandbox-operator-key': 'guess' }, key: null })).status).toBe(401);
    expect((await client.get('/_sandbox/faults', KEYS.operator)).json.results).toEqual([]);
  });

  it('16 POST /_sandbox/faults answers 201 with the fault; GET lists them in order; DELETE one, then all', async () => {
    const added = await addFault(client, { status: 503, path: '/departures*', count: 2 });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ id: expect.any(String), status: 503, path: '/departures*', method: null, count: 2, remaining: 2, rate: null, retry_after: null, delay_ms: null, drop: false });
    expect(added.headers.get('location')).toBe(added.json.href);
    const second = (await addFault(client, { status: 429, method: 'post', retry_after: 5 })).json;
    expect(second).toMatchObject({ status: 429, path: '*', method: 'POST', retry_after: 5, count: null });
    const list = await client.get('/_sandbox/faults', KEYS.operator);
    expect(list.json.results.map((f: { id: string }) => f.id)).toEqual([added.json.id, second.id]);
    expect((await client.get(added.json.href, KEYS.operator)).json).toEqual(added.json);

    const one = await client.request('DELETE', added.json.href, { key: KEYS.operator });
    expect(one.json).toEqual({ removed: 1 });
    expect((await client.get(added.json.href, KEYS.operator)).status).toBe(404);
    expect((await client.request('DELETE', added.json.href, { key: KEYS.operator })).status).toBe(404);
    expect((await client.request('DELETE', '/_sandbox/faults', { key: KEYS.operator })).json).toEqual({ removed: 1 });
    expect((await client.get('/_sandbox/faults', KEYS.operator)).json.results).toEqual([]);
  });

  it('16 a fault body is checked whole: every problem in one 400, and nothing is added', async () => {
    const refused = await addFault(client, { status: 200, path: 'bookings', method: 'TRACE', count: 0, rate: 2, retry_after: -1, delay_ms: 999_999, drop: 'maybe', colour: 'red' });
    expect(refused.status).toBe(400);
    expect(refused.json.errors.map((e: { field: string; code: string }) => `${e.field} ${e.code}`).sort()).toEqual([
      'colour UNKNOWN_FIELD',
      'count INVALID_VALUE',
      'delay_ms INVALID_VALUE',
      'drop INVALID_TYPE',
      'method INVALID_CHOICE',
      'path INVALID_VALUE',
      'rate INVALID_VALUE',
      'retry_after INVALID_VALUE',
      'status INVALID_VALUE',
    ]);
    for (const [body, field] of [
      [{ status: 503, count: 2, rate: 0.5 }, 'rate'],
      [{ status: 503, drop: true }, 'drop'],
      [{ retry_after: 3, delay_ms: 100 }, 'retry_after'],
      [{ path: '/bookings*' }, 'status'],
      [{ status: 302 }, 'status'],
    ] as const) {
      const answer = await addFault(client, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.errors[0].field).toBe(field);
    }
    expect((await client.get('/_sandbox/faults', KEYS.operator)).json.results).toEqual([]);
  });
});

describe('16 fault injection: what a fault answers', () => {
  it('16 a 503 fault with count 2 answers the next two matching requests with the §7.2 body, then the real answer', async () => {
    await addFault(client, { status: 503, path: '/departures*', count: 2 });
    for (let i = 0; i < 2; i++) {
      const answer = await client.get('/departures/?max_per_page=10');
      expect(answer.status).toBe(503);
      expect(answer.json).toMatchObject({ http_status_code: 503, href: '/departures/?max_per_page=10', errors: [] });
      expect(answer.json.error_id).toMatch(/^sbx_[0-9a-f]{16}$/);
      expect(answer.json.message).toContain('injected by sandbox fault');
    }
    expect((await client.get('/departures/?max_per_page=10')).status).toBe(200);
    expect((await client.get('/_sandbox/faults', KEYS.operator)).json.results).toEqual([]);
  });

  it.each([424, 500, 502, 504])('16 a %i fault answers that status with the §7.2 body in the format Accept asks', async (status) => {
    await addFault(client, { status, path: '/tour_dossiers/*' });
    const json = await client.get('/tour_dossiers/20001/');
    expect([json.status, json.json.http_status_code]).toEqual([status, status]);
    const xml = await client.request('GET', '/tour_dossiers/20001/', { headers: { accept: 'application/xml' } });
    expect(xml.status).toBe(status);
    expect(xml.text).toMatch(new RegExp(`^<\\?xml[^>]*>\\s*<error>[\\s\\S]*<http_status_code type="integer">${status}</http_status_code>`));
  });

  it('16 a 429 fault on POST /bookings sends Retry-After, and the booking is not made (the server did not act)', async () => {
    await addFault(client, { status: 429, path: '/bookings*', method: 'POST', retry_after: 7, count: 1 });
    const before = (await client.get('/bookings/')).json.count;
    expect((await client.get('/bookings/')).status).toBe(200); // GET is not matched
    const refused = await client.post('/bookings/', { currency: 'CAD' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('7');
    expect((await client.get('/bookings/')).json.count).toBe(before);
    expect((await client.post('/bookings/', { currency: 'CAD' })).status).toBe(201);
  });

  it("16 the sandbox's own /_sandbox/ controls are never faulted: a '*' fault can still be listed and cleared", async () => {
    await addFault(client, { status: 500 });
    expect((await client.get('/departures/100001/')).status).toBe(500);
    expect((await client.get('/_sandbox/clock')).status).toBe(200);
    expect((await client.get('/_sandbox/faults', KEYS.operator)).json.count).toBe(1);
    expect((await client.request('DELETE', '/_sandbox/faults', { key: KEYS.operator })).json).toEqual({ removed: 1 });
    expect((await client.get('/departures/100001/')).status).toBe(200);
  });

  it('16 path patterns match the whole path, * any characters, trailing slash or not; methods as routed (HEAD as GET)', () => {
    expect(patternMatches('/bookings*', '/bookings/200001/services')).toBe(true);
    expect(patternMatches('/bookings*', '/customers/')).toBe(false);
    expect(patternMatches('/bookings/*/services', '/bookings/200001/services')).toBe(true);
    expect(patternMatches('/bookings/*/services', '/bookings/200001/services/x')).toBe(false);
    expect(patternMatches('*', '/anything')).toBe(true);
    expect(patternMatches('/a*b*a', '/ab')).toBe(false);
    expect(patternMatches('/a*a', '/a')).toBe(false);
  });

  it('16 a fault limited to a method and path leaves other requests alone; HEAD counts as GET', async () => {
    await addFault(client, { status: 502, path: '/bookings/', method: 'GET' });
    expect((await client.get('/bookings')).status).toBe(502);
    expect((await client.request('HEAD', '/bookings/')).status).toBe(502);
    expect((await client.get('/bookings/200001/')).status).not.toBe(502);
    expect((await client.post('/bookings/', { currency: 'CAD' })).status).toBe(201);
  });

  it('16 a dropped connection: the socket closes with no answer, and a count fault is used up by it', async () => {
    await addFault(client, { drop: true, path: '/departures/100001', count: 1 });
    const dropped = await fetch(`${client.sandbox.baseUrl}/departures/100001/`, { headers: { 'x-application-key': client.sandbox.apiKey } }).then(
      () => 'answered',
      (error: Error) => (error.cause as { code?: string } | undefined)?.code ?? error.message,
    );
    expect(dropped).toBe('UND_ERR_SOCKET');
    expect((await client.get('/departures/100001/')).status).toBe(200);
  });
});

describe('16 fault injection: rate and delay', () => {
  it('16 a rate fault fires on the share of matching requests the draw picks', async () => {
    const store = await Store.open({ now: NOW });
    await store.mutate((state, tx) => {
      state.faults = {
        last_id: 1,
        list: [{ id: '1', seq: tx.nextSeq(), date_created: tx.now, status: 500, path: '*', method: null, count: null, remaining: null, rate: 0.25, retry_after: null, delay_ms: null, drop: false }],
      };
    });
    expect((await faultFor(store, store.read(), 'GET', '/departures/', () => 0.24))?.id).toBe('1');
    expect(await faultFor(store, store.read(), 'GET', '/departures/', () => 0.25)).toBeUndefined();
  });

  it('16 a delay fault holds the answer for delay_ms, then answers as usual (or with its status)', async () => {
    const store = await Store.open({ now: NOW });
    await store.mutate((state, tx) => {
      state.faults = {
        last_id: 1,
        list: [{ id: '1', seq: tx.nextSeq(), date_created: tx.now, status: null, path: '*', method: null, count: null, remaining: null, rate: null, retry_after: null, delay_ms: 2000, drop: false }],
      };
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let done = false;
      const answer = inject(store, store.read(), 'GET', '/departures/', {}, { signal: () => undefined }).then((result) => {
        done = true;
        return result;
      });
      await vi.advanceTimersByTimeAsync(1999);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
      expect(await answer).toBeUndefined(); // then the real answer
    } finally {
      vi.useRealTimers();
    }
  });

  it('16 a slow answer stalls no other request, and stops waiting when its client goes away', async () => {
    const own = clientFor(await startSandbox({ now: NOW }));
    await addFault(own, { delay_ms: 120_000, path: '/departures/100002' });
    const gone = new AbortController();
    const slow = fetch(`${own.sandbox.baseUrl}/departures/100002/`, { headers: { 'x-application-key': own.sandbox.apiKey }, signal: gone.signal }).catch(() => 'aborted');
    expect((await own.get('/departures/100003/')).status).toBe(200);
    gone.abort();
    expect(await slow).toBe('aborted');
    // close() waits for requests in flight (up to 10 s): it returns because the delayed one stopped waiting.
    await own.sandbox.close();
  });
});

describe('16 fault injection: faults live in the state', () => {
  it('16 a fault added through one sandbox reaches another on the same data file, and their counts are shared', async () => {
    const dataFile = tempFile();
    const first = clientFor(await startSandbox({ now: NOW, dataFile }));
    const second = clientFor(await startSandbox({ now: NOW, dataFile }));
    try {
      await addFault(first, { status: 503, path: '/departures*', count: 3 });
      expect((await second.get('/departures/100001/')).status).toBe(503);
      expect((await first.get('/departures/100001/')).status).toBe(503);
      expect((await second.get('/_sandbox/faults', KEYS.operator)).json.results[0].remaining).toBe(1);
      expect((await second.get('/departures/100001/')).status).toBe(503);
      expect((await first.get('/departures/100001/')).status).toBe(200);
    } finally {
      await first.sandbox.close();
      await second.sandbox.close();
    }
  });

  it('16 a reset clears the faults with the rest of the state', async () => {
    const own = clientFor(await startSandbox({ now: NOW }));
    try {
      await addFault(own, { status: 500 });
      expect((await own.post('/_sandbox/reset', { now: NOW.toISOString() }, KEYS.operator)).status).toBe(200);
      expect((await own.get('/_sandbox/faults', KEYS.operator)).json.results).toEqual([]);
      expect((await own.get('/departures/100001/')).status).toBe(200);
    } finally {
      await own.sandbox.close();
    }
  });

  it('16 a data file whose faults are damaged is refused on load, naming the member', async () => {
    const dataFile = tempFile();
    const made = await startSandbox({ now: NOW, dataFile });
    await made.close();
    const state = JSON.parse(readFileSync(dataFile, 'utf8'));
    state.faults = { last_id: 1, list: [{ id: 1, path: null }] };
    writeFileSync(dataFile, JSON.stringify(state));
    await expect(startSandbox({ now: NOW, dataFile })).rejects.toThrow(/faults is not a list of faults/);
  });
});

describe('16 the rate limit of a served sandbox (--rate-limit N/s)', () => {
  it('16 past N requests a second per key the answer is 429 with Retry-After and the §7.2 body; other keys and /_sandbox/ are not counted', async () => {
    const limited = clientFor(await startSandbox({ now: NOW, rateLimit: 2 }));
    try {
      // Ten at once from one key: whatever second they fall in, some go past two a second.
      const answers = await Promise.all(Array.from({ length: 10 }, () => limited.get('/departures/100001/')));
      const refused = answers.filter((a) => a.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
      for (const answer of refused) {
        expect(answer.headers.get('retry-after')).toBe('1');
        expect(answer.json).toMatchObject({ http_status_code: 429, errors: [] });
      }
      expect((await limited.get('/_sandbox/clock')).status).toBe(200);
    } finally {
      await limited.sandbox.close();
    }
  });

  it('16 the limit counts each key apart, in windows of one second', () => {
    let now = 10_000;
    const limiter = new RateLimiter(2, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('b'), limiter.take('a')]).toEqual([undefined, undefined, undefined, 1]);
    now = 10_999;
    expect(limiter.take('b')).toBeUndefined();
    expect(limiter.take('b')).toBe(1);
    now = 11_000;
    expect(limiter.take('a')).toBeUndefined();
  });
});
