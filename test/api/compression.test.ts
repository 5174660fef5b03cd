/**
 * Issue 32, compressed answers: trek asks for gzip, deflate and br and decodes as the body
 * streams in, TREK_MAX_BODY bounding the decoded bytes (a decompression bomb ends in exit 7,
 * having read little of it); `trek sandbox serve` compresses when asked.
 */
import type { ServerResponse } from 'node:http';
import { request as httpRequest } from 'node:http';
import { brotliCompressSync, deflateSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { NOW } from '../helpers/clock.js';
import { useTempHome } from '../helpers/factory.js';
import { startHostileServer, type HostileServer } from '../helpers/hostile-server.js';

const { trek } = useTempHome();
const servers: HostileServer[] = [];
const clients: ApiClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(handler: Parameters<typeof startHostileServer>[0]): Promise<HostileServer> {
  const server = await startHostileServer(handler);
  servers.push(server);
  return server;
}

function client(baseUrl: string, maxBodyBytes?: number): ApiClient {
  const made = new ApiClient({ baseUrl, apiKey: 'k', retry: { maxAttempts: 1 }, ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }) });
  clients.push(made);
  return made;
}

const DEPARTURE = { id: '100001', name: 'Inca Trail'.repeat(50), rooms: Array.from({ length: 20 }, (_, i) => ({ code: `R${i}`, price: '1234.50' })) };
const JSON_BODY = Buffer.from(JSON.stringify(DEPARTURE));

function encoded(res: ServerResponse, coding: string, body: Buffer): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding, 'content-length': String(body.length) });
  res.end(body);
}

describe('32 trek asks for compressed answers and decodes them', () => {
  it.each([
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
  ] as const)("32 a %s answer is decoded; its headers no longer claim the wire's encoding and length", async (coding, compress) => {
    const server = await serve((_req, res) => encoded(res, coding, compress(JSON_BODY)));
    const answer = await client(server.url).get<typeof DEPARTURE>('/departures/100001/');
    expect(server.requests[0].headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(answer.data).toEqual(DEPARTURE);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['content-length']).toBeUndefined();
  });

  it('32 a 304 that repeats Content-Encoding: gzip has no body to decode, and is no error', async () => {
    const server = await serve((_req, res) => res.writeHead(304, { 'content-encoding': 'gzip', etag: '"a"' }).end());
    await expect(client(server.url).get('/departures/100001/')).rejects.toMatchObject({ kind: 'protocol', status: 304, message: expect.stringContaining('a redirect the API does not use') });
  });

  it('31 bodies of one client decoded one after another, each larger and smaller than the last, come out whole', async () => {
    const sized = (n: number) => ({ results: Array.from({ length: n }, (_, i) => ({ id: String(i), name: 'Inca Trail '.repeat(40) })) });
    const sizes: Record<string, number> = { '/a': 5, '/b': 2000, '/c': 3, '/d': 2500 };
    const server = await serve((req, res) => encoded(res, req.url === '/c' ? 'br' : 'gzip', (req.url === '/c' ? brotliCompressSync : gzipSync)(Buffer.from(JSON.stringify(sized(sizes[req.url!]))))));
    const reader = client(server.url);
    for (const path of ['/a', '/b', '/c', '/d', '/b']) expect((await reader.get(path)).data).toEqual(sized(sizes[path]));
  });

  it('32 two codings (gzip, then br) are undone in reverse order', async () => {
    const server = await serve((_req, res) => encoded(res, 'gzip, br', brotliCompressSync(gzipSync(JSON_BODY))));
    expect((await client(server.url).get('/departures/100001/')).data).toEqual(DEPARTURE);
  });

  it('32 a body that is not valid gzip, or in a coding trek did not ask for, is an unusable answer naming it (exit 7 kind)', async () => {
    const corrupt = await serve((_req, res) => encoded(res, 'gzip', Buffer.concat([gzipSync(JSON_BODY).subarray(0, 20), Buffer.from('garbage')])));
    await expect(client(corrupt.url).get('/departures/100001/')).rejects.toMatchObject({ kind: 'protocol', message: expect.stringContaining('is not valid gzip') });
    const zstd = await serve((_req, res) => encoded(res, 'zstd', JSON_BODY));
    await expect(client(zstd.url).get('/departures/100001/')).rejects.toMatchObject({ kind: 'protocol', message: expect.stringContaining('is encoded as "zstd", which trek cannot decode') });
  });

  it('32 a decompression bomb ends in exit 7 at TREK_MAX_BODY of decoded bytes, with little of it read', async () => {
    // One gzip member is 64 MiB of zeros in ~64 kB; sent 256 times it would be 16 GiB decoded.
    const member = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    let written = 0;
    let finished = false;
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      let sent = 0;
      const more = () => {
        while (sent < 256 && !res.destroyed) {
          sent++;
          written += member.length;
          if (!res.write(member)) return void res.once('drain', more);
        }
        if (sent >= 256) {
          finished = true;
          res.end();
        }
      };
      more();
    });
    const result = await trek(['departure', 'get', '100001', '--no-cache'], { env: { TREK_BASE_URL: server.url, TREK_API_KEY: 'k', TREK_MAX_BODY: '1MiB', NO_COLOR: '1' } });
    expect(result.code).toBe(7);
    expect(result.err).toContain(`the response body of GET ${server.url}/departures/100001/ is larger than trek's 1 MiB limit once decompressed`);
    expect(finished).toBe(false);
    expect(written).toBeLessThan((256 * member.length) / 2);
  });
});

describe('32 trek sandbox serve compresses when asked', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ now: NOW, port: 0 });
  });
  afterAll(() => sandbox.close());

  function get(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${sandbox.baseUrl}${path}`, { headers: { 'x-application-key': sandbox.apiKey, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject).end();
    });
  }

  it('32 gzip when asked for gzip, brotli first when both are accepted, the bytes as they are when not asked', async () => {
    const [plain, gzipped, either] = await Promise.all([
      get('/departures/100001/', {}),
      get('/departures/100001/', { 'accept-encoding': 'gzip' }),
      get('/departures/100001/', { 'accept-encoding': 'gzip, deflate, br' }),
    ]);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toContain('Accept-Encoding');
    expect(Number(gzipped.headers['content-length'])).toBe(gzipped.body.length);
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 2);
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
    expect(either.headers['content-encoding']).toBe('br');
    // The compressed answer's tag is the identity answer's, weak, and it revalidates (weak comparison).
    expect(gzipped.headers.etag).toBe(`W/${plain.headers.etag as string}`);
    expect((await get('/departures/100001/', { 'accept-encoding': 'gzip', 'if-none-match': gzipped.headers.etag as string })).status).toBe(304);
  });

  it('32 a small answer (here an error body) goes uncompressed', async () => {
    const small = await get('/no-such-thing/', { 'accept-encoding': 'gzip' });
    expect(small.status).toBe(404);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
