/**
 * Issue 30, "Kept": attacks the review found held, each kept by a test so it stays so. A key is
 * checked before a request body is read; 500 000-deep JSON and 100 000-deep XML bodies are
 * refused (400) and the sandbox serves on; payment amounts that are not plain decimals are
 * refused; hand-edited config.json files are refused or harmless; a 200 000-column manifest
 * is refused. (The others of the list have tests of their own: kill -9 of a server sharing a
 * data file, persistence.test.ts and e2e/sandbox-serve.test.ts; kill -9 during group import,
 * e2e/group.test.ts; cross-agency access, bookings/services/overrides tests; the cache per
 * profile, cache/untrusted-entries.test.ts; TREK_MAX_BODY, TREK_LOCK_WAIT_MS, TREK_PAGER,
 * config/resolve, persistence, output/pager tests; __proto__ columns, group/manifest.test.ts.)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseManifest } from '../../src/commands/group/manifest.js';
import { UsageError } from '../../src/errors.js';
import { main } from '../../src/main.js';
import { tempHome, testFactory } from '../helpers/factory.js';
import { useSandboxClient } from '../helpers/sandbox-client.js';
import { newBooking } from './services-fixtures.js';

const client = useSandboxClient({ size: 20 });

describe('30 kept: request bodies on a served sandbox', () => {
  it('30 a request without a key declaring a 1 MiB body is answered 401 before any of the body is sent', async () => {
    const { port } = new URL(client.sandbox.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let text = '';
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        text += chunk.toString('latin1');
        if (text.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.write(`POST /bookings/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${1024 * 1024}\r\n\r\n`);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
  });

  it.each([
    ['500 000-deep JSON', 'application/json', `${'['.repeat(500_000)}${']'.repeat(500_000)}`],
    ['100 000-deep XML', 'application/xml', `${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}`],
  ])('30 a %s body is refused with 400, and the next request is served', async (_what, type, raw) => {
    const answer = await client.request('POST', '/bookings/', { raw, headers: { 'content-type': type } });
    expect(answer.status).toBe(400);
    expect((await client.get('/bookings/')).status).toBe(200);
  });

  it.each(['1e3', '0.001', '-5', 'NaN', 'Infinity', '1'.repeat(20), '１００', '0x10', '10\u0000'])('30 a payment amount of %j is refused (400)', async (amount) => {
    const booking = await newBooking(client, { currency: 'CAD' });
    const answer = await client.post('/_sandbox/payments', { booking: { id: booking.id }, amount });
    expect(answer.status, answer.text).toBe(400);
    expect((await client.get(`${booking.href}payments/`)).json.results).toEqual([]);
  });
});

describe('30 kept: hand-edited files', () => {
  it.each([
    ['a BOM', '\ufeff{"profiles":{}}'],
    ['a list', '[]'],
    ['null', 'null'],
  ])('30 a config.json holding %s is refused (exit 2), naming the file', async (_what, text) => {
    const run = await profileList(text);
    expect(run.code).toBe(2);
    expect(run.err).toContain(`cannot use the config file ${run.file}`);
  });

  it('30 a config.json with a profile named __proto__ is harmless: an ordinary profile of that name, no prototype changed', async () => {
    const run = await profileList('{"profiles":{"__proto__":{"base_url":"https://evil.example","api_key":"k"}}}');
    expect(run.code, run.err).toBe(0);
    expect(JSON.parse(run.out).map((p: { name: string }) => p.name)).toEqual(['sandbox', '__proto__']);
    expect(({} as Record<string, unknown>).base_url).toBeUndefined();
  });

  async function profileList(text: string) {
    const home = tempHome();
    mkdirSync(join(home, 'config'), { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'config', 'config.json'), text, { mode: 0o600 });
    const t = testFactory({ env: { TREK_HOME: home } });
    const code = await main(['profile', 'list', '-o', 'json'], t.f);
    return { code, out: t.out(), err: t.err(), file: join(home, 'config', 'config.json') };
  }

  it('30 a manifest of 200 000 columns is refused as a usage error', () => {
    const header = Array.from({ length: 200_000 }, (_, i) => `c${i}`).join(',');
    expect(() => parseManifest('wide.csv', `${header}\nMs\n`, '2027-01-10')).toThrow(UsageError);
  });
});
