/**
 * The embedded sandbox's in-process transport: the client gets through it what a
 * socket would give — the pipeline's answers, its body limit, HEAD without a body — and a
 * pipeline that never answers still ends in the client's timeout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { inProcessTransport } from '../../src/api/in-process.js';
import { openSandbox, type InProcessSandbox } from '../../src/sandbox/index.js';
import { NOW } from '../helpers/clock.js';

let sandbox: InProcessSandbox;
let client: ApiClient;

beforeAll(async () => {
  sandbox = await openSandbox({ now: NOW, size: 12 });
  client = new ApiClient({ baseUrl: 'http://localhost', apiKey: sandbox.apiKey, transport: inProcessTransport(sandbox.respond), retry: { maxAttempts: 1 } });
});

afterAll(async () => {
  await sandbox.close();
});

describe('14.5 the embedded sandbox answered in process', () => {
  it('14.5 answers a GET with the record, headers and status a socket would carry', async () => {
    const answer = await client.get<{ id: string }>('/departures/100001/');
    expect(answer.status).toBe(200);
    expect(answer.data.id).toBe('100001');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBeGreaterThan(0);
    expect(Date.parse(answer.headers.date)).not.toBeNaN();
  });

  it('14.5 a wrong key is refused (401) and an unknown path is 404, as over HTTP', async () => {
    const stranger = new ApiClient({ baseUrl: 'http://localhost', apiKey: 'nobody', transport: inProcessTransport(sandbox.respond), retry: { maxAttempts: 1 } });
    await expect(stranger.get('/departures/100001/')).rejects.toMatchObject({ kind: 'http', status: 401 });
    await expect(client.get('/no-such-thing/')).rejects.toMatchObject({ kind: 'http', status: 404 });
  });

  it('14.5 a body over the 1 MiB limit is refused with 400 BODY_TOO_LARGE, not read whole', async () => {
    const error = await client.request({ method: 'POST', path: '/customers/', rawBody: 'x'.repeat(1024 * 1024 + 1) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 400 });
    expect(JSON.stringify((error as ApiError).body)).toContain('BODY_TOO_LARGE');
  });

  it('14.5 HEAD gets the headers and no body', async () => {
    const answer = await client.request({ method: 'HEAD', path: '/departures/100001/' });
    expect(answer.status).toBe(200);
    expect(answer.raw).toBe('');
  });

  it("14.5 a pipeline that never answers ends in the client's timeout (exit 7 kind), not a hang", async () => {
    const silent = new ApiClient({ baseUrl: 'http://localhost', transport: inProcessTransport(() => new Promise(() => {})), timeoutMs: 50, retry: { maxAttempts: 1 } });
    await expect(silent.get('/departures/')).rejects.toMatchObject({ kind: 'timeout' });
  });
});
