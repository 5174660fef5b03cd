import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { runComplete } from '../../src/commands/completion/complete.js';
import { SAFE_SERVER_VALUE } from '../../src/completion/network.js';
import { testFactory, type TestFactoryOptions } from '../helpers/factory.js';
import { useHostileServers, type HostileServer } from '../helpers/hostile-server.js';

const servers = useHostileServers();

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Each request as `METHOD url key=<X-Application-Key>`. */
const requests = (server: HostileServer) => server.requests.map((r) => `${r.method} ${r.url} key=${r.headers['x-application-key']}`);

/** The commands whose values need the API, shaped as the real ones, with trek's global flags. */
function tree(): Command {
  const root = new Command('trek').option('--profile <name>').option('--base-url <url>');
  root.addCommand(new Command('service').addCommand(new Command('transition').argument('<id>').argument('<status>')));
  root.addCommand(new Command('override').addCommand(new Command('add').option('--reason <code>')));
  return root;
}

async function completeWith(options: TestFactoryOptions, words: string[]) {
  const t = testFactory(options);
  expect(await runComplete(tree(), words, t.f)).toBe(0);
  await t.f.close();
  return { out: t.out(), err: t.err() };
}

const completeAgainst = (url: string, words: string[]) => completeWith({ baseUrl: url, apiKey: 'test-key' }, words);

/** Statuses a hostile server sends: shell code, a flag, control characters, quotes, beside plain ones. */
const HOSTILE_STATUSES = [
  'Confirmed;touch${IFS}/tmp/pwned;#',
  '$(touch /tmp/pwned)',
  '`touch /tmp/pwned`',
  'Expired|sh',
  "it's",
  'a&b',
  '--base-url=http://evil.example',
  '-rf',
  'x'.repeat(200),
  'Line\nbreak',
  'Ünïcode',
];

describe('completions that ask the API', () => {
  it('offers the status transitions of the service typed, whatever its kind', async () => {
    const server = await servers.start((req, res) => {
      if (req.url === '/activity_services/S7/') json(res, 200, { id: 'S7', status: 'Option', status_transitions: ['Confirmed', 'Expired'] });
      else json(res, 404, { http_status_code: 404, message: 'Not found' });
    });
    const result = await completeAgainst(server.url, ['service', 'transition', 'S7', '']);
    expect(result.out).toBe('Confirmed\tfrom Option\nExpired\tfrom Option\n:4\n');
    expect(result.err).toBe('');
    expect(requests(server)).toContain('GET /activity_services/S7/ key=test-key');
  });

  it('offers override reason codes with their labels, made safe for the terminal', async () => {
    const server = await servers.start((req, res) => {
      if (req.url?.startsWith('/override_reasons/')) {
        json(res, 200, {
          count: 2,
          results: [
            { code: 'LOST', label: 'Passport \x1b[2Jlost' },
            { code: 'MINOR', label: 'Traveller is a minor' },
          ],
          links: [],
        });
      } else json(res, 404, {});
    });
    const result = await completeAgainst(server.url, ['override', 'add', '--reason', '']);
    expect(result.out).toBe('LOST\tPassport lost\nMINOR\tTraveller is a minor\n:4\n');
    expect(requests(server)[0]).toMatch(/^GET \/override_reasons\/\?max_per_page=100 /);
  });

  it('14.1 a status holding shell code is not offered; plain ones, spaces and all, are', async () => {
    const server = await servers.start((req, res) => {
      if (req.url === '/departure_services/S1/') json(res, 200, { id: 'S1', status: 'Confirmed', status_transitions: [...HOSTILE_STATUSES, 'Request Cancellation', 'Expired'] });
      else json(res, 404, { message: 'Not found' });
    });
    const result = await completeAgainst(server.url, ['service', 'transition', 'S1', '']);
    expect(result.out).toBe('Request Cancellation\tfrom Confirmed\nExpired\tfrom Confirmed\n:4\n');
    expect(result.err).toBe('');
    // What a shell would have run is not even a prefix match away.
    expect((await completeAgainst(server.url, ['service', 'transition', 'S1', 'Confirmed'])).out).toBe(':4\n');
  });

  it('14.1 an override reason code holding shell code is not offered', async () => {
    const server = await servers.start((req, res) => {
      const results = [...HOSTILE_STATUSES.map((code) => ({ code, label: 'hostile' })), { code: 'MINOR_TRAVELLER', label: 'Traveller is a minor' }];
      if (req.url?.startsWith('/override_reasons/')) json(res, 200, { count: results.length, results, links: [] });
      else json(res, 404, {});
    });
    const result = await completeAgainst(server.url, ['override', 'add', '--reason', '']);
    expect(result.out).toBe('MINOR_TRAVELLER\tTraveller is a minor\n:4\n');
  });

  it('14.1 the safe pattern admits letters, digits, space and ._- only, starting with a letter or digit', () => {
    for (const value of ['Confirmed', 'Request Cancellation', 'PASSPORT_RENEWAL', 'v1.2-rc', '42']) expect(SAFE_SERVER_VALUE.test(value)).toBe(true);
    for (const value of HOSTILE_STATUSES) expect(SAFE_SERVER_VALUE.test(value)).toBe(false);
  });

  it('completes nothing, and prints nothing else, when the API fails', async () => {
    const server = await servers.start((_req, res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>down</h1>'));
    const result = await completeAgainst(server.url, ['service', 'transition', 'S7', '']);
    expect(result.out).toBe(':4\n');
    expect(result.err).toBe('');
  });

  it('gives up on a server that never answers, printing no candidates and nothing else', async () => {
    const server = await servers.start(() => {
      // Never answers.
    });
    const result = await completeAgainst(server.url, ['override', 'add', '--reason', '']);
    expect(result.out).toBe(':4\n');
    expect(result.err).toBe('');
    expect(server.requests).toHaveLength(1);
  });

  it('does not ask the API before an id is typed', async () => {
    const server = await servers.start((_req, res) => json(res, 200, {}));
    const result = await completeAgainst(server.url, ['service', 'transition', '']);
    expect(result.out).toBe(':4\n');
    expect(server.requests).toEqual([]);
  });
});

describe('whose key completion sends where', () => {
  /** A TREK_HOME whose current profile `prod` has its own server and key. */
  function prodProfile(baseUrl: string): string {
    const home = testFactory().home;
    mkdirSync(join(home, 'config'), { recursive: true, mode: 0o700 });
    const config = { current_profile: 'prod', profiles: { prod: { base_url: baseUrl, api_key: 'prod-key' } } };
    writeFileSync(join(home, 'config', 'config.json'), JSON.stringify(config), { mode: 0o600 });
    return home;
  }

  const transitions = (req: { url?: string }, res: ServerResponse) =>
    req.url === '/departure_services/S1/' ? json(res, 200, { id: 'S1', status: 'Confirmed', status_transitions: ['Expired'] }) : json(res, 404, {});

  it("asks the profile's own server, with the profile's key", async () => {
    const own = await servers.start(transitions);
    const result = await completeWith({ env: { TREK_HOME: prodProfile(own.url) } }, ['service', 'transition', 'S1', '']);
    expect(result.out).toBe('Expired\tfrom Confirmed\n:4\n');
    expect(requests(own)).toContain('GET /departure_services/S1/ key=prod-key');
  });

  it('14.2 completion never sends a key to a --base-url typed on the line', async () => {
    const own = await servers.start(transitions);
    const hostile = await servers.start(transitions);
    const home = prodProfile(own.url);
    const lines = [
      ['--base-url', hostile.url, 'service', 'transition', 'S1', ''],
      [`--base-url=${hostile.url}`, 'service', 'transition', 'S1', ''],
      ['--profile', 'prod', 'service', 'transition', '--base-url', hostile.url, 'S1', ''],
      ['override', 'add', '--base-url', hostile.url, '--reason', ''],
    ];
    for (const env of [{ TREK_HOME: home }, { TREK_HOME: home, TREK_API_KEY: 'env-key' }]) {
      for (const words of lines) {
        const result = await completeWith({ env }, words);
        expect(result.out, words.join(' ')).toBe(':4\n');
        expect(result.err).toBe('');
      }
    }
    expect(hostile.requests).toEqual([]);
    // Nor does it ask the profile's server for values the line's server would be asked for.
    expect(own.requests).toEqual([]);
  });
});
