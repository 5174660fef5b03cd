/**
 * Which proxy a request goes through, from HTTPS_PROXY, HTTP_PROXY and NO_PROXY as curl reads
 * them (docs/proxies.md). The client asks this module and hands undici's
 * ProxyAgent the answer, so the rule that routes a request and the one that reports the route
 * (--verbose, `trek profile show --check`) are this one.
 */
import { BlockList, isIP } from 'node:net';
import { UsageError } from '../errors.js';

export type ProxyEnv = Readonly<Record<string, string | undefined>>;

export interface Proxy {
  /** As given, credentials included: only for undici's ProxyAgent. */
  url: URL;
  /** For people: any user name and password shown as ***. */
  shown: string;
  /** The variable it came from, as spelled in the environment. */
  variable: string;
}

/** Where a request never needs a proxy, whatever NO_PROXY says: it does not leave the machine. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '[::1]';
}

/** The first set variable of `names` (lower case first, as curl, requests and undici read them); an empty one is unset. */
function variable(env: ProxyEnv, names: string[]): [string, string] | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return [name, value];
  }
  return undefined;
}

/** The URL for people: its credentials, when it has any, as ***. */
export function showProxy(url: URL): string {
  if (url.username === '' && url.password === '') return url.origin;
  return `${url.protocol}//***@${url.host}`;
}

function parseProxy(name: string, value: string): Proxy {
  // As curl: a proxy without a scheme is an http:// one.
  const text = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Not shown: it may hold a password.
    throw new UsageError(`${name} is not a valid proxy URL`, 'a proxy URL looks like http://proxy.example.com:3128');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${name} names a ${url.protocol.slice(0, -1)} proxy; trek goes through http:// and https:// proxies only`);
  }
  return { url, shown: showProxy(url), variable: name };
}

/**
 * Whether NO_PROXY exempts host:port, as curl matches it: `*` exempts every host; an entry
 * exempts its host and every subdomain (a leading `.` or `*.` changes nothing); `host:port`
 * only that port; an IP range in CIDR form (10.0.0.0/8) the addresses in it.
 */
export function exempted(noProxy: string, hostname: string, port: number): boolean {
  const host = hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  for (const raw of noProxy.toLowerCase().split(/[\s,]+/)) {
    if (raw === '') continue;
    if (raw === '*') return true;
    const withPort = /^(.*?):(\d+)$/.exec(raw);
    // A bare IPv6 address (::1) has colons but no port; one with a port is written [::1]:443.
    const [name, entryPort] = withPort !== null && !(isIP(raw) === 6) ? [withPort[1], Number(withPort[2])] : [raw, undefined];
    if (entryPort !== undefined && entryPort !== port) continue;
    const entry = name.replace(/^\[(.*)\]$/, '$1').replace(/^\*?\./, '');
    if (entry.includes('/')) {
      if (inRange(entry, host)) return true;
      continue;
    }
    if (host === entry || (isIP(host) === 0 && host.endsWith(`.${entry}`))) return true;
  }
  return false;
}

function inRange(cidr: string, host: string): boolean {
  const [network, bits] = cidr.split('/');
  const family = isIP(network);
  if (family === 0 || isIP(host) !== family || !/^\d+$/.test(bits)) return false;
  const list = new BlockList();
  list.addSubnet(network, Number(bits), family === 6 ? 'ipv6' : 'ipv4');
  return list.check(host, family === 6 ? 'ipv6' : 'ipv4');
}

/** The proxy for a request to `target`, or undefined to go direct. UsageError for a proxy variable trek cannot use. */
export function proxyFor(target: URL, env: ProxyEnv): Proxy | undefined {
  if (isLoopback(target.hostname)) return undefined;
  // As curl, requests and Go: https:// goes through HTTPS_PROXY only, http:// through HTTP_PROXY only.
  const found = target.protocol === 'https:' ? variable(env, ['https_proxy', 'HTTPS_PROXY']) : variable(env, ['http_proxy', 'HTTP_PROXY']);
  if (found === undefined) return undefined;
  const port = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
  const noProxy = variable(env, ['no_proxy', 'NO_PROXY']);
  if (noProxy !== undefined && exempted(noProxy[1], target.hostname, port)) return undefined;
  return parseProxy(...found);
}
