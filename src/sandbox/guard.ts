/**
 * What a web page must not do to a sandbox on a TCP port: reach it under a name of its own
 * (DNS rebinding: the page's host name made to resolve to 127.0.0.1, so the browser thinks it
 * is talking to the page's site) or call it from its origin. Code — curl, trek, an
 * integrator's client — sends the right Host and no Origin, so it never notices.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import { SandboxError } from './errors.js';
import type { Reply } from './router.js';

export interface GuardOptions {
  /** The interface the server listens on, as given (`127.0.0.1`, `::1`, `0.0.0.0`, a name). */
  host: string;
  port: number;
  /** The one origin (`http://localhost:3000`) whose browser pages may call the sandbox. */
  cors?: string;
}

export interface Admission {
  /** The whole answer to a CORS preflight. */
  preflight?: Reply;
  /** Headers for the answer (CORS, for the allowed origin). */
  headers: Record<string, string>;
}

export type Guard = (headers: IncomingHttpHeaders, method: string) => Admission;

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]']);
const ALLOWED_METHODS = 'GET, HEAD, POST, PATCH, PUT, DELETE';
const ALLOWED_HEADERS = 'Accept, Content-Type, X-Application-Key, Authorization, X-Sandbox-Operator-Key';

/** `host:port` of a Host header, the name lower-cased and an IPv6 literal in brackets; null when malformed. */
function parseHost(value: string): { name: string; port: number } | null {
  const match = /^(\[[0-9a-f:.]+\]|[^[\]:]+)(?::(\d{1,5}))?$/i.exec(value.trim());
  if (!match) return null;
  return { name: match[1].toLowerCase(), port: match[2] === undefined ? 80 : Number(match[2]) };
}

function bracketed(host: string): string {
  const name = host.toLowerCase();
  return isIP(name) === 6 ? `[${name}]` : name;
}

function isIpLiteral(name: string): boolean {
  return isIP(name) === 4 || (name.startsWith('[') && isIP(name.slice(1, -1)) === 6);
}

/**
 * The listening address, the loopback names and nothing else, on the listening port. On a
 * wildcard address any IP literal is accepted as well: machines on the network reach it by
 * address, and a rebinding page always brings a name.
 */
export function hostGuard(options: GuardOptions): Guard {
  const listening = bracketed(options.host);
  const names = new Set([...LOOPBACK_NAMES, listening]);
  const anyAddress = WILDCARDS.has(listening);
  const allowedHost = (value: string | undefined) => {
    const host = value === undefined ? null : parseHost(value);
    if (!host || host.port !== options.port) return false;
    return names.has(host.name) || (anyAddress && isIpLiteral(host.name));
  };
  return (headers, method) => {
    if (!allowedHost(headers.host)) {
      throw new SandboxError(
        421,
        `This sandbox answers to ${[...names]
          .filter((n) => !WILDCARDS.has(n))
          .map((n) => `${n}:${options.port}`)
          .join(', ')}${anyAddress ? ' and IP addresses' : ''}, not to Host '${headers.host ?? ''}'; start it with --host NAME to serve another name.`,
      );
    }
    const origin = headers.origin;
    if (origin === undefined) return { headers: {} };
    if (options.cors === undefined || origin !== options.cors) {
      throw new SandboxError(
        403,
        `Requests from web pages (Origin '${origin}') are refused${options.cors === undefined ? '' : `; only ${options.cors} is allowed`}; start the sandbox with --cors ORIGIN to allow one origin.`,
      );
    }
    const cors = { 'access-control-allow-origin': origin, vary: 'Origin' };
    if (method === 'OPTIONS' && headers['access-control-request-method'] !== undefined) {
      return {
        headers: {},
        preflight: {
          status: 204,
          headers: { ...cors, 'access-control-allow-methods': ALLOWED_METHODS, 'access-control-allow-headers': ALLOWED_HEADERS, 'access-control-max-age': '600' },
        },
      };
    }
    return { headers: { ...cors, 'access-control-expose-headers': 'Location, Allow' } };
  };
}

/** `--cors` as a browser sends Origin: scheme, host and port only; null when it is not an http(s) origin. */
export function normaliseOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const http = url.protocol === 'http:' || url.protocol === 'https:';
  if (!http || url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') return null;
  return url.origin;
}
