/**
 * Issue 30, finding 11: the webhook signature check on the shortest bodies a sender can sign —
 * nothing, an empty list, one event — where a check that skipped short bodies would pass a forgery.
 */
import { describe, expect, it } from 'vitest';
import { signatureCheck, signBody, verifySignature } from '../../src/domain/webhooks.js';

const KEY = 'domain-test-key-0123456789abcdef';
const OTHER = 'another-key-entirely-0123456789';
const ONE_EVENT = '[{"id":"e","event_type":"departures.updated","resource":"departures","data":{"id":"1","href":"/departures/1"},"created":"2027-01-10T15:00:00Z"}]';

describe('30 the webhook signature check on short bodies', () => {
  it.each([
    ['an empty body', ''],
    ['an empty list', '[]'],
    ['one event', ONE_EVENT],
  ])('30 %s: only its signature under the key verifies', (_what, body) => {
    expect(verifySignature(body, KEY, signBody(body, KEY))).toBe(true);
    expect(verifySignature(body, KEY, signBody(body, OTHER))).toBe(false);
    expect(verifySignature(`${body} `, KEY, signBody(body, KEY))).toBe(false);
    expect(verifySignature(body, KEY, undefined)).toBe(false);
    expect(verifySignature(body, KEY, '0'.repeat(64))).toBe(false);
    expect(verifySignature(body, KEY, signBody(body, KEY).slice(0, 63))).toBe(false);
  });

  it('30 the check as a body streams agrees with the check of the whole body', () => {
    const body = Buffer.from(ONE_EVENT);
    for (const signature of [signBody(body, KEY), signBody(body, OTHER)]) {
      const check = signatureCheck(KEY, signature);
      for (let at = 0; at < body.length; at += 7) check.update(body.subarray(at, at + 7));
      expect(check.verifies()).toBe(verifySignature(body, KEY, signature));
    }
    const empty = signatureCheck(KEY, signBody('', OTHER));
    expect(empty.verifies()).toBe(false);
  });
});
