/**
 * The HTTP end of `trek webhooks listen`: a node:http server on 127.0.0.1 that lets through
 * only what a sender holding the profile's key could have sent. In order: a Host other than the
 * address it listens on (a web page rebinding a name to 127.0.0.1) is refused with 421, methods
 * other than POST with 405, a missing or malformed X-Gapi-Signature with 401 before the body is
 * read, a body over the bound with 413 (read no further), a wrong signature with 401. What
 * passes goes to `onVerified`; a 2xx it returns carries the acknowledgement header the sender
 * waits for.
 *
 * Bounded for anyone who can connect, key or not: the signature is computed as the body streams;
 * a body is read while it fits its allowance or the bytes in flight for all requests, and beyond
 * that answered 503 unread with the connection closed (a genuine sender retries); a client's
 * connections are capped (the oldest goes) and only a few are read at a time; a request not received whole within
 * REQUEST_TIMEOUT_MS is cut off (408). What a request held is let go with it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ACK_HEADER, SIGNATURE_HEADER, ackValue, isSignatureShaped, signatureCheck } from '../domain/webhooks.js';
import { MAX_WEBHOOK_BODY_BYTES } from './body.js';

/** A request must arrive whole within this: a sender that trickles bytes or stalls is cut off. */
const REQUEST_TIMEOUT_MS = 10_000;
/** How often Node looks for requests past their time. */
const TIMEOUT_CHECK_MS = 1_000;
/** A body this small is always kept: a webhook batch fits, so a sender is served while others flood. */
export const BODY_ALLOWANCE_BYTES = 16 * 1024;
/** Bytes of bodies beyond their allowance kept at once, all requests together. */
export const MAX_BYTES_IN_FLIGHT = 32 * 1024 * 1024;
/** Open connections per client address; a new one past it closes that client's oldest. */
export const MAX_CONNECTIONS_PER_CLIENT = 256;
/**
 * Connections per client address read from at once; the client's others wait unread, their bytes
 * left in the kernel. Each connection read holds up to a read buffer (64 KiB) that is only freed
 * by a later garbage collection, so this, not the byte budget, bounds a flood's memory.
 */
export const MAX_READING_PER_CLIENT = 8;
export const LISTEN_HOST = '127.0.0.1';

export interface VerifiedRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  rawHeaders: string[];
  body: Buffer;
}

export interface ReceiverOptions {
  /** The application key bodies are signed with. */
  key: string;
  /** 0: any free port. */
  port: number;
  /** Host names besides 127.0.0.1 that requests may name (a tunnel's public name). */
  allowedHosts?: readonly string[];
  maxBodyBytes?: number;
  /** Handles a request whose signature verified; resolves to the status to answer. */
  onVerified(request: VerifiedRequest): Promise<number>;
  /** One line (without newline) for each refused request; may hold sender text: the caller sanitises. */
  onRefused(line: string): void;
}

export interface Receiver {
  /** `http://127.0.0.1:PORT/`: the URL to subscribe. */
  url: string;
  port: number;
  /** Stops taking requests and waits for those being handled. */
  close(): Promise<void>;
}

export async function startReceiver(options: ReceiverOptions): Promise<Receiver> {
  const maxBodyBytes = options.maxBodyBytes ?? MAX_WEBHOOK_BODY_BYTES;
  const ack = ackValue(options.key);
  const handling = new Set<Promise<void>>();
  const budget = { inFlight: 0 };
  let allowedHosts = new Set<string>();

  const answer = (res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers }).end(`${text}\n`);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const host = (req.headers.host ?? '').toLowerCase();
    if (!allowedHosts.has(host)) {
      options.onRefused(`refused a request for Host '${req.headers.host ?? ''}' (421): only ${[...allowedHosts].join(', ')} are answered`);
      return answer(res, 421, 'misdirected request', { connection: 'close' });
    }
    if (req.method !== 'POST') {
      options.onRefused(`refused a ${req.method} request (405): webhooks are POSTed`);
      return answer(res, 405, 'webhooks are POSTed', { allow: 'POST', connection: 'close' });
    }
    const header = req.headers[SIGNATURE_HEADER];
    const signature = typeof header === 'string' ? header : undefined;
    if (!isSignatureShaped(signature)) {
      options.onRefused(`refused a request whose ${signature === undefined ? 'signature header is missing' : 'signature is not 64 hex digits'} (401): not forwarded, not applied`);
      return answer(res, 401, 'the signature does not verify', { connection: 'close' });
    }
    const check = signatureCheck(options.key, signature);
    const read = Number(req.headers['content-length']) > maxBodyBytes ? 'too large' : await readBody(req, maxBodyBytes, budget, (chunk) => check.update(chunk));
    if (read === 'too large') {
      options.onRefused(`refused a body over ${maxBodyBytes} bytes (413)`);
      // The rest of the body is not read: the connection goes with the answer.
      return answer(res, 413, `the body is over ${maxBodyBytes} bytes`, { connection: 'close' });
    }
    if (read === 'aborted') return;
    if (read === 'busy') {
      options.onRefused(`answered 503 unread: more than ${MAX_BYTES_IN_FLIGHT} bytes of request bodies are in flight; a genuine sender retries`);
      // Closed once answered: the rest of the body is not even read and thrown away.
      res.once('finish', () => req.socket.destroy());
      return answer(res, 503, 'busy, retry later', { 'retry-after': '5', connection: 'close' });
    }
    if (!check.verifies()) {
      options.onRefused('refused a request whose signature does not verify (401): not forwarded, not applied');
      return answer(res, 401, 'the signature does not verify');
    }
    const status = await options.onVerified({ method: req.method, url: req.url ?? '/', rawHeaders: req.rawHeaders, body: read });
    answer(res, status, status < 300 ? 'ok' : 'not handled', status >= 200 && status < 300 ? { [ACK_HEADER]: ack } : status === 503 ? { 'retry-after': '5' } : {});
  };

  const server = createServer({ requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: TIMEOUT_CHECK_MS }, (req, res) => {
    const handled = handle(req, res).catch((error: unknown) => {
      options.onRefused(`could not handle a request (500): ${(error as Error).message}`);
      if (!res.headersSent) answer(res, 500, 'the receiver failed');
    });
    handling.add(handled);
    void handled.finally(() => handling.delete(handled));
  });
  limitConnectionsPerClient(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LISTEN_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  allowedHosts = new Set([`${LISTEN_HOST}:${port}`, ...(options.allowedHosts ?? []).map((name) => name.toLowerCase())]);
  return {
    url: `http://${LISTEN_HOST}:${port}/`,
    port,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.allSettled([...handling]);
      server.closeAllConnections();
      await closed;
    },
  };
}

/** The body, or why there is none: over `limit`, no room for it among the bytes in flight, or the client went away. */
function readBody(req: IncomingMessage, limit: number, budget: { inFlight: number }, check: (chunk: Buffer) => void): Promise<Buffer | 'too large' | 'busy' | 'aborted'> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    /** Bytes past the allowance counted in budget.inFlight for this request. */
    let borrowed = 0;
    let finished = false;
    const finish = (outcome: Buffer | 'too large' | 'busy' | 'aborted') => {
      if (finished) return;
      finished = true;
      req.removeListener('data', onData);
      if (typeof outcome === 'string') req.pause();
      budget.inFlight -= borrowed;
      chunks.length = 0;
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish('too large');
      const needed = Math.max(0, size - BODY_ALLOWANCE_BYTES) - borrowed;
      if (budget.inFlight + needed > MAX_BYTES_IN_FLIGHT) return finish('busy');
      budget.inFlight += needed;
      borrowed += needed;
      check(chunk);
      // A copy: a chunk may be a view of a larger read buffer that would stay alive with it.
      chunks.push(Buffer.from(chunk));
    };
    req.on('data', onData);
    req.once('end', () => finish(Buffer.concat(chunks)));
    req.once('close', () => finish('aborted'));
    req.once('error', () => finish('aborted'));
  });
}

/**
 * Past MAX_CONNECTIONS_PER_CLIENT open connections from one address, its oldest is closed. Past
 * MAX_READING_PER_CLIENT, a new one waits unread; when one of the client's reading connections
 * closes, its newest waiting one is read (under a flood the oldest are the flood's). One that had
 * to wait is closed unless its first request is answered within REQUEST_TIMEOUT_MS of connecting.
 */
function limitConnectionsPerClient(server: Server): void {
  const byClient = new Map<string, { open: Set<Socket>; reading: Set<Socket>; waiting: Socket[] }>();
  const waitTimers = new WeakMap<Socket, NodeJS.Timeout>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const client = byClient.get(address) ?? { open: new Set<Socket>(), reading: new Set<Socket>(), waiting: [] };
    byClient.set(address, client);
    client.open.add(socket);
    if (client.reading.size < MAX_READING_PER_CLIENT) client.reading.add(socket);
    else {
      // On the next tick: node:http resumes a new connection on the tick after 'connection'.
      process.nextTick(() => socket.pause());
      client.waiting.push(socket);
      waitTimers.set(socket, setTimeout(() => socket.destroy(), REQUEST_TIMEOUT_MS).unref());
    }
    socket.once('close', () => {
      clearTimeout(waitTimers.get(socket));
      client.open.delete(socket);
      if (client.waiting.includes(socket)) client.waiting.splice(client.waiting.indexOf(socket), 1);
      const next = client.reading.delete(socket) ? client.waiting.pop() : undefined;
      if (next) {
        client.reading.add(next);
        next.resume();
      }
      if (client.open.size === 0 && byClient.get(address) === client) byClient.delete(address);
    });
    if (client.open.size > MAX_CONNECTIONS_PER_CLIENT) client.open.values().next().value?.destroy();
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => res.once('finish', () => clearTimeout(waitTimers.get(req.socket))));
}
