import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { newServeCmd, processSignals, serveRun, type ServeOptions, type SignalHook } from '../../../src/commands/sandbox/serve.js';
import { main } from '../../../src/main.js';
import type { OutputSpec } from '../../../src/output/render.js';
import { tempHome, testFactory, type TestFactory } from '../../helpers/factory.js';

const JSON_OUT: OutputSpec = { format: 'json', color: false, width: 100 };

/** serveRun in the background; resolves once it printed, or rejects with the reason it ended early. */
async function serveInBackground(t: TestFactory, options: Partial<ServeOptions> = {}) {
  const stop = new AbortController();
  const done = serveRun({ io: t.io, output: JSON_OUT, host: '127.0.0.1', port: 0, stop: stop.signal, ...options });
  const ended = done.then(
    () => new Error('serveRun returned before printing anything'),
    (error: unknown) => error,
  );
  for (const deadline = Date.now() + 10_000; t.out() === '';) {
    const early = await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 5, undefined))]);
    if (early) throw early;
    if (Date.now() > deadline) throw new Error('serveRun printed nothing within 10 s');
  }
  return { stop, done, firstLine: t.out().split('\n')[0] };
}

function keyed(url: string, key: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, headers: { 'X-Application-Key': key, ...init.headers } });
}

/** A command under test with commander's exits turned into exceptions. */
function parse(command: ReturnType<typeof newServeCmd>, args: string[]): Promise<unknown> {
  return command.exitOverride().parseAsync(args, { from: 'user' });
}

describe('trek sandbox serve: serveRun', () => {
  it('prints exactly {"base_url", "api_key", "operator_key"} on one line first, serves the API, logs each request, and stops when aborted', async () => {
    const t = testFactory();
    const { stop, done, firstLine } = await serveInBackground(t, { output: JSON_OUT });
    const ready = JSON.parse(firstLine);
    expect(Object.keys(ready)).toEqual(['base_url', 'api_key', 'operator_key']);
    expect(ready.base_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.api_key).toMatch(/^sandbox-agent-[0-9a-f]{32}$/);
    expect(ready.operator_key).toMatch(/^sandbox-operator-[0-9a-f]{32}$/);
    expect(t.out()).toBe(`${firstLine}\n`);

    const page = await keyed(`${ready.base_url}/departures/?max_per_page=10`, ready.api_key);
    expect(page.status).toBe(200);
    expect(((await page.json()) as any).results).toHaveLength(10);
    const missing = await keyed(`${ready.base_url}/bookings/999999`, ready.api_key);
    expect(missing.status).toBe(404);
    await missing.text();
    const lines = t.err().trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ GET \/departures\/\?max_per_page=10 200 \d+\.\dms$/);
    expect(lines[1]).toMatch(/ GET \/bookings\/999999 404 \d+\.\dms$/);
    expect(t.err()).not.toContain(ready.api_key);
    expect(t.err()).not.toContain(ready.operator_key);

    stop.abort();
    await done;
    expect(t.err()).toMatch(/Stopping the sandbox…\nSandbox stopped\.\n$/);
    await expect(fetch(`${ready.base_url}/departures/`)).rejects.toThrow();
  });

  it('on a terminal prints the URL, keys, agent and data file as rows and curl and trek hints on stderr', async () => {
    const t = testFactory({ tty: true });
    const { stop, done } = await serveInBackground(t, { output: { format: 'table', color: false, width: 100 } });
    const baseUrl = /Base URL +(\S+)/.exec(t.out())![1];
    const apiKey = /API key +(\S+)/.exec(t.out())![1];
    const operatorKey = /Operator key +(\S+)/.exec(t.out())![1];
    const keys = ((await (await keyed(`${baseUrl}/_sandbox/keys`, apiKey, { headers: { 'X-Sandbox-Operator-Key': operatorKey } })).json()) as any).results;
    const agent = keys.find((k: { key: string }) => k.key === apiKey);
    expect(agent.agent_id).toBe('1');
    expect(t.out()).toBe(
      [
        `Base URL      ${baseUrl}`,
        `API key       ${apiKey}`,
        `Agent         ${agent.agent_name}, ${agent.agency_name} (agent ${agent.agent_id})`,
        `Operator key  ${operatorKey}`,
        'Data          in memory: nothing is kept after it stops',
        '',
      ].join('\n'),
    );
    expect(t.err()).toContain(`curl -H 'X-Application-Key: ${apiKey}' '${baseUrl}/departures/?max_per_page=10'`);
    expect(t.err()).toContain(`TREK_SANDBOX_OPERATOR_KEY=${operatorKey} trek sandbox keys`);
    // A profile for it, the key read from stdin.
    expect(t.err()).toContain(`  echo ${apiKey} | trek profile add served --base-url ${baseUrl} --api-key-stdin --use\n`);
    stop.abort();
    await done;
  });

  it('keeps state in the data file across restarts and says that --seed does not reshape an existing one', async () => {
    const file = join(tempHome(), 'state.json');
    const first = testFactory();
    const one = await serveInBackground(first, { dataFile: file });
    const { api_key: apiKey, operator_key: operatorKey } = JSON.parse(one.firstLine);
    const created = await keyed(`${JSON.parse(one.firstLine).base_url}/bookings/`, apiKey, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency: 'CAD', external_id: 'kept' }),
    });
    expect(created.status).toBe(201);
    const booking: any = await created.json();
    one.stop.abort();
    await one.done;
    expect(first.err()).not.toContain('note:');

    const second = testFactory();
    const two = await serveInBackground(second, { dataFile: file, seed: 7 });
    expect(second.err()).toContain(`note: --seed and --size shape a new sandbox; ${file} exists and keeps its catalogue`);
    expect(JSON.parse(two.firstLine)).toMatchObject({ api_key: apiKey, operator_key: operatorKey });
    const again = await keyed(`${JSON.parse(two.firstLine).base_url}/bookings/${booking.id}`, apiKey);
    expect(await again.json()).toEqual(booking);
    two.stop.abort();
    await two.done;
  });

  it('resolves at once when the stop signal fired before the server was up', async () => {
    const t = testFactory();
    const stop = new AbortController();
    stop.abort();
    await serveRun({ io: t.io, output: JSON_OUT, host: '127.0.0.1', port: 0, stop: stop.signal });
    expect(JSON.parse(t.out()).base_url).toMatch(/^http:/);
    expect(t.err()).toContain('Sandbox stopped.');
  });
});

describe('trek sandbox serve: the command', () => {
  it('wires the signals hook to the stop signal and unsubscribes when done', async () => {
    const t = testFactory();
    let send: ((signal: string) => void) | undefined;
    let subscriptions = 0;
    let unsubscriptions = 0;
    const signals: SignalHook = (onSignal) => {
      subscriptions++;
      send = onSignal;
      return () => void unsubscriptions++;
    };
    const done = parse(newServeCmd(t.f, undefined, signals), ['--port', '0', '--memory']);
    await vi.waitFor(() => expect(t.out()).toContain('base_url'), { timeout: 10_000 });
    const { base_url: baseUrl } = JSON.parse(t.out());
    expect(subscriptions).toBe(1);
    expect(unsubscriptions).toBe(0);
    send!('SIGTERM');
    await done;
    expect(unsubscriptions).toBe(1);
    await expect(fetch(`${baseUrl}/departures/`)).rejects.toThrow();
  });

  it("passes the defaults: 127.0.0.1:4010 and the built-in profile's data file; --data is made absolute; --memory has none", async () => {
    const seen: ServeOptions[] = [];
    const runF = async (opts: ServeOptions) => void seen.push(opts);
    const t = testFactory();
    const noSignals: SignalHook = () => () => undefined;
    await parse(newServeCmd(t.f, runF, noSignals), []);
    await parse(newServeCmd(t.f, runF, noSignals), ['--data', 'rel/state.json', '--host', '0.0.0.0', '--port', '8080', '--seed', '7', '--size', '30']);
    await parse(newServeCmd(t.f, runF, noSignals), ['--memory']);
    expect(seen.map(({ host, port, dataFile, seed, size }) => ({ host, port, dataFile, seed, size }))).toEqual([
      { host: '127.0.0.1', port: 4010, dataFile: join(t.home, 'data', 'sandbox.json'), seed: undefined, size: undefined },
      { host: '0.0.0.0', port: 8080, dataFile: join(process.cwd(), 'rel', 'state.json'), seed: 7, size: 30 },
      { host: '127.0.0.1', port: 4010, dataFile: undefined, seed: undefined, size: undefined },
    ]);
    expect(seen[0].output.format).toBe('json');
    expect(seen.map((opts) => opts.cors)).toEqual([undefined, undefined, undefined]);
    await parse(newServeCmd(t.f, runF, noSignals), ['--cors', 'HTTP://LocalHost:3000/']);
    expect(seen[3].cors).toBe('http://localhost:3000');
  });

  it('shares its default data file with the embedded profile: a booking made by trek is served', async () => {
    const t = testFactory();
    expect(await main(['api', 'POST', '/bookings/', '-f', 'currency=CAD', '-o', 'json'], t.f)).toBe(0);
    const booking = JSON.parse(t.out());
    const served = testFactory({ env: { TREK_HOME: t.home } });
    const stop = new AbortController();
    const done = serveRun({ io: served.io, output: JSON_OUT, host: '127.0.0.1', port: 0, dataFile: join(t.home, 'data', 'sandbox.json'), stop: stop.signal });
    await vi.waitFor(() => expect(served.out()).toContain('base_url'), { timeout: 10_000 });
    const ready = JSON.parse(served.out());
    const answer = await keyed(`${ready.base_url}/bookings/${booking.id}`, ready.api_key);
    expect(await answer.json()).toEqual(booking);
    stop.abort();
    await done;
  });

  it.each([
    [['--data', 'x.json', '--memory'], 'use either --data or --memory, not both'],
    [['--port', '65536'], '--port must be at most 65535, got 65536'],
    [['--port', 'http'], '--port must be a whole number, got "http"'],
    [['--seed', '-1'], '--seed must be at least 0, got -1'],
    [['--size', '0'], '--size must be at least 1, got 0'],
    [['--size', '200001'], '--size must be at most 200000, got 200001'],
    [['--host', ' '], '--host must not be empty'],
    [['--cors', 'localhost:3000'], "--cors takes an origin such as http://localhost:3000 (scheme, host and port only), got 'localhost:3000'"],
    [['--cors', 'http://localhost:3000/app'], "--cors takes an origin such as http://localhost:3000 (scheme, host and port only), got 'http://localhost:3000/app'"],
  ])('refuses %j with exit 2 before starting anything', async (args, message) => {
    const t = testFactory();
    expect(await main(['sandbox', 'serve', ...args], t.f)).toBe(2);
    expect(t.err()).toBe(`error: ${message}\n`);
    expect(t.out()).toBe('');
  });

  it('refuses a snapshot of an unknown version with exit 2, naming the file and leaving it untouched', async () => {
    const file = join(tempHome(), 'future.json');
    const text = JSON.stringify({ version: 99, collections: {} });
    writeFileSync(file, text);
    const t = testFactory();
    expect(await main(['sandbox', 'serve', '--port', '0', '--data', file], t.f)).toBe(2);
    expect(t.err()).toContain(`error: ${file} holds a sandbox snapshot of version 99`);
    expect(t.err()).toContain('--memory');
    expect(t.out()).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('says which port is taken, exit 2', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const t = testFactory();
      expect(await main(['sandbox', 'serve', '--memory', '--port', String(port)], t.f)).toBe(2);
      expect(t.err()).toBe(`error: cannot listen on 127.0.0.1:${port}: the port is in use\nPick another with --port N, or --port 0 for any free port.\n`);
    } finally {
      blocker.close();
    }
  });

  it('shows examples in its help', async () => {
    const t = testFactory();
    expect(await main(['sandbox', 'serve', '--help'], t.f)).toBe(0);
    expect(t.out()).toContain('Examples:\n  trek sandbox serve --port 4010\n');
    expect(t.out()).toContain('trek sandbox serve --port 0 --memory -o json > sandbox.json &');
  });
});

describe('processSignals', () => {
  it('calls back once per SIGINT or SIGTERM listener and removes both listeners when unsubscribed', () => {
    const before = { SIGINT: process.listeners('SIGINT'), SIGTERM: process.listeners('SIGTERM') };
    const received: string[] = [];
    const unsubscribe = processSignals((signal) => received.push(signal));
    // Calls the listeners directly: emitting the signal would also reach the test runner's own.
    for (const name of ['SIGINT', 'SIGTERM'] as const) {
      const added = process.listeners(name).filter((l) => !before[name].includes(l));
      expect(added).toHaveLength(1);
      (added[0] as () => void)();
    }
    expect(received).toEqual(['SIGINT', 'SIGTERM']);
    unsubscribe();
    expect(process.listeners('SIGINT')).toEqual(before.SIGINT);
    expect(process.listeners('SIGTERM')).toEqual(before.SIGTERM);
  });
});
