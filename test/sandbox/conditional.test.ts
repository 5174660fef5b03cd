/**
 * Issues 16 and 30, caching validators (spec §1: responses are cacheable): every 200 answer to
 * a GET carries a strong ETag, and Last-Modified where the resource has a date_last_modified or
 * a change time (the store's records); a client's current copy is answered 304 with no body.
 */
import { describe, expect, it } from 'vitest';
import { changeClock, STORE_RESOURCE } from '../../src/sandbox/conditional.js';
import { KEYS, useSandboxClient } from '../helpers/sandbox-client.js';
import { book } from './services-fixtures.js';

const client = useSandboxClient();

const getWith = (path: string, headers: Record<string, string>) => client.request('GET', path, { headers });

describe('16 caching validators', () => {
  it("16 conditional GET: a second GET with the first answer's ETag gets 304 with no body", async () => {
    for (const path of ['/departures/100001/', '/bookings/200001/', '/departures/?max_per_page=10']) {
      const first = await client.get(path);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      const again = await getWith(path, { 'if-none-match': etag });
      expect(again.status, path).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('content-type')).toBeNull();
    }
  });

  it('16 conditional GET: after a change the old ETag gets 200 with the new answer and a new ETag', async () => {
    const booking = (await client.post('/bookings/', { currency: 'CAD', external_id: 'before' })).json;
    const first = await client.get(booking.href);
    const etag = first.headers.get('etag')!;
    expect((await getWith(booking.href, { 'if-none-match': etag })).status).toBe(304);
    expect((await client.patch(booking.href, { external_id: 'after' })).status).toBe(200);
    const changed = await getWith(booking.href, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.json.external_id).toBe('after');
    expect(changed.headers.get('etag')).not.toBe(etag);
    // A new booking changes the list, and so its tag.
    const list = await client.get('/bookings/');
    await client.post('/bookings/', { currency: 'CAD' });
    expect((await getWith('/bookings/', { 'if-none-match': list.headers.get('etag')! })).status).toBe(200);
  });

  it('16 the ETag is strong and per representation: JSON and XML of one resource differ, each 304s only to its own', async () => {
    const json = await client.get('/departures/100002/');
    const xml = await getWith('/departures/100002/', { accept: 'application/xml' });
    expect(xml.headers.get('etag')).not.toBe(json.headers.get('etag'));
    expect((await getWith('/departures/100002/', { accept: 'application/xml', 'if-none-match': json.headers.get('etag')! })).status).toBe(200);
    expect((await getWith('/departures/100002/', { accept: 'application/xml', 'if-none-match': xml.headers.get('etag')! })).status).toBe(304);
  });

  it('16 If-None-Match compares weakly: W/ and a list of tags match, * matches anything, another tag does not', async () => {
    const etag = (await client.get('/departures/100003/')).headers.get('etag')!;
    for (const header of [`W/${etag}`, `"other", ${etag}`, '*']) {
      expect((await getWith('/departures/100003/', { 'if-none-match': header })).status, header).toBe(304);
    }
    expect((await getWith('/departures/100003/', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('16 Last-Modified is the date_last_modified; If-Modified-Since at or after it is 304, before it 200; If-None-Match wins', async () => {
    const first = await client.get('/departures/100004/');
    const lastModified = first.headers.get('last-modified')!;
    expect(Date.parse(lastModified)).toBe(Math.floor(Date.parse(first.json.date_last_modified) / 1000) * 1000);
    expect((await getWith('/departures/100004/', { 'if-modified-since': lastModified })).status).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await getWith('/departures/100004/', { 'if-modified-since': earlier })).status).toBe(200);
    expect((await getWith('/departures/100004/', { 'if-modified-since': 'not a date' })).status).toBe(200);
    expect((await getWith('/departures/100004/', { 'if-modified-since': lastModified, 'if-none-match': '"other"' })).status).toBe(200);
  });

  it("16 after an availability change a departure's old ETag and Last-Modified get 200, with both moved", async () => {
    const before = await client.get('/departures/100005/');
    const changed = await client.post('/_sandbox/departures/100005/availability', { status: 'NOT_BOOKABLE' }, KEYS.operator);
    expect(changed.status).toBe(200);
    const byTag = await getWith('/departures/100005/', { 'if-none-match': before.headers.get('etag')! });
    expect(byTag.status).toBe(200);
    expect(byTag.json.availability.status).toBe('NOT_BOOKABLE');
    expect(byTag.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const byDate = await getWith('/departures/100005/', { 'if-modified-since': before.headers.get('last-modified')! });
    expect(byDate.status).toBe(200);
    expect(Date.parse(byDate.headers.get('last-modified')!)).toBeGreaterThan(Date.parse(before.headers.get('last-modified')!));
  });

  it('30 a booking and what it links to (agency, customers, services…) answer ETag and Last-Modified; If-Modified-Since at it is 304, before it 200', async () => {
    const hrefs = new Set<string>();
    const collect = (value: unknown) =>
      JSON.stringify(value, (_key, each) => {
        if (typeof each === 'string' && STORE_RESOURCE.test(each)) hrefs.add(each);
        return each;
      });
    const { booking } = await book(client, { departure: '100006', travellers: 1 });
    collect((await client.get(booking.href)).json);
    for (const list of ['services', 'customers', 'checkins']) collect((await client.get(`${booking.href}${list}/`)).json.results);
    expect(
      [...hrefs].map((href) => href.split('/')[1]),
      [...hrefs].join(' '),
    ).toEqual(expect.arrayContaining(['bookings', 'agencies', 'agents', 'customers', 'departure_services', 'checkins']));
    for (const href of hrefs) {
      const answer = await client.get(href);
      expect(answer.status, href).toBe(200);
      expect(answer.headers.get('etag'), href).not.toBeNull();
      const lastModified = answer.headers.get('last-modified');
      expect(lastModified, href).toMatch(/ GMT$/);
      expect((await getWith(href, { 'if-modified-since': lastModified! })).status, href).toBe(304);
      expect((await getWith(href, { 'if-modified-since': new Date(Date.parse(lastModified!) - 1000).toUTCString() })).status, href).toBe(200);
    }
  });

  it("30 after a change a booking's Last-Modified does not go back, and a date before the change gets 200", async () => {
    const booking = (await client.post('/bookings/', { currency: 'CAD', external_id: 'dated' })).json;
    const before = Date.parse((await client.get(booking.href)).headers.get('last-modified')!);
    expect((await client.patch(booking.href, { external_id: 'redated' })).status).toBe(200);
    const after = await client.get(booking.href);
    expect(Date.parse(after.headers.get('last-modified')!)).toBeGreaterThanOrEqual(before);
    expect((await getWith(booking.href, { 'if-modified-since': new Date(before - 1000).toUTCString() })).json.external_id).toBe('redated');
  });

  it("30 the store's change time moves when its generation does, at or after the change, in whole seconds", () => {
    let generation = 1;
    let now = Date.parse('2026-03-01T10:00:00.400Z');
    const clock = changeClock(
      () => generation,
      () => now,
    );
    expect(clock.lastModified().header).toBe('Sun, 01 Mar 2026 10:00:00 GMT');
    now += 5_000;
    expect(clock.lastModified().header).toBe('Sun, 01 Mar 2026 10:00:00 GMT'); // nothing changed
    generation++;
    expect(clock.lastModified()).toEqual({ ms: Date.parse('2026-03-01T10:00:05Z'), header: 'Sun, 01 Mar 2026 10:00:05 GMT' });
  });

  it('16 lists and resources without a change time carry an ETag and no Last-Modified', async () => {
    for (const path of ['/departures/?max_per_page=10', '/bookings/', '/_sandbox/clock']) {
      const answer = await client.get(path);
      expect(answer.headers.get('etag'), path).not.toBeNull();
      expect(answer.headers.get('last-modified'), path).toBeNull();
      expect((await getWith(path, { 'if-modified-since': new Date(Date.now() + 86_400_000 * 3650).toUTCString() })).status, path).toBe(200);
    }
  });

  it("16 HEAD carries the GET's ETag and answers 304 the same way", async () => {
    const etag = (await client.get('/tour_dossiers/20001/')).headers.get('etag')!;
    const head = await client.request('HEAD', '/tour_dossiers/20001/');
    expect(head.headers.get('etag')).toBe(etag);
    expect((await client.request('HEAD', '/tour_dossiers/20001/', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('16 only answers to GET carry validators: a 201, a 400 and a 404 have none, and If-None-Match does not turn them into 304', async () => {
    const created = await client.request('POST', '/bookings/', { body: { currency: 'CAD' }, headers: { 'if-none-match': '*' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toBeNull();
    const refused = await getWith('/departures/?max_per_page=5', { 'if-none-match': '*' });
    expect([refused.status, refused.headers.get('etag')]).toEqual([400, null]);
    const missing = await getWith('/departures/1/', { 'if-none-match': '*' });
    expect([missing.status, missing.headers.get('etag')]).toEqual([404, null]);
    expect((await client.get('/_sandbox/keys', KEYS.operator)).headers.get('etag')).not.toBeNull();
  });
});
