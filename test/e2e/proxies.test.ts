/**
 * Issue 32, "Real networks": trek behind an office proxy. The API is at api.example.test, a
 * name that does not resolve, so it is reachable only through the proxy (test/helpers/proxies.ts),
 * which hands it to a served sandbox. HTTP_PROXY, NO_PROXY and the proxy's credentials run
 * through trek in this process (main()); the TLS half — a self-signed HTTPS API trusted through
 * NODE_EXTRA_CA_CERTS, which Node reads only at start, and HTTPS through a CONNECT tunnel — runs
 * bin/trek. The certificate is made here with openssl, never committed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { NOW } from '../helpers/clock.js';
import { useTempHome } from '../helpers/factory.js';
import { startOfficeProxy, type OfficeProxy } from '../helpers/proxies.js';
import { freshHome, runTrek } from './trek-process.js';

const { trek } = useTempHome();
let sandbox: RunningSandbox;
let proxy: OfficeProxy;
let port: number;
/** The API as the office sees it: reachable through the proxy only. */
let api: string;

beforeAll(async () => {
  [sandbox, proxy] = await Promise.all([startSandbox({ now: NOW, port: 0, size: 30 }), startOfficeProxy()]);
  port = Number(new URL(sandbox.baseUrl).port);
  api = `http://api.example.test:${port}`;
});

afterAll(async () => {
  await Promise.all([sandbox.close(), proxy.close()]);
});

beforeEach(() => proxy.clear());

function atApi(env: Record<string, string>) {
  return { env: { TREK_BASE_URL: api, TREK_API_KEY: sandbox.apiKey, NO_COLOR: '1', ...env } };
}

describe('32 HTTP_PROXY, NO_PROXY: which requests go through the office proxy', () => {
  it('32 with http_proxy set, every request of a paged listing goes through the proxy, and trek says once that the proxy can read the key', async () => {
    // --verbose: with JSON output trek's notices are kept off stderr unless asked for.
    const result = await trek(['search', 'departures', '--all', '--max-per-page', '10', '--no-cache', '-o', 'ndjson', '--verbose'], atApi({ http_proxy: proxy.url }));
    expect(result.code, result.err).toBe(0);
    // 30 departures, 3 pages of 10: each page asked of the proxy, nothing else.
    expect(result.out.trim().split('\n')).toHaveLength(30);
    expect(proxy.seen).toHaveLength(3);
    expect(proxy.seen.filter((line) => !line.startsWith(`GET ${api}/departures?`))).toEqual([]);
    expect(result.err.match(/the proxy can read the API key/g)).toHaveLength(1);
    expect(result.err).toContain(`plain http:// to api.example.test:${port} through the proxy ${proxy.url} (http_proxy)`);
  });

  it('32 HTTP_PROXY in upper case is honoured too', async () => {
    const result = await trek(['departure', 'get', '100001', '--no-cache', '-o', 'json'], atApi({ HTTP_PROXY: proxy.url }));
    expect(result.code, result.err).toBe(0);
    expect(proxy.seen).toEqual([`GET ${api}/departures/100001/`]);
  });

  it('32 NO_PROXY naming the host (or its domain) sends nothing through the proxy: the name does not resolve, so trek says so (exit 7)', async () => {
    for (const noProxy of ['api.example.test', '.example.test', `localhost,api.example.test:${port}`]) {
      const result = await trek(['departure', 'get', '100001', '--no-cache'], atApi({ HTTP_PROXY: proxy.url, NO_PROXY: noProxy }));
      expect(result.code, noProxy).toBe(7);
      expect(result.err).toContain('host not found: api.example.test');
    }
    expect(proxy.seen).toEqual([]);
    // NO_PROXY for another port of the host leaves this one to the proxy.
    const other = await trek(['departure', 'get', '100001', '--no-cache', '-o', 'json'], atApi({ HTTP_PROXY: proxy.url, no_proxy: `api.example.test:${port + 1}` }));
    expect(other.code, other.err).toBe(0);
    expect(proxy.seen).toHaveLength(1);
  });

  it('32 a loopback API and the built-in sandbox never go through a proxy, whatever the variables say', async () => {
    const local = await trek(['departure', 'get', '100001', '--no-cache', '-o', 'json'], {
      env: { TREK_BASE_URL: sandbox.baseUrl, TREK_API_KEY: sandbox.apiKey, HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url },
    });
    expect(local.code, local.err).toBe(0);
    expect(local.err).toBe('');
    const builtin = await trek(['departure', 'get', '100001', '-o', 'json'], { env: { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url } });
    expect(builtin.code, builtin.err).toBe(0);
    expect(proxy.seen).toEqual([]);
  });
});

describe('32 a proxy that wants a password: its credentials are sent to it and never printed', () => {
  const USER = 'agent7';
  const PASSWORD = 'pr0xy-s3cret';
  const authorization = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
  let guarded: OfficeProxy;
  let withCredentials: string;
  beforeAll(async () => {
    guarded = await startOfficeProxy({ requireAuthorization: authorization });
    withCredentials = `http://${USER}:${PASSWORD}@127.0.0.1:${guarded.port}`;
  });
  afterAll(() => guarded.close());

  it('32 --verbose names the proxy with its credentials as ***; the proxy gets them as Proxy-Authorization', async () => {
    const result = await trek(['departure', 'get', '100001', '--no-cache', '--verbose', '-o', 'json'], atApi({ HTTP_PROXY: withCredentials }));
    expect(result.code, result.err).toBe(0);
    expect(guarded.authorizations).toEqual([authorization]);
    expect(result.err).toContain(`* through the proxy http://***@127.0.0.1:${guarded.port} (HTTP_PROXY)`);
    expect(result.err + result.out).not.toContain(PASSWORD);
    expect(result.err + result.out).not.toContain(USER);
  });

  it('32 profile show --check says which proxy it went through, credentials hidden', async () => {
    const result = await trek(['profile', 'show', '--check', '-o', 'json'], atApi({ HTTP_PROXY: withCredentials }));
    expect(result.code, result.err).toBe(0);
    const { check } = JSON.parse(result.out) as { check: { result: string; proxy: string; message: string } };
    expect(check).toMatchObject({ result: 'works', proxy: `http://***@127.0.0.1:${guarded.port}` });
    expect(check.message).toBe(`key works (HTTP 200) through the proxy http://***@127.0.0.1:${guarded.port}`);
    expect(result.out + result.err).not.toContain(PASSWORD);
  });

  it("32 a wrong password: the proxy's 407 is named, with where to put them, exit 7, nothing secret printed", async () => {
    const wrong = `http://${USER}:not-it@127.0.0.1:${guarded.port}`;
    const result = await trek(['departure', 'get', '100001', '--no-cache'], atApi({ HTTP_PROXY: wrong }));
    expect(result.code).toBe(7);
    expect(result.err).toContain(`the proxy http://***@127.0.0.1:${guarded.port} (HTTP_PROXY) refused GET ${api}/departures/100001/ with HTTP 407`);
    expect(result.err).not.toContain('not-it');
  });

  it('32 a proxy variable trek cannot use is a usage error naming it (exit 2), its value unprinted', async () => {
    const socks = await trek(['departure', 'get', '100001'], atApi({ HTTP_PROXY: `socks5://${USER}:${PASSWORD}@127.0.0.1:1080` }));
    expect(socks.code).toBe(2);
    expect(socks.err).toContain('HTTP_PROXY names a socks5 proxy');
    expect(socks.err).not.toContain(PASSWORD);
  });
});

describe("32 HTTPS: a TLS-inspecting proxy's CA in NODE_EXTRA_CA_CERTS, and CONNECT tunnels", () => {
  let dir: string;
  let https: HttpsServer;
  let httpsPort: number;
  let caFile: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'trek-tls-'));
    caFile = join(dir, 'cert.pem');
    // A self-signed certificate (CA:TRUE, as openssl req -x509 makes it) for the API's names.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        caFile,
        '-days',
        '2',
        '-subj',
        '/CN=api.example.test',
        '-addext',
        'subjectAltName=DNS:api.example.test,DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    // The HTTPS API: TLS in front of the served sandbox, which answers to its own address only.
    https = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(caFile) }, (req, res) => {
      const upstream = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: { ...req.headers, host: `127.0.0.1:${port}` } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
    httpsPort = (https.address() as AddressInfo).port;
  });

  afterAll(async () => {
    https.closeAllConnections();
    await new Promise((resolve) => https.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (baseUrl: string, env: Record<string, string>) =>
    runTrek(['departure', 'get', '100001', '--no-cache', '-o', 'json'], { TREK_HOME: freshHome(), TREK_BASE_URL: baseUrl, TREK_API_KEY: sandbox.apiKey, NO_COLOR: '1', ...env });

  it('32 reached with its CA in NODE_EXTRA_CA_CERTS; refused without it, naming the variable (exit 7)', async () => {
    const [trusted, refused] = await Promise.all([run(`https://localhost:${httpsPort}`, { NODE_EXTRA_CA_CERTS: caFile }), run(`https://localhost:${httpsPort}`, {})]);
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(JSON.parse(trusted.stdout)).toMatchObject({ id: '100001' });
    expect(refused.code).toBe(7);
    expect(refused.stderr).toContain(`the TLS certificate of localhost:${httpsPort} is not trusted (a self-signed certificate)`);
    expect(refused.stderr).toContain('NODE_EXTRA_CA_CERTS');
  });

  it('32 HTTPS_PROXY: HTTPS goes through a CONNECT tunnel; the proxy never sees the key or the path', async () => {
    const result = await run(`https://api.example.test:${httpsPort}`, { NODE_EXTRA_CA_CERTS: caFile, HTTPS_PROXY: proxy.url, HTTP_PROXY: 'http://127.0.0.1:9' });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: '100001' });
    expect(proxy.seen).toEqual([`CONNECT api.example.test:${httpsPort}`]);
    const seen = proxy.tunnelled().toString('latin1');
    expect(seen).toContain(`CONNECT api.example.test:${httpsPort}`);
    expect(seen).not.toContain(sandbox.apiKey);
    expect(seen).not.toContain('/departures/');
    expect(result.stderr).not.toContain('the proxy can read');
  });
});
