/**
 * The HTTP end of `trek webhooks listen`: a node:http server on 127.0.0.1 that lets through
 * only what a sender holding the profile's key could have sent. In order: a Host other than the
 * address it listens on (a web page rebinding a name to 127.0.0.1) is refused with 421, methods
 * other than POST with 405, a body over the bound with 413 (read no further), a missing or wrong
 * X-Gapi-Signature with 401. What passes goes to `onVerified`; a 2xx it returns carries the
 * acknowledgement header the sender waits for.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACK_HEADER, SIGNATURE_HEADER, ackValue, verifySignature } from '../domain/webhooks.js';
import { MAX_WEBHOOK_BODY_BYTES, readBounded } from './body.js';

/** A request must arrive whole within this: a sender that trickles bytes is cut off. */
const REQUEST_TIMEOUT_MS = 30_000;
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
      return answer(res, 405, 'webhooks are POSTed', { allow: 'POST' });
    }
    const body = Number(req.headers['content-length']) > maxBodyBytes ? undefined : await readBounded(req, maxBodyBytes);
    if (body === undefined) {
      options.onRefused(`refused a body over ${maxBodyBytes} bytes (413)`);
      // The rest of the body is not read: the connection goes with the answer.
      return answer(res, 413, `the body is over ${maxBodyBytes} bytes`, { connection: 'close' });
    }
    const signature = req.headers[SIGNATURE_HEADER];
    if (!verifySignature(body, options.key, typeof signature === 'string' ? signature : undefined)) {
      options.onRefused(`refused a request whose ${signature === undefined ? 'signature header is missing' : 'signature does not verify'} (401): not forwarded, not applied`);
      return answer(res, 401, 'the signature does not verify');
    }
    const status = await options.onVerified({ method: req.method, url: req.url ?? '/', rawHeaders: req.rawHeaders, body });
    answer(res, status, status < 300 ? 'ok' : 'not handled', status >= 200 && status < 300 ? { [ACK_HEADER]: ack } : {});
  };

  const server = createServer({ requestTimeout: REQUEST_TIMEOUT_MS }, (req, res) => {
    const handled = handle(req, res).catch((error: unknown) => {
      options.onRefused(`could not handle a request (500): ${(error as Error).message}`);
      if (!res.headersSent) answer(res, 500, 'the receiver failed');
    });
    handling.add(handled);
    void handled.finally(() => handling.delete(handled));
  });
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
