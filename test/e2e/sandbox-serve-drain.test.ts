/**
 * 13.9, its second half: `trek sandbox serve` told to stop (SIGTERM, Ctrl-C) answers the
 * requests already in flight — and keeps what they wrote — before it exits 0.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.js';
import { clientFor, collectPages } from '../helpers/sandbox-client.js';
import { freshHome, startServer } from './trek-process.js';
import { NOW } from '../helpers/clock.js';

let dir: string;
let home: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'trek-drain-'));
  home = freshHome();
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

/** Resolves once connecting to `baseUrl` is refused: the server stopped accepting. */
async function refused(baseUrl: string): Promise<void> {
  for (;;) {
    try {
      await fetch(`${baseUrl}/departures/`);
    } catch (error) {
      if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return;
    }
  }
}

describe('trek sandbox serve stopping', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('13.9 %s drains in-flight requests: stops accepting, answers them, keeps their writes, exits 0', async (signal) => {
    const file = join(dir, `${signal}.json`);
    const server = await startServer(['--data', file], { TREK_HOME: home });
    const body = JSON.stringify({ currency: 'CAD', external_id: `in flight at ${signal}` });
    // Expect: 100-continue makes the server confirm it has the request before the body is sent:
    // it is in flight for sure when the signal comes.
    const post = httpRequest(`${server.baseUrl}/bookings/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-application-key': server.apiKey, expect: '100-continue' },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      post.once('response', (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        res.once('end', () => resolve({ status: res.statusCode!, text }));
      });
      post.once('error', reject);
    });
    await new Promise<void>((resolve) => post.once('continue', resolve));

    server.child.kill(signal);
    await refused(server.baseUrl);
    post.end(body);
    const { status, text } = await answer;
    expect(status, text).toBe(201);
    const finished = await server.exited;
    expect(finished.code, finished.stderr).toBe(0);
    expect(finished.stderr).toContain('Sandbox stopped.');

    const again = await startSandbox({ now: NOW, dataFile: file });
    try {
      const bookings = await collectPages(clientFor(again), '/bookings/?max_per_page=100');
      expect(bookings.map((b) => b.external_id)).toContain(`in flight at ${signal}`);
    } finally {
      await again.close();
    }
  });
});
