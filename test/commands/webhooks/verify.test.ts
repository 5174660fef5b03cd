/**
 * Issue 17: `trek webhooks verify --secret-from-profile --signature S < body` for integrators'
 * scripts: exit 0 when the body is signed with the profile's key, 3 when not, 2 for input it
 * cannot judge (no body, a signature that is not 64 hex digits, no key source, a huge body).
 */
import { describe, expect, it } from 'vitest';
import { signBody } from '../../../src/domain/webhooks.js';
import { main } from '../../../src/main.js';
import { MAX_WEBHOOK_BODY_BYTES } from '../../../src/webhooks/body.js';
import { testFactory } from '../../helpers/factory.js';

const KEY = 'verify-test-key-0123456789abcdef';
const BODY = '[{"id":"evt_1","event_type":"departures.updated","resource":"departures","data":{"id":"1001","href":"/departures/1001"},"created":"2027-01-10T15:00:00Z"}]\n';

async function verify(args: string[], stdin: string, options: { tty?: boolean } = {}) {
  // The profile's server is never asked: the key is the profile's own.
  const t = testFactory({ baseUrl: 'http://127.0.0.1:9', apiKey: KEY, stdin, tty: options.tty });
  const code = await main(['webhooks', 'verify', ...args], t.f);
  return { code, out: t.out(), err: t.err() };
}

describe('17 trek webhooks verify', () => {
  it('17 verify exits 0 when the body is signed with the profile key', async () => {
    const run = await verify(['--secret-from-profile', '--signature', signBody(BODY, KEY)], BODY);
    expect(run).toEqual({ code: 0, out: '', err: "The signature verifies with the profile's key.\n" });
  });

  it('17 verify takes the signature in upper case too (hex is hex)', async () => {
    expect((await verify(['--secret-from-profile', '--signature', signBody(BODY, KEY).toUpperCase()], BODY)).code).toBe(0);
  });

  it('17 verify exits 3 when one byte of the body changed or another key signed it', async () => {
    const changed = await verify(['--secret-from-profile', '--signature', signBody(BODY, KEY)], BODY.replace('1001', '1002'));
    expect(changed.code).toBe(3);
    expect(changed.err).toMatch(/^error: the signature does not verify with the profile's key/);
    const otherKey = await verify(['--secret-from-profile', '--signature', signBody(BODY, 'someone-else-key-0123456789')], BODY);
    expect(otherKey.code).toBe(3);
    // The trailing newline is part of the body as received: dropping it breaks the signature.
    expect((await verify(['--secret-from-profile', '--signature', signBody(BODY, KEY)], BODY.trimEnd())).code).toBe(3);
  });

  it.each([
    ['an empty list', '[]'],
    ['one event', BODY],
  ])('30 verify exits 3 for %s signed with another key, and 0 signed with the profile key', async (_what, body) => {
    expect((await verify(['--secret-from-profile', '--signature', signBody(body, 'someone-else-key-0123456789')], body)).code).toBe(3);
    expect((await verify(['--secret-from-profile', '--signature', signBody(body, KEY)], body)).code).toBe(0);
  });

  it('30 verify never passes an empty body, however it is signed', async () => {
    for (const key of [KEY, 'someone-else-key-0123456789']) {
      const run = await verify(['--secret-from-profile', '--signature', signBody('', key)], '');
      expect([run.code, run.err]).toEqual([2, expect.stringContaining('no body on stdin')]);
    }
  });

  it.each([
    [['--secret-from-profile', '--signature', 'abc'], BODY, /--signature must be the 64 hex digits/],
    [['--secret-from-profile', '--signature', 'z'.repeat(64)], BODY, /--signature must be the 64 hex digits/],
    [['--signature', 'a'.repeat(64)], BODY, /--secret-from-profile \(keys are never given as flags\)/],
    [['--secret-from-profile'], BODY, /required option '--signature <hex>'/],
    [['--secret-from-profile', '--signature', 'a'.repeat(64)], '', /no body on stdin/],
    [['--secret-from-profile', '--signature', 'a'.repeat(64)], 'x'.repeat(MAX_WEBHOOK_BODY_BYTES + 1), /over 1048576 bytes/],
  ])('17 verify exits 2 for %j with input it cannot judge', async (args, stdin, message) => {
    const run = await verify(args, stdin);
    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
  });

  it('17 verify exits 2 instead of waiting when stdin is a terminal', async () => {
    const run = await verify(['--secret-from-profile', '--signature', 'a'.repeat(64)], '', { tty: true });
    expect(run.code).toBe(2);
    expect(run.err).toContain('pipe the webhook body');
  });

  it('17 verify on the built-in sandbox profile uses that sandbox key', async () => {
    const t = testFactory({ stdin: BODY });
    const sandbox = await t.f.embeddedSandbox();
    expect(sandbox).toBeDefined();
    const code = await main(['webhooks', 'verify', '--secret-from-profile', '--signature', signBody(BODY, sandbox!.apiKey)], t.f);
    expect([code, t.err()]).toEqual([0, "The signature verifies with the profile's key.\n"]);
  });
});
