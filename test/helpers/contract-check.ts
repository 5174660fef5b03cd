/**
 * Setup file of every test file (vitest.config.ts): every answer a sandbox in this process gives
 * — JSON, XML read back with trek's own mapping, errors and injected faults alike — and every
 * request trek sends to one is held to openapi/trek.yaml. A mismatch fails the test that caused
 * it, naming the method, path, status and the schema's complaint.
 */
import { afterAll, afterEach } from 'vitest';
import { setContractCheck, type Exchange } from '../../src/sandbox/http.js';
import { fromXml } from '../../src/util/xml.js';
import { contract, pointerOf } from './contract.js';

const violations: string[] = [];

/** What the check found since the last call, and forgets it (the test of the check itself uses it). */
export function takeViolations(): string[] {
  return violations.splice(0);
}

function bodyOf(contentType: string, bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  return contentType.includes('xml') ? fromXml(text) : JSON.parse(text);
}

const mediaOf = (contentType: string) => (contentType.includes('xml') ? 'application/xml' : 'application/json');

export function checkExchange({ request, requestBody, response }: Exchange): string[] {
  const problems: string[] = [];
  const path = request.url.split('?')[0]!;
  const where = `${request.method} ${request.url} → ${response.status}`;
  const found = request.method === 'OPTIONS' ? null : contract().operation(request.method, path);
  const contentType = response.headers['content-type'] ?? '';
  const isData = contentType.includes('json') || contentType.includes('xml');
  if (found) {
    const status = String(response.status);
    const responses = found.operation.responses;
    const key = status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : null;
    if (key === null) problems.push(`${where}: status ${status} is not in the contract of ${request.method} ${found.path}`);
    else if (response.body !== undefined && isData && request.method !== 'HEAD') {
      const declared = resolve(responses[key]!);
      if (!declared.content) problems.push(`${where}: the contract gives this answer no body`);
      else {
        const pointer = pointerOf('paths', found.path, request.method === 'PUT' ? 'patch' : request.method.toLowerCase(), 'responses', key, 'content', mediaOf(contentType), 'schema');
        const schema = declared.ref ? pointerOf('components', 'responses', declared.ref, 'content', mediaOf(contentType), 'schema') : pointer;
        for (const p of contract().check(schema, bodyOf(contentType, response.body))) problems.push(`${where}: ${p}`);
      }
    }
    const fromTrek = String(request.headers['user-agent'] ?? '').startsWith('trek');
    if (fromTrek && requestBody !== undefined && found.operation.requestBody) {
      const type = mediaOf(String(request.headers['content-type'] ?? ''));
      const pointer = pointerOf('paths', found.path, request.method.toLowerCase(), 'requestBody', 'content', type, 'schema');
      for (const p of contract().check(pointer, requestBody)) problems.push(`${request.method} ${request.url} (request trek sent): ${p}`);
    }
  } else if (response.status >= 400 && response.body !== undefined && isData) {
    // No such path or method: still an error, with the §7.2 body.
    for (const p of contract().check(pointerOf('components', 'schemas', 'Error'), bodyOf(contentType, response.body))) problems.push(`${where}: ${p}`);
  } else if (request.method !== 'OPTIONS' && response.status < 400) {
    problems.push(`${where}: ${request.method} ${path} is not in the contract`);
  }
  return problems;
}

/** A response object, or the name of the components/responses entry it refers to. */
function resolve(response: { $ref?: string; content?: Record<string, unknown> }): { ref?: string; content?: Record<string, unknown> } {
  if (!response.$ref) return response;
  const name = response.$ref.split('/').pop()!;
  return { ref: name, content: contract().document.components.responses[name].content };
}

setContractCheck((exchange) => {
  try {
    violations.push(...checkExchange(exchange));
  } catch (err) {
    violations.push(`${exchange.request.method} ${exchange.request.url} → ${exchange.response.status}: ${(err as Error).message}`);
  }
});

function failOnViolations() {
  const found = takeViolations();
  if (found.length > 0) throw new Error(`answers or requests that do not match openapi/trek.yaml:\n${[...new Set(found)].slice(0, 20).join('\n')}`);
}

afterEach(failOnViolations);
afterAll(failOnViolations);
