/**
 * An office proxy in node:http, as squid would be: requests in absolute form (`GET
 * http://host/path`) forwarded, and CONNECT tunnels. Every host it is asked for is reached at
 * 127.0.0.1 on the port asked, so an API at a name that does not resolve (api.example.test) is
 * reachable only through it. It records what it sees: request lines, Proxy-Authorization, and
 * every byte that crosses a tunnel.
 */
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface OfficeProxy {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** `GET http://api.example.test:1234/departures/` or `CONNECT api.example.test:443`, in order. */
  seen: string[];
  /** The Proxy-Authorization of each request (undefined where none came). */
  authorizations: Array<string | undefined>;
  /** What crossed the tunnels, both ways, and the CONNECT requests themselves. */
  tunnelled(): Buffer;
  /** Forgets what was seen. */
  clear(): void;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Answers 407 to any request without this Proxy-Authorization. */
  requireAuthorization?: string;
}

export async function startOfficeProxy(options: ProxyOptions = {}): Promise<OfficeProxy> {
  const seen: string[] = [];
  const authorizations: Array<string | undefined> = [];
  let tunnelled: Buffer[] = [];
  const sockets = new Set<Socket>();
  const refused = (req: IncomingMessage) => {
    authorizations.push(req.headers['proxy-authorization']);
    return options.requireAuthorization !== undefined && req.headers['proxy-authorization'] !== options.requireAuthorization;
  };
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (refused(req)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="office"', 'content-length': '0' }).end();
      return;
    }
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const port = Number(target.port) || 80;
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: `127.0.0.1:${port}` };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest({ host: '127.0.0.1', port, method: req.method, path: `${target.pathname}${target.search}`, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.headersSent || res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url}`);
    tunnelled.push(Buffer.from(`CONNECT ${req.url}\r\n${req.rawHeaders.join('\r\n')}\r\n\r\n`));
    if (refused(req)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="office"\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const port = Number(/:(\d+)$/.exec(req.url ?? '')?.[1] ?? 443);
    const upstream = connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      client.on('data', (chunk: Buffer) => tunnelled.push(chunk));
      upstream.on('data', (chunk: Buffer) => tunnelled.push(chunk));
      client.pipe(upstream).pipe(client);
    });
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', end);
    client.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    authorizations,
    tunnelled: () => Buffer.concat(tunnelled),
    clear() {
      seen.length = 0;
      authorizations.length = 0;
      tunnelled = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
