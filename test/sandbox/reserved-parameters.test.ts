/**
 * Issue 16: parameters a client adds for itself (cache busters) and parameters it sends again
 * beside a next link are not searches (spec §4.1); an unknown attribute still is a 400.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxClient } from '../helpers/sandbox-client.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 40, now: NOW });

function problems(answer: { status: number; text: string; json: any }): string[] {
  expect(answer.status, answer.text).toBe(400);
  return answer.json.errors.map((e: any) => `${e.field} ${e.code}`);
}

describe('16 unknown reserved parameters', () => {
  it('16 a query with uuid=… (or _=…) answers 200, as without it, and its next link leaves it out', async () => {
    const plain = await client.get('/departures/?max_per_page=10&availability.status=AVAILABLE');
    for (const extra of ['uuid=2b0c6a4e-1f7e-11ef-9262-0242ac120002', '_=1717000000000']) {
      const busted = await client.get(`/departures/?max_per_page=10&availability.status=AVAILABLE&${extra}`);
      expect(busted.status, busted.text).toBe(200);
      expect(busted.json).toEqual(plain.json);
    }
    expect((await client.get('/bookings/?uuid=1&uuid=2')).status).toBe(200);
    expect((await client.get('/departures/100001/?uuid=1')).status).toBe(200);
  });

  it('16 an unknown attribute filter is still a 400 UNKNOWN_ATTRIBUTE', async () => {
    const answer = await client.get('/departures/?uuidx=1');
    expect(problems(answer)).toEqual(['uuidx UNKNOWN_ATTRIBUTE']);
    expect(problems(await client.get('/departures/?availability.colour=red&uuid=1'))).toEqual(['availability.colour UNKNOWN_ATTRIBUTE']);
  });

  it('16 a client that sends its parameters again beside a next link that carries them (as the operator Python client does) gets the next page', async () => {
    const first = await client.get('/departures/?max_per_page=10&availability.status=AVAILABLE');
    const next: string = first.json.links[0].href;
    const again = await client.get(`${next}&max_per_page=10&availability.status=AVAILABLE&uuid=3`);
    expect(again.status, again.text).toBe(200);
    expect(again.json).toEqual((await client.get(next)).json);
    expect(again.json.current_page).toBe(2);
    // Its own next link holds each parameter once.
    expect(new URLSearchParams(again.json.links[0].href.split('?')[1]).getAll('max_per_page')).toEqual(['10']);
    // Different values are still two searches on one attribute.
    expect(problems(await client.get('/departures/?max_per_page=10&max_per_page=20'))).toEqual(['max_per_page INVALID_MAX_PER_PAGE']);
  });
});
