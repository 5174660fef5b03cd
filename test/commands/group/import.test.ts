/**
 * trek group import against a crafted server: what the sandbox does not do on its own (a
 * creation answered 500 or dropped after the server may have acted), and how many creations
 * are in flight at once.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/main.js';
import { progressBar } from '../../../src/commands/group/progress.js';
import { tempHome, testFactory, testIO } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';

const servers = useHostileServers();

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A small API: one booking, a departure with 100 places, customers kept as created.
 * `onCreate` may answer a POST /customers/ itself (return true) instead of creating.
 */
function fakeApi(onCreate: (res: ServerResponse, body: any, n: number) => boolean | Promise<boolean> = () => false) {
  const customers: any[] = [];
  let posts = 0;
  const server = servers.start(async (req, res, body) => {
    const url = new URL(req.url!, 'http://x');
    if (req.method === 'GET' && url.pathname.startsWith('/departures/'))
      return json(res, 200, { id: '100001', name: 'Tour', availability: { status: 'AVAILABLE', total: 100, spaces_remaining: 100 } });
    if (req.method === 'GET' && url.pathname.startsWith('/bookings/200001')) return json(res, 200, { id: '200001', date_closed: null });
    if (req.method === 'GET' && url.pathname === '/customers/') {
      const last = url.searchParams.get('name.legal_last_name');
      return json(res, 200, { count: 0, max_per_page: 50, current_page: 1, links: [], results: customers.filter((c) => c.name.legal_last_name === last) });
    }
    if (req.method === 'POST' && url.pathname === '/customers/') {
      const sent = JSON.parse(body);
      if (await onCreate(res, sent, ++posts)) return;
      const customer = { id: String(300000 + customers.length + 1), ...sent };
      customers.push(customer);
      return json(res, 201, customer);
    }
    if (req.method === 'POST' && url.pathname === '/departure_services/') {
      const sent = JSON.parse(body);
      return json(res, 201, { id: '400001', type: 'departure_services', status: 'Option', option_expiry_date: null, customers: sent.customers });
    }
    json(res, 404, { message: `not here: ${req.method} ${url.pathname}` });
  });
  return { server, customers };
}

function manifest(rows: number): string {
  const file = join(tempHome(), 'group.csv');
  writeFileSync(file, `name.title,name.legal_first_name,name.legal_last_name\n${Array.from({ length: rows }, (_, i) => `Ms,Ada${i + 1},Lovelace${i + 1}`).join('\n')}\n`);
  return file;
}

async function runImport(url: string, file: string, ...more: string[]) {
  const t = testFactory({ baseUrl: url, apiKey: 'k', clientOverrides: { retry: { baseDelayMs: 1 } } });
  const code = await main(['group', 'import', file, '--booking', '200001', '--departure', '100001', '-o', 'json', ...more], t.f);
  return { code, out: t.out(), err: t.err() };
}

describe('trek group import, creations in flight', () => {
  it('21.c never more than --concurrency creations are in flight: 4 by default, 1 when asked', async () => {
    for (const [flags, expected] of [
      [[], 4],
      [['--concurrency', '1'], 1],
    ] as const) {
      let inFlight = 0;
      let most = 0;
      // Each creation is held until as many as trek may send are in flight (or a second passes,
      // for the last few), so a busy machine cannot make trek look more careful than it is.
      const waiting: Array<() => void> = [];
      const { server } = fakeApi(async () => {
        most = Math.max(most, ++inFlight);
        if (inFlight >= expected) waiting.splice(0).forEach((release) => release());
        else
          await new Promise<void>((resolve) => {
            waiting.push(resolve);
            setTimeout(resolve, 1000);
          });
        await new Promise((resolve) => setTimeout(resolve, 10));
        inFlight--;
        return false;
      });
      const run = await runImport((await server).url, manifest(12), ...flags);
      expect(run.code, run.err).toBe(0);
      expect(most).toBe(expected);
    }
  });

  it('21.d --concurrency outside 1 to 16 is a usage error before anything is sent', async () => {
    const silent = await servers.silent();
    const run = await runImport(silent.url, manifest(2), '--concurrency', '0');
    expect(run.code).toBe(2);
    expect(run.err).toContain('--concurrency must be at least 1');
    expect(silent.requests).toHaveLength(0);
  });
});

describe('30 trek group import, a deeply nested NDJSON manifest', () => {
  it.each([9, 2000, 100_000])('30 a line nesting %i levels is exit 2 naming the line, before anything is sent', async (depth) => {
    const silent = await servers.silent();
    const file = join(tempHome(), 'group.ndjson');
    const good = '{"name":{"title":"Ms","legal_first_name":"Ada","legal_last_name":"Lovelace"}}';
    writeFileSync(file, `${good}\n${'{"name":'.repeat(depth)}"x"${'}'.repeat(depth)}\n${good.replace('Ada', 'Grace')}\n`);
    const run = await runImport(silent.url, file);
    expect(run.code, run.err).toBe(2);
    expect(run.err).toContain('group.ndjson:2: nests objects deeper than 8 levels');
    expect(run.err).not.toContain('call stack');
    expect(silent.requests).toHaveLength(0);
  });
});

describe('trek group import, answers lost', () => {
  it('21.e a creation answered 500 is looked for once the rest are done and, not found, sent once more: no duplicate', async () => {
    const { server, customers } = fakeApi((res, _sent, n) => (n === 2 ? (json(res, 500, { message: 'upstream hiccup' }), true) : false));
    const s = await server;
    const run = await runImport(s.url, manifest(3));
    expect(run.code, run.err).toBe(0);
    expect(customers.map((c) => c.name.legal_first_name).sort()).toEqual(['Ada1', 'Ada2', 'Ada3']);
    const creations = s.requests.filter((r) => r.method === 'POST' && r.url === '/customers/');
    expect(creations).toHaveLength(4);
    // Looked for before it was sent again.
    const retried = JSON.parse(creations[1].body).name.legal_first_name;
    const lookup = s.requests.findIndex((r) => r.method === 'GET' && r.url.startsWith('/customers/?') && r.url.includes(`legal_first_name=${retried}`));
    expect(lookup).toBeGreaterThan(s.requests.indexOf(creations[1]));
    expect(lookup).toBeLessThan(s.requests.indexOf(creations[3]));
  });

  it('21.f a connection dropped after sending is never sent again blindly: a customer the server made is found, in the same run', async () => {
    let dropped = false;
    const { server, customers } = fakeApi((res, sent) => {
      if (sent.name.legal_first_name !== 'Ada2' || dropped) return false;
      dropped = true;
      // The server made it, and the answer never arrived.
      customers.push({ id: '399999', ...sent });
      res.socket?.destroy();
      return true;
    });
    const s = await server;
    const run = await runImport(s.url, manifest(3));
    expect(run.code, run.err).toBe(0);
    const rows = JSON.parse(run.out);
    expect(rows.map((r: any) => [r.line, r.import])).toEqual([
      [2, 'created'],
      [3, 'found'],
      [4, 'created'],
    ]);
    expect(rows[1].customer_id).toBe('399999');
    expect(s.requests.filter((r) => r.method === 'POST' && r.body.includes('Ada2'))).toHaveLength(1);
    expect(customers).toHaveLength(3);
  });

  it('21.f a dropped connection whose customer is not found is left for a re-run: exit 7, the line named, no service; the re-run makes it once', async () => {
    let dropped = false;
    const { server, customers } = fakeApi((res, sent) => {
      if (sent.name.legal_first_name !== 'Ada2' || dropped) return false;
      dropped = true;
      res.socket?.destroy();
      return true;
    });
    const s = await server;
    const file = manifest(3);
    const run = await runImport(s.url, file, '-o', 'table');
    expect(run.code).toBe(7);
    expect(run.err).toContain('group.csv:3: answer lost');
    expect(run.err).toContain('the answer to 1 creation was lost (line 3); 2 of 3 are created and journalled');
    expect(s.requests.filter((r) => r.method === 'POST' && r.body.includes('Ada2'))).toHaveLength(1);
    expect(s.requests.some((r) => r.url === '/departure_services/')).toBe(false);
    expect(readFileSync(`${file}.journal`, 'utf8')).toContain('{"t":"sent","line":3,');

    const rerun = await runImport(s.url, file);
    expect(rerun.code, rerun.err).toBe(0);
    expect(JSON.parse(rerun.out).map((r: any) => [r.line, r.import])).toEqual([
      [2, 'already imported'],
      [3, 'created'],
      [4, 'already imported'],
    ]);
    expect(customers.map((c) => c.name.legal_first_name).sort()).toEqual(['Ada1', 'Ada2', 'Ada3']);
  });

  it("21.g a row the API refuses (400) is named with the API's reason, exit 5, no service; corrected, a re-run finishes", async () => {
    const { server, customers } = fakeApi((res, sent) => {
      if (sent.name.legal_first_name !== 'Ada2') return false;
      json(res, 400, { message: 'Invalid customer', errors: [{ field: 'name.legal_first_name', code: 'INVALID', detail: 'not allowed here' }] });
      return true;
    });
    const s = await server;
    const file = manifest(3);
    const run = await runImport(s.url, file);
    expect(run.code).toBe(5);
    expect(run.err).toContain('group.csv:3: refused: name.legal_first_name: not allowed here');
    const error = JSON.parse(run.err.slice(run.err.indexOf('{')));
    expect(error).toMatchObject({
      exit_code: 5,
      error: { message: expect.stringContaining('the API refused 1 traveller (line 3); 2 of 3 are created and journalled'), errors: [{ code: 'INVALID' }] },
    });
    expect(s.requests.some((r) => r.url === '/departure_services/')).toBe(false);
    writeFileSync(file, readFileSync(file, 'utf8').replace('Ada2,', 'Augusta,'));
    const rerun = await runImport(s.url, file);
    expect(rerun.code, rerun.err).toBe(0);
    expect(customers.map((c) => c.name.legal_first_name).sort()).toEqual(['Ada1', 'Ada3', 'Augusta']);
  });
});

describe('trek group import, the journal as a kill leaves it', () => {
  it('21.2 a last record cut short by a kill (no line break) was never acknowledged: dropped and cut off, the row made once', async () => {
    const { server, customers } = fakeApi();
    const s = await server;
    const file = manifest(2);
    writeFileSync(`${file}.journal`, '{"t":"import","v":1,"departure":"100001","booking":"200001"}\n{"t":"created","line":2,"dig');
    const run = await runImport(s.url, file);
    expect(run.code, run.err).toBe(0);
    expect(JSON.parse(run.out).map((r: any) => [r.line, r.import])).toEqual([
      [2, 'created'],
      [3, 'created'],
    ]);
    expect(customers).toHaveLength(2);
    const lines = readFileSync(`${file}.journal`, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    // Every line whole: what was appended after the cut follows the last acknowledged record.
    expect(lines.map((line) => JSON.parse(line).t).sort()).toEqual(['created', 'created', 'import', 'sent', 'sent', 'service', 'service-sent']);
  });

  it('21.2 a journal with an unreadable line before its end is not taken for one: exit 2 naming it, nothing sent, the file untouched', async () => {
    const { server } = fakeApi();
    const s = await server;
    const file = manifest(2);
    const text = '{"t":"import","v":1,"departure":"100001","booking":"200001"}\nnot a record\n{"t":"sent","line":2,"digest":"x"}\n';
    writeFileSync(`${file}.journal`, text);
    const run = await runImport(s.url, file);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.err)).toMatchObject({ error: { field: '--journal', message: `${file}.journal is not a trek group import journal (line 2 is not one of its records)` } });
    expect(s.requests).toEqual([]);
    expect(readFileSync(`${file}.journal`, 'utf8')).toBe(text);
  });
});

describe('group import progress bar', () => {
  it('21.p shows counts, rate and ETA on a terminal, and nothing when stderr is not one', () => {
    let now = 0;
    const tty = testIO({ tty: true });
    const bar = progressBar(tty.io, 10, 2, () => now)!;
    now = 1000;
    bar.tick();
    now = 2000;
    bar.tick();
    bar.end();
    expect(tty.err()).toContain('2/10 travellers');
    expect(tty.err()).toContain('4/10 travellers · 1.0/s · ETA 6s');
    expect(tty.err().endsWith('\r\x1b[2K')).toBe(true);
    expect(progressBar(testIO({ tty: false }).io, 10, 0)).toBeUndefined();
  });

  it('a line another part writes to stderr while the bar shows (a retry notice) goes above the bar, not after it on its line', () => {
    const tty = testIO({ tty: true });
    const bar = progressBar(tty.io, 10, 0, () => 0)!;
    tty.io.err.write('! HTTP 503 from POST /customers/; retrying in 1.0s (attempt 2/4)\n');
    bar.end();
    tty.io.err.write('after\n');
    expect(tty.err()).toContain('ETA ?\r\x1b[2K! HTTP 503 from POST /customers/; retrying in 1.0s (attempt 2/4)\n\r\x1b[2K[');
    expect(tty.err().endsWith('\r\x1b[2Kafter\n')).toBe(true);
  });
});
