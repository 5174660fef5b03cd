/**
 * Issue 14's sandbox findings, each performed as an attacker would and shown to fail safely:
 * a search that backtracking never finishes (14.4), another local user reaching the embedded
 * sandbox (14.5), a web page reaching a served one (14.6), an agent driving the operator's
 * controls (14.7).
 */
import { readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { main } from '../../src/main.js';
import { hostGuard } from '../../src/sandbox/guard.js';
import { resetSandbox, SEARCH_LIMITS, startSandbox } from '../../src/sandbox/index.js';
import { ensureStoreKeys } from '../../src/sandbox/keys.js';
import { createState } from '../../src/sandbox/store.js';
import { tempHome, testFactory } from '../helpers/factory.js';
import { clientFor, KEYS, useSandboxClient, type Answer } from '../helpers/sandbox-client.js';
import { book, pay } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 40, now: NOW });

/** The §7.2 error body with `status`, naming `code` in errors[] when given. */
function expectRefusal(answer: Answer, status: number, code?: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.json).toMatchObject({ http_status_code: status, href: expect.any(String), error_id: expect.stringMatching(/^sbx_[0-9a-f]{16}$/) });
  if (code !== undefined) expect(answer.json.errors.map((e: { code: string }) => e.code)).toContain(code);
}

describe('14.4 one search must not freeze the sandbox', () => {
  const longText = 'a'.repeat(1000);

  it('14.4 like a*a*a*…*b against a 1000-character value answers with the right result, and the next request is served', async () => {
    const customer = (await client.post('/customers/', { name: { legal_first_name: 'Long', legal_last_name: 'Notes', title: 'Mx' }, medical_notes: longText })).json;
    // Nine wildcards: a backtracking regex tries on the order of 1000^9 ways before saying no.
    const never = await client.get(`/customers/?medical_notes__like=${'a*'.repeat(9)}b`);
    expect(never.status, never.text).toBe(200);
    expect(never.json.count).toBe(0);
    const found = await client.get(`/customers/?medical_notes__like=${'a*'.repeat(9)}a`);
    expect(found.json.results.map((c: { id: string }) => c.id)).toEqual([customer.id]);
    // Pieces are found in order, each after the one before; the ends are not anchored (like the default operator).
    expect((await client.get('/customers/?medical_notes__like=aaa*aaaa')).json.count).toBe(1);
    expect((await client.get('/departures/100001')).status).toBe(200);
  });

  it('14.4 phrase and the other operators answer on a long value too', async () => {
    for (const query of [`medical_notes__phrase=${'a '.repeat(60)}b`, 'medical_notes=ab', 'medical_notes__gte=a', `medical_notes__in=${longText.slice(0, 200)}`]) {
      expect((await client.get(`/customers/?${query}`)).status, query).toBe(200);
    }
  });

  it('14.4 a pattern over the limits is a 400 naming the limit', async () => {
    const tooLong = await client.get(`/customers/?medical_notes__like=${'x'.repeat(SEARCH_LIMITS.valueLength + 1)}`);
    expectRefusal(tooLong, 400, 'SEARCH_VALUE_TOO_LONG');
    expect(tooLong.json.message).toContain(`up to ${SEARCH_LIMITS.valueLength}`);
    const wild = await client.get(`/customers/?medical_notes__like=${'a*'.repeat(SEARCH_LIMITS.likeWildcards + 1)}b`);
    expectRefusal(wild, 400, 'TOO_MANY_WILDCARDS');
    expect(wild.json.message).toContain(`up to ${SEARCH_LIMITS.likeWildcards}`);
    const many = await client.get(`/customers/?${Array.from({ length: SEARCH_LIMITS.inValues + 1 }, (_, i) => `nationality__in=n${i}`).join('&')}`);
    expectRefusal(many, 400, 'TOO_MANY_VALUES');
  });

  it('14.4 a request over its CPU budget is refused with 400 naming the limit, and the sandbox serves on', async () => {
    const tight = clientFor(await startSandbox({ now: NOW, size: 5000, cpuBudgetMs: 0 }));
    onTestFinished(() => tight.sandbox.close());
    const refused = await tight.get('/departures/?name__phrase=no such tour&order_by=start_date');
    expectRefusal(refused, 400, 'REQUEST_TOO_COSTLY');
    expect(refused.json.message).toContain('0 ms of CPU time');
    expect((await tight.get('/departures/100001')).status).toBe(200);
  });
});

/** Inodes of the sockets this process holds open. */
function socketInodes(): Set<string> {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/** TCP sockets of this process in LISTEN state (IPv4 and IPv6). */
function listeningTcpInodes(): string[] {
  const mine = socketInodes();
  return ['/proc/net/tcp', '/proc/net/tcp6']
    .flatMap((table) => readFileSync(table, 'utf8').trim().split('\n').slice(1))
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns[3] === '0A' && mine.has(columns[9]))
    .map((columns) => columns[9])
    .sort();
}

/** Paths of the listening Unix sockets of this process. */
function listeningUnixPaths(): string[] {
  const mine = socketInodes();
  return readFileSync('/proc/net/unix', 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns[3] === '00010000' && mine.has(columns[6]) && columns[7] !== undefined)
    .map((columns) => columns[7]);
}

describe('14.5 the embedded sandbox is reachable by nobody else', () => {
  it("14.5 it opens no TCP port and no socket: trek's requests are answered in process", async () => {
    const t = testFactory();
    onTestFinished(() => rmSync(t.home, { recursive: true, force: true }));
    const tcpBefore = listeningTcpInodes();
    const unixBefore = listeningUnixPaths();
    const api = await t.f.api();
    expect(await main(['sandbox', 'clock', 'show', '-o', 'json'], t.f)).toBe(0);
    expect(Date.parse(JSON.parse(t.out()).now)).not.toBeNaN();
    // Nothing to connect to while it answers: no listener of either kind, and nothing but the data in the data folder.
    expect(listeningTcpInodes()).toEqual(tcpBefore);
    expect(listeningUnixPaths()).toEqual(unixBefore);
    expect(new URL(api.baseUrl).port).toBe('');
    expect(readdirSync(join(t.home, 'data')).sort()).toEqual(['sandbox.json', 'sandbox.json.journal']);
  });

  it("14.5 keys differ between two stores, the old constant keys open nothing, and a reset keeps a store's keys", async () => {
    const other = clientFor(await startSandbox({ now: NOW, size: 12 }));
    onTestFinished(() => other.sandbox.close());
    const ours = client.sandbox;
    for (const key of [ours.operatorKey, other.sandbox.operatorKey]) expect(key).toMatch(/^sandbox-operator-[0-9a-f]{32}$/);
    for (const { key } of [...ours.keys, ...other.sandbox.keys]) expect(key).toMatch(/^sandbox-agent-[0-9a-f]{32}$/);
    const all = [ours.operatorKey, other.sandbox.operatorKey, ...ours.keys.map((k) => k.key), ...other.sandbox.keys.map((k) => k.key)];
    expect(new Set(all).size).toBe(all.length);
    expect((await other.get('/departures/100001', ours.apiKey)).status).toBe(401);
    expect((await other.get('/departures/100001', 'sandbox-key-agent-1')).status).toBe(401);

    expect((await other.post('/_sandbox/reset', { now: NOW.toISOString(), seed: 3 }, KEYS.operator)).status).toBe(200);
    expect((await other.get('/_sandbox/keys', KEYS.operator)).json.results).toEqual(other.sandbox.keys);

    const file = join(tempHome(), 'state.json');
    onTestFinished(() => rmSync(dirname(file), { recursive: true, force: true }));
    const first = await startSandbox({ now: NOW, dataFile: file });
    await first.close();
    await resetSandbox(file, { now: NOW, seed: 4 });
    const again = await startSandbox({ now: NOW, dataFile: file });
    await again.close();
    expect({ operatorKey: again.operatorKey, keys: again.keys }).toEqual({ operatorKey: first.operatorKey, keys: first.keys });
  });

  it('14.5 a state from before random keys gets random ones in place of the guessable constants', () => {
    const state = createState(1, 12, NOW.getTime(), 0);
    const old = state as { operator_key?: string };
    delete old.operator_key;
    for (const agent of Object.values(state.collections.agents)) agent.api_key = `sandbox-key-agent-${agent.id}`;
    expect(ensureStoreKeys(state)).toBe(true);
    expect(state.operator_key).toMatch(/^sandbox-operator-[0-9a-f]{32}$/);
    for (const agent of Object.values(state.collections.agents)) expect(agent.api_key).toMatch(/^sandbox-agent-[0-9a-f]{32}$/);
    expect(ensureStoreKeys(state)).toBe(false);
  });
});

describe('14.6 Host and Origin on a TCP sandbox', () => {
  const guard = (host: string, cors?: string) => hostGuard({ host, port: 4010, ...(cors === undefined ? {} : { cors }) });

  it('14.6 a Host naming another site (DNS rebinding) or another port is refused with 421', () => {
    for (const host of ['evil.example:4010', 'evil.example', 'localhost:80', 'localhost.:4010', '127.0.0.1.nip.io:4010', '', '[::1]:4011']) {
      expect(() => guard('127.0.0.1')({ host }, 'GET'), host).toThrow(expect.objectContaining({ status: 421 }));
    }
    expect(() => guard('127.0.0.1')({}, 'GET')).toThrow(expect.objectContaining({ status: 421 }));
  });

  it('14.6 the listening address and the loopback names are served; --host NAME adds that name; a wildcard address adds IP addresses only', () => {
    for (const host of ['127.0.0.1:4010', 'localhost:4010', 'LOCALHOST:4010', '[::1]:4010']) expect(guard('127.0.0.1')({ host }, 'GET')).toEqual({ headers: {} });
    expect(guard('sandbox.test')({ host: 'sandbox.test:4010' }, 'GET')).toEqual({ headers: {} });
    expect(guard('::1')({ host: '[::1]:4010' }, 'GET')).toEqual({ headers: {} });
    expect(guard('0.0.0.0')({ host: '192.168.1.20:4010' }, 'GET')).toEqual({ headers: {} });
    expect(() => guard('0.0.0.0')({ host: 'rebound.example:4010' }, 'GET')).toThrow(expect.objectContaining({ status: 421 }));
  });

  it('14.6 any Origin is refused with 403 unless --cors names it; then its preflight is answered, with CORS headers for it alone', () => {
    const host = '127.0.0.1:4010';
    expect(() => guard('127.0.0.1')({ host, origin: 'https://evil.example' }, 'GET')).toThrow(expect.objectContaining({ status: 403 }));
    expect(() => guard('127.0.0.1')({ host, origin: 'null' }, 'POST')).toThrow(expect.objectContaining({ status: 403 }));
    const cors = guard('127.0.0.1', 'http://localhost:3000');
    expect(() => cors({ host, origin: 'http://localhost:3001' }, 'GET')).toThrow(expect.objectContaining({ status: 403 }));
    const preflight = cors({ host, origin: 'http://localhost:3000', 'access-control-request-method': 'POST' }, 'OPTIONS');
    expect(preflight.preflight).toMatchObject({ status: 204, headers: { 'access-control-allow-origin': 'http://localhost:3000', vary: 'Origin' } });
    expect(preflight.preflight!.headers!['access-control-allow-headers']).toContain('X-Application-Key');
    expect(cors({ host, origin: 'http://localhost:3000' }, 'GET').headers).toMatchObject({ 'access-control-allow-origin': 'http://localhost:3000' });
  });
});

describe('14.7 the operator controls need the operator key', () => {
  /** Every control under /_sandbox/ whose effect reaches beyond the caller's agency. */
  const controls = (service: string): Array<[string, string, unknown]> => [
    ['POST', '/_sandbox/clock', { advance: '30d' }],
    ['POST', '/_sandbox/reset', { now: NOW.toISOString() }],
    ['GET', '/_sandbox/keys', undefined],
    ['POST', `/_sandbox/services/${service}/staff-cancel`, {}],
    ['POST', '/_sandbox/departures/100001/availability', { status: 'NOT_BOOKABLE' }],
  ];

  it("14.7 an agent-2 key (or any agent's) on an operator control is 403 and changes nothing; a wrong operator key is 401", async () => {
    const clockBefore = (await client.get('/_sandbox/clock')).json;
    const { booking, service } = await book(client, { departure: '100001' });
    await pay(client, booking.id, service.deposit_amount);
    const departureBefore = (await client.get('/departures/100001')).json;
    const serviceBefore = (await client.get(`/departure_services/${service.id}`)).json;
    for (const [method, path, body] of controls(service.id)) {
      for (const key of [KEYS.mapleLeafSecond, KEYS.harbourLights, KEYS.mapleLeaf]) {
        const answer = await client.request(method, path, { body, key });
        expectRefusal(answer, 403);
        expect(answer.json.message).toContain('X-Sandbox-Operator-Key');
        expect(answer.text).not.toContain('sandbox-agent-');
      }
      expectRefusal(await client.request(method, path, { body, headers: { 'x-sandbox-operator-key': 'guess' } }), 401);
      expectRefusal(await client.request(method, path, { body, key: null }), 401);
    }
    expect((await client.get('/_sandbox/clock')).json.offset_ms).toBe(clockBefore.offset_ms);
    expect((await client.get('/departures/100001')).json.availability).toEqual(departureBefore.availability);
    expect((await client.get(`/departure_services/${service.id}`)).json).toEqual(serviceBefore);
    expect((await client.get(`/bookings/${booking.id}`)).status).toBe(200);
  });

  it("14.7 the operator key drives them for every agency; payments stay the agency's own", async () => {
    const theirs = await book(client, { departure: '100001', key: KEYS.harbourLights, currency: 'GBP' });
    expect((await client.post('/_sandbox/payments', { booking: { id: theirs.booking.id }, amount: '1.00' })).status).toBe(403);
    expect((await client.post('/_sandbox/departures/100002/availability', { status: 'WAIT_LIST' }, KEYS.operator)).json.availability.status).toBe('WAIT_LIST');
    const keys = await client.get('/_sandbox/keys', KEYS.operator);
    expect(keys.json.results.map((k: { key: string }) => k.key)).toEqual(client.sandbox.keys.map((k) => k.key));
    // Reading the clock and whoami stay open to agents: they reveal nothing of other agencies.
    expect((await client.get('/_sandbox/clock', KEYS.harbourLights)).status).toBe(200);
    expect((await client.get('/_sandbox/whoami', KEYS.harbourLights)).json.agency.id).toBe('2');
  });
});
