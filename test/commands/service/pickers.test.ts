/**
 * Issue 19, "Pickers offer what can be booked": the departure and activity pickers against a
 * sandbox on port 0, driven through a prompter that types into the search list the way a
 * person does; and the pieces they are made of (typed-text parsing, the search source that
 * waits for a pause and drops stale answers, lines that are sanitized and fit the terminal).
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/errors.js';
import { askActivity, offTourReasons, type BookingTour } from '../../../src/commands/service/activity-picker.js';
import { askDeparture, bookingToday, departureChoices, parseDepartureSearch, type PickedDeparture } from '../../../src/commands/service/departure-picker.js';
import { typedSearch } from '../../../src/commands/service/pickers.js';
import type { Choice, Prompter, SearchSource, Separator } from '../../../src/prompt/prompter.js';
import { textTools } from '../../../src/output/text.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { bookingWithCustomers, useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();
const servers = useHostileServers();

type Item = Choice<string> | Separator;
const choicesOf = (items: readonly Item[]) => items.filter((item): item is Choice<string> => 'value' in item);

/**
 * A person at the search list: types each text in turn (undefined: nothing typed yet), and
 * the list each one showed is kept; `pick` chooses from them. Confirmations answer from `confirms`.
 */
function typingPrompter(typed: Array<string | undefined>, pick: (lists: Map<string | undefined, readonly Item[]>) => string, confirms: boolean[] = []) {
  const lists: Array<Map<string | undefined, readonly Item[]>> = [];
  const confirmed: string[] = [];
  const prompter: Prompter = {
    async search<T>(_message: string, source: SearchSource<T>) {
      const shown = new Map<string | undefined, readonly Item[]>();
      for (const text of typed) shown.set(text, (await source(text, new AbortController().signal)) as readonly Item[]);
      lists.push(shown);
      return pick(shown) as T;
    },
    confirm: async (message) => {
      confirmed.push(message);
      if (confirms.length === 0) throw new Error(`no answer for: ${message}`);
      return confirms.shift()!;
    },
    select: () => Promise.reject(new Error('not asked')),
    input: () => Promise.reject(new Error('not asked')),
    password: () => Promise.reject(new Error('not asked')),
  };
  return { prompter, lists, confirmed };
}

/** The sandbox's clock today (UTC date). */
async function sandboxToday(): Promise<string> {
  const clock = await sandbox.api('GET', '/_sandbox/clock');
  return clock.now.slice(0, 10);
}

describe('typed text: a month, a year, and the words a tour is matched by', () => {
  it.each([
    ['2027-06', { from: '2027-06-01', to: '2027-07-01' }, ''],
    ['Peru 2027/6', { from: '2027-06-01', to: '2027-07-01' }, 'Peru'],
    ['June 2027', { from: '2027-06-01', to: '2027-07-01' }, ''],
    ['best of peru dec 2027', { from: '2027-12-01', to: '2028-01-01' }, 'best of peru'],
    ['2028 Sept', { from: '2028-09-01', to: '2028-10-01' }, ''],
    ['2027', { from: '2027-01-01', to: '2028-01-01' }, ''],
  ])('%j is %j and %j', (typed, span, text) => {
    expect(parseDepartureSearch(typed, '2027-03-15')).toEqual({ span, text });
  });

  it('a month alone is its next occurrence; names that begin like a month are words', () => {
    expect(parseDepartureSearch('jan', '2027-03-15')).toEqual({ span: { from: '2028-01-01', to: '2028-02-01' }, text: '' });
    expect(parseDepartureSearch('march', '2027-03-15')).toEqual({ span: { from: '2027-03-01', to: '2027-04-01' }, text: '' });
    expect(parseDepartureSearch('Marrakech', '2027-03-15')).toEqual({ text: 'Marrakech' });
    expect(parseDepartureSearch('100123', '2027-03-15')).toEqual({ text: '100123' });
  });
});

describe('the search source waits for a pause in typing and drops stale answers', () => {
  it('looks up nothing for text overtaken while waiting, and drops an answer that comes back after newer text', async () => {
    vi.useFakeTimers();
    try {
      const looked: Array<string | undefined> = [];
      let release: () => void = () => undefined;
      const source = typedSearch<string>(async (term) => {
        looked.push(term);
        if (term === 'Per') await new Promise<void>((resolve) => (release = resolve));
        return [{ name: String(term), value: String(term) }];
      }, 250);

      const first = new AbortController();
      const typingP = source('P', first.signal);
      first.abort(); // "Pe" typed before the pause was over
      await expect(typingP).rejects.toThrow('overtaken');

      const second = new AbortController();
      const typingPer = source('Per', second.signal);
      await vi.advanceTimersByTimeAsync(250);
      second.abort(); // "Peru" typed while "Per" was being looked up
      release();
      await expect(typingPer).rejects.toThrow('overtaken');

      const third = new AbortController();
      const typingPeru = source('Peru', third.signal);
      await vi.advanceTimersByTimeAsync(250);
      await expect(typingPeru).resolves.toEqual([{ name: 'Peru', value: 'Peru' }]);
      // Nothing typed: at once, without waiting.
      await expect(source(undefined, new AbortController().signal)).resolves.toEqual([{ name: 'undefined', value: 'undefined' }]);
      expect(looked).toEqual(['Per', 'Peru', undefined]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a failed lookup as a terminal-safe message', async () => {
    const source = typedSearch<string>(async () => {
      throw new ApiError({ kind: 'http', status: 400, method: 'GET', url: 'http://x/departures', message: 'bad \x1b]8;;http://evil\x07search\x1b]8;;\x07 \x1b[2J' });
    }, 0);
    const failure = await source('x', new AbortController().signal).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).not.toMatch(/\x1b|\x07/);
    expect((failure as Error).message).toContain('bad search');
  });
});

describe('the departure picker', () => {
  it('with nothing typed offers the 20 soonest bookable departures, not started, with places and the price in the booking currency', async () => {
    const booking = await sandbox.api('POST', '/bookings/', { currency: 'USD' });
    const today = await sandboxToday();
    const { prompter, lists } = typingPrompter([undefined], (shown) => choicesOf(shown.get(undefined)!)[0].value);
    const picked = await askDeparture(await sandbox.factory().f.api(), prompter, { booking: booking.id, columns: 200 });

    const offered = choicesOf(lists[0].get(undefined)!);
    expect(offered).toHaveLength(20);
    expect(picked).toBe(offered[0].value);
    const departures = await Promise.all(offered.map((choice) => sandbox.api('GET', `/departures/${choice.value}/`)));
    const starts = departures.map((d) => d.start_date);
    expect(starts).toEqual([...starts].sort());
    for (const [i, d] of departures.entries()) {
      expect(d.start_date > today).toBe(true);
      expect(['AVAILABLE', 'REQUEST_SPACE', 'WAIT_LIST']).toContain(d.availability.status);
      const places =
        d.availability.status === 'AVAILABLE'
          ? `${d.availability.spaces_remaining} place${d.availability.spaces_remaining === 1 ? '' : 's'}`
          : d.availability.status === 'WAIT_LIST'
            ? 'waitlist'
            : 'on request';
      expect(offered[i].name).toMatch(new RegExp(`^${d.start_date}  ${places} {2,}${d.prices.USD} USD  .+ \\(${d.id}\\)$`));
      expect(offered[i].description).toMatch(new RegExp(`^Departure ${d.id}: ${d.start_date} – ${d.finish_date} · price per traveller before promotions · .+$`));
    }
    // What the plain soonest-first list of the catalogue holds that the picker leaves out: nothing bookable is skipped.
    const catalogue = await sandbox.api('GET', `/departures/?order_by=start_date&start_date__gt=${today}&max_per_page=100`);
    const bookable = catalogue.results.filter((d: PickedDeparture) => ['AVAILABLE', 'REQUEST_SPACE', 'WAIT_LIST'].includes(d.availability!.status!));
    expect(offered.map((c) => c.value)).toEqual(bookable.slice(0, 20).map((d: PickedDeparture) => d.id));
  });

  it('filters as typed: by a tour name, a month ("YYYY-MM" and "Month YYYY"), a departure id and an airport code', async () => {
    const booking = await sandbox.api('POST', '/bookings/', { currency: 'CAD' });
    const today = await sandboxToday();
    const page = await sandbox.api('GET', `/departures/?order_by=start_date&start_date__gt=${today}&availability.status=AVAILABLE&max_per_page=100`);
    const sample = page.results.at(-1);
    const month = sample.start_date.slice(0, 7);
    const monthName = new Date(`${month}-01T00:00:00Z`).toLocaleString('en', { month: 'long', timeZone: 'UTC' });
    const country = sample.name.split(' ').at(-1);
    const typed = [country, month, `${monthName} ${month.slice(0, 4)}`, `${country} ${month}`, sample.id, sample.nearest_start_airport.code];
    const { prompter, lists } = typingPrompter(typed, () => sample.id);
    await askDeparture(await sandbox.factory().f.api(), prompter, { booking: booking.id, columns: 200 });
    const shown = lists[0];
    const offered = async (text: string) => Promise.all(choicesOf(shown.get(text)!).map((choice) => sandbox.api('GET', `/departures/${choice.value}/`)));

    const byName = await offered(country);
    expect(byName.length).toBeGreaterThan(0);
    for (const d of byName) expect(d.name.toLowerCase()).toContain(country.toLowerCase());
    for (const text of [month, `${monthName} ${month.slice(0, 4)}`]) {
      const inMonth = await offered(text);
      expect(inMonth.map((d) => d.id)).toContain(sample.id);
      for (const d of inMonth) expect(d.start_date.slice(0, 7)).toBe(month);
    }
    const both = await offered(`${country} ${month}`);
    expect(both.map((d) => d.id)).toContain(sample.id);
    for (const d of both) expect([d.start_date.slice(0, 7), d.name.includes(country)]).toEqual([month, true]);
    expect((await offered(sample.id)).map((d) => d.id)).toContain(sample.id);
    const byAirport = await offered(sample.nearest_start_airport.code);
    expect(byAirport.map((d) => d.id)).toContain(sample.id);
    for (const d of byAirport) expect([d.nearest_start_airport.code, d.nearest_finish_airport.code]).toContain(sample.nearest_start_airport.code);
    for (const list of shown.values()) for (const choice of choicesOf(list)) expect(choice.name.slice(0, 10) > today).toBe(true);
  });

  it('lines are sanitized server text cut to the terminal width, the price column kept', async () => {
    const hostile: PickedDeparture = {
      id: '1\x1b[2J',
      name: `\x1b]8;;http://evil.example\x07Best of \u202eureP\x1b]8;;\x07 ${'very long name '.repeat(10)}`,
      start_date: '2027-06-14',
      finish_date: '2027-06-26\x07',
      availability: { status: 'AVAILABLE', total: 5, spaces_remaining: 5 },
      prices: { CAD: '2345.50' },
      nearest_start_airport: { code: 'LIM\x1b[31m' },
    };
    const [choice] = await departureChoices([hostile], 'CAD', 60);
    const { width } = await textTools();
    expect(width(choice.name)).toBeLessThanOrEqual(57);
    expect(width(choice.description!)).toBeLessThanOrEqual(59);
    expect(choice.name).toMatch(/^2027-06-14 {2}5 places {2}2345\.50 CAD {2}Best of \\u202eureP ve…$/);
    for (const text of [choice.name, choice.description!]) expect(text).not.toMatch(/[\x00-\x1f\x7f-\x9f\u202e]/);
  });
});

describe('the activity picker', () => {
  /** A booking with a departure service on `departure` (the first bookable AVAILABLE one by default). */
  async function bookingOnTour(): Promise<{ booking: any; customers: any[]; departure: any; tour: BookingTour }> {
    const { booking, customers, departure } = await bookingWithCustomers(sandbox);
    await sandbox.api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: departure.id }, customers: [{ id: customers[0].id }] });
    const itinerary = await sandbox.api('GET', departure.structured_itineraries[0].href);
    const places = [...new Set([itinerary.start_location.name, itinerary.end_location.name, ...itinerary.days.flatMap((d: any) => [d.start_location?.name, d.end_location?.name])].filter(Boolean))];
    return { booking, customers, departure, tour: { booking: booking.id, places: places as string[], start: departure.start_date, finish: departure.finish_date } };
  }

  it("puts the activities of the booking's tour first, under a heading naming its places and dates", async () => {
    const { booking, departure, tour } = await bookingOnTour();
    const { prompter, lists } = typingPrompter([undefined], (shown) => choicesOf(shown.get(undefined)!)[0].value);
    const t = sandbox.factory({ tty: true, columns: 200 });
    const picked = await askActivity(await t.f.api(), prompter, { booking: booking.id, io: t.io });

    const items = lists[0].get(undefined)!;
    expect('separator' in items[0]).toBe(true);
    expect((items[0] as Separator).separator).toBe(`On the tour: ${tour.places.join(', ')} · ${departure.start_date} – ${departure.finish_date}`);
    const heading = items.findIndex((item, i) => i > 0 && 'separator' in item);
    expect((items[heading] as Separator).separator).toBe('Elsewhere or at other dates (asks before adding)');
    const first = await Promise.all(choicesOf(items.slice(0, heading)).map((c) => sandbox.api('GET', `/activities/${c.value}/`)));
    const rest = await Promise.all(choicesOf(items.slice(heading)).map((c) => sandbox.api('GET', `/activities/${c.value}/`)));
    expect(first.length).toBeGreaterThan(0);
    for (const a of first) expect(tour.places).toContain(a.location.city);
    for (const a of rest) expect(tour.places).not.toContain(a.location.city);
    expect(choicesOf(items)[0].name).toMatch(/^ *\d+\.\d{2} CAD {2}.+ — .+, .+$/);
    expect(choicesOf(items.slice(heading))[0].name).toMatch(/\(not on the tour\)$/);
    expect(picked).toBe(first[0].id);
    expect(t.err()).toBe('');
  });

  it('warns before taking an activity off the tour and asks; no goes back to the list, yes takes it', async () => {
    const { booking, tour } = await bookingOnTour();
    const elsewhere = (shown: Map<string | undefined, readonly Item[]>) => {
      const items = shown.get(undefined)!;
      return choicesOf(items.slice(items.findIndex((item, i) => i > 0 && 'separator' in item)))[0].value;
    };
    const { prompter, lists, confirmed } = typingPrompter([undefined], elsewhere, [false, true]);
    const t = sandbox.factory({ tty: true, columns: 200 });
    const picked = await askActivity(await t.f.api(), prompter, { booking: booking.id, io: t.io });

    const activity = await sandbox.api('GET', `/activities/${picked}/`);
    expect(tour.places).not.toContain(activity.location.city);
    expect(lists).toHaveLength(2); // the list was shown again after the "no"
    expect(confirmed).toEqual([`Add activity ${picked} anyway?`, `Add activity ${picked} anyway?`]);
    const warning = `Warning: activity ${picked} (${activity.name}) is not on booking ${booking.id}'s tour: it is in ${activity.location.city}, ${activity.location.country}, which the tour does not visit (it visits ${tour.places.join(', ')}).\n`;
    expect(t.err()).toBe(warning + warning);
  });

  it('an activity offered only outside the tour dates is off the tour, with its dates named', () => {
    const tour: BookingTour = { booking: '200001', places: ['Lima', 'San José'], start: '2027-06-14', finish: '2027-06-26' };
    const activity = { id: '500001', href: '/activities/500001/', name: 'Cooking class', location: { city: 'San Jose', country: 'Costa Rica' } };
    expect(offTourReasons({ ...activity, available_from: '2027-01-01', available_to: '2027-06-14' }, tour)).toEqual([]);
    expect(offTourReasons({ ...activity, available_from: '2027-07-01', available_to: '2028-01-01' }, tour)).toEqual([
      "it is offered 2027-07-01 – 2028-01-01, outside the tour's dates (2027-06-14 – 2027-06-26)",
    ]);
    expect(offTourReasons({ ...activity, location: { city: 'Rome\x1b[2J', country: 'Italy' }, available_to: '2027-06-01' }, tour)).toEqual([
      'it is in Rome, Italy, which the tour does not visit (it visits Lima, San José)',
      "it is offered … – 2027-06-01, outside the tour's dates (2027-06-14 – 2027-06-26)",
    ]);
  });

  it("a hostile server's dates never reach the warning raw, and a date that is not text counts as none", () => {
    const tour: BookingTour = { booking: '200001', places: [], start: '2027-06-14\x1b]0;owned\x07', finish: '2027-06-26\u202e' };
    const activity = { id: '500001', href: '/activities/500001/', name: 'Cooking class', location: { city: 'Lima', country: 'Peru' } };
    expect(offTourReasons({ ...activity, available_to: '2027-06-01' }, tour)).toEqual(["it is offered … – 2027-06-01, outside the tour's dates (2027-06-14 – 2027-06-26\\u202e)"]);
    expect(offTourReasons({ ...activity, available_from: 20270701 as unknown as string, available_to: {} as unknown as string }, tour)).toEqual([]);
  });

  it('refuses to ask on a booking with no tour, naming the command that adds one (exit 2)', async () => {
    const { booking } = await bookingWithCustomers(sandbox);
    const { prompter } = typingPrompter([undefined], () => 'never');
    const t = sandbox.factory({ tty: true });
    const failure = await askActivity(await t.f.api(), prompter, { booking: booking.id, io: t.io }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'UsageError', field: '--booking', hint: `book a departure first: trek service add-departure --booking ${booking.id}` });
  });
});

describe('a departure that has started is never offered (the clock moved past its start)', () => {
  it('leaves out the departure once the sandbox clock reaches its start date, which the API then refuses with DEPARTURE_STARTED', async () => {
    const booking = await sandbox.api('POST', '/bookings/', { currency: 'CAD' });
    const customer = await sandbox.api('POST', '/customers/', { name: { legal_first_name: 'Grace', legal_last_name: 'Hopper', title: 'Ms' } });
    const pickFirst = (shown: Map<string | undefined, readonly Item[]>) => choicesOf(shown.get(undefined)!)[0].value;
    const before = typingPrompter([undefined], pickFirst);
    const soonest = await askDeparture(await sandbox.factory().f.api(), before.prompter, { booking: booking.id, columns: 200 });
    const departure = await sandbox.api('GET', `/departures/${soonest}/`);

    await sandbox.api('POST', '/_sandbox/clock', { set: `${departure.start_date}T12:00:00Z` }, 'operator');

    const after = typingPrompter([undefined, departure.name, departure.start_date.slice(0, 7), departure.id], pickFirst);
    await askDeparture(await sandbox.factory().f.api(), after.prompter, { booking: booking.id, columns: 200 });
    for (const list of after.lists[0].values()) {
      expect(choicesOf(list).map((c) => c.value)).not.toContain(departure.id);
      for (const choice of choicesOf(list)) expect(choice.name.slice(0, 10) > departure.start_date).toBe(true);
    }
    const refused = await sandbox
      .api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: departure.id }, customers: [{ id: customer.id }] })
      .catch((error: Error) => error.message);
    expect(refused).toContain('DEPARTURE_STARTED');
  });
});

describe("today is the API's: the sandbox clock on a sandbox, this machine's date elsewhere", () => {
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const notFound = { http_status_code: 404, message: 'Not found', error_id: 'x1' };

  it('reads the sandbox clock where there is one, and falls back to the real date on a server without /_sandbox/ (404) or with a clock that is no time', async () => {
    const now = () => new Date('2031-02-03T23:59:00Z');
    const sandboxClock = await servers.start((_req, res) => json(res, 200, { now: '2027-06-14T04:00:00Z' }));
    const realApi = await servers.start((_req, res) => json(res, 404, notFound));
    const garbled = await servers.start((_req, res) => json(res, 200, { now: 'soon' }));
    const today = async (url: string) => bookingToday(await testFactory({ baseUrl: url, apiKey: 'k' }).f.api(), now);
    expect(await today(sandboxClock.url)).toBe('2027-06-14');
    expect(await today(realApi.url)).toBe('2031-02-03');
    expect(await today(garbled.url)).toBe('2031-02-03');
    expect(realApi.requests.map((r) => r.url)).toEqual(['/_sandbox/clock']);
  });

  it('never offers a started, NOT_BOOKABLE or unknown-status departure, even from a server that ignores the search, soonest first; id lookups it refuses (400) find nothing', async () => {
    const catalogue: PickedDeparture[] = [
      { id: '9', name: 'Later', start_date: '2027-08-01', availability: { status: 'WAIT_LIST' }, prices: { EUR: '10.00' } },
      { id: '1', name: 'Started today', start_date: '2027-06-14', availability: { status: 'AVAILABLE', total: 3, spaces_remaining: 3 }, prices: { EUR: '10.00' } },
      { id: '2', name: 'Started before', start_date: '2027-05-01', availability: { status: 'AVAILABLE', total: 3, spaces_remaining: 3 }, prices: { EUR: '10.00' } },
      { id: '3', name: 'Not bookable', start_date: '2027-07-01', availability: { status: 'NOT_BOOKABLE' }, prices: { EUR: '10.00' } },
      { id: '4', name: 'Mystery', start_date: '2027-07-01', availability: { status: 'SOLD_TO_ALIENS' }, prices: { EUR: '10.00' } },
      { id: '5', name: 'Tomorrow', start_date: '2027-06-15', availability: { status: 'AVAILABLE', total: 1, spaces_remaining: 1 }, lowest_pp2a_prices: [{ currency: 'EUR', amount: '99.5' }] },
    ];
    const server = await servers.start((req, res) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/_sandbox/clock') return json(res, 200, { now: '2027-06-14T10:00:00Z' });
      if (url.pathname.startsWith('/bookings/')) return json(res, 200, { id: '200001', href: '/bookings/200001/', currency: 'EUR' });
      if (url.searchParams.has('id') || url.searchParams.has('tour_dossier.id')) return json(res, 400, { http_status_code: 400, message: 'unknown attribute', error_id: 'x2', errors: [] });
      return json(res, 200, { count: catalogue.length, max_per_page: 20, current_page: 1, results: catalogue, links: [] });
    });
    const { prompter, lists } = typingPrompter([undefined, '5'], (shown) => choicesOf(shown.get(undefined)!)[0].value);
    const picked = await askDeparture(await testFactory({ baseUrl: server.url, apiKey: 'k' }).f.api(), prompter, { booking: '200001', columns: 100 });
    expect(picked).toBe('5');
    for (const typed of [undefined, '5']) {
      expect(choicesOf(lists[0].get(typed)!).map((c) => c.name)).toEqual(['2027-06-15  1 place   99.50 EUR  Tomorrow (5)', '2027-08-01  waitlist  10.00 EUR  Later (9)']);
    }
    const asked = server.requests.filter((r) => r.url.startsWith('/departures')).map((r) => new URL(r.url, 'http://x').searchParams);
    for (const query of asked) {
      expect(query.getAll('availability.status__in')).toEqual(['AVAILABLE', 'REQUEST_SPACE', 'WAIT_LIST']);
      expect(query.get('start_date__gt')).toBe('2027-06-14');
      expect(query.get('order_by')).toBe('start_date');
    }
  });
});
