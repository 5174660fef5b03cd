/**
 * A real node:http server on 127.0.0.1 (port 0) whose answers each test crafts: the
 * responses the sandbox would never send (storms, loops, proxies' HTML, slow bodies).
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HostileServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  /** Every request received, in order, recorded before the handler runs. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export type HostileHandler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

export async function startHostileServer(handler: HostileHandler): Promise<HostileServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Keep-alive and deliberately stalled responses would otherwise hold close() open.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * For a test file: `start(handler)` starts a server that is closed after the current test;
 * `silent()` starts one that must not be asked anything (it answers 500, and tests check that
 * it recorded no request).
 */
export function useHostileServers(): { start(handler: HostileHandler): Promise<HostileServer>; silent(): Promise<HostileServer> } {
  const open: HostileServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  });
  const start = async (handler: HostileHandler) => {
    const server = await startHostileServer(handler);
    open.push(server);
    return server;
  };
  return { start, silent: () => start((_req, res) => void res.writeHead(500).end()) };
}
