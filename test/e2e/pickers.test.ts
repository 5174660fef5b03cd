/**
 * Issue 19, "Pickers offer what can be booked", in a real terminal (tmux): `node bin/trek`
 * against a sandbox on port 0. The departure picker filters as the user types and never shows
 * a departure that has started; the activity picker puts the tour's activities first and warns
 * (and asks) before one off the tour; the flex plan picker prices each plan per traveller and
 * for the whole service.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { PROGRAMS, requirePrograms } from '../helpers/programs.js';
import { openTerminal, type Terminal } from '../helpers/terminal.js';
import { cleanEnv, TREK_BIN, useTrekAgainstSandbox } from './trek-process.js';

// Set-up and checks go through the API: the terminal is what these tests are about.
const { env, api: call, trek } = useTrekAgainstSandbox();

/** `trek ARGS` in a terminal, then the exit status on a line of its own. */
function inTerminal(args: string, columns = 120): Promise<Terminal> {
  return openTerminal(`'${process.execPath}' '${TREK_BIN}' ${args}; echo "[exit $?]"; sleep 60`, { columns, rows: 40, env: cleanEnv(env()) });
}

/** The departure lines the picker shows: "2027-06-14  5 places  2345.00 CAD  Best of Peru (100123)". */
const DEPARTURE_LINE = /^[❯ ] (\d{4}-\d{2}-\d{2}) {2}(\d+ places?|on request|waitlist) +(\d+\.\d{2}) CAD {2}(.+) \((\d+)\)$/;
function departureLines(screen: string): Array<{ start: string; places: string; price: string; name: string; id: string }> {
  return screen.split('\n').flatMap((line) => {
    const m = DEPARTURE_LINE.exec(line.trimEnd());
    return m ? [{ start: m[1], places: m[2], price: m[3], name: m[4], id: m[5] }] : [];
  });
}

/** The line the question being asked and the typed text are on (the last one asking it). */
const questionLine = (screen: string, question: string) => screen.split('\n').findLast((line) => line.startsWith(`? ${question}`)) ?? '';

async function sandboxToday(): Promise<string> {
  const clock = await api('/_sandbox/clock');
  return String(clock.now).slice(0, 10);
}

const api = (path: string) => call('GET', path);

const bookingInCad = () => call('POST', '/bookings/', { currency: 'CAD' });
const customer = (first: string, last: string, title: string) => call('POST', '/customers/', { name: { legal_first_name: first, legal_last_name: last, title } });
const departureService = (booking: any, departureId: string, customers: any[]) =>
  call('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: departureId }, customers: customers.map((c) => ({ id: c.id })) });
/** The booking's services, and the full record of each. */
const services = (booking: any): Promise<any[]> => api(`/bookings/${booking.id}/services/`).then((page) => page.results);
const service = (summary: any) => api(summary.href);

describe('issue 19: pickers offer what can be booked, in a terminal', () => {
  beforeEach((ctx) => requirePrograms(ctx, PROGRAMS.tmux));

  it('19 the departure picker filters as typed (tour name, then month), shows places and the CAD price, and books the one chosen', async () => {
    const booking = await bookingInCad();
    const ada = await customer('Ada', 'Lovelace', 'Ms');
    const today = await sandboxToday();
    const terminal = await inTerminal(`service add-departure --booking ${booking.id} --customer ${ada.id}`);
    try {
      const first = await terminal.waitFor((screen) => screen.includes('Departure to book') && departureLines(screen).length >= 10);
      expect(questionLine(first, 'Departure to book')).toContain('Departure to book (type a tour, id, airport or month)');
      // Below the list, the highlighted departure's dates, line, airports and what the price is.
      expect(first).toMatch(new RegExp(`^Departure ${departureLines(first)[0].id}: \\d{4}-\\d{2}-\\d{2} – \\d{4}-\\d{2}-\\d{2} · price per traveller before promotions · `, 'm'));
      const soonest = departureLines(first);
      expect(soonest.map((d) => d.start)).toEqual(soonest.map((d) => d.start).sort());
      for (const d of soonest) expect(d.start > today).toBe(true);
      // Each line as the catalogue has it: places left and the price in the booking's currency.
      for (const d of soonest.slice(0, 3)) {
        const departure = await api(`/departures/${d.id}/`);
        expect(d.price).toBe(departure.prices.CAD);
        expect(d.places).toBe(
          departure.availability.status === 'AVAILABLE'
            ? `${departure.availability.spaces_remaining} place${departure.availability.spaces_remaining === 1 ? '' : 's'}`
            : departure.availability.status === 'WAIT_LIST'
              ? 'waitlist'
              : 'on request',
        );
      }

      const country = soonest[0].name.split(' ').at(-1)!;
      await terminal.sendKeys(country);
      const byName = await terminal.waitFor(
        (screen) => questionLine(screen, 'Departure to book').endsWith(country) && departureLines(screen).length > 0 && departureLines(screen).every((d) => d.name.includes(country)),
      );
      expect(departureLines(byName).map((d) => d.id)).toContain(soonest[0].id);

      const later = (await api(`/departures/?name=${encodeURIComponent(country)}&start_date__gt=${soonest[0].start}&availability.status=AVAILABLE&order_by=start_date&max_per_page=10`)).results.at(-1);
      const month = later.start_date.slice(0, 7);
      await terminal.sendKeys(' ', month);
      const inMonth = await terminal.waitFor((screen) => questionLine(screen, 'Departure to book').endsWith(`${country} ${month}`) && departureLines(screen).some((d) => d.id === later.id));
      for (const d of departureLines(inMonth)) expect([d.start.slice(0, 7), d.name.includes(country)]).toEqual([month, true]);

      // The highlighted one is the soonest of that month; Enter books it.
      const chosen = departureLines(inMonth)[0];
      await terminal.sendKeys('Enter');
      // Then its rooms, each with its price (and places, when it is sold by places); Enter takes the standard one.
      const rooms = await terminal.waitFor((screen) => screen.includes('Room for the traveller') && screen.includes('SINGLE My Own Room'));
      expect(rooms).toMatch(/STANDARD Standard \(shared\) · \d+\.\d{2} CAD per traveller/);
      await terminal.sendKeys('Enter');
      const done = await terminal.waitFor((screen) => screen.includes('[exit'));
      expect(done).toContain('[exit 0]');
      expect(done).toContain(`✓ Added departure service`);
      const [added] = await services(booking);
      expect((await service(added)).product.id).toBe(chosen.id);
    } finally {
      await terminal.close();
    }
  });

  it("19 the activity picker lists the tour's activities first, and warns and asks before one off the tour (no: back to the list; yes: added)", async () => {
    const booking = await bookingInCad();
    const alan = await customer('Alan', 'Turing', 'Mr');
    const departure = await api('/departures/100001/');
    await departureService(booking, departure.id, [alan]);
    const itinerary = await api(departure.structured_itineraries[0].href);
    const places = new Set<string>([itinerary.start_location.name, itinerary.end_location.name, ...itinerary.days.flatMap((d: any) => [d.start_location?.name, d.end_location?.name])]);
    const activities = (await api('/activities/?max_per_page=100')).results;
    const onTour = activities.filter((a: any) => places.has(a.location.city));
    const elsewhere = activities.find((a: any) => !places.has(a.location.city));
    expect(onTour.length).toBeGreaterThan(0);

    const terminal = await inTerminal(`service add-activity --booking ${booking.id} --customer ${alan.id}`, 100);
    try {
      const first = await terminal.waitFor((screen) => screen.includes('Activity to book') && screen.includes('Elsewhere or at other dates'));
      const lines = first.split('\n');
      const asked = lines.findIndex((line) => line.includes('Activity to book'));
      expect(lines[asked + 1]).toMatch(new RegExp(`^ On the tour: .+ · ${departure.start_date} – ${departure.finish_date}$`));
      const heading = lines.findIndex((line) => line.includes('Elsewhere or at other dates'));
      const tourLines = lines.slice(asked + 2, heading);
      expect(tourLines.length).toBe(Math.min(onTour.length, 20));
      for (const a of onTour) expect(tourLines.some((line) => line.includes(`${a.name} — ${a.location.city}, ${a.location.country}`) && line.includes(`${a.prices.CAD} CAD`))).toBe(true);

      const pickElsewhere = async () => {
        await terminal.sendKeys(elsewhere.name);
        await terminal.waitFor(
          (screen) => questionLine(screen, 'Activity to book').endsWith(elsewhere.name) && screen.includes(`${elsewhere.name} — ${elsewhere.location.city}`) && screen.includes('(not on the tour)'),
        );
        await terminal.sendKeys('Enter');
        return terminal.waitFor((screen) => screen.includes(`Add activity ${elsewhere.id} anyway?`));
      };
      const warned = await pickElsewhere();
      // Wrapped to the terminal, continued on lines indented by two.
      for (const line of warned.split('\n')) expect(line.length).toBeLessThan(100);
      expect(warned.replace(/\n {2}(?=\S)/g, ' ')).toContain(
        `Warning: activity ${elsewhere.id} (${elsewhere.name}) is not on booking ${booking.id}'s tour: it is in ${elsewhere.location.city}, ${elsewhere.location.country}, which the tour does not visit`,
      );
      await terminal.sendKeys('n', 'Enter');
      // Back at the list, nothing added.
      await terminal.waitFor((screen) => screen.split('\n').filter((line) => line.includes('Activity to book')).length >= 2 && screen.includes('On the tour:'));
      expect((await services(booking)).map((s: any) => s.type)).toEqual(['departure_services']);

      await pickElsewhere();
      await terminal.sendKeys('y', 'Enter');
      const done = await terminal.waitFor((screen) => screen.includes('[exit'));
      expect(done).toContain('[exit 0]');
      const added = await services(booking);
      expect(added.map((s: any) => s.type)).toEqual(['departure_services', 'activity_services']);
      expect((await service(added[1])).product.id).toBe(elsewhere.id);
    } finally {
      await terminal.close();
    }
  });

  it('19 the flex plan picker shows each plan per traveller and the total for the service, which is what the service then costs', async () => {
    const booking = await bookingInCad();
    const customers = [await customer('Grace', 'Hopper', 'Ms'), await customer('Edsger', 'Dijkstra', 'Mr')];
    const departure = await api('/departures/100001/');
    const tour = await departureService(booking, departure.id, customers);
    await call('POST', '/_sandbox/payments', { booking: { id: booking.id }, amount: tour.purchase_price });
    expect((await api(`/departure_services/${tour.id}/`)).status).toBe('Confirmed');
    const plans = await Promise.all(departure.flex_plans.map((ref: { id: string }) => api(`/flex_plans/${ref.id}/`)));

    const terminal = await inTerminal(`flex attach --booking ${booking.id} --departure-service ${tour.id}`);
    try {
      const screen = await terminal.waitFor((text) => text.includes(`Flex plan for departure service ${tour.id}, covering its 2 travellers`) && text.includes(plans.at(-1).id));
      for (const plan of plans) {
        const each = plan.prices.CAD;
        const total = ((Math.round(Number(each) * 100) * 2) / 100).toFixed(2);
        expect(screen).toMatch(new RegExp(`^[❯ ] ${plan.id}  ${plan.name} — AVAILABLE — ${each} CAD per traveller × 2 = ${total} CAD for the service$`, 'm'));
      }
      await terminal.sendKeys('Enter');
      const done = await terminal.waitFor((text) => text.includes('[exit'));
      expect(done).toContain('[exit 0]');
      const flex = await service((await services(booking)).find((s: any) => s.type === 'flex_plan_services'));
      expect(flex.product.id).toBe(plans[0].id);
      expect(flex.purchase_price).toBe(((Math.round(Number(plans[0].prices.CAD) * 100) * 2) / 100).toFixed(2));
    } finally {
      await terminal.close();
    }
  });

  // Last: it moves the sandbox's clock.
  it('19 the departure picker never shows a departure that has started: the clock moved to its start date, it is gone, whatever is typed', async () => {
    const booking = await bookingInCad();
    const ada = await customer('Ada', 'Byron', 'Ms');
    const probe = await inTerminal(`service add-departure --booking ${booking.id} --customer ${ada.id}`);
    let soonest: ReturnType<typeof departureLines>[number];
    try {
      soonest = departureLines(await probe.waitFor((screen) => departureLines(screen).length > 0))[0]!;
    } finally {
      await probe.close();
    }
    await call('POST', '/_sandbox/clock', { set: `${soonest.start}T12:00:00Z` }, 'operator');
    const refused = await trek('service', 'add-departure', '--booking', booking.id, '--departure', soonest.id, '--customer', ada.id);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain('DEPARTURE_STARTED');

    const terminal = await inTerminal(`service add-departure --booking ${booking.id} --customer ${ada.id}`);
    try {
      const first = await terminal.waitFor((screen) => departureLines(screen).length > 0);
      expect(departureLines(first).map((d) => d.id)).not.toContain(soonest.id);
      for (const d of departureLines(first)) expect(d.start > soonest.start).toBe(true);
      await terminal.sendKeys(soonest.id);
      const byId = await terminal.waitFor((screen) => questionLine(screen, 'Departure to book').endsWith(soonest.id) && screen.includes('No results found'));
      expect(departureLines(byId)).toEqual([]);
      await terminal.sendKeys('C-u', soonest.name.split(' (')[0].split(' ').at(-1)!);
      const byName = await terminal.waitFor((screen) => !screen.includes('No results found') && departureLines(screen).length > 0);
      expect(departureLines(byName).map((d) => d.id)).not.toContain(soonest.id);
      await terminal.sendKeys('C-c');
      const cancelled = await terminal.waitFor((screen) => screen.includes('[exit'));
      expect(cancelled).toContain('[exit 130]');
    } finally {
      await terminal.close();
    }
  });
});
