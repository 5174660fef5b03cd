/**
 * For the cache's tests: a small catalogue API on node:http that counts every request and
 * answers conditional GETs with 304, and `trek` run in-process against it with one TREK_HOME
 * shared by the runs of a test (the cache lives there).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { main } from '../../src/main.js';
import { tempHome, testFactory, type TestFactoryOptions } from '../helpers/factory.js';
import type { HostileServer } from '../helpers/hostile-server.js';

export interface Departure {
  id: string;
  name: string;
  availability: { status: string };
}

/** What the catalogue server holds; tests change it between runs. */
export interface Catalogue {
  departures: Departure[];
  /** Every answer to a write. */
  writes: number;
}

export function newCatalogue(): Catalogue {
  return {
    departures: [
      { id: '101', name: 'Inca Trail', availability: { status: 'AVAILABLE' } },
      { id: '102', name: 'Amazon Lodge', availability: { status: 'AVAILABLE' } },
    ],
    writes: 0,
  };
}

function answer(req: IncomingMessage, res: ServerResponse, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body));
  const etag = `"${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}"`;
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { etag }).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json', etag, 'x-ratelimit-remaining': '99' }).end(bytes);
}

/** A handler for startHostileServer: `/departures`, `/departures/:id` and `POST /bookings`. */
export function catalogueHandler(catalogue: Catalogue) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname === '/bookings') {
      catalogue.writes++;
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `B${catalogue.writes}`, href: `/bookings/B${catalogue.writes}` }));
      return;
    }
    if (url.pathname === '/departures') {
      answer(req, res, { count: catalogue.departures.length, current_page: 1, max_per_page: 10, results: catalogue.departures, links: [] });
      return;
    }
    const item = /^\/departures\/([^/]+)$/.exec(url.pathname);
    const departure = item ? catalogue.departures.find((d) => d.id === item[1]) : undefined;
    if (departure) {
      answer(req, res, departure);
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'not found', http_status_code: 404 }));
  };
}

export interface Run {
  code: number;
  out: string;
  err: string;
}

/** `trek` against `server` with one home for the whole test, so the runs share the cache. */
export function trekAt(server: () => HostileServer, options: { home?: string; apiKey?: string } = {}) {
  const home = options.home ?? tempHome();
  return {
    home,
    async run(args: string[], extra: TestFactoryOptions = {}): Promise<Run> {
      const t = testFactory({ ...extra, env: { NO_COLOR: '1', TREK_HOME: home, ...extra.env }, baseUrl: server().url, apiKey: options.apiKey ?? 'key-of-agency-one' });
      const code = await main(args, t.f);
      return { code, out: t.out(), err: t.err() };
    },
  };
}

/** Requests the server saw for a path (query included), by method. */
export function requestsTo(server: HostileServer, method: string, path: string) {
  return server.requests.filter((r) => r.method === method && r.url.split('?')[0] === path);
}

/** Every entry file of the cache under `home`. */
export function entryFiles(home: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json') && entry.name !== 'stats.json') files.push(path);
    }
  };
  try {
    walk(join(home, 'cache', 'http'));
  } catch {
    // no cache yet
  }
  return files.sort();
}

/** Moves every entry's stored time `seconds` into the past: as if that much time went by. */
export function ageEntries(home: string, seconds: number): void {
  for (const file of entryFiles(home)) {
    const entry = JSON.parse(readFileSync(file, 'utf8')) as { stored_at: number };
    entry.stored_at -= seconds * 1000;
    writeFileSync(file, JSON.stringify(entry));
  }
}
