/**
 * A body over TREK_MAX_BODY from a served sandbox (as a separate process: real sockets, a
 * declared Content-Length) exits 7 with the message, and nothing after it: the body destroyed
 * unread must not crash trek with an unhandled abort error (exit 1, a stack on stderr).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshHome, runTrek, startServer, type Server } from './trek-process.js';

let server: Server;
beforeAll(async () => {
  server = await startServer(['--memory'], { TREK_HOME: freshHome() });
});
afterAll(async () => {
  server.child.kill('SIGTERM');
  await server.exited;
});

describe('TREK_MAX_BODY against a served sandbox', () => {
  it('13.5 a departure larger than the cap exits 7 naming the request, with no crash after it', async () => {
    const run = await runTrek(['departure', 'get', '100001', '--no-cache'], { TREK_HOME: freshHome(), TREK_BASE_URL: server.baseUrl, TREK_API_KEY: server.apiKey, TREK_MAX_BODY: '2K', NO_COLOR: '1' });
    expect(run.stderr).toContain(`the response body of GET ${server.baseUrl}/departures/100001/ is larger than trek's 2 KiB limit`);
    expect(run.stderr).not.toContain('RequestAbortedError');
    expect(run.code).toBe(7);
  });
});
