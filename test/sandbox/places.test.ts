/**
 * Places on departures (issue 16 "Booking takes places", "Availability changes must show
 * everywhere"): travellers take places, a sold-out departure waitlists, cancellations and
 * expiries give places back, and every read of a departure — detail, list, search, a dossier's
 * departures — shows the same availability and `date_last_modified`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { GROUP_DEPARTURES, SHOWCASE, SHOWCASE_PLACES } from '../../src/sandbox/catalogue/departures.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { clientFor, collectPages, KEYS, type Client } from '../helpers/sandbox-client.js';
import { book, get, moveClock, newBooking, newCustomers, pay, refs, setStatus } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

async function ownSandbox(): Promise<Client> {
  const client = clientFor(await startSandbox({ size: 60, now: NOW }));
  onTestFinished(() => client.sandbox.close());
  return client;
}

/** A bookable departure of the generated catalogue (not a showcase) with few places, its balance due after these tests' clock moves. */
async function smallDeparture(client: Client): Promise<any> {
  const all = await collectPages(client, '/departures/?availability.status=AVAILABLE&max_per_page=100');
  const found = all.find((d) => Number(d.id) > 100000 + SHOWCASE.length && d.availability.spaces_remaining >= 3 && d.availability.spaces_remaining <= 8 && d.start_date > '2027-04-01');
  expect(found, 'a generated departure with 3 to 8 places').toBeDefined();
  return found;
}

/** A new booking with `travellers` new customers, and the answer to adding them to `departure`. */
async function bookOn(client: Client, departure: string, travellers: number) {
  const booking = await newBooking(client);
  const customers = await newCustomers(client, travellers);
  return { booking, customers, answer: await client.post('/departure_services/', { booking: { id: booking.id }, product: { id: departure }, customers: refs(customers) }) };
}

/** The departure as the detail, the whole list, a search on its availability and its dossier's departures show it. */
async function everywhere(client: Client, id: string) {
  const detail = await get(client, `/departures/${id}/`);
  const inList = (await collectPages(client, '/departures/?max_per_page=100')).find((d) => d.id === id);
  const searched = (await collectPages(client, `/departures/?availability.status=${detail.availability.status}&max_per_page=100`)).find((d) => d.id === id);
  const otherStatus = detail.availability.status === 'AVAILABLE' ? 'WAIT_LIST' : 'AVAILABLE';
  const searchedOther = (await collectPages(client, `/departures/?availability.status=${otherStatus}&max_per_page=100`)).find((d) => d.id === id);
  const ofDossier = (await collectPages(client, `/tour_dossiers/${detail.tour_dossier.id}/departures/?max_per_page=100`)).find((d) => d.id === id);
  return { detail, inList, searched, searchedOther, ofDossier };
}

async function expectAgreement(client: Client, id: string) {
  const seen = await everywhere(client, id);
  expect(seen.inList).toEqual(seen.detail);
  expect(seen.searched).toEqual(seen.detail);
  expect(seen.ofDossier).toEqual(seen.detail);
  expect(seen.searchedOther).toBeUndefined();
  return seen.detail;
}

describe('16 booking takes places', () => {
  it('16 the seed keeps the places a departure has: showcase departures 500, the others 1 to 16 while AVAILABLE, none otherwise', async () => {
    const client = await ownSandbox();
    const all = await collectPages(client, '/departures/?max_per_page=100');
    const kinds = new Set<string>();
    for (const d of all) {
      const showcase = Number(d.id) <= 100000 + SHOWCASE.length;
      const group = GROUP_DEPARTURES.get(Number(d.id) - 100001);
      const kind = d.availability.status !== 'AVAILABLE' ? 'not available' : group ? 'group' : showcase ? 'showcase' : 'other';
      kinds.add(kind);
      if (kind === 'not available') expect(d.availability.spaces_remaining, d.id).toBe(0);
      else if (kind === 'group') expect(d.availability.spaces_remaining, d.id).toBe(group!.places);
      else if (kind === 'showcase') expect(d.availability.spaces_remaining, d.id).toBe(SHOWCASE_PLACES);
      else expect([d.id, d.availability.spaces_remaining >= 1 && d.availability.spaces_remaining <= 16]).toEqual([d.id, true]);
    }
    // Every rule above was tried: the seed has departures of each kind.
    expect([...kinds].sort()).toEqual(['group', 'not available', 'other', 'showcase']);
    // The seeded bookings' places are already out of the catalogue's figures: nothing differs from it.
    expect(all.every((d) => d.date_last_modified === d.date_created)).toBe(true);
  });

  it('16 each traveller on a live departure service takes a place; when none is left the departure is WAIT_LIST and new services are Waitlisted', async () => {
    const client = await ownSandbox();
    const departure = await smallDeparture(client);
    const places = departure.availability.spaces_remaining;
    const first = await bookOn(client, departure.id, places - 1);
    expect(first.answer.json.status).toBe('Option');
    expect((await get(client, departure.href)).availability).toEqual({ status: 'AVAILABLE', total: 1, spaces_remaining: 1 });

    const tooMany = await bookOn(client, departure.id, 2);
    expect(tooMany.answer.status).toBe(400);
    expect(tooMany.answer.json.errors).toEqual([expect.objectContaining({ field: 'customers', code: 'NOT_ENOUGH_SPACES', value: 2 })]);
    expect(tooMany.answer.json.errors[0].detail).toContain('1 place left');

    const last = await bookOn(client, departure.id, 1);
    expect(last.answer.json.status).toBe('Option');
    expect((await get(client, departure.href)).availability).toEqual({ status: 'WAIT_LIST', total: 0, spaces_remaining: 0 });
    const waiting = await bookOn(client, departure.id, 1);
    expect(waiting.answer.json.status).toBe('Waitlisted');
    // A waitlisted service holds no place.
    expect((await get(client, departure.href)).availability).toEqual({ status: 'WAIT_LIST', total: 0, spaces_remaining: 0 });
  });

  it('16 a cancellation or an expiry gives the places back, to the waitlist first', async () => {
    const client = await ownSandbox();
    const departure = await smallDeparture(client);
    const places = departure.availability.spaces_remaining;
    const holder = await bookOn(client, departure.id, places - 1);
    const single = await bookOn(client, departure.id, 1);
    const bigParty = await bookOn(client, departure.id, 2);
    const waitingOne = await bookOn(client, departure.id, 1);
    expect([bigParty, waitingOne].map((b) => b.answer.json.status)).toEqual(['Waitlisted', 'Waitlisted']);

    // A confirmed service cancelled: its one place goes to the oldest waitlisted service that fits.
    await pay(client, single.booking.id, single.answer.json.deposit_amount);
    expect((await setStatus(client, single.answer.json, 'Cancelled')).json.status).toBe('Cancelled');
    expect((await get(client, bigParty.answer.json.href)).status).toBe('Waitlisted');
    expect((await get(client, waitingOne.answer.json.href)).status).toBe('Option');
    expect((await get(client, departure.href)).availability).toEqual({ status: 'WAIT_LIST', total: 0, spaces_remaining: 0 });

    // An option expiring gives its places back too: the party of two now fits, the rest is for sale.
    expect((await setStatus(client, holder.answer.json, 'Expired')).json.status).toBe('Expired');
    expect((await get(client, bigParty.answer.json.href)).status).toBe('Option');
    expect((await get(client, departure.href)).availability).toEqual({ status: 'AVAILABLE', total: places - 3, spaces_remaining: places - 3 });

    // The clock expiring the options gives back every place.
    await moveClock(client, { advance: '5d' });
    expect((await get(client, waitingOne.answer.json.href)).status).toBe('Expired');
    expect((await get(client, departure.href)).availability).toEqual({ status: 'AVAILABLE', total: places, spaces_remaining: places });
  });

  it('16 the operator sets availability and places: AVAILABLE needs a place left, REQUEST_SPACE keeps the places for later', async () => {
    const client = await ownSandbox();
    const full = await client.post('/_sandbox/departures/100006/availability', { status: 'AVAILABLE' }, 'operator');
    expect(full.status).toBe(400);
    expect(full.json.errors).toEqual([expect.objectContaining({ field: 'spaces_remaining', code: 'NO_SPACES_LEFT' })]);
    expect((await get(client, '/departures/100006')).availability).toEqual({ status: 'WAIT_LIST', total: 0, spaces_remaining: 0 });
    expect((await client.post('/_sandbox/departures/100006/availability', {}, 'operator')).json.errors[0]).toMatchObject({ field: 'status', code: 'REQUIRED' });
    expect((await client.post('/_sandbox/departures/100006/availability', { spaces_remaining: -1 }, 'operator')).json.errors[0]).toMatchObject({ field: 'spaces_remaining', code: 'INVALID_VALUE' });

    const opened = await client.post('/_sandbox/departures/100006/availability', { spaces_remaining: 4 }, 'operator');
    expect(opened.json.availability).toEqual({ status: 'AVAILABLE', total: 4, spaces_remaining: 4 });
    const held = await client.post('/_sandbox/departures/100006/availability', { status: 'REQUEST_SPACE' }, 'operator');
    expect(held.json.availability).toEqual({ status: 'REQUEST_SPACE', total: 0, spaces_remaining: 0 });
    expect((await bookOn(client, '100006', 1)).answer.json.status).toBe('On Request');
    // Back to selling by places: the request holds one of the four.
    const back = await client.post('/_sandbox/departures/100006/availability', { status: 'AVAILABLE' }, 'operator');
    expect(back.json.availability).toEqual({ status: 'AVAILABLE', total: 3, spaces_remaining: 3 });
  });
});

describe('16 availability changes must show everywhere', () => {
  it('16 after a booking, a cancellation or an operator change, detail, list, search and a dossier’s departures agree and date_last_modified moved', async () => {
    const client = await ownSandbox();
    // The clock is set to each hour and runs on in real time: a busy machine may take seconds to write.
    const [AT_16, AT_17, AT_18, AT_19] = [16, 17, 18, 19].map((hour) => new RegExp(`^2027-01-10T${hour}:00:\\d\\dZ$`));
    const departure = await smallDeparture(client);
    const seeded = await expectAgreement(client, departure.id);
    expect(seeded.date_last_modified).toBe(departure.date_created);

    await moveClock(client, { set: '2027-01-10T16:00:00Z' });
    const taken = await bookOn(client, departure.id, departure.availability.spaces_remaining);
    const full = await expectAgreement(client, departure.id);
    expect(full.availability).toEqual({ status: 'WAIT_LIST', total: 0, spaces_remaining: 0 });
    expect(full.date_last_modified).toMatch(AT_16);

    await moveClock(client, { set: '2027-01-10T17:00:00Z' });
    expect((await setStatus(client, taken.answer.json, 'Expired')).status).toBe(200);
    const freed = await expectAgreement(client, departure.id);
    expect(freed.availability).toEqual(departure.availability);
    expect(freed.date_last_modified).toMatch(AT_17);

    await moveClock(client, { set: '2027-01-10T18:00:00Z' });
    await bookOn(client, departure.id, 1);
    const one = await expectAgreement(client, departure.id);
    expect(one.availability.spaces_remaining).toBe(departure.availability.spaces_remaining - 1);
    expect(one.date_last_modified).toMatch(AT_18);

    await moveClock(client, { set: '2027-01-10T19:00:00Z' });
    await client.post(`/_sandbox/departures/${departure.id}/availability`, { status: 'NOT_BOOKABLE' }, 'operator');
    const closed = (await everywhere(client, departure.id)).detail;
    expect(closed.availability).toEqual({ status: 'NOT_BOOKABLE', total: 0, spaces_remaining: 0 });
    expect(closed.date_last_modified).toMatch(AT_19);
    const listed = (await collectPages(client, '/departures/?availability.status=NOT_BOOKABLE&max_per_page=100')).find((d) => d.id === departure.id);
    expect(listed).toEqual(closed);
    expect((await collectPages(client, '/departures/?date_last_modified__gte=2027-01-10T19:00:00Z&max_per_page=100')).map((d) => d.id)).toEqual([departure.id]);
  });

  it('16 two sandboxes sharing a catalogue never see each other’s availability', async () => {
    const one = await ownSandbox();
    const two = await ownSandbox();
    const page = '/departures/?availability.status=NOT_BOOKABLE&max_per_page=100';
    const before = (await one.get(page)).text;
    expect((await two.get(page)).text).toBe(before);
    await one.post('/_sandbox/departures/100001/availability', { status: 'NOT_BOOKABLE' }, 'operator');
    expect((await one.get(page)).json.results.map((d: any) => d.id)).toContain('100001');
    expect((await two.get(page)).text).toBe(before);
  });

  it('16 places and the operator’s availability are kept in a data file; a file from before places keeps its operator statuses', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trek-places-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'state.json');
    const first = clientFor(await startSandbox({ dataFile: file, size: 60, now: NOW }));
    await bookOn(first, '100001', 3);
    await first.post('/_sandbox/departures/100003/availability', { status: 'REQUEST_SPACE' }, 'operator');
    const expected = { d1: await get(first, '/departures/100001'), d3: await get(first, '/departures/100003') };
    await first.sandbox.close();
    const again = clientFor(await startSandbox({ now: NOW, dataFile: file }));
    expect({ d1: await get(again, '/departures/100001'), d3: await get(again, '/departures/100003') }).toEqual(expected);
    expect(expected.d1.availability.spaces_remaining).toBe(SHOWCASE_PLACES - 3);
    await again.sandbox.close();

    // A snapshot written before places: the operator's statuses alone, as departure_availability.
    const legacyFile = join(dir, 'legacy.json');
    await (await startSandbox({ dataFile: legacyFile, size: 60, now: NOW })).close();
    const snapshot = JSON.parse(readFileSync(legacyFile, 'utf8'));
    writeFileSync(legacyFile, JSON.stringify({ ...snapshot, departure_availability: { '100003': 'NOT_BOOKABLE' } }));
    const legacy = clientFor(await startSandbox({ now: NOW, dataFile: legacyFile }));
    onTestFinished(() => legacy.sandbox.close());
    expect((await get(legacy, '/departures/100003')).availability).toEqual({ status: 'NOT_BOOKABLE', total: 0, spaces_remaining: 0 });
    expect((await collectPages(legacy, '/departures/?availability.status=NOT_BOOKABLE&max_per_page=100')).map((d) => d.id)).toContain('100003');
    expect(JSON.parse(readFileSync(legacyFile, 'utf8')).departure_availability).toBeUndefined();
  });
});

describe('16 places across agencies', () => {
  it('16 places are the departure’s, whoever books: another agency’s booking takes them too', async () => {
    const client = await ownSandbox();
    const departure = await smallDeparture(client);
    await book(client, { departure: departure.id, travellers: 1, key: KEYS.harbourLights, currency: 'GBP' });
    expect((await get(client, departure.href)).availability.spaces_remaining).toBe(departure.availability.spaces_remaining - 1);
  });
});
