import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { main } from '../../../src/main.js';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index.js';
import { testFactory } from '../../helpers/factory.js';
import { startHostileServer } from '../../helpers/hostile-server.js';
import { NOW } from '../../helpers/clock.js';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ now: NOW });
});
afterAll(() => sandbox.close());

const onSandbox = (options: { tty?: boolean; columns?: number } = {}) =>
  testFactory({ ...options, env: { NO_COLOR: '1', TREK_SANDBOX_OPERATOR_KEY: sandbox.operatorKey }, baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });

describe('trek sandbox keys', () => {
  it('prints every agent with key, agency and note as JSON in a pipe', async () => {
    const t = onSandbox();
    expect(await main(['sandbox', 'keys'], t.f)).toBe(0);
    const printed = JSON.parse(t.out());
    expect(printed).toEqual(sandbox.keys.map((k) => ({ ...k })));
    // Several agencies, so a script can find a key that is refused another agency's bookings.
    expect(new Set(printed.map((k: { agency_id: string }) => k.agency_id)).size).toBeGreaterThan(1);
  });

  it('prints a table on a terminal: one row per agent, key first', async () => {
    const t = onSandbox({ tty: true, columns: 200 });
    expect(await main(['sandbox', 'keys'], t.f)).toBe(0);
    const [header, ...rows] = t.out().trimEnd().split('\n');
    expect(header.split(/\s{2,}/)).toEqual(['KEY', 'AGENT', 'NAME', 'AGENCY', 'NOTE']);
    expect(rows).toHaveLength(sandbox.keys.length);
    for (const [i, key] of sandbox.keys.entries()) {
      expect(rows[i].split(/\s{2,}/)).toEqual([key.key, key.agent_id, key.agent_name, key.agency_name, key.note]);
    }
  });

  it('fits an 80-column terminal without cutting a key: the notes wrap instead', async () => {
    const t = onSandbox({ tty: true, columns: 80 });
    expect(await main(['sandbox', 'keys'], t.f)).toBe(0);
    const lines = t.out().trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    for (const { key } of sandbox.keys) expect(lines.filter((line) => line.startsWith(`${key}  `))).toHaveLength(1);
    const longest = sandbox.keys.reduce((a, b) => (b.note.length > a.note.length ? b : a));
    for (const word of longest.note.split(' ')) expect(t.out()).toContain(word);
  });

  it('uses the embedded sandbox with no profile: its own random keys, the same in the next command', async () => {
    const t = testFactory();
    onTestFinished(() => rmSync(t.home, { recursive: true, force: true }));
    expect(await main(['sandbox', 'keys', '--fields', 'key,agency_name', '-o', 'csv'], t.f)).toBe(0);
    const lines = t.out().trimEnd().split('\n');
    expect(lines[0]).toBe('key,agency_name');
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(sandbox.keys.map((k) => k.agency_name));
    for (const line of lines.slice(1)) expect(line).toMatch(/^sandbox-agent-[0-9a-f]{32},/);
    for (const { key } of sandbox.keys) expect(t.out()).not.toContain(key);
    const again = testFactory({ env: { TREK_HOME: t.home } });
    expect(await main(['sandbox', 'keys', '--fields', 'key,agency_name', '-o', 'csv'], again.f)).toBe(0);
    expect(again.out()).toBe(t.out());
  });

  it('14.7 a served sandbox without TREK_SANDBOX_OPERATOR_KEY: exit 2 naming it, nothing sent', async () => {
    const server = await startHostileServer((_req, res) => res.writeHead(500).end());
    try {
      const t = testFactory({ baseUrl: server.url, apiKey: 'agent-key' });
      expect(await main(['sandbox', 'keys'], t.f)).toBe(2);
      expect(t.err()).toContain("error: this sandbox control needs the sandbox's operator key");
      expect(t.err()).toContain('TREK_SANDBOX_OPERATOR_KEY');
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("14.7 with only an agent's key the sandbox refuses the key list: exit 3", async () => {
    const t = testFactory({ env: { NO_COLOR: '1', TREK_SANDBOX_OPERATOR_KEY: sandbox.keys[1].key }, baseUrl: sandbox.baseUrl, apiKey: sandbox.keys[1].key });
    expect(await main(['sandbox', 'keys'], t.f)).toBe(3);
    expect(t.out()).toBe('');
    expect(t.err()).toContain('The operator key is not valid.');
  });

  it('says the server is not a trek sandbox when it has no /_sandbox/keys (exit 4)', async () => {
    const server = await startHostileServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ http_status_code: 404, message: 'Not found' }));
    });
    try {
      const t = testFactory({ baseUrl: server.url, apiKey: 'real-key', env: { TREK_SANDBOX_OPERATOR_KEY: 'operator-key' } });
      expect(await main(['sandbox', 'keys'], t.f)).toBe(4);
      expect(server.requests.map((r) => r.url)).toEqual(['/_sandbox/keys']);
      expect(t.err()).toBe(`error: this profile's server is not a trek sandbox (it has no ${server.url}/_sandbox/keys); use the built-in sandbox profile or a \`trek sandbox serve\` URL (HTTP 404)\n`);
    } finally {
      await server.close();
    }
  });
});
