/** The sandbox's content negotiation (negotiator): which of JSON and XML an `Accept` header gets. */
import { describe, expect, it } from 'vitest';
import { negotiate } from '../../src/sandbox/http.js';

describe('negotiate', () => {
  it.each([
    [undefined, 'json'],
    ['', 'json'],
    ['*/*', 'json'],
    ['application/*', 'json'],
    ['application/json', 'json'],
    ['application/xml', 'xml'],
    ['APPLICATION/XML', 'xml'],
    ['text/xml', 'xml'],
    ['text/*', 'xml'],
    ['application/json;q=0.5, application/xml', 'xml'],
    ['*/*;q=0.1, application/xml', 'xml'],
    ['application/xml;q=0, */*', 'json'],
    ['application/xml, application/json', 'xml'],
  ] as const)('15 negotiation: Accept %j gets %s', (accept, format) => {
    expect(negotiate(accept)).toBe(format);
  });

  it.each(['text/html', 'application/json;q=0', 'application/problem+json', 'garbage;;;,,'])('15 negotiation: Accept %j gets neither (406)', (accept) => {
    expect(negotiate(accept)).toBeNull();
  });
});
