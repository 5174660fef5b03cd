/**
 * Issue 32: which proxy a request goes through, from HTTPS_PROXY, HTTP_PROXY and NO_PROXY as
 * curl reads them. (test/e2e/proxies.test.ts sends requests through real proxies.)
 */
import { describe, expect, it } from 'vitest';
import { exempted, proxyFor } from '../../src/api/proxy.js';
import { UsageError } from '../../src/errors.js';

const via = (url: string, env: Record<string, string>) => proxyFor(new URL(url), env)?.shown;

describe('32 the proxy of a request', () => {
  it('32 https:// takes HTTPS_PROXY and http:// HTTP_PROXY only, lower case first, an empty one unset', () => {
    const env = { HTTPS_PROXY: 'http://secure:3128', http_proxy: 'http://plain:3128', HTTP_PROXY: 'http://upper:3128' };
    expect(via('https://api.example.com/v1', env)).toBe('http://secure:3128');
    expect(via('http://api.example.com/v1', env)).toBe('http://plain:3128');
    expect(via('https://api.example.com/v1', { HTTP_PROXY: 'http://plain:3128' })).toBeUndefined();
    expect(via('https://api.example.com/v1', { https_proxy: '', HTTPS_PROXY: 'http://upper:8080' })).toBe('http://upper:8080');
    expect(proxyFor(new URL('https://api.example.com'), { https_proxy: 'http://p:1' })?.variable).toBe('https_proxy');
  });

  it('32 a proxy without a scheme is http://, and its user name and password are shown as ***', () => {
    expect(via('https://api.example.com', { HTTPS_PROXY: 'proxy.corp:3128' })).toBe('http://proxy.corp:3128');
    expect(via('https://api.example.com', { HTTPS_PROXY: 'http://me:p%40ss@proxy.corp:3128' })).toBe('http://***@proxy.corp:3128');
    expect(proxyFor(new URL('https://api.example.com'), { HTTPS_PROXY: 'http://me:p%40ss@proxy.corp:3128' })?.url.password).toBe('p%40ss');
  });

  it('32 loopback names and addresses never go through a proxy', () => {
    const env = { HTTP_PROXY: 'http://p:1', HTTPS_PROXY: 'http://p:1' };
    for (const url of ['http://localhost:8080', 'http://127.0.0.1:4010', 'http://127.8.9.10', 'http://[::1]:4010', 'https://api.localhost']) expect(via(url, env), url).toBeUndefined();
    expect(via('http://10.0.0.1', env)).toBe('http://p:1');
  });

  it('32 a proxy trek cannot use is a usage error naming the variable, its value not shown', () => {
    const error = (() => {
      try {
        proxyFor(new URL('https://api.example.com'), { HTTPS_PROXY: 'http://me:s3cret@[bad' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe('HTTPS_PROXY is not a valid proxy URL');
    expect(() => proxyFor(new URL('https://api.example.com'), { HTTPS_PROXY: 'socks5://p:1080' })).toThrow('HTTPS_PROXY names a socks5 proxy');
  });
});

describe('32 NO_PROXY, matched as curl does', () => {
  it('32 by host and domain suffix (a leading . or *. changes nothing), never by a part of a label', () => {
    expect(exempted('example.com', 'example.com', 443)).toBe(true);
    expect(exempted('example.com', 'api.example.com', 443)).toBe(true);
    expect(exempted('.example.com', 'api.example.com', 443)).toBe(true);
    expect(exempted('*.example.com', 'example.com', 443)).toBe(true);
    expect(exempted('example.com', 'badexample.com', 443)).toBe(false);
    expect(exempted('API.Example.COM', 'api.example.com', 443)).toBe(true);
  });

  it('32 by port when the entry has one; a list separated by commas or blanks; * for every host', () => {
    expect(exempted('api.example.com:8443', 'api.example.com', 8443)).toBe(true);
    expect(exempted('api.example.com:8443', 'api.example.com', 443)).toBe(false);
    expect(exempted('intranet, example.com ,other', 'api.example.com', 443)).toBe(true);
    expect(exempted('*', 'anything.example', 80)).toBe(true);
  });

  it('32 IP addresses, IPv6 in brackets or not, and CIDR ranges', () => {
    expect(exempted('10.1.2.3', '10.1.2.3', 80)).toBe(true);
    expect(exempted('10.0.0.0/8', '10.200.3.4', 80)).toBe(true);
    expect(exempted('10.0.0.0/8', '11.0.0.1', 80)).toBe(false);
    expect(exempted('0.0.0.1', '10.0.0.1', 80)).toBe(false);
    expect(exempted('fd00::1', '[fd00::1]', 443)).toBe(true);
    expect(exempted('[fd00::1]:8443', '[fd00::1]', 8443)).toBe(true);
    expect(exempted('fd00::/8', '[fd12::5]', 443)).toBe(true);
  });

  it("32 applied by proxyFor with the request's port (the default one when the URL names none)", () => {
    const env = { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'api.example.com:443' };
    expect(via('https://api.example.com/v1', env)).toBeUndefined();
    expect(via('https://api.example.com:8443/v1', env)).toBe('http://p:1');
  });
});
