import { describe, expect, it } from 'vitest';
import { customerListRun } from '../../../src/commands/customer/list.js';
import { resourceOptions } from '../../../src/commands/resource.js';
import { main } from '../../../src/main.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();
const servers = useHostileServers();

const ada = () => sandbox.api('POST', '/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' } });

describe('trek customer update', () => {
  it('18 customer update fills MIDDLE_NAME, NATIONALITY and PASSPORT_NUMBER, sending only what changed', async () => {
    const customer = await ada();
    const t = await sandbox.trek([
      'customer',
      'update',
      customer.id,
      '--middle-name',
      'Augusta',
      '--nationality',
      'British',
      '--passport-number',
      '502135446',
      '--passport-issue-date',
      '2021-05-01',
      '--passport-expiry-date',
      '2031-05-01',
      '--passport-place-of-issue',
      'London',
      '--first-name',
      'Ada',
      '--meal-preference',
      'vegetarian',
      '--meal-notes',
      'no nuts',
      '--medical-notes',
      'none',
      '--emergency-first-name',
      'Charles',
      '--emergency-last-name',
      'Babbage',
      '--emergency-phone',
      'MOBILE:+44 20 7946 0011',
      '--street',
      '12 St James Sq',
      '--latitude',
      '51.5074',
      '--longitude',
      '-0.1278',
      '--place-of-birth',
      'London',
      '--date-of-birth',
      '1815-12-10',
      '--common-name',
      'Ada',
      '--email',
      'ada@example.com',
      '--phone',
      'HOME:020 7946 0000',
    ]);
    expect(t.code).toBe(0);
    const updated = JSON.parse(t.out());
    expect(updated).toEqual(await sandbox.api('GET', `/customers/${customer.id}`));
    expect(updated).toMatchObject({
      name: { legal_first_name: 'Ada', legal_middle_name: 'Augusta', legal_last_name: 'Lovelace', common_name: 'Ada', title: 'Ms' },
      nationality: { id: 'GB', name: 'British' },
      date_of_birth: '1815-12-10',
      place_of_birth: 'London',
      passport: { number: '502135446', issue_date: '2021-05-01', expiry_date: '2031-05-01', place_of_issue: 'London' },
      meal_preference: 'vegetarian',
      meal_notes: 'no nuts',
      medical_notes: 'none',
      account_email: 'ada@example.com',
      phone_numbers: [{ type: 'HOME', number: '020 7946 0000' }],
      emergency_contacts: { first_name: 'Charles', last_name: 'Babbage', phone_numbers: [{ type: 'MOBILE', number: '+44 20 7946 0011' }] },
      address: { street: '12 St James Sq', latitude: '51.5074', longitude: '-0.1278' },
    });
    // --first-name Ada was already so: it is not among what was sent.
    expect(t.err()).toMatch(/^✓ Updated customer \d+: name\.legal_middle_name, name\.common_name, date_of_birth, place_of_birth, nationality, passport\.number, /);
    expect(t.err()).not.toContain('legal_first_name');
  });

  it('sends only the members that differ (--dry-run), and nothing when nothing differs', async () => {
    const customer = await ada();
    const dry = await sandbox.trek(['customer', 'update', customer.id, '--first-name', 'Ada', '--city', 'London', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.out()).toMatch(new RegExp(`^PATCH ${sandbox.running.baseUrl}/customers/${customer.id}/\n`));
    expect(JSON.parse(dry.out().split('\n\n')[1])).toEqual({ address: { city: 'London' } });
    const same = await sandbox.trek(['customer', 'update', customer.id, '--last-name', 'Lovelace'], { tty: true });
    expect(same.code).toBe(0);
    expect(same.err()).toBe(`Customer ${customer.id} already has these values; nothing was sent.\n`);
  });

  it.each([
    [['--title', 'Dr'], '--title must be one of Mr, Mrs, Ms, Miss, Mx, got "Dr"'],
    [['--date-of-birth', '1985-02-30'], '--date-of-birth: 1985-02-30 is not a real date'],
    [['--date-of-birth', '2999-01-01'], '--date-of-birth 2999-01-01 is after today'],
    [['--passport-issue-date', '2030-01-01', '--passport-expiry-date', '2020-01-01'], '--passport-expiry-date 2020-01-01 is not after --passport-issue-date 2030-01-01'],
    [['--latitude', '91'], '--latitude must be a number of degrees from -90 to 90, got "91"'],
    [['--emergency-phone', 'call me'], '--emergency-phone must be TYPE:NUMBER'],
    [['--nationality', ' '], '--nationality must not be empty'],
    [[], 'nothing to change: give at least one field flag'],
  ])('refuses %j with exit 2 naming the flag, before anything is sent', async (flags, message) => {
    const hostile = await servers.start((_req, res) => res.writeHead(500).end());
    for (const tty of [false, true]) {
      const t = testFactory({ baseUrl: hostile.url, apiKey: 'k', tty });
      expect(await main(['customer', 'update', '300001', ...flags], t.f)).toBe(2);
      expect(t.err()).toContain(message);
    }
    expect(hostile.requests).toEqual([]);
  });

  it('names an id of another kind (a booking) instead of "does not exist"', async () => {
    const booking = await sandbox.api('POST', '/bookings/', { currency: 'CAD' });
    const t = await sandbox.trek(['customer', 'update', booking.id, '--nationality', 'British'], { tty: true });
    expect(t.code).toBe(2);
    expect(t.err()).toBe(`error: ${booking.id} is a booking, not a customer\nTry: trek booking get ${booking.id}\n`);
  });
});

describe('trek customer list', () => {
  it("18 customer list lists the travellers of the agency's recent bookings, and says so on a terminal", async () => {
    const booking = await sandbox.api('POST', '/bookings/', { currency: 'CAD' });
    const customer = await ada();
    await sandbox.api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: [{ id: customer.id }] });
    const t = sandbox.factory({ tty: true, columns: 80 });
    await customerListRun({ ...(await resourceOptions(t.f)), bookings: [], recent: 1, profileAgency: async () => undefined });
    expect(t.err()).toBe("The API has no list of customers: trek lists the travellers of bookings: these are the travellers of agency 1's 1 newest booking (--recent N, --booking B).\n");
    expect(t.out().split('\n')[0]).toMatch(/^ID +NAME +BORN +NATIONALITY +EMAIL +BOOKINGS$/);
    expect(t.out().split('\n')[1]).toMatch(new RegExp(`^${customer.id} +Ms Ada Lovelace +${booking.id}$`));

    const piped = await sandbox.trek(['customer', 'list', '--booking', booking.id]);
    expect(piped.code).toBe(0);
    expect(piped.err()).toBe('');
    expect(JSON.parse(piped.out())).toEqual([await sandbox.api('GET', `/customers/${customer.id}`)]);
    const csv = await sandbox.trek(['customer', 'list', '--booking', booking.id, '-o', 'csv']);
    expect(csv.out()).toBe(`id,name.title,name.legal_first_name,name.legal_middle_name,name.legal_last_name,date_of_birth,nationality,account_email\n${customer.id},Ms,Ada,,Lovelace,,,\n`);
  });
});
