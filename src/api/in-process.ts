/**
 * The client's transport to the embedded sandbox: each request is handed to its pipeline — a
 * function in this process — instead of a socket. No port or socket anyone else could reach,
 * and neither undici nor HTTP parsing is loaded: a command on the built-in sandbox starts as
 * fast as trek can.
 */
import { Readable } from 'node:stream';
import type { Respond } from '../sandbox/http.js';
import type { Transport } from './client.js';

/** What a socket's end reports when the server closes it unanswered (an injected dropped connection). */
function dropped(): Error {
  return Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
}

function aborted(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : Object.assign(new Error('aborted'), { name: 'AbortError' });
}

export function inProcessTransport(respond: Respond): Transport {
  return async ({ method, url, headers, body, signal }) => {
    if (signal.aborted) throw aborted(signal);
    // An abort (the client's timeout) ends the exchange at once; the pipeline's answer is then dropped.
    let onAbort = () => {};
    const gone = new Promise<never>((_resolve, reject) => {
      onAbort = () => reject(aborted(signal));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    gone.catch(() => undefined); // an abort after the answer has no one to tell
    const lowerCased = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    let response;
    try {
      response = await Promise.race([respond({ method, url: `${url.pathname}${url.search}`, headers: lowerCased, body: body === undefined ? [] : [body], signal }), gone]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    if (response.dropped) throw dropped();
    const answer = response.body !== undefined && method !== 'HEAD' ? [response.body] : [];
    return { statusCode: response.status, headers: response.headers, body: Readable.from(answer) };
  };
}
