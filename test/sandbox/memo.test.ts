/**
 * The sandbox memoises what it can (catalogue list replies by URL, encoded records, search
 * results): these tests fail if a memoised body were served after what it shows changed.
 */
import { describe, expect, it } from 'vitest';
import { createPipeline } from '../../src/sandbox/http.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { Router } from '../../src/sandbox/router.js';
import { installModules } from '../../src/sandbox/routes/index.js';
import { Store } from '../../src/sandbox/store.js';
import { fromXml } from '../../src/util/xml.js';
import { clientFor, useSandboxClient } from '../helpers/sandbox-client.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 40 });
const PAGE = '/departures/?availability.status=AVAILABLE&order_by=start_date&max_per_page=10';

describe('memoised catalogue pages', () => {
  it('answer the same bytes for the same URL, and their next link keeps that URL’s own path and parameters', async () => {
    const first = await client.get(PAGE);
    expect((await client.get(PAGE)).text).toBe(first.text);
    expect(first.json.links[0].href).toBe('/departures/?availability.status=AVAILABLE&order_by=start_date&max_per_page=10&page=2');
    const noSlash = await client.get('/departures?availability.status=AVAILABLE&order_by=start_date&max_per_page=10');
    expect(noSlash.json.results).toEqual(first.json.results);
    expect(noSlash.json.links[0].href).toBe('/departures?availability.status=AVAILABLE&order_by=start_date&max_per_page=10&page=2');
    const reordered = await client.get('/departures/?max_per_page=10&order_by=start_date&availability.status=AVAILABLE');
    expect(reordered.json.results).toEqual(first.json.results);
    expect(reordered.json.links[0].href).toBe('/departures/?max_per_page=10&order_by=start_date&availability.status=AVAILABLE&page=2');
  });

  it('answer XML as well as JSON, whichever was asked first', async () => {
    const url = '/departures/?max_per_page=10&page=3';
    const xml = await client.request('GET', url, { headers: { accept: 'application/xml' } });
    const json = await client.get(url);
    expect(fromXml(xml.text)).toEqual(json.json);
    const xmlAgain = await client.request('GET', url, { headers: { accept: 'application/xml' } });
    expect(xmlAgain.text).toBe(xml.text);
  });

  it('are never an error memoised: a bad query stays a 400 and does not poison the good one', async () => {
    expect((await client.get('/departures/?max_per_page=5')).status).toBe(400);
    expect((await client.get('/departures/?max_per_page=5')).status).toBe(400);
    expect((await client.get('/departures/?max_per_page=10')).json.results).toHaveLength(10);
  });

  it('follow a reset to another seed or size, and back', async () => {
    const sandbox = clientFor(await startSandbox({ now: NOW, size: 30 }));
    const other = clientFor(await startSandbox({ now: NOW, seed: 2, size: 30 }));
    try {
      const seed1 = await sandbox.get(PAGE);
      expect((await sandbox.post('/_sandbox/reset', { now: NOW.toISOString(), seed: 2 }, 'operator')).status).toBe(200);
      const seed2 = await sandbox.get(PAGE);
      expect(seed2.text).not.toBe(seed1.text);
      expect(seed2.text).toBe((await other.get(PAGE)).text);
      await sandbox.post('/_sandbox/reset', { now: NOW.toISOString(), seed: 1, size: 12 }, 'operator');
      expect((await sandbox.get('/departures/?max_per_page=10')).json.count).toBe(12);
      await sandbox.post('/_sandbox/reset', { now: NOW.toISOString(), size: 30 }, 'operator');
      expect((await sandbox.get(PAGE)).text).toBe(seed1.text);
    } finally {
      await Promise.all([sandbox.sandbox.close(), other.sandbox.close()]);
    }
  });
});

describe('a departure’s detail', () => {
  it('follows its availability as operator-side events change it, and back', async () => {
    const before = (await client.get('/departures/100003/')).json;
    expect(before.availability.status).toBe('AVAILABLE');
    await client.post('/_sandbox/departures/100003/availability', { status: 'WAIT_LIST' }, 'operator');
    const changed = (await client.get('/departures/100003/')).json;
    expect(changed).toEqual({ ...before, availability: { status: 'WAIT_LIST', total: 0, spaces_remaining: 0 }, rooms: changed.rooms, date_last_modified: changed.date_last_modified });
    expect(changed.rooms.map((room: any) => room.availability)).toEqual([
      { status: 'WAIT_LIST', total: 0 },
      { status: 'WAIT_LIST', total: 0 },
    ]);
    expect(changed.date_last_modified > before.date_last_modified).toBe(true);
    await client.post('/_sandbox/departures/100003/availability', { status: 'AVAILABLE', spaces_remaining: before.availability.spaces_remaining }, 'operator');
    const back = (await client.get('/departures/100003/')).json;
    expect(back).toEqual({ ...before, date_last_modified: back.date_last_modified });
  });
});

describe('memoised catalogue pages and cache busters', () => {
  it('16 a page asked with a fresh uuid or _ each time is memoised once: the busters change no answer', async () => {
    const store = await Store.open({ now: NOW, size: 40 });
    const respond = createPipeline(store, installModules(new Router(), store));
    const key = store.read().collections.agents['1'].api_key;
    const get = async (url: string) => {
      const answer = await respond({ method: 'GET', url, headers: { 'x-application-key': key }, body: [] });
      expect(answer.status).toBe(200);
      return answer;
    };
    await get('/departures/?max_per_page=10');
    const cached = store.catalogue.listCache.size;
    for (let i = 0; i < 5; i++) await get(`/departures/?uuid=${i}&max_per_page=10&_=${i}`);
    expect(store.catalogue.listCache.size).toBe(cached);
    await get('/departures/?max_per_page=20');
    expect(store.catalogue.listCache.size).toBe(cached + 1);
  });
});
