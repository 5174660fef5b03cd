import { describe, expect, it } from 'vitest';
import { agentGetRun } from '../../../src/commands/agent/get.js';
import { resourceOptions } from '../../../src/commands/resource.js';
import { recentIds } from '../../../src/history.js';
import { main } from '../../../src/main.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();

const servers = useHostileServers();

describe('trek agent get', () => {
  it('shows the profile as rows on a terminal', async () => {
    const t = sandbox.factory({ tty: true });
    await agentGetRun({ ...(await resourceOptions(t.f)), id: '1' });
    const row = (label: string, value: string) => `${label.padEnd('USERNAME'.length + 2)}${value}`;
    // The first seeded agent (docs/sandbox.md): Avery Tremblay, Manager at Maple Leaf Travel.
    expect(t.out()).toBe(
      [
        row('ID', '1'),
        row('NAME', 'Avery Tremblay'),
        row('USERNAME', 'atremblay'),
        row('EMAIL', 'avery.tremblay@mapleleaf.example'),
        row('PHONES', 'BUSINESS +1-555-0100'),
        row('ROLE', 'Manager'),
        row('AGENCY', 'Maple Leaf Travel (1)'),
        row('ACTIVE', 'yes'),
      ].join('\n') + '\n',
    );
    expect(recentIds(t.f.paths(), 'sandbox', 'agent')).toEqual([{ id: '1', label: 'Avery Tremblay' }]);
  });

  it("answers 403 (exit 3) for another agency's agent", async () => {
    const t = await sandbox.trek(['agent', 'get', '3']);
    expect(t.code).toBe(3);
  });
});

describe('trek agent update', () => {
  it('sends the flags as the five patchable fields and prints the agent', async () => {
    const t = await sandbox.trek([
      'agent',
      'update',
      '2',
      '--first-name',
      ' Jordy ',
      '--email',
      'jordy@mapleleaf.example',
      '--phone',
      'mobile:+1-416-555-0199',
      '--phone',
      'BUSINESS: +1 (416) 555-0100',
    ]);
    expect(t.code).toBe(0);
    const printed = JSON.parse(t.out());
    expect(printed).toMatchObject({
      id: '2',
      first_name: 'Jordy',
      last_name: 'Singh',
      email: 'jordy@mapleleaf.example',
      phone_numbers: [
        { type: 'MOBILE', number: '+1-416-555-0199' },
        { type: 'BUSINESS', number: '+1 (416) 555-0100' },
      ],
    });
    expect(printed).toEqual(await sandbox.api('GET', '/agents/2/'));
    expect(t.err()).toBe(`✓ Updated agent 2 on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)\n`);
  });

  it.each([
    [['--phone', '4165550199'], '--phone must be TYPE:NUMBER such as MOBILE:+1-416-555-0199, got "4165550199"'],
    [['--email', 'jordy'], '--email must be an e-mail address, got "jordy"'],
    [['--username', 'j singh'], '--username cannot contain spaces, got "j singh"'],
    [['--last-name', ' '], '--last-name must not be empty'],
    [[], 'nothing to update: give at least one of --first-name, --last-name, --email, --phone, --username'],
  ])('refuses %j with exit 2 before any request', async (flags, message) => {
    const s = await servers.silent();
    const t = testFactory({ baseUrl: s.url, apiKey: 'k' });
    expect(await main(['agent', 'update', '2', ...flags], t.f)).toBe(2);
    expect(t.err()).toBe(`error: ${message}\n`);
    expect(s.requests).toEqual([]);
  });

  it("prints the API's refusal of a taken username (exit 5)", async () => {
    const t = await sandbox.trek(['agent', 'update', '2', '--username', 'atremblay']);
    expect(t.code).toBe(5);
    expect(t.err()).toContain('  - username: USERNAME_TAKEN — another agent has this username\n');
  });

  it('prints the PATCH with --dry-run and sends nothing', async () => {
    const s = await servers.silent();
    const t = testFactory({ baseUrl: s.url, apiKey: 'k' });
    expect(await main(['agent', 'update', '7', '--username', 'nfraser2', '--dry-run'], t.f)).toBe(0);
    const [head, body] = t.out().split('\n\n');
    expect(head.split('\n')[0]).toBe(`PATCH ${s.url}/agents/7/`);
    expect(JSON.parse(body)).toEqual({ username: 'nfraser2' });
    expect(s.requests).toEqual([]);
  });
});

describe('trek agent me', () => {
  it('shows the agent of the key in use', async () => {
    const mine = await sandbox.trek(['agent', 'me']);
    expect(JSON.parse(mine.out())).toEqual(await sandbox.api('GET', '/agents/1/'));
    const other = testFactory({ baseUrl: sandbox.running.baseUrl, apiKey: sandbox.agentKey('3') });
    expect(await main(['agent', 'me', '--fields', 'id,agency.name'], other.f)).toBe(0);
    expect(JSON.parse(other.out())).toEqual({ id: '3', agency: { name: 'Harbour Lights Holidays' } });
  });

  it('says it is not available on a server that is not a trek sandbox (exit 4)', async () => {
    const s = await servers.start((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ http_status_code: 404, message: 'Not found', errors: [] }));
    });
    const t = testFactory({ baseUrl: s.url, apiKey: 'k' });
    expect(await main(['agent', 'me'], t.f)).toBe(4);
    expect(t.err()).toBe(`error: trek agent me is not available here: the API has no endpoint that tells whose key this is (${s.url}/ is not a trek sandbox); use \`trek agent get ID\` (HTTP 404)\n`);
    expect(s.requests.map((r) => r.url)).toEqual(['/_sandbox/whoami']);
  });
});
