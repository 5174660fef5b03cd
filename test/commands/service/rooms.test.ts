/**
 * Issue 29.1, "Rooms cannot be chosen": `service add-departure --room`, the price of the rooms
 * said before the service is created, and the sandbox pricing and holding rooms by their own
 * price and places (a SINGLE room, "My Own Room", costs 25 % more and holds its own places).
 */
import { describe, expect, it } from 'vitest';
import { resourceOptions } from '../../../src/commands/resource.js';
import { parseRoomFlags, serviceAddDepartureRun } from '../../../src/commands/service/add-departure.js';
import { clientFor } from '../../helpers/sandbox-client.js';
import { recordingPrompter, useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();

async function bookingFor(names: string[]) {
  const booking = await sandbox.api('POST', '/bookings/', { currency: 'CAD' });
  const customers = [];
  for (const first of names) customers.push(await sandbox.api('POST', '/customers/', { name: { legal_first_name: first, legal_last_name: 'García', title: 'Ms' } }));
  return { booking, customers };
}

const roomOf = (departure: any, code: string) => departure.rooms.find((room: any) => room.code === code);

describe('29.1 rooms on a departure service', () => {
  it('books a SINGLE room for one traveller: the price said before is the price charged, and the room holds its own place', async () => {
    // 150 days out: no early-booking discount, so the price before promotions is the price.
    const departure = await sandbox.api('GET', '/departures/100004/');
    const { booking, customers } = await bookingFor(['María', 'Lucía']);
    const [maria, lucia] = customers;
    const t = await sandbox.trek(['service', 'add-departure', '--booking', booking.id, '--departure', '100004', '--customer', maria.id, '--customer', lucia.id, '--room', `single:${lucia.id}`]);
    expect(t.code, t.err()).toBe(0);
    const service = JSON.parse(t.out());
    const standard = roomOf(departure, 'STANDARD').price_bands[0].prices.find((p: any) => p.currency === 'CAD');
    const single = roomOf(departure, 'SINGLE').price_bands[0].prices.find((p: any) => p.currency === 'CAD');
    const total = ((Math.round(Number(standard.amount) * 100) + Math.round(Number(single.amount) * 100)) / 100).toFixed(2);
    const deposit = ((Math.round(Number(standard.deposit) * 100) + Math.round(Number(single.deposit) * 100)) / 100).toFixed(2);
    expect(t.err()).toContain(
      `Price before promotions: STANDARD Standard (shared) × 1: ${standard.amount} CAD + SINGLE My Own Room × 1: ${single.amount} CAD = ${total} CAD, deposit ${deposit} CAD\n`,
    );
    expect([service.purchase_price, service.deposit]).toEqual([total, deposit]);
    expect(Number(single.amount)).toBeCloseTo(Number(standard.amount) * 1.25, 1);
    expect(service.rooms).toEqual([
      { code: 'STANDARD', name: 'Standard (shared)', customers: [expect.objectContaining({ id: maria.id })] },
      { code: 'SINGLE', name: 'My Own Room', customers: [expect.objectContaining({ id: lucia.id })] },
    ]);
    const after = await sandbox.api('GET', '/departures/100004/');
    expect(roomOf(after, 'SINGLE').availability.total).toBe(roomOf(departure, 'SINGLE').availability.total - 1);
    expect(after.availability.total).toBe(departure.availability.total - 2);

    const shown = await sandbox.trek(['service', 'get', service.id], { tty: true, columns: 80 });
    expect(shown.out()).toMatch(new RegExp(`^ROOMS +STANDARD Standard \\(shared\\): Ms María García \\(${maria.id}\\)\\n +SINGLE My Own Room: Ms Lucía García \\(${lucia.id}\\)$`, 'm'));
  });

  it('on an 80-column terminal, the price of the rooms takes a line per room and one for the total, each amount whole', async () => {
    const departure = await sandbox.api('GET', '/departures/100004/');
    const { booking, customers } = await bookingFor(['Inés', 'Sofía']);
    const [ines, sofia] = customers;
    const t = await sandbox.trek(['service', 'add-departure', '--booking', booking.id, '--departure', '100004', '--customer', ines.id, '--customer', sofia.id, '--room', `SINGLE:${sofia.id}`], {
      tty: true,
      columns: 80,
    });
    expect(t.code, t.err()).toBe(0);
    const cad = (code: string) => roomOf(departure, code).price_bands[0].prices.find((p: any) => p.currency === 'CAD');
    const [standard, single] = [cad('STANDARD'), cad('SINGLE')];
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    const sum = (a: string, b: string) => ((cents(a) + cents(b)) / 100).toFixed(2);
    const lines = t.err().split('\n');
    const at = lines.findIndex((line) => line.startsWith('Price before promotions: '));
    expect(lines.slice(at, at + 3)).toEqual([
      `Price before promotions: STANDARD Standard (shared) × 1: ${standard.amount} CAD`,
      `                       + SINGLE My Own Room × 1: ${single.amount} CAD`,
      `                       = ${sum(standard.amount, single.amount)} CAD, deposit ${sum(standard.deposit, single.deposit)} CAD`,
    ]);
    expect(lines.filter((line) => line.length > 80)).toEqual([]);
  });

  it('refuses a room the departure lacks or a traveller not on the service before anything is sent, and a bad --room at once', async () => {
    const { booking, customers } = await bookingFor(['Ana']);
    const before = (await sandbox.api('GET', `/bookings/${booking.id}/services/`)).count;
    const unknown = await sandbox.trek(['service', 'add-departure', '--booking', booking.id, '--departure', '100004', '--customer', customers[0].id, '--room', 'SUITE']);
    expect(unknown.code).toBe(2);
    expect(unknown.err()).toContain('--room SUITE: departure 100004 has no room SUITE; its rooms are STANDARD, SINGLE');
    const stranger = await sandbox.trek(['service', 'add-departure', '--booking', booking.id, '--departure', '100004', '--customer', customers[0].id, '--room', 'SINGLE:300001']);
    expect(stranger.code).toBe(2);
    expect(stranger.err()).toContain('customer 300001 is not one of this service');
    expect((await sandbox.api('GET', `/bookings/${booking.id}/services/`)).count).toBe(before);
    expect(() => parseRoomFlags(['SINGLE', 'STANDARD'])).toThrow('both name every traveller');
    expect(() => parseRoomFlags(['SINGLE:'])).toThrow('--room must be a room code');
    expect(parseRoomFlags(['single', 'STANDARD:300021'])).toEqual({ all: 'SINGLE', byCustomer: { '300021': 'STANDARD' } });
  });

  it('the sandbox holds single rooms apart: once they are taken a SINGLE booking is refused naming the room, and an unknown room is refused', async () => {
    const page = await sandbox.api('GET', '/departures?availability.status=AVAILABLE&order_by=start_date&max_per_page=100');
    const small = page.results.find((d: any) => Number(d.id) > 100020 && d.availability.total >= 4 && roomOf(d, 'SINGLE').availability.total < d.availability.total);
    const singles = roomOf(small, 'SINGLE').availability.total;
    const { booking, customers } = await bookingFor(Array.from({ length: singles + 1 }, (_, i) => `T${i}`));
    const body = (people: any[], code: string) => ({
      booking: { id: booking.id },
      product: { id: small.id },
      customers: people.map((c) => ({ id: c.id })),
      rooms: [{ code, customers: people.map((c) => ({ id: c.id })) }],
    });
    const client = clientFor(sandbox.running);
    const tooMany = await client.post('/departure_services/', body(customers, 'SINGLE'));
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.errors[0]).toMatchObject({ field: 'rooms', code: 'NOT_ENOUGH_SPACES' });
    expect((await client.post('/departure_services/', body(customers.slice(0, 1), 'PENTHOUSE'))).json.errors[0]).toMatchObject({ field: 'rooms', code: 'UNKNOWN_ROOM' });
    const taken = await client.post('/departure_services/', body(customers.slice(0, singles), 'SINGLE'));
    expect(taken.status).toBe(201);
    const now = await client.get(`/departures/${small.id}/`);
    expect(roomOf(now.json, 'SINGLE').availability).toEqual({ status: 'NOT_BOOKABLE', total: 0 });
    expect(now.json.availability.total).toBe(small.availability.total - singles);
    const one = await client.post('/departure_services/', body(customers.slice(singles), 'SINGLE'));
    expect(one.json.errors[0]).toMatchObject({ field: 'rooms', code: 'NOT_ENOUGH_SPACES' });
    // The standard room still has places: the same traveller books it.
    expect((await client.post('/departure_services/', { ...body(customers.slice(singles), 'STANDARD') })).status).toBe(201);
    // Expiring the singles gives their rooms back.
    expect((await client.patch(`/departure_services/${taken.json.id}/`, { status: 'Expired' })).status).toBe(200);
    expect(roomOf((await client.get(`/departures/${small.id}/`)).json, 'SINGLE').availability.total).toBe(singles);
  });

  it('on a terminal, a departure picked from the list asks for the room, offering each with its price and places', async () => {
    const { booking, customers } = await bookingFor(['Eva']);
    const t = sandbox.factory({ tty: true });
    const prompter = recordingPrompter([(choices: Array<{ value: unknown }>) => choices.at(-1)!.value, 'SINGLE']);
    const opts = await resourceOptions(t.f);
    await serviceAddDepartureRun({ ...opts, output: { ...opts.output, format: 'json' }, prompter: () => prompter, dryRun: false, booking: booking.id, customers: [customers[0].id] });
    expect(prompter.asked.map((q) => q.message)).toEqual(['Departure to book (type a tour, id, airport or month)', 'Room for the traveller']);
    const rooms = prompter.asked[1].choices!;
    expect(rooms.map((c) => c.value)).toEqual(['STANDARD', 'SINGLE']);
    expect(rooms[1].name).toMatch(/^SINGLE My Own Room · \d+\.\d{2} CAD per traveller · \d+ places? left$/);
    const service = JSON.parse(t.out());
    expect(service.rooms.map((r: any) => r.code)).toEqual(['SINGLE']);
    expect(t.err()).toContain(`Price before promotions: SINGLE My Own Room × 1: ${rooms[1].name.split(' · ')[1].replace(' per traveller', '')}`);
  });
});
