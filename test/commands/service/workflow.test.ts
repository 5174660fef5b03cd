/** Service commands against the in-process sandbox: what is created, shown and asked. */
import { describe, expect, it } from 'vitest';
import { resourceOptions } from '../../../src/commands/resource.js';
import { serviceAddActivityRun } from '../../../src/commands/service/add-activity.js';
import { serviceAddDepartureRun } from '../../../src/commands/service/add-departure.js';
import { tempHome } from '../../helpers/factory.js';
import { bookingWithCustomers, recordingPrompter, useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();

/** A table row as render lays it out: cells padded to their column width, two spaces apart. */
function tableRow(cells: string[], widths: number[]): string {
  return cells
    .map((cell, i) => cell.padEnd(widths[i]))
    .join('  ')
    .trimEnd();
}

function table(headers: string[], rows: string[][], maxWidths: Array<number | undefined> = []): string {
  const fitted = rows.map((row) => row.map((cell, i) => (maxWidths[i] && cell.length > maxWidths[i] ? `${cell.slice(0, maxWidths[i] - 1)}…` : cell)));
  const widths = headers.map((h, i) => Math.max(h.length, ...fitted.map((row) => row[i].length)));
  return [tableRow(headers, widths), ...fitted.map((row) => tableRow(row, widths))].join('\n') + '\n';
}

describe('trek service add-departure', () => {
  it('creates a departure service in Option and prints it', async () => {
    const { booking, customers, departure } = await bookingWithCustomers(sandbox);
    const t = await sandbox.trek(['service', 'add-departure', '--booking', booking.id, '--departure', departure.id, '--customer', customers[0].id, '--customer', customers[1].id]);
    expect(t.code).toBe(0);
    const service = JSON.parse(t.out());
    expect(service).toMatchObject({ type: 'departure_services', status: 'Option', product: { id: departure.id }, booking: { id: booking.id } });
    expect(service).toEqual(await sandbox.api('GET', `/departure_services/${service.id}`));
    expect(t.err()).toBe(
      `✓ Added departure service ${service.id} to booking ${booking.id}: Option until ${service.option_expiry_date} on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)\n`,
    );
  });

  it('asks for the booking, picks the departure from a search list and the customers one by one', async () => {
    const home = tempHome();
    const booking = JSON.parse((await sandbox.trek(['booking', 'create', '--currency', 'CAD'], { env: { TREK_HOME: home } })).out());
    const ada = JSON.parse((await sandbox.trek(['customer', 'create', '--first-name', 'Ada', '--last-name', 'Lovelace', '--title', 'Ms'], { env: { TREK_HOME: home } })).out());
    const alan = JSON.parse((await sandbox.trek(['customer', 'create', '--first-name', 'Alan', '--last-name', 'Turing', '--title', 'Mr'], { env: { TREK_HOME: home } })).out());

    const t = sandbox.factory({ tty: true, env: { TREK_HOME: home } });
    const prompter = recordingPrompter([booking.id, (choices: Array<{ value: unknown }>) => choices.at(-1)!.value, alan.id, ada.id, 'STANDARD']);
    const opts = await resourceOptions(t.f);
    await serviceAddDepartureRun({ ...opts, output: { ...opts.output, format: 'json' }, prompter: () => prompter, dryRun: false, customers: [] });
    await t.f.close();

    expect(prompter.asked.map((q) => q.message)).toEqual([
      'Booking id',
      'Departure to book (type a tour, id, airport or month)',
      'Customer to add to the service',
      'Another customer? (1 chosen)',
      'Room for all 2 travellers',
    ]);
    const departures = prompter.asked[1].choices!;
    expect(departures.length).toBe(20);
    const dates = departures.map((c) => c.name.slice(0, 10));
    expect(dates).toEqual([...dates].sort());
    for (const choice of departures) expect(choice.name).toMatch(/^\d{4}-\d{2}-\d{2} {2}(\d+ places?|on request|waitlist) +\d+\.\d{2} CAD {2}.+ \(\d+\)$/);
    // Newest first from this user's history, then a way out.
    expect(prompter.asked[2].choices).toEqual([
      { name: `Mr Alan Turing (${alan.id})`, value: alan.id },
      { name: `Ms Ada Lovelace (${ada.id})`, value: ada.id },
      { name: 'Another customer id…', value: expect.any(Symbol) },
    ]);
    expect(prompter.asked[3].choices!.map((c) => c.name)).toEqual([`Ms Ada Lovelace (${ada.id})`, 'Another customer id…', 'Done (1 chosen)']);

    const service = JSON.parse(t.out());
    expect(service.product.id).toBe(departures.at(-1)!.value);
    expect(service.customers.map((c: { id: string }) => c.id)).toEqual([alan.id, ada.id]);
  });
});

describe('trek service add-activity', () => {
  it("picks the activity from a list and the customers from the booking's travellers", async () => {
    const { booking, customers, departure } = await bookingWithCustomers(sandbox);
    await sandbox.api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: departure.id }, customers: customers.map((c) => ({ id: c.id })) });
    const t = sandbox.factory({ tty: true });
    type Offered = Array<{ name: string; value: unknown }>;
    const prompter = recordingPrompter([(choices: Offered) => choices[0].value, customers[0].id, (choices: Offered) => choices.find((c) => c.name.startsWith('Done'))!.value]);
    const opts = await resourceOptions(t.f);
    await serviceAddActivityRun({ ...opts, output: { ...opts.output, format: 'json' }, prompter: () => prompter, dryRun: false, booking: booking.id, activities: [], customers: [] });
    await t.f.close();

    expect(prompter.asked.map((q) => q.message)).toEqual(['Activity to book (type a name or place)', 'Customer to add to the service', 'Another customer? (1 chosen)']);
    expect(prompter.asked[1].choices!.map((c) => c.name)).toEqual([
      'All 2 travellers on this booking',
      `Ms Ada Lovelace (${customers[0].id}, on this booking)`,
      `Mr Alan Turing (${customers[1].id}, on this booking)`,
      'Another customer id…',
    ]);
    const service = JSON.parse(t.out());
    expect(service.product.id).toBe(prompter.asked[0].choices![0].value);
    expect(service.customers.map((c: { id: string }) => c.id)).toEqual([customers[0].id]);
  });

  it('asks for customer ids when neither the booking nor the history knows any', async () => {
    const { booking, customers } = await bookingWithCustomers(sandbox);
    const t = sandbox.factory({ tty: true });
    const prompter = recordingPrompter([`${customers[0].id}, ${customers[1].id} ${customers[0].id}`]);
    const opts = await resourceOptions(t.f);
    await serviceAddDepartureRun({ ...opts, prompter: () => prompter, dryRun: true, booking: booking.id, departure: '100001', customers: [] });
    await t.f.close();
    expect(prompter.asked).toEqual([{ message: 'Customer ids (separated by commas or spaces)' }]);
    expect(JSON.parse(t.out().split('\n\n')[1]).customers).toEqual([{ id: customers[0].id }, { id: customers[1].id }]);
  });

  it('exits 5 printing TOUR_SERVICE_NOT_FOUND on booking_id when the booking has no departure service', async () => {
    const { booking, customers } = await bookingWithCustomers(sandbox);
    const t = await sandbox.trek(['service', 'add-activity', '--booking', booking.id, '--activity', '500001', '--customer', customers[0].id]);
    expect(t.code).toBe(5);
    expect(t.out()).toBe('');
    expect(t.err()).toMatch(/^error: .+ \(HTTP 400\)\n {2}- booking_id: TOUR_SERVICE_NOT_FOUND — .+\n {2}error_id: \S+\n$/);
  });

  it('reports which activities were booked and which not when one fails, printing those created', async () => {
    const { booking, customers, departure } = await bookingWithCustomers(sandbox);
    await sandbox.api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: departure.id }, customers: [{ id: customers[0].id }] });
    const t = await sandbox.trek(['service', 'add-activity', '--booking', booking.id, '--activity', '500001', '--activity', '999999', '--activity', '500002', '--customer', customers[0].id]);
    expect([4, 5]).toContain(t.code);
    const created = JSON.parse(t.out());
    expect(created).toEqual([expect.objectContaining({ type: 'activity_services', status: 'Option', product: expect.objectContaining({ id: '500001' }) })]);
    // 500001 is in Lima, off this tour: warned of first.
    expect(t.err()).toMatch(/^Warning: activity 500001 .* is not on booking/);
    const lines = t
      .err()
      .split('\n')
      .filter((line) => !line.startsWith('Warning:'));
    expect(lines[0]).toBe(
      `✓ Added activity service ${created[0].id} to booking ${booking.id}: Option until ${created[0].option_expiry_date} on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)`,
    );
    expect(lines[1]).toBe(`Created 1 of 3 activity services: ${created[0].id} (activity 500001).`);
    expect(lines[2]).toMatch(/^Not created: activity 999999 \(failed: .+\); not attempted: activity 500002\.$/);
    const services = await sandbox.api('GET', `/bookings/${booking.id}/services/`);
    expect(services.results.map((s: { type: string }) => s.type)).toEqual(['departure_services', 'activity_services']);
  });
});

describe('trek booking get with services, service get, customer bookings', () => {
  it('shows the services section under the booking', async () => {
    const { booking, customers, departure } = await bookingWithCustomers(sandbox);
    const service = await sandbox.api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: departure.id }, customers: [{ id: customers[0].id }] });
    const t = await sandbox.trek(['booking', 'get', booking.id], { tty: true, columns: 200 });
    expect(t.code).toBe(0);
    const [, section] = t.out().split('\nServices\n');
    expect(section.split('\nTravellers\n')[0]).toBe(
      table(
        ['ID', 'NAME', 'TYPE', 'STATUS', 'START', 'FINISH', 'TRANSITIONS'],
        [[service.id, service.name, 'departure', service.status, service.start_date, service.finish_date, service.status_transitions.join(', ')]],
        [undefined, 36],
      ),
    );
    // The travellers, and what was paid (nothing yet), follow the services.
    expect(t.out()).toMatch(new RegExp(`\nTravellers\nID +NAME +BORN\n${customers[0].id} +Ms Ada Lovelace *\n`));
    expect(t.out()).toContain('\nPayments and refunds\n(none)\n');
    expect(t.out()).toContain(`\nAMOUNT OWING       ${service.purchase_price} CAD\n`);
    expect(t.out()).toContain(`\nFIRST TRAVEL       ${departure.start_date}\n`);
  });

  it('shows any service by id without knowing its type', async () => {
    const { booking, customers, departure } = await bookingWithCustomers(sandbox);
    const tour = await sandbox.api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: departure.id }, customers: [{ id: customers[0].id }] });
    const activity = await sandbox.api('POST', '/activity_services/', { booking: { id: booking.id }, product: { id: '500003' }, customers: [{ id: customers[0].id }] });
    for (const service of [tour, activity]) {
      const t = await sandbox.trek(['service', 'get', service.id]);
      expect(JSON.parse(t.out())).toEqual(service);
    }
    const t = await sandbox.trek(['service', 'get', activity.id], { tty: true });
    // The sandbox gives an activity cancellation terms: the longest label is CANCELLATION TERMS.
    const label = (text: string) => text.padEnd('CANCELLATION TERMS'.length + 2);
    expect(t.out()).toContain(`\n${label('STATUS')}Option\n`);
    expect(t.out()).toContain(`\n${label('CUSTOMERS')}Ms Ada Lovelace (${customers[0].id})\n`);
    // Money in the booking currency; the payment that confirms it counts the tour, which a payment reaches first.
    expect(t.out()).toContain(`\n${label('PRICE')}${activity.purchase_price} CAD\n`);
    expect(t.out()).toContain(`\n${label('DEPOSIT')}${activity.deposit_amount} CAD\n`);
    expect(t.out()).toContain(`\n${label('TO CONFIRM, PAY')}${activity.payment_to_confirm.amount} CAD — departure service ${tour.id} (${tour.deposit_amount} CAD) is paid first\n`);
    expect(t.out()).toContain(`\n${label('CANCELLATION TERMS')}service-${activity.id}\n`);
    expect(t.out()).not.toContain('CANCELLATION FEE');
  });

  it('lists the bookings a customer travels on', async () => {
    const { booking, customers, departure } = await bookingWithCustomers(sandbox);
    await sandbox.api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: departure.id }, customers: [{ id: customers[1].id }] });
    const t = await sandbox.trek(['customer', 'bookings', customers[1].id]);
    expect(t.code).toBe(0);
    expect(JSON.parse(t.out())).toEqual([await sandbox.api('GET', `/bookings/${booking.id}`)]);
  });

  it('refuses Confirmed on an unpaid Option naming the deposit, and nothing changes', async () => {
    const { booking, customers, departure } = await bookingWithCustomers(sandbox);
    const tour = await sandbox.api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: departure.id }, customers: [{ id: customers[0].id }] });
    const t = await sandbox.trek(['service', 'confirm', tour.id]);
    expect(t.code).toBe(2);
    expect(t.err()).toContain('the deposit has not been paid');
    expect((await sandbox.api('GET', `/departure_services/${tour.id}`)).status).toBe('Option');
  });
});
