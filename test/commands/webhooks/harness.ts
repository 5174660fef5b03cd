/**
 * `trek webhooks listen` in process for the tests of issue 17: started through its command
 * (flags parsed as typed) against a server, stopped as Ctrl-C would, and requests the test signs
 * and sends itself, byte for byte.
 */
import { request } from 'node:http';
import { afterEach, vi } from 'vitest';
import type { SignalHook } from '../../../src/commands/signals.js';
import { newListenCmd } from '../../../src/commands/webhooks/listen.js';
import { SIGNATURE_HEADER, signBody, type WebhookEvent } from '../../../src/domain/webhooks.js';
import type { Format } from '../../../src/output/formats.js';
import { testFactory, type TestFactory } from '../../helpers/factory.js';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** A raw POST, so the test decides every byte and header (Host included). */
export function post(url: string, body: Buffer | string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const signed = (body: string | Buffer, key: string) => ({ [SIGNATURE_HEADER]: signBody(body, key) });

export function event(id: string, more: Partial<WebhookEvent> = {}): WebhookEvent {
  return { id, event_type: 'departures.updated', resource: 'departures', data: { id: '1001', href: 'http://127.0.0.1:4010/departures/1001' }, created: '2027-01-10T15:00:00Z', ...more };
}

export interface Listening {
  t: TestFactory;
  /** The receiver's URL, as listen printed it. */
  url: string;
  /** Ctrl-C; resolves to 0 once listen has returned (unsubscribed, closed). */
  stop(): Promise<number>;
  /** The JSON lines printed so far. */
  lines(): any[];
  /** Waits until `count` JSON lines are printed and returns them. */
  waitForLines(count: number): Promise<any[]>;
}

export interface ListenTarget {
  /** undefined: the built-in sandbox profile. */
  baseUrl?: string;
  apiKey?: string;
  home?: string;
  format?: Format;
  /** --tz: the zone terminal lines show times in. */
  tz?: string;
  env?: Record<string, string>;
}

/** For a test file: `listen(target, args)` runs `trek webhooks listen ARGS` in process until stop(); what is still running after a test is stopped. */
export function useListeners(): (target: ListenTarget, args?: string[]) => Promise<Listening> {
  const running: Listening[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((listening) => listening.stop()));
  });
  return async (target, args = []) => {
    const t = testFactory({ baseUrl: target.baseUrl, apiKey: target.apiKey, env: { ...(target.home ? { TREK_HOME: target.home } : {}), ...target.env } });
    t.f.globals.output = target.format ?? 'ndjson';
    if (target.tz) t.f.globals.tz = target.tz;
    let signal: (name: string) => void = () => undefined;
    const signals: SignalHook = (onSignal) => {
      signal = onSignal;
      return () => undefined;
    };
    const done = newListenCmd(t.f, undefined, signals)
      .exitOverride()
      .parseAsync(args, { from: 'user' })
      .then(() => 0);
    const failedEarly = done.then(() => Promise.reject(new Error(`listen returned early: ${t.err()}`)));
    const url = await Promise.race([
      failedEarly,
      vi.waitFor(() => {
        const match = /Listening on (\S+)/.exec(t.err());
        if (!match) throw new Error(`not listening yet: ${t.err()}`);
        return match[1];
      }),
    ]);
    failedEarly.catch(() => undefined);
    let stopped: Promise<number> | undefined;
    const lines = () =>
      t
        .out()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    const listening: Listening = {
      t,
      url,
      stop: () => {
        stopped ??= (signal('SIGINT'), done.finally(() => t.f.close()));
        return stopped;
      },
      lines,
      waitForLines: (count) =>
        vi.waitFor(
          () => {
            if (lines().length < count) throw new Error(`${lines().length} of ${count} lines so far; stderr: ${t.err()}`);
            return lines();
          },
          { timeout: 10_000, interval: 20 },
        ),
    };
    running.push(listening);
    return listening;
  };
}
