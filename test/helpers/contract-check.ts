/**
 * Setup file of every test file (vitest.config.ts): every answer a sandbox in this process gives
 * — JSON, XML read back with trek's own mapping, errors and injected faults alike — and every
 * request trek sends to one is held to openapi/trek.yaml. A mismatch fails the test that caused
 * it, naming the method, path, status and the schema's complaint.
 */
import { afterAll, afterEach } from 'vitest';
import { setContractCheck, type Exchange } from '../../src/sandbox/http.js';
import { fromXml } from '../../src/util/xml.js';
import { ERROR_VALIDATOR, loadContract } from './contract.js';

const contract = await loadContract();
const violations: string[] = [];

/** What the check found since the last call, and forgets it (the test of the check itself uses it). */
export function takeViolations(): string[] {
  return violations.splice(0);
}

function bodyOf(contentType: string, bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  return contentType.includes('xml') ? fromXml(text) : JSON.parse(text);
}

export function checkExchange({ request, requestBody, response }: Exchange): string[] {
  const problems: string[] = [];
  const path = request.url.split('?')[0];
  const where = `${request.method} ${request.url} → ${response.status}`;
  const found = request.method === 'OPTIONS' ? null : contract.operation(request.method, path);
  const contentType = response.headers['content-type'] ?? '';
  const hasData = response.body !== undefined && request.method !== 'HEAD' && (contentType.includes('json') || contentType.includes('xml'));
  if (found) {
    const status = String(response.status);
    const key = status in found.responses ? status : `${status[0]}XX` in found.responses ? `${status[0]}XX` : null;
    if (key === null) problems.push(`${where}: status ${status} is not in the contract of ${request.method} ${found.path}`);
    else if (hasData) {
      const validator = found.responses[key];
      if (!validator) problems.push(`${where}: the contract gives this answer no body`);
      else for (const p of contract.check(validator, bodyOf(contentType, response.body!))) problems.push(`${where}: ${p}`);
    }
    const fromTrek = String(request.headers['user-agent'] ?? '').startsWith('trek');
    if (fromTrek && requestBody !== undefined && found.request) {
      for (const p of contract.check(found.request, requestBody)) problems.push(`${request.method} ${request.url} (request trek sent): ${p}`);
    }
  } else if (response.status >= 400 && hasData) {
    // No such path or method: still an error, with the §7.2 body.
    for (const p of contract.check(ERROR_VALIDATOR, bodyOf(contentType, response.body!))) problems.push(`${where}: ${p}`);
  } else if (request.method !== 'OPTIONS' && response.status < 400) {
    problems.push(`${where}: ${request.method} ${path} is not in the contract`);
  }
  return problems;
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
