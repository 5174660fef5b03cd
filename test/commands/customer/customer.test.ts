import { describe, expect, it } from 'vitest';
import { customerBookingsRun } from '../../../src/commands/customer/bookings.js';
import { resourceOptions } from '../../../src/commands/resource.js';
import { recentIds } from '../../../src/history.js';
import { main } from '../../../src/main.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();

const servers = useHostileServers();

const row = (label: string, value = '') => `${label.padEnd('MEAL PREFERENCE'.length + 2)}${value}`.trimEnd();

describe('trek customer create', () => {
  it('sends every flag in its place in the body and prints the customer', async () => {
    const t = await sandbox.trek([
      'customer',
      'create',
      '--first-name',
      'Alan',
      '--middle-name',
      'Mathison',
      '--last-name',
      'Turing',
      '--title',
      'mr',
      '--common-name',
      'Al',
      '--date-of-birth',
      '1912-06-23',
      '--place-of-birth',
      'London',
      '--nationality',
      'British',
      '--passport-number',
      'P123',
      '--passport-issue-date',
      '2020-01-02',
      '--passport-expiry-date',
      '2030-01-01',
      '--passport-place-of-issue',
      'London',
      '--email',
      'alan@example.com',
      '--phone',
      'MOBILE:+44 20 7946 0000',
      '--phone',
      'HOME:020-7946-0001',
      '--street',
      '2 Hurst Road',
      '--city',
      'Wilmslow',
      '--country',
      'United Kingdom',
      '--postal-zip',
      'SK9',
    ]);
    expect(t.code).toBe(0);
    const customer = JSON.parse(t.out());
    expect(customer).toMatchObject({
      name: { legal_first_name: 'Alan', legal_middle_name: 'Mathison', legal_last_name: 'Turing', common_name: 'Al', title: 'Mr' },
      date_of_birth: '1912-06-23',
      place_of_birth: 'London',
      nationality: { id: 'GB', name: 'British' },
      passport: { number: 'P123', issue_date: '2020-01-02', expiry_date: '2030-01-01', place_of_issue: 'London' },
      account_email: 'alan@example.com',
      phone_numbers: [
        { type: 'MOBILE', number: '+44 20 7946 0000' },
        { type: 'HOME', number: '020-7946-0001' },
      ],
      address: { street: '2 Hurst Road', city: 'Wilmslow', country: { id: 'GB', name: 'United Kingdom' }, postal_zip: 'SK9' },
    });
    expect(customer).toEqual(await sandbox.api('GET', `/customers/${customer.id}`));
    expect(t.err()).toBe(`✓ Created customer ${customer.id} on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)\n`);
    expect(recentIds(t.f.paths(), 'sandbox', 'customer')).toEqual([{ id: customer.id, label: 'Mr Alan Mathison Turing' }]);
  });

  it('sends only the members given (--dry-run)', async () => {
    const t = testFactory({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' });
    expect(await main(['customer', 'create', '--first-name', 'Ada', '--last-name', 'Lovelace', '--title', 'MS', '--city', 'London', '--dry-run'], t.f)).toBe(0);
    expect(JSON.parse(t.out().split('\n\n')[1])).toEqual({
      name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' },
      address: { city: 'London' },
    });
  });

  it('reads --phone as agent update does: the type upper-cased, a number may open with "("', async () => {
    const t = testFactory({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' });
    expect(await main(['customer', 'create', '--first-name', 'Ada', '--last-name', 'Lovelace', '--title', 'Ms', '--phone', 'mobile: (020) 7946 0000', '--dry-run'], t.f)).toBe(0);
    expect(JSON.parse(t.out().split('\n\n')[1]).phone_numbers).toEqual([{ type: 'MOBILE', number: '(020) 7946 0000' }]);
  });

  it.each([
    [['--title', 'Dr'], '--title must be one of Mr, Mrs, Ms, Miss, Mx, got "Dr"'],
    [['--title', 'Ms', '--date-of-birth', '1990-02-30'], '--date-of-birth: 1990-02-30 is not a real date: February 1990 has 28 days'],
    [['--title', 'Ms', '--passport-expiry-date', '30/01/2030'], '--passport-expiry-date must be a date as YYYY-MM-DD, got "30/01/2030"'],
    [['--title', 'Ms', '--phone', '+1 555 0100'], '--phone must be TYPE:NUMBER such as MOBILE:+1-416-555-0199, got "+1 555 0100"'],
    [['--title', 'Ms', '--phone', 'MOBILE:call me'], '--phone must be TYPE:NUMBER'],
    [['--title', 'Ms', '--email', 'ada-at-example'], '--email must be an e-mail address, got "ada-at-example"'],
    [['--title', 'Ms', '--street', ' '], '--street must not be empty'],
    [['--title', 'Ms', '--fields', 'name.first'], 'unknown field "name.first" for --fields'],
  ])('refuses %j with exit 2 before sending anything', async (flags, message) => {
    const hostile = await servers.start((_req, res) => res.writeHead(500).end());
    const t = testFactory({ baseUrl: hostile.url, apiKey: 'k' });
    expect(await main(['customer', 'create', '--first-name', 'Ada', '--last-name', 'Lovelace', ...flags], t.f)).toBe(2);
    expect(t.err()).toContain(`error: ${message}`);
    expect(hostile.requests).toEqual([]);
  });

  it('names the first missing required flag when there is no terminal', async () => {
    const t = testFactory({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' });
    expect(await main(['customer', 'create', '--last-name', 'Lovelace'], t.f)).toBe(2);
    expect(t.err()).toBe(
      'error: --first-name is required and trek cannot ask for it: stdin and stdout are not terminals\nPass --first-name on the command line (trek asks only when stdin and stdout are both a terminal).\n',
    );
  });

  it('asks for the missing names and the title on a terminal', async () => {
    const t = await sandbox.trek(['customer', 'create', '-o', 'json'], { tty: true, answers: ['  Grace ', 'Hopper', 'Mrs'] });
    expect(t.code).toBe(0);
    expect(t.prompter.asked).toEqual(['Legal first name (as on the passport)', 'Legal last name (as on the passport)', 'Title']);
    expect(JSON.parse(t.out()).name).toMatchObject({ legal_first_name: 'Grace', legal_last_name: 'Hopper', title: 'Mrs' });
  });
});

describe('trek customer get', () => {
  it('shows the customer in one table', async () => {
    const customer = await sandbox.api('POST', '/customers/', {
      name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms', common_name: 'Ada' },
      date_of_birth: '1815-12-10',
      passport: { number: 'X1', expiry_date: '2031-05-01' },
      phone_numbers: [
        { type: 'MOBILE', number: '+44 1' },
        { type: 'WORK', number: '+44 2' },
      ],
      address: { city: 'London', country: 'United Kingdom' },
    });
    const t = await sandbox.trek(['customer', 'get', customer.id], { tty: true });
    expect(t.code).toBe(0);
    expect(t.out()).toBe(
      [
        row('ID', customer.id),
        row('NAME', 'Ms Ada Lovelace'),
        row('GOES BY', 'Ada'),
        row('DATE OF BIRTH', '1815-12-10'),
        row('PLACE OF BIRTH'),
        row('NATIONALITY'),
        row('PASSPORT', 'X1 · expires 2031-05-01'),
        row('EMAIL'),
        row('PHONES', 'MOBILE +44 1'),
        `${' '.repeat(17)}WORK +44 2`,
        row('ADDRESS', 'London, United Kingdom'),
        row('MEAL PREFERENCE'),
        row('MEAL NOTES'),
        row('EMERGENCY'),
        row('MEDICAL NOTES'),
        '',
      ].join('\n'),
    );
  });

  it('exits 4 for an unknown customer', async () => {
    const t = await sandbox.trek(['customer', 'get', '999999']);
    expect(t.code).toBe(4);
  });
});

describe('trek customer bookings', () => {
  it('fetches each booking by its href, at most 4 at a time, printed in list order', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => String(200 + i));
    let inFlight = 0;
    let maxInFlight = 0;
    const hostile = await servers.start((req, res) => {
      const send = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url!.startsWith('/customers/')) {
        return send({ count: ids.length, current_page: 1, max_per_page: 50, results: ids.map((id) => ({ id, href: `/elsewhere/bookings/${id}` })), links: [] });
      }
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const id = req.url!.split('/').at(-1)!;
      // Early bookings answer last: order must come from the list, not from arrival.
      setTimeout(
        () => {
          inFlight--;
          send({ id, currency: 'CAD', amount_paid: '1.00', amount_owing: '2.00' });
        },
        60 - Number(id.slice(-1)) * 5,
      );
    });
    const t = testFactory({ baseUrl: hostile.url, apiKey: 'k' });
    await customerBookingsRun({ ...(await resourceOptions(t.f)), id: '7' });
    await t.f.close();
    expect(JSON.parse(t.out()).map((b: { id: string }) => b.id)).toEqual(ids);
    expect(
      hostile.requests
        .slice(1)
        .map((r) => r.url)
        .sort(),
    ).toEqual(ids.map((id) => `/elsewhere/bookings/${id}`));
    expect(maxInFlight).toBe(4);
  });

  it('stops at the first failed booking and exits with its status', async () => {
    const hostile = await servers.start((req, res) => {
      res.writeHead(req.url === '/bookings/2' ? 403 : 200, { 'content-type': 'application/json' });
      if (req.url!.startsWith('/customers/')) res.end(JSON.stringify({ count: 3, current_page: 1, results: ['1', '2', '3'].map((id) => ({ id, href: `/bookings/${id}` })), links: [] }));
      else if (req.url === '/bookings/2') res.end(JSON.stringify({ http_status_code: 403, message: 'Not your agency', errors: [] }));
      else res.end(JSON.stringify({ id: req.url!.split('/').at(-1), currency: 'CAD' }));
    });
    const t = testFactory({ baseUrl: hostile.url, apiKey: 'k' });
    expect(await main(['customer', 'bookings', '7', '-o', 'ndjson'], t.f)).toBe(3);
    expect(t.out()).toBe('{"id":"1","currency":"CAD"}\n');
    expect(t.err()).toContain('Not your agency');
  });

  it('lists nothing for a customer on no booking', async () => {
    const customer = await sandbox.api('POST', '/customers/', { name: { legal_first_name: 'Solo', legal_last_name: 'Traveller', title: 'Mx' } });
    const t = await sandbox.trek(['customer', 'bookings', customer.id], { tty: true });
    expect(t.code).toBe(0);
    expect(t.err()).toBe(`Customer ${customer.id} has no bookings.\n`);
  });
});
