/**
 * Issue 18, "Know which API you are on": "Created booking 200009." read the same on the built-in
 * sandbox and on the real service. Every write's summary line and every prompt's header now
 * name the profile, and mark the built-in sandbox plainly.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempHome } from '../helpers/factory.js';
import { useHostileServers } from '../helpers/hostile-server.js';
import { REPO } from '../e2e/trek-process.js';

const { trek } = useTempHome();
const servers = useHostileServers();

/** A server that creates booking 900001 for any POST /bookings/. */
async function bookingServer() {
  return servers.start((req, res) => {
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: '900001', href: '/bookings/900001', currency: 'CAD', external_id: null }));
  });
}

describe('18 a write says which API it changed', () => {
  for (const tty of [false, true]) {
    it(`18 a write on the built-in sandbox is marked [sandbox] (tty ${tty})`, async () => {
      const result = await trek(['booking', 'create', '--currency', 'CAD', '-o', 'json'], { tty, env: { NO_COLOR: '1' } });
      expect(result.code).toBe(0);
      const { id } = JSON.parse(result.out) as { id: string };
      expect(result.err).toBe(`✓ Created booking ${id} [sandbox]\n`);
    });
  }

  it('18 a write on a profile names the profile and its base URL, never [sandbox]', async () => {
    const server = await bookingServer();
    expect((await trek(['profile', 'add', 'work', '--base-url', server.url, '--api-key-stdin'], { stdin: 'work-key\n' })).code).toBe(0);
    const result = await trek(['--profile', 'work', 'booking', 'create', '--currency', 'CAD', '-o', 'json']);
    expect(result.code).toBe(0);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toContain('POST /bookings/');
    expect(result.err).toBe(`✓ Created booking 900001 on profile work (${server.url})\n`);
    expect(result.err).not.toContain('work-key');
  });

  it('18 a base URL from TREK_BASE_URL is named with where it came from', async () => {
    const server = await bookingServer();
    const result = await trek(['booking', 'create', '--currency', 'CAD', '-o', 'json'], { baseUrl: server.url, apiKey: 'k' });
    expect(result.code).toBe(0);
    expect(result.err).toBe(`✓ Created booking 900001 on profile sandbox (${server.url}, from TREK_BASE_URL)\n`);
  });

  it('18 the sandbox mark is coloured like a warning when stderr has colour', async () => {
    const result = await trek(['booking', 'create', '--currency', 'CAD', '-o', 'json', '--color', 'always']);
    expect(result.code).toBe(0);
    expect(result.err).toMatch(/^\x1b\[32m✓\x1b\[39m Created booking \d+ \x1b\[33m\[sandbox\]\x1b\[39m\n$/);
  });

  it("18 a prompt's header says where the answers go: the built-in sandbox", async () => {
    const result = await trek(['booking', 'create', '-o', 'json'], { tty: true, answers: ['CAD'], env: { NO_COLOR: '1' } });
    expect(result.code).toBe(0);
    expect(result.asked).toHaveLength(1);
    const { id } = JSON.parse(result.out) as { id: string };
    expect(result.err).toBe(`Working on the built-in sandbox [sandbox]\n✓ Created booking ${id} [sandbox]\n`);
  });

  it("18 a prompt's header names the profile and its URL, once however many questions follow", async () => {
    const server = await servers.start((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: '640001', requirement: { code: 'PASSPORT_INFORMATION' }, reason: { code: 'X' } }));
    });
    expect((await trek(['profile', 'add', 'work', '--base-url', server.url, '--api-key-stdin', '--use'], { stdin: 'k\n' })).code).toBe(0);
    const result = await trek(['override', 'remove', '640001'], { tty: true, answers: [false], env: { NO_COLOR: '1' } });
    expect(result.code).toBe(130);
    expect(result.err).toBe(`Working on profile work (${server.url})\nNothing was changed.\n`);
    expect(server.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it('18 every write command reports its change through the one helper (no summary line written by hand)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts')) files.push(path);
      }
    };
    walk(join(REPO, 'src', 'commands'));
    const summaryVerbs = /err\.write\(`(?:Created|Updated|Removed|Moved|Added|Attached|Paid|Queued|Staff cancelled|Cancelled|Confirmed|Fault|Cleared|Sandbox clock)\b/;
    const byHand = files.filter((file) => summaryVerbs.test(readFileSync(file, 'utf8'))).map((file) => file.slice(REPO.length));
    expect(byHand).toEqual([]);
    // And the helper is used: each verb family appears through reportChange somewhere.
    const calls =
      files
        .map((file) => readFileSync(file, 'utf8'))
        .join('\n')
        .match(/reportChange\(opts, /g) ?? [];
    expect(calls.length).toBeGreaterThanOrEqual(15);
  });
});
