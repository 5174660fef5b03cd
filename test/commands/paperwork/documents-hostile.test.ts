/**
 * Issue 20, `trek booking documents` fed by a server whose text is hostile: what holds back a
 * voucher is shown escaped, and no command to paste is built from an id a shell would act on.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/main.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';

const servers = useHostileServers();
const envelope = (results: unknown[]) => JSON.stringify({ count: results.length, current_page: 1, max_per_page: 50, results, links: [] });

describe('trek booking documents against a hostile server', () => {
  it('20 a blocker with a shell-active customer id and escape sequences in its text: shown escaped, and no command is offered for it', async () => {
    const hostileId = '300001;touch${IFS}/tmp/pwned';
    const requirement = {
      type: 'CHECKIN',
      name: 'Passport\x1b[2J',
      code: 'PASSPORT_INFORMATION',
      message: 'x',
      customer: { id: hostileId, href: '/customers/x/', name: { title: 'Ms', legal_first_name: 'Eve\x1b]8;;http://evil\x07', legal_last_name: 'Mallory' } },
    };
    const service = {
      id: '400001',
      href: '/departure_services/400001/',
      name: 'Tour',
      status: 'Confirmed',
      type: 'departure_services',
      documents: [],
      incomplete_requirements: [requirement],
      booking: { id: '200003', href: '/bookings/200003/' },
    };
    const server = await servers.start((req, res) => {
      const json = (body: string) => void res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      if (req.url === '/bookings/200003/services/') return json(envelope([service]));
      if (req.url === '/bookings/200003/documents/') return json(envelope([]));
      if (req.url === '/bookings/200003/checkins/') return json(envelope([]));
      if (req.url === '/departure_services/400001/') return json(JSON.stringify(service));
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no"}');
    });
    const run = async (args: string[]) => {
      const t = testFactory({ tty: true, baseUrl: server.url, apiKey: 'k', env: { NO_COLOR: '1' }, columns: 200 });
      return { code: await main(args, t.f), out: t.out() };
    };
    const table = await run(['booking', 'documents', '200003']);
    expect(table.code).toBe(0);
    expect(table.out).not.toMatch(/\x1b|\x07/);
    expect(table.out).toContain('PASSPORT_INFORMATION of Ms Eve');
    expect(table.out).not.toContain('trek override add');
    expect(table.out).not.toContain('trek customer update');
    expect(table.out).not.toContain('REASON');
    const listed = JSON.parse((await run(['booking', 'documents', '200003', '-o', 'json'])).out);
    expect(listed[0].blocked_by[0].clear).toEqual({ customer_update: null, override: null });
  });
});
