import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Command } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { runComplete } from '../../src/commands/completion/complete.js';
import { NETWORK_TIMEOUT_MS } from '../../src/completion/index.js';
import { testFactory } from '../helpers/factory.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url} key=${req.headers['x-application-key']}`);
    handler(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** The commands whose values need the API, shaped as issue 4 and 6 describe them. */
function tree(): Command {
  const root = new Command('trek');
  root.addCommand(new Command('service').addCommand(new Command('transition').argument('<id>').argument('<status>')));
  root.addCommand(new Command('override').addCommand(new Command('add').option('--reason <code>')));
  return root;
}

async function completeAgainst(url: string, words: string[]) {
  const t = testFactory({ baseUrl: url, apiKey: 'test-key' });
  const started = Date.now();
  expect(await runComplete(tree(), words, t.f)).toBe(0);
  await t.f.close();
  return { out: t.out(), err: t.err(), ms: Date.now() - started };
}

describe('completions that ask the API', () => {
  it('offers the status transitions of the service typed, whatever its kind', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/activity_services/S7/') json(res, 200, { id: 'S7', status: 'Option', status_transitions: ['Confirmed', 'Expired'] });
      else json(res, 404, { http_status_code: 404, message: 'Not found' });
    });
    const result = await completeAgainst(server.url, ['service', 'transition', 'S7', '']);
    expect(result.out).toBe('Confirmed\tfrom Option\nExpired\tfrom Option\n:4\n');
    expect(result.err).toBe('');
    expect(server.requests).toContain('GET /activity_services/S7/ key=test-key');
  });

  it('offers override reason codes with their labels, made safe for the terminal', async () => {
    const server = await serve((req, res) => {
      if (req.url?.startsWith('/override_reasons/')) {
        json(res, 200, { count: 2, results: [{ code: 'LOST', label: 'Passport \x1b[2Jlost' }, { code: 'MINOR', label: 'Traveller is a minor' }], links: [] });
      } else json(res, 404, {});
    });
    const result = await completeAgainst(server.url, ['override', 'add', '--reason', '']);
    expect(result.out).toBe('LOST\tPassport lost\nMINOR\tTraveller is a minor\n:4\n');
    expect(server.requests[0]).toMatch(/^GET \/override_reasons\/\?max_per_page=100 /);
  });

  it('completes nothing, and prints nothing else, when the API fails', async () => {
    const server = await serve((_req, res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>down</h1>'));
    const result = await completeAgainst(server.url, ['service', 'transition', 'S7', '']);
    expect(result.out).toBe(':4\n');
    expect(result.err).toBe('');
  });

  it(`gives up after ${NETWORK_TIMEOUT_MS} ms on a server that never answers`, async () => {
    const server = await serve(() => {
      // Never answers.
    });
    const result = await completeAgainst(server.url, ['override', 'add', '--reason', '']);
    expect(result.out).toBe(':4\n');
    expect(result.err).toBe('');
    expect(result.ms).toBeGreaterThanOrEqual(NETWORK_TIMEOUT_MS - 50);
    // The deadline, plus the client's own per-request timeout while it is closed: never the default 30 s.
    expect(result.ms).toBeLessThan(2 * NETWORK_TIMEOUT_MS + 1000);
    expect(server.requests).toHaveLength(1);
  });

  it('does not ask the API before an id is typed', async () => {
    const server = await serve((_req, res) => json(res, 200, {}));
    const result = await completeAgainst(server.url, ['service', 'transition', '']);
    expect(result.out).toBe(':4\n');
    expect(server.requests).toEqual([]);
  });
});
