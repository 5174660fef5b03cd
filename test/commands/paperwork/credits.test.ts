/**
 * Issue 20, `trek credit list --expiring` and how expiring credits stand out, against a server
 * whose clock (its Date header) and credits each test sets: days are counted on the API's
 * clock, never the machine's.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/main.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers, type HostileServer } from '../../helpers/hostile-server.js';

const servers = useHostileServers();
const TODAY = '2027-01-10';

const day = (offset: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

/** A credit whose booking window ends `bookBy` days from TODAY (travel window a year later). */
function credit(id: string, bookBy: number, remaining = '100.00') {
  return {
    id,
    href: `/travel_credits/${id}/`,
    booking: { id: '200003', href: '/bookings/200003/' },
    amount: '100.00',
    remaining_amount: remaining,
    currency: 'CAD',
    issue_date: day(bookBy - 365),
    booking_window: { start_date: day(bookBy - 365), end_date: day(bookBy) },
    travel_window: { start_date: day(bookBy - 365), end_date: day(bookBy + 365) },
  };
}

const CREDITS = [credit('660031', 31), credit('660005', 5), credit('660000', -3), credit('660010', 10, '0.00'), credit('660030', 30), credit('660029', 29), credit('660400', 400)];

async function creditServer(): Promise<HostileServer> {
  return servers.start((req, res) => {
    const headers = { 'content-type': 'application/json', date: new Date(`${TODAY}T15:00:00Z`).toUTCString() };
    if (req.url?.startsWith('/agencies/1/travel_credits/')) {
      return void res.writeHead(200, headers).end(JSON.stringify({ count: CREDITS.length, max_per_page: 50, current_page: 1, results: CREDITS, links: [] }));
    }
    if (req.url === '/travel_credits/660005/') return void res.writeHead(200, headers).end(JSON.stringify(CREDITS[1]));
    res.writeHead(404, headers).end(JSON.stringify({ message: 'Not found.' }));
  });
}

async function trek(server: HostileServer, args: string[], options: { tty?: boolean; color?: boolean } = {}) {
  const env = options.color ? { FORCE_COLOR: '1' } : { NO_COLOR: '1' };
  // The machine's clock is not the API's: only the Date header may count.
  const t = testFactory({ tty: options.tty, baseUrl: server.url, apiKey: 'k', env, columns: 120 });
  const code = await main(args, t.f);
  return { code, out: t.out(), err: t.err() };
}

describe('trek credit list', () => {
  it("20 --expiring 30d keeps the credits with something left whose booking window ends within 30 days of the API's today, soonest first", async () => {
    const server = await creditServer();
    const t = await trek(server, ['credit', 'list', '--agency', '1', '--expiring', '30d', '-o', 'json']);
    expect(t.code, t.err).toBe(0);
    expect(JSON.parse(t.out).map((c: { id: string }) => c.id)).toEqual(['660005', '660029', '660030']);
    const all = await trek(server, ['credit', 'list', '--agency', '1', '-o', 'json']);
    expect(JSON.parse(all.out).map((c: { id: string }) => c.id)).toEqual(['660000', '660005', '660010', '660029', '660030', '660031', '660400']);
    expect((await trek(server, ['credit', 'list', '--agency', '1', '--expiring', '2w', '-o', 'json'])).out).toContain('"660005"');
  });

  it('20 on a terminal the windows ending within 30 days stand out and say how soon; those ended are dimmed', async () => {
    const server = await creditServer();
    const plain = await trek(server, ['credit', 'list', '--agency', '1'], { tty: true });
    expect(plain.out).toMatch(new RegExp(`^660005 +200003 +100.00 CAD +100.00 CAD +${day(-360)} +${day(5)} \\(in 5 days\\) +${day(370)}$`, 'm'));
    expect(plain.out).toMatch(new RegExp(`^660000 .* ${day(-3)} \\(ended\\) +${day(362)}$`, 'm'));
    expect(plain.out).toMatch(new RegExp(`^660031 .* ${day(31)} +${day(396)}$`, 'm'));
    const coloured = await trek(server, ['credit', 'list', '--agency', '1'], { tty: true, color: true });
    expect(coloured.out).toContain(`\x1b[33m${day(5)} (in 5 days)\x1b[39m`);
    expect(coloured.out).toContain(`\x1b[2m${day(-3)} (ended)\x1b[22m`);
    expect(coloured.out).not.toContain(`\x1b[33m${day(31)}`);
  });

  it('20 --expiring takes days or weeks; anything else is a usage error before any request', async () => {
    const server = await creditServer();
    for (const bad of ['soon', '0d', '30m', '-5d', '99999w']) {
      const t = await trek(server, ['credit', 'list', '--agency', '1', '--expiring', bad]);
      expect(t.code).toBe(2);
      expect(t.err).toBe(`error: --expiring must be a number of days such as 30d or 2w (1 day to 10 years), got "${bad}"\n`);
    }
    expect(server.requests).toEqual([]);
    const none = await trek(server, ['credit', 'list', '--agency', '1', '--expiring', '3d'], { tty: true });
    expect(none.code).toBe(0);
    expect(none.err).toBe(`The agency has no travel credits whose booking window ends within 3 days (by the API's clock, today is ${TODAY}).\n`);
  });

  it('20 credit get shows one credit with both windows, counted on the API clock', async () => {
    const server = await creditServer();
    const t = await trek(server, ['credit', 'get', '660005'], { tty: true });
    expect(t.code, t.err).toBe(0);
    expect(t.out).toMatch(new RegExp(`\\nBOOK BY +${day(5)} \\(in 5 days\\)\\nTRAVEL BY +${day(370)}\\n`));
  });
});
