/**
 * Requests still being answered when a sandbox stops (SIGTERM, Ctrl-C, close()): the server
 * waits for them, up to a bound, instead of resetting their connections — a write that was
 * accepted is answered — and asks their clients not to send another on the same connection.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** How long close() waits for requests in flight before cutting their connections. */
export const DRAIN_MS = 10_000;

export interface InFlight {
  /** Resolves once every request in flight has been answered, or after `ms`. */
  drain(ms?: number): Promise<void>;
}

export function trackInFlight(server: Server): InFlight {
  const active = new Set<ServerResponse>();
  let closing = false;
  let settled: (() => void) | undefined;
  const lastConnectionUse = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  };
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    active.add(res);
    if (closing) lastConnectionUse(res);
    res.once('close', () => {
      active.delete(res);
      if (active.size === 0) settled?.();
    });
  });
  return {
    drain(ms = DRAIN_MS) {
      closing = true;
      for (const res of active) lastConnectionUse(res);
      if (active.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          settled = undefined;
          resolve();
        };
        const timer = setTimeout(done, ms);
        settled = done;
      });
    },
  };
}
