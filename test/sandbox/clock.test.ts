import { describe, expect, it } from 'vitest';
import { estMidnightEnding, parseDuration } from '../../src/sandbox/clock.js';
import { Store } from '../../src/sandbox/store.js';
import { clientFor, KEYS, useSandboxClient } from '../helpers/sandbox-client.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { NOW } from '../helpers/clock.js';

const client = useSandboxClient({ size: 20, now: NOW });

describe('durations and EST', () => {
  it.each([
    ['30d', 30 * 86_400_000],
    ['12h', 12 * 3_600_000],
    ['1d12h', 36 * 3_600_000],
    ['2w', 14 * 86_400_000],
    ['90m', 90 * 60_000],
    ['45s', 45_000],
  ])('%s is %d ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', '30', 'd', '-1d', '1.5d', '3 days'])('refuses %j', (text) => expect(parseDuration(text)).toBeNull());

  it('puts midnight EST at 05:00Z of the next day', () => {
    expect(estMidnightEnding('2027-03-14')).toBe('2027-03-15T05:00:00Z');
  });
});

describe('/_sandbox/clock', () => {
  it('shows, advances and sets the virtual clock', async () => {
    const shown = (await client.get('/_sandbox/clock')).json;
    expect(shown.epoch).toBe('2027-01-10T00:00:00Z');
    expect(Math.abs(Date.parse(shown.now) - NOW.getTime())).toBeLessThan(60_000);
    const advanced = (await client.post('/_sandbox/clock', { advance: '30d' }, 'operator')).json;
    expect(Date.parse(advanced.now) - Date.parse(shown.now)).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect(Date.parse(advanced.now) - Date.parse(shown.now)).toBeLessThan(30 * 86_400_000 + 60_000);
    const set = (await client.post('/_sandbox/clock', { set: '2027-06-01T12:00:00Z' }, 'operator')).json;
    expect(Date.parse(set.now) - Date.parse('2027-06-01T12:00:00Z')).toBeLessThan(60_000);
    const created = (await client.post('/bookings', { currency: 'CAD' })).json;
    expect(created.date_created.slice(0, 10)).toBe('2027-06-01');
  });

  it('moves flex availability with the clock', async () => {
    await client.post('/_sandbox/clock', { set: '2027-01-10T10:00:00Z' }, 'operator');
    expect((await client.get('/flex_plans/100009-1')).json.availability.status).toBe('AVAILABLE');
    await client.post('/_sandbox/clock', { advance: '1d' }, 'operator');
    expect((await client.get('/flex_plans/100009-1')).json.availability.status).toBe('NOT_BOOKABLE');
  });

  it('dates every response by the virtual clock, also within the same real second as a move', async () => {
    for (const set of ['2027-03-01T08:00:00Z', '2027-03-02T08:00:00Z', '2027-03-01T08:00:00Z']) {
      await client.post('/_sandbox/clock', { set }, 'operator');
      const dated = Date.parse((await client.get('/departures/100001/')).headers.get('date')!);
      expect(dated - Date.parse(set)).toBeGreaterThanOrEqual(0);
      expect(dated - Date.parse(set)).toBeLessThan(60_000);
    }
  });

  it.each([
    [{}, 'advance', 'REQUIRED'],
    [{ advance: '1d', set: '2027-01-01' }, 'advance', 'REQUIRED'],
    [{ advance: 'soon' }, 'advance', 'INVALID_DURATION'],
    [{ set: 'tomorrow' }, 'set', 'INVALID_DATETIME'],
  ])('refuses %j', async (body, field, code) => {
    const answer = await client.post('/_sandbox/clock', body, 'operator');
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0]).toMatchObject({ field, code });
  });
});

describe('due hooks', () => {
  it('run inside a transaction when the clock passes their point, and before requests', async () => {
    const store = await Store.open({ size: 10, now: NOW });
    const dueAt = NOW.getTime() + 2 * 86_400_000;
    let runs = 0;
    store.addDueHook({
      name: 'close-old-bookings',
      isDue: (state, nowMs) => nowMs >= dueAt && Object.values(state.collections.bookings).some((b) => b.date_closed === null),
      run: (state, nowMs, tx) => {
        runs++;
        for (const b of Object.values(state.collections.bookings)) if (b.date_closed === null) b.date_closed = new Date(nowMs).toISOString().slice(0, 10);
        tx.emit({ type: 'bookings.closed' });
      },
    });
    const events: string[] = [];
    store.onEvent((e) => events.push(e.type));
    await store.runDueHooks();
    expect(runs).toBe(0);
    await store.advanceClock(86_400_000);
    expect(runs).toBe(0);
    await store.advanceClock(86_400_000);
    expect(runs).toBe(1);
    const closedOn = Object.fromEntries(Object.values(store.read().collections.bookings).map((b) => [b.external_id, b.date_closed]));
    expect(closedOn).toMatchObject({ 'seed-closed': '2026-12-11', 'seed-other-agency': '2027-01-12' });
    expect(events).toEqual(['clock.changed', 'clock.changed', 'bookings.closed']);
    await store.runDueHooks();
    expect(runs).toBe(1);
  });

  it('rolls back a mutation that throws', async () => {
    const store = await Store.open({ now: NOW, size: 10 });
    const before = JSON.stringify(store.read());
    await expect(
      store.mutate((state, tx) => {
        tx.insert('bookings', { currency: 'CAD', external_id: null, agency_id: '1', agent_id: '1', no_auto_final_payment: false, date_closed: null, linked_booking_ids: [] });
        state.collections.agencies['1'].name = 'changed';
        throw new Error('validation failed late');
      }),
    ).rejects.toThrow('validation failed late');
    expect(JSON.stringify(store.read())).toBe(before);
  });
});

describe('/_sandbox/reset', () => {
  it('starts over: created records gone, clock back to real time, seed and size as asked', async () => {
    const sandbox = clientFor(await startSandbox({ size: 20, now: new Date('2030-01-01T00:00:00Z') }));
    try {
      const booking = (await sandbox.post('/bookings', { currency: 'CAD' })).json;
      // wall clock: without `now` a reset goes back to real time
      const answer = await sandbox.post('/_sandbox/reset', { seed: 9, size: 15 }, 'operator');
      expect(answer.json).toMatchObject({ seed: 9, size: 15 });
      expect(Math.abs(Date.parse(answer.json.now) - Date.now())).toBeLessThan(60_000);
      expect((await sandbox.get(`/bookings/${booking.id}`)).status).toBe(404);
      expect((await sandbox.get('/departures')).json.count).toBe(15);
      expect((await sandbox.post('/_sandbox/reset', { now: NOW.toISOString(), size: 0 }, 'operator')).json.errors[0]).toMatchObject({ field: 'size', code: 'INVALID_VALUE' });
      expect((await sandbox.post('/_sandbox/reset', { now: 'soon' }, 'operator')).json.errors[0]).toMatchObject({ field: 'now', code: 'INVALID_DATETIME' });
    } finally {
      await sandbox.sandbox.close();
    }
  });

  it('with now, starts the fresh store there: its clock and the seed dates follow, as a store made that day', async () => {
    const sandbox = clientFor(await startSandbox({ size: 12, now: new Date('2031-05-05T00:00:00Z') }));
    const reference = clientFor(await startSandbox({ size: 12, now: NOW }));
    try {
      const answer = await sandbox.post('/_sandbox/reset', { now: NOW.toISOString() }, 'operator');
      expect(Date.parse(answer.json.now) - NOW.getTime()).toBeLessThan(60_000);
      expect((await sandbox.get('/departures?order_by=start_date')).json).toEqual((await reference.get('/departures?order_by=start_date')).json);
    } finally {
      await sandbox.sandbox.close();
      await reference.sandbox.close();
    }
  });
});

describe('/_sandbox/whoami', () => {
  it('names the agent and agency of the key in use', async () => {
    expect((await client.get('/_sandbox/whoami')).json).toEqual({
      agent: { id: '1', href: '/agents/1/', name: 'Avery Tremblay' },
      agency: { id: '1', href: '/agencies/1/', name: 'Maple Leaf Travel' },
    });
    expect((await client.get('/_sandbox/whoami', KEYS.flexDisabled)).json.agency).toEqual({ id: '4', href: '/agencies/4/', name: 'Southern Cross Journeys' });
    expect((await client.get('/_sandbox/whoami', null)).status).toBe(401);
  });
});

describe('transactions', () => {
  it('refuses an asynchronous mutation and keeps the state as it was', async () => {
    const store = await Store.open({ now: NOW, size: 10 });
    const before = JSON.stringify(store.read());
    await expect(
      store.mutate(async (state) => {
        state.collections.agencies['1'].name = 'changed';
      }),
    ).rejects.toThrow(/synchronous/);
    expect(JSON.stringify(store.read())).toBe(before);
  });

  it('remove deletes a record and emits its event; a missing one is reported', async () => {
    const store = await Store.open({ now: NOW, size: 10 });
    const events: string[] = [];
    store.onEvent((e) => events.push(`${e.type} ${e.id}`));
    const removed = await store.mutate((_state, tx) => [tx.remove('bookings', '200002'), tx.remove('bookings', '999')]);
    expect(removed).toEqual([true, false]);
    expect(store.read().collections.bookings['200002']).toBeUndefined();
    expect(events).toEqual(['bookings.deleted 200002']);
  });
});
