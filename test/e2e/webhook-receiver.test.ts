/**
 * Issue 30, findings 1 and 4: `trek webhooks listen` as a process, attacked as the review did.
 * Killed with SIGKILL while forwarding, the event is not lost: the sender's retry reaches the next
 * listener and is forwarded. Flooded by 1500 connections that each declare a 1 MiB body under a
 * wrong signature, send a quarter of it and hold on, its memory stays bounded and a genuine
 * sender on another connection is still answered; every flooding connection is closed, those
 * the listener reads from at the latest when the request timeout ends.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { useHostileServers } from '../helpers/hostile-server.js';
import { event, post, signed } from '../commands/webhooks/harness.js';
import { cleanEnv, freshHome, REPO, TREK_BIN, watch, type Watched } from './trek-process.js';

const KEY = 'receiver-e2e-key-0123456789abcdef';
const servers = useHostileServers();

interface ListenProcess extends Watched {
  child: ChildProcessWithoutNullStreams;
  url: string;
  lines(): any[];
}

/** `trek webhooks listen ARGS` against a server with no sandbox (the test is the sender), once it listens. */
async function startListen(args: string[], home: string): Promise<ListenProcess> {
  const api = await servers.start((_req, res) => void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}'));
  const child = spawn(process.execPath, [TREK_BIN, 'webhooks', 'listen', '-o', 'ndjson', ...args], {
    cwd: REPO,
    env: cleanEnv({ TREK_HOME: home, TREK_BASE_URL: api.url, TREK_API_KEY: KEY, NO_COLOR: '1' }),
  });
  const watched = watch(child);
  const url = await vi.waitFor(
    () => {
      const match = /Listening on (\S+)/.exec(watched.stderr());
      if (!match) throw new Error(`not listening yet: ${watched.stderr()}`);
      return match[1];
    },
    { timeout: 15_000, interval: 50 },
  );
  return {
    ...watched,
    child,
    url,
    lines: () =>
      watched
        .stdout()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

async function stop(listener: ListenProcess): Promise<void> {
  listener.child.kill('SIGTERM');
  await listener.exited;
}

describe('30 the receiver: at least once, never lost', () => {
  it('30 a listener killed (SIGKILL) while forwarding loses nothing: the retry reaches the next listener and is forwarded', async () => {
    let answering = false;
    // Holds the first forward unanswered, as a slow endpoint would, until the listener is killed.
    const target = await servers.start((_req, res) => void (answering && res.writeHead(200).end()));
    const home = freshHome();
    const body = JSON.stringify([event('evt_killed')]);
    const first = await startListen(['--forward-to', target.url], home);
    const sent = post(first.url, body, signed(body, KEY)).then(
      (answer) => answer.status,
      () => 'connection lost',
    );
    await vi.waitFor(() => expect(target.requests).toHaveLength(1), { timeout: 10_000, interval: 20 });
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');
    expect(await sent).toBe('connection lost'); // never acknowledged: the sender retries

    answering = true;
    const second = await startListen(['--forward-to', target.url], home);
    try {
      const retry = await post(second.url, body, signed(body, KEY));
      expect(retry.status).toBe(200);
      expect(target.requests).toHaveLength(2);
      expect(second.lines()).toEqual([expect.objectContaining({ id: 'evt_killed', repeat: false, forwarded: 200 })]);
      // Now done: a further retry is a repeat.
      expect((await post(second.url, body, signed(body, KEY))).status).toBe(200);
      expect(target.requests).toHaveLength(2);
    } finally {
      await stop(second);
    }
  });
});

/** The listener's resident memory in bytes, as the kernel counts it. */
function rssOf(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) * 1024;
}

const MiB = 1024 * 1024;

describe('30 the receiver under a flood', () => {
  it('30 1500 held connections declaring 1 MiB under a wrong signature: RSS stays under 200 MB, a signed event is answered within 2 s, all are cut off', async () => {
    const listener = await startListen([], freshHome());
    const { port } = new URL(listener.url);
    // A listener that has been running: its first event loaded what handling one needs.
    const warmUp = JSON.stringify([event('evt_before_the_flood')]);
    expect((await post(listener.url, warmUp, signed(warmUp, KEY))).status).toBe(200);
    const partial = Buffer.alloc(256 * 1024, 0x20);
    const head = `POST / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nX-Gapi-Signature: ${'0'.repeat(64)}\r\nContent-Length: ${MiB}\r\n\r\n`;
    const held: Socket[] = [];
    const closed = new Set<Socket>();
    try {
      // Six client addresses of 250 connections each (all of 127.0.0.0/8 is this machine), below the per-client cap.
      const written = Array.from({ length: 1500 }, (_, i) => {
        const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress: `127.0.0.${2 + (i % 6)}` });
        held.push(socket);
        socket.on('error', () => undefined);
        socket.resume(); // reads the listener's answer, so its closing is seen
        socket.on('close', () => closed.add(socket));
        return new Promise<void>((resolve) => {
          socket.write(head);
          // A quarter of the declared body, then nothing: the request is never finished.
          socket.write(partial, () => resolve());
          socket.once('close', () => resolve());
        });
      });
      await Promise.all(written);
      // Let the listener take in what was sent, then look at its memory while the connections are held.
      let peak = 0;
      for (let i = 0; i < 5; i++) {
        peak = Math.max(peak, rssOf(listener.child.pid!));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(peak, `RSS ${Math.round(peak / MiB)} MiB`).toBeLessThan(200 * 1000 * 1000);

      const body = JSON.stringify([event('evt_through_the_flood')]);
      const started = Date.now();
      const answer = await post(listener.url, body, signed(body, KEY));
      const took = Date.now() - started;
      expect(answer.status).toBe(200);
      expect(took, `answered in ${took} ms`).toBeLessThan(2000);
      expect(listener.lines().map((line) => [line.id, line.repeat])).toEqual([
        ['evt_before_the_flood', false],
        ['evt_through_the_flood', false],
      ]);

      // Not finished within the request timeout (10 s): each held connection is cut off, and the memory stays down.
      await vi.waitFor(() => expect(closed.size).toBe(held.length), { timeout: 20_000, interval: 200 });
      expect(rssOf(listener.child.pid!)).toBeLessThan(200 * 1000 * 1000);
    } finally {
      for (const socket of held) socket.destroy();
      await stop(listener);
    }
  }, 60_000);
});
