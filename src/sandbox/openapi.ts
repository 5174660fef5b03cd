/**
 * The contract (openapi/trek.yaml), served by the sandbox at /openapi.json and /openapi.yaml
 * with its `servers` entry set to the URL the client called, so an integrator in any language can
 * generate a client or a mock from it. Read and parsed on the first such request only.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncomingHttpHeaders } from 'node:http';
import type { Reply } from './router.js';
import { SandboxError } from './errors.js';

export const CONTRACT_PATHS: Readonly<Record<string, 'json' | 'yaml'>> = { '/openapi.json': 'json', '/openapi.yaml': 'yaml' };

let document: Record<string, unknown> | undefined;

/** openapi/trek.yaml of the package: found by walking up from this module (src/ in tests, dist/ installed). */
function contractText(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth++) {
    const file = join(dir, 'openapi', 'trek.yaml');
    if (existsSync(file)) return readFileSync(file, 'utf8');
    dir = dirname(dir);
  }
  throw new SandboxError(500, 'The contract openapi/trek.yaml is missing from the trek package; reinstall trek.');
}

/** The contract in JSON or YAML, its server the base URL the request was made to. */
export async function contractReply(format: 'json' | 'yaml', headers: IncomingHttpHeaders): Promise<Reply> {
  const { parse, stringify } = await import('yaml');
  document ??= parse(contractText()) as Record<string, unknown>;
  const host = typeof headers.host === 'string' && headers.host !== '' ? headers.host : 'localhost';
  const served = { ...document, servers: [{ url: `http://${host}`, description: 'This sandbox.' }] };
  const text = format === 'json' ? `${JSON.stringify(served, null, 2)}\n` : stringify(served);
  return { status: 200, body: new TextEncoder().encode(text), headers: { 'content-type': format === 'json' ? 'application/json; charset=utf-8' : 'application/yaml; charset=utf-8' } };
}
