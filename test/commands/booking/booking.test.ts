import { describe, expect, it } from 'vitest';
import { bookingCreateRun, type BookingCreateOptions } from '../../../src/commands/booking/create.js';
import { bookingGetRun } from '../../../src/commands/booking/get.js';
import { resourceOptions } from '../../../src/commands/resource.js';
import { main } from '../../../src/main.js';
import { localTime } from '../../../src/output/time.js';
import { recentIds } from '../../../src/history.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { bookingWithCustomers, recordingPrompter, useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();

const servers = useHostileServers();

/** One `Label  value` line of an item table whose longest label is TAX ON COMMISSION. */
const row = (label: string, value = '') => `${label.padEnd('TAX ON COMMISSION'.length + 2)}${value}`.trimEnd();

describe('trek booking create', () => {
  it('creates a booking and prints it as JSON in a pipe, the same record the API returns', async () => {
    const t = await sandbox.trek(['booking', 'create', '--currency', 'cad', '--external-id', 'CRM-1', '--no-auto-final-payment']);
    expect(t.code).toBe(0);
    const printed = JSON.parse(t.out());
    expect(printed).toMatchObject({ currency: 'CAD', external_id: 'CRM-1', no_auto_final_payment: true });
    expect(printed).toEqual(await sandbox.api('GET', `/bookings/${printed.id}`));
    expect(t.err()).toBe(`✓ Created booking ${printed.id} on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)\n`);
    expect(recentIds(t.f.paths(), 'sandbox', 'booking')).toEqual([{ id: printed.id, label: 'CAD · CRM-1' }]);
  });

  it('selects the agency by id or by transactional e-mail', async () => {
    const byId = await sandbox.trek(['booking', 'create', '--currency', 'USD', '--agency', '1', '-o', 'json']);
    expect(byId.code).toBe(0);
    expect(JSON.parse(byId.out()).agency.id).toBe('1');
    const byEmail = await sandbox.trek(['booking', 'create', '--currency', 'USD', '--agency-email', 'bookings@mapleleaf.example', '-o', 'json']);
    expect(byEmail.code).toBe(0);
    expect(JSON.parse(byEmail.out()).agency.id).toBe('1');
  });

  it('prints the request with --dry-run, key redacted, and sends nothing', async () => {
    const server = await servers.silent();
    const t = testFactory({ baseUrl: server.url, apiKey: 'secret-key' });
    expect(await main(['booking', 'create', '--currency', 'CAD', '--agency', '7', '--dry-run'], t.f)).toBe(0);
    expect(server.requests).toEqual([]);
    const [head, body] = t.out().split('\n\n');
    expect(head.split('\n')[0]).toBe(`POST ${server.url}/bookings/`);
    expect(head).toContain('X-Application-Key: ***');
    expect(t.out()).not.toContain('secret-key');
    expect(JSON.parse(body)).toEqual({ currency: 'CAD', agency_identifier: { field: 'id', value: '7' } });
  });

  it.each([
    [['--currency', 'dollars'], '--currency must be a 3-letter currency code such as CAD, got "dollars"'],
    [['--currency', 'CAD', '--agency', '1', '--agency-email', 'a@b.example'], 'use either --agency or --agency-email, not both'],
    [['--currency', 'CAD', '--agency-email', 'not-an-address'], '--agency-email must be an e-mail address, got "not-an-address"'],
    [['--currency', 'CAD', '--agency-email', 'bookings@mapleleaf'], '--agency-email must be an e-mail address, got "bookings@mapleleaf"'],
    [[], '--currency is required and trek cannot ask for it: stdin and stdout are not terminals\nPass --currency on the command line (trek asks only when stdin and stdout are both a terminal).'],
    [['--currency', 'CAD', '--fields', 'id,amount_owed'], 'unknown field "amount_owed" for --fields'],
  ])('refuses %j with exit 2 before sending anything', async (flags, message) => {
    const server = await servers.silent();
    const t = testFactory({ baseUrl: server.url, apiKey: 'k' });
    expect(await main(['booking', 'create', ...flags], t.f)).toBe(2);
    expect(t.err()).toContain(`error: ${message}`);
    expect(t.out()).toBe('');
    expect(server.requests).toEqual([]);
  });

  it('is a usage error without a currency under --no-input, even on a terminal', async () => {
    const server = await servers.silent();
    const t = testFactory({ baseUrl: server.url, apiKey: 'k', tty: true, env: { NO_COLOR: '1' } });
    expect(await main(['booking', 'create', '--no-input'], t.f)).toBe(2);
    expect(t.err()).toBe('error: --currency is required and trek cannot ask for it: --no-input was given\nPass --currency on the command line (leave out --no-input to be asked on a terminal).\n');
    expect(server.requests).toEqual([]);
  });

  it("asks for the currency on a terminal from the --agency's booking currencies", async () => {
    const t = sandbox.factory({ tty: true });
    const prompter = recordingPrompter(['USD']);
    const opts: BookingCreateOptions = {
      ...(await resourceOptions(t.f)),
      prompter: () => prompter,
      dryRun: false,
      agency: { field: 'id', value: '1' },
      noAutoFinalPayment: false,
      profileAgency: async () => undefined,
    };
    await bookingCreateRun({ ...opts, output: { ...opts.output, format: 'json' } });
    await t.f.close();
    expect(prompter.asked).toEqual([
      {
        message: 'Currency of the booking',
        choices: [
          { name: 'CAD', value: 'CAD' },
          { name: 'USD', value: 'USD' },
        ],
      },
    ]);
    expect(JSON.parse(t.out()).currency).toBe('USD');
  });

  it("asks from the key's agency (sandbox whoami) when neither --agency nor the profile names one", async () => {
    const t = await sandbox.trek(['booking', 'create', '-o', 'json'], { tty: true, answers: ['CAD'] });
    expect(t.code).toBe(0);
    expect(t.prompter.asked).toEqual(['Currency of the booking']);
    expect(JSON.parse(t.out()).currency).toBe('CAD');
  });

  it('asks for a typed code when the agency is given by e-mail (its currencies cannot be read)', async () => {
    const t = sandbox.factory({ tty: true });
    const prompter = recordingPrompter(['usd']);
    const opts = await resourceOptions(t.f);
    await bookingCreateRun({
      ...opts,
      output: { ...opts.output, format: 'json' },
      prompter: () => prompter,
      dryRun: false,
      agency: { field: 'transactional_email', value: 'bookings@mapleleaf.example' },
      noAutoFinalPayment: false,
      profileAgency: async () => '1',
    });
    await t.f.close();
    expect(prompter.asked).toEqual([{ message: 'Currency of the booking (3-letter code, e.g. CAD)' }]);
    expect(JSON.parse(t.out()).currency).toBe('USD');
  });

  it('exits 5 with the field named when the agency does not book in the currency', async () => {
    const t = await sandbox.trek(['booking', 'create', '--currency', 'GBP']);
    expect(t.code).toBe(5);
    expect(t.out()).toBe('');
    expect(t.err()).toMatch(/^error: .+ \(HTTP 400\)\n {2}- currency: CURRENCY_NOT_ACCEPTED — /);
    const json = await sandbox.trek(['booking', 'create', '--currency', 'GBP', '-o', 'json']);
    expect(JSON.parse(json.err())).toMatchObject({ error: { errors: [{ field: 'currency', code: 'CURRENCY_NOT_ACCEPTED' }] }, exit_code: 5 });
  });
});

describe('trek booking get', () => {
  it('shows money, dates, agent, agency and the services section in one table', async () => {
    const booking = await sandbox.api('POST', '/bookings/', { currency: 'CAD', external_id: 'ext-9' });
    const t = await sandbox.trek(['booking', 'get', booking.id], { tty: true });
    expect(t.code).toBe(0);
    expect(t.err()).toBe('');
    expect(t.out()).toBe(
      [
        row('ID', booking.id),
        row('EXTERNAL ID', 'ext-9'),
        row('CURRENCY', 'CAD'),
        row('AMOUNT PAID', '0.00 CAD'),
        row('AMOUNT OWING', '0.00 CAD'),
        row('AMOUNT PENDING', '0.00 CAD'),
        row('COMMISSION', '0.00 CAD'),
        row('TAX ON COMMISSION', '0.00 CAD'),
        row('BALANCE DUE'),
        row('CREATED', localTime(booking.date_created)),
        row('FIRST TRAVEL'),
        row('LAST TRAVEL'),
        row('CLOSED', 'open'),
        row('AGENT', `${booking.agent.name} (${booking.agent.id})`),
        row('AGENCY', `${booking.agency.name} (${booking.agency.id})`),
        row('LINKED BOOKINGS'),
        '',
        'Services',
        '(none)',
        '',
        'Travellers',
        '(none)',
        '',
        'Payments and refunds',
        '(none)',
        '',
      ].join('\n'),
    );
  });

  it('prints the booking as the API sends it with -o json, and selected fields with --fields', async () => {
    const booking = await sandbox.api('POST', '/bookings/', { currency: 'USD' });
    const json = await sandbox.trek(['booking', 'get', booking.id, '-o', 'json']);
    expect(JSON.parse(json.out())).toEqual(booking);
    const fields = await sandbox.trek(['booking', 'get', booking.id, '--fields', 'currency,agency.name', '-o', 'csv']);
    expect(fields.out()).toBe(`currency,agency.name\nUSD,${booking.agency.name}\n`);
    const yaml = await sandbox.trek(['booking', 'get', booking.id, '--fields', 'amount_owing', '-o', 'yaml']);
    expect(yaml.out()).toBe('amount_owing: "0.00"\n');
    const ndjson = await sandbox.trek(['booking', 'get', booking.id, '-o', 'ndjson']);
    expect(ndjson.out()).toBe(`${JSON.stringify(booking)}\n`);
    const tsv = await sandbox.trek(['booking', 'get', booking.id, '--fields', 'id,amount_paid', '-o', 'tsv']);
    expect(tsv.out()).toBe(`id\tamount_paid\n${booking.id}\t0.00\n`);
    const xml = await sandbox.trek(['booking', 'get', booking.id, '--fields', 'id,currency', '-o', 'xml']);
    expect(xml.out()).toBe(`<?xml version="1.0" encoding="UTF-8"?>\n<booking>\n  <id>${booking.id}</id>\n  <currency>USD</currency>\n</booking>\n`);
  });

  it('reads the booking with one request in JSON and adds the services, travellers, payments, refunds and travel credits only for the table', async () => {
    const hostile = await servers.start((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (/\/(services|customers|payments|refunds|travel_credits)\//.test(req.url!)) res.end(JSON.stringify({ count: 0, current_page: 1, max_per_page: 50, results: [], links: [] }));
      else res.end(JSON.stringify({ id: '5', currency: 'CAD' }));
    });
    const json = testFactory({ baseUrl: hostile.url, apiKey: 'k' });
    await bookingGetRun({ ...(await resourceOptions(json.f)), id: '5' });
    await json.f.close();
    expect(hostile.requests.map((r) => r.url)).toEqual(['/bookings/5/']);
    const table = testFactory({ baseUrl: hostile.url, apiKey: 'k', tty: true });
    await bookingGetRun({ ...(await resourceOptions(table.f)), id: '5' });
    await table.f.close();
    expect(
      hostile.requests
        .map((r) => r.url)
        .slice(1)
        .sort(),
    ).toEqual(['/bookings/5/', '/bookings/5/customers/', '/bookings/5/payments/', '/bookings/5/refunds/', '/bookings/5/services/', '/bookings/5/travel_credits/']);
  });

  it('lists linked bookings one per line, colours service statuses and neutralises server text', async () => {
    const hostile = await servers.start((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url!.includes('/services')) {
        const service = {
          id: '4',
          name: 'Inca\x1b]8;;http://evil.example\x07 Trail\x1b[2J',
          type: 'departure_services',
          status: 'Confirmed',
          start_date: '2027-05-01',
          finish_date: '2027-05-09',
          status_transitions: ['Request Cancellation'],
        };
        res.end(JSON.stringify({ count: 1, current_page: 1, max_per_page: 50, results: [service], links: [] }));
      } else if (/\/(customers|payments|refunds|travel_credits)\//.test(req.url!)) {
        res.end(JSON.stringify({ count: 0, current_page: 1, max_per_page: 50, results: [], links: [] }));
      } else {
        res.end(
          JSON.stringify({
            id: '5',
            currency: 'GBP',
            amount_owing: '10.00',
            agent: { id: '2', name: 'Eve\u202e' },
            linked_bookings: [
              { id: '6', date_of_first_travel: '2027-01-01', date_of_last_travel: '2027-01-05' },
              { id: '7', date_of_first_travel: null, date_of_last_travel: null },
            ],
          }),
        );
      }
    });
    const t = testFactory({ baseUrl: hostile.url, apiKey: 'k', tty: true, columns: 120 });
    expect(await main(['booking', 'get', '5', '--color', 'always'], t.f)).toBe(0);
    const plain = t.out().replace(/\x1b\[[0-9;]*m/g, '');
    expect(plain).toContain(`${row('AMOUNT OWING', '10.00 GBP')}\n`);
    expect(plain).toContain(`${row('AGENT', 'Eve\\u202e (2)')}\n`);
    expect(plain).toContain(`${row('LINKED BOOKINGS', '6 (2027-01-01 – 2027-01-05)')}\n${' '.repeat(19)}7\n`);
    expect(plain).toMatch(/^4 {3}Inca Trail {2}departure {2}Confirmed {2}2027-05-01 {2}2027-05-09 {2}Request Cancellation$/m);
    expect(t.out()).toContain('\x1b[32mConfirmed\x1b[39m');
    expect(t.out()).not.toContain('evil.example');
    expect(t.out()).not.toContain('\x1b[2J');
  });

  it('exits 4 for an unknown booking', async () => {
    const t = await sandbox.trek(['booking', 'get', '999999'], { tty: true });
    expect(t.code).toBe(4);
    expect(t.out()).toBe('');
    expect(t.err()).toMatch(/^error: .+ \(HTTP 404\)\n/);
  });
});

describe('trek booking update', () => {
  it('changes the external id and prints the booking', async () => {
    const booking = await sandbox.api('POST', '/bookings/', { currency: 'CAD' });
    const t = await sandbox.trek(['booking', 'update', booking.id, '--external-id', 'CRM-77']);
    expect(t.code).toBe(0);
    expect(JSON.parse(t.out())).toEqual({ ...booking, external_id: 'CRM-77' });
    expect(t.err()).toBe(`✓ Updated booking ${booking.id} on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)\n`);
  });

  it('is a usage error with nothing to change', async () => {
    const server = await servers.silent();
    const t = testFactory({ baseUrl: server.url, apiKey: 'k' });
    expect(await main(['booking', 'update', '1'], t.f)).toBe(2);
    expect(t.err()).toBe('error: nothing to update: give --external-id\n');
    expect(server.requests).toEqual([]);
  });
});

describe('trek booking services, overrides, checkins', () => {
  it.each([
    ['services', 'has no services.'],
    ['overrides', 'has no overrides.'],
    ['checkins', 'has no checkins: no customer is on its services yet.'],
  ])('prints an empty %s list as [] in a pipe and a note on a terminal', async (verb, note) => {
    const booking = await sandbox.api('POST', '/bookings/', { currency: 'CAD' });
    const piped = await sandbox.trek(['booking', verb, booking.id]);
    expect(piped.code).toBe(0);
    expect(piped.out()).toBe('[]\n');
    const tty = await sandbox.trek(['booking', verb, booking.id], { tty: true });
    expect(tty.out()).toBe('');
    expect(tty.err()).toBe(`Booking ${booking.id} ${note}\n`);
  });

  it('lists the services, checkins and overrides of a booking with travellers', async () => {
    const { booking, customers, departure } = await bookingWithCustomers(sandbox);
    const service = await sandbox.api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: departure.id }, customers: [{ id: customers[0].id }] });
    const services = await sandbox.trek(['booking', 'services', booking.id]);
    expect(JSON.parse(services.out())).toEqual((await sandbox.api('GET', `/bookings/${booking.id}/services/`)).results);
    expect(JSON.parse(services.out()).map((s: { id: string }) => s.id)).toEqual([service.id]);
    const checkins = await sandbox.trek(['booking', 'checkins', booking.id]);
    expect(JSON.parse(checkins.out()).map((c: { customer: { id: string } }) => c.customer.id)).toEqual([customers[0].id]);
    const overrides = await sandbox.trek(['booking', 'overrides', booking.id]);
    expect(JSON.parse(overrides.out())).toEqual([]);
  });
});
