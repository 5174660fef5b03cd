import { describe, expect, it } from 'vitest';
import { agencyGetRun } from '../../../src/commands/agency/get.js';
import { resourceOptions } from '../../../src/commands/resource.js';
import { main } from '../../../src/main.js';
import { localTime } from '../../../src/output/time.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();
/** Agent id of the manager of Prairie Wanderers (agency 5): the agency these tests change. */
const PRAIRIE_MANAGER = '7';

const servers = useHostileServers();

/** `Label  value` lines of an agency; continuation lines sit under the value column. */
function rows(entries: Array<[string, string]>): string {
  const width = 'TRANSACTIONAL EMAIL'.length + 2;
  return entries.map(([label, value]) => `${label.padEnd(width)}${value.split('\n').join(`\n${' '.repeat(width)}`)}`.trimEnd()).join('\n') + '\n';
}

async function trekAs(agentId: string, args: string[], options: { tty?: boolean } = {}) {
  const t = testFactory({ baseUrl: sandbox.running.baseUrl, apiKey: sandbox.agentKey(agentId), tty: options.tty });
  // Colour is on for a terminal unless switched off; these tests compare plain text.
  const code = await main(options.tty ? [...args, '--color', 'never'] : args, t.f);
  return Object.assign(t, { code });
}

describe('trek agency get', () => {
  it('shows the profile: e-mails, currencies, address, chains with their flags, preferences', async () => {
    const agency = await sandbox.api('GET', '/agencies/1/');
    const t = sandbox.factory({ tty: true });
    await agencyGetRun({ ...(await resourceOptions(t.f)), id: '1' });
    // Maple Leaf Travel as seeded (docs/sandbox.md).
    expect(t.out()).toBe(
      rows([
        ['ID', '1'],
        ['NAME', 'Maple Leaf Travel'],
        ['DISPLAY NAME', 'Maple Leaf Travel'],
        ['TRANSACTIONAL EMAIL', 'bookings@mapleleaf.example'],
        ['EMAILS', 'TRANSACTIONAL: bookings@mapleleaf.example\nACCOUNTING: accounts@mapleleaf.example'],
        ['CURRENCIES', 'CAD, USD'],
        ['ADDRESS', '100 King St W\nToronto, Ontario (CA-ON) M5X 1A9\nCanada (CA)'],
        ['CHAINS', 'North Star Travel Group (1) — Wayfarer Tours Inc. (1): no flags'],
        ['BOOKING COMPANIES', 'Wayfarer Tours Inc. (1)'],
        ['COMMUNICATION', 'ATTACH_INVOICES, ATTACH_VOUCHERS'],
        ['PASSENGER NOTICES', 'BOOKING_CONFIRMATION, PRE_DEPARTURE'],
        ['AGENT NOTICES', 'BOOKING_CONFIRMATION, OPTION_EXPIRY_WARNING, PAYMENT_RECEIVED'],
        ['ABTA NUMBER', ''],
        ['CREATED', localTime(agency.date_created)],
      ]),
    );
  });

  it("shows a chain's flags, and that the chain decides the communication preferences", async () => {
    const t = await trekAs('6', ['agency', 'get', '4'], { tty: true });
    expect(t.code).toBe(0);
    expect(t.out()).toContain('\nCHAINS               Independent Agents Alliance (2) — Wayfarer Tours Inc. (1): FLEX_DISABLED\n');
    expect(t.out()).toContain('\nCOMMUNICATION        ATTACH_INVOICES, ATTACH_VOUCHERS (overridden by the chain)\n');
  });

  it('falls back to the deprecated agency_chain when a server sends no agency_chains', async () => {
    const s = await servers.start((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: '9', name: 'Old Style', agency_chain: { id: '4', href: '/agency_chains/4/', name: 'Legacy Chain' } }));
    });
    const t = testFactory({ baseUrl: s.url, apiKey: 'k', tty: true });
    expect(await main(['agency', 'get', '9', '--color', 'never'], t.f)).toBe(0);
    expect(t.out()).toContain('\nCHAINS               Legacy Chain (4)\n');
  });
});

describe('trek agency update', () => {
  it('sends the address as text and prints it back with state and country objects', async () => {
    const t = await trekAs(PRAIRIE_MANAGER, ['agency', 'update', '5', '--street', '1 Yonge St', '--city', 'Toronto', '--state', 'ontario', '--country', 'Canada', '--postal-zip', 'M5E 1E5']);
    expect(t.code).toBe(0);
    expect(JSON.parse(t.out()).address).toEqual({
      street: '1 Yonge St',
      city: 'Toronto',
      state: { id: 'CA-ON', href: '/states/CA-ON/', name: 'Ontario' },
      country: { id: 'CA', href: '/countries/CA/', name: 'Canada' },
      postal_zip: 'M5E 1E5',
    });
    expect(t.err()).toBe(`✓ Updated agency 5 on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)\n`);

    const table = await trekAs(PRAIRIE_MANAGER, ['agency', 'update', '5', '--country', 'CA', '--state', 'QC', '--display-name', 'Prairie'], { tty: true });
    expect(table.out()).toContain(`\n${rows([['ADDRESS', '1 Yonge St\nToronto, Quebec (CA-QC) M5E 1E5\nCanada (CA)']])}`);
    expect(table.out()).toContain('\nDISPLAY NAME         Prairie\n');
  });

  it('replaces the e-mails and the communication preferences', async () => {
    const t = await trekAs(PRAIRIE_MANAGER, [
      'agency',
      'update',
      '5',
      '--email',
      'transactional:hello@prairie.example',
      '--communication',
      'allow-groups',
      '--communication',
      'ATTACH_INVOICES',
      '-o',
      'json',
    ]);
    expect(t.code).toBe(0);
    const printed = JSON.parse(t.out());
    expect(printed.emails).toEqual([{ type: 'TRANSACTIONAL', address: 'hello@prairie.example' }]);
    expect(printed.communication_preferences).toEqual(['ALLOW_GROUPS', 'ATTACH_INVOICES']);
  });

  it("prints the API's refusal of an unknown country on address.country (exit 5)", async () => {
    const t = await trekAs(PRAIRIE_MANAGER, ['agency', 'update', '5', '--country', 'Atlantis']);
    expect(t.code).toBe(5);
    expect(t.err()).toContain('  - address.country: UNKNOWN_COUNTRY — unknown country;');
  });

  it("refuses an agent who is not the agency's Manager (exit 3)", async () => {
    const t = await trekAs('8', ['agency', 'update', '5', '--name', 'Mine']);
    expect(t.code).toBe(3);
  });

  it.each([
    [['--communication', 'FAX'], '--communication must be one of ATTACH_INVOICES, ATTACH_VOUCHERS, ATTACH_TRAVELLER_INVOICES, ATTACH_TRAVELLER_VOUCHERS, ALLOW_GROUPS, got "FAX"'],
    [['--email', 'accounts@x.example'], '--email must be TYPE:ADDRESS such as ACCOUNTING:accounts@agency.example, got "accounts@x.example"'],
    [['--transactional-email', 'nope'], '--transactional-email must be an e-mail address, got "nope"'],
    [['--city', ''], '--city must not be empty'],
    [[], 'nothing to update: give at least one flag (`trek agency update --help` lists them)'],
  ])('refuses %j with exit 2 before any request', async (flags, message) => {
    const s = await servers.start((_req, res) => res.writeHead(500).end());
    const t = testFactory({ baseUrl: s.url, apiKey: 'k' });
    expect(await main(['agency', 'update', '5', ...flags], t.f)).toBe(2);
    expect(t.err()).toBe(`error: ${message}\n`);
    expect(s.requests).toEqual([]);
  });

  it('prints the PATCH with --dry-run: the address as text', async () => {
    const s = await servers.start((_req, res) => res.writeHead(500).end());
    const t = testFactory({ baseUrl: s.url, apiKey: 'k' });
    expect(await main(['agency', 'update', '1', '--state', 'Ontario', '--country', 'Canada', '--dry-run'], t.f)).toBe(0);
    const [head, body] = t.out().split('\n\n');
    expect(head.split('\n')[0]).toBe(`PATCH ${s.url}/agencies/1/`);
    expect(JSON.parse(body)).toEqual({ address: { state: 'Ontario', country: 'Canada' } });
    expect(s.requests).toEqual([]);
  });
});
