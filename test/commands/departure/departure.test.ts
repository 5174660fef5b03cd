import { describe, expect, it } from 'vitest';
import { departureGetRun } from '../../../src/commands/departure/get.js';
import { resourceOptions } from '../../../src/commands/resource.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();

describe('trek departure get', () => {
  it('18 departure get shows one departure on a terminal: dates, availability, prices, rooms and what it includes, within 80 columns', async () => {
    const t = sandbox.factory({ tty: true, columns: 80 });
    await departureGetRun({ ...(await resourceOptions(t.f)), id: '100001' });
    const out = t.out();
    expect(out).toMatch(/^ID +100001$/m);
    expect(out).toMatch(/^DOSSIER +Best of Peru \(20001\)$/m);
    expect(out).toMatch(/^DATES +2027-07-29 – 2027-08-15 \(18 days\)$/m);
    expect(out).toMatch(/^AVAILABILITY +AVAILABLE, \d+ places left$/m);
    // No currency asked for: the first the departure lists.
    expect(out).toMatch(/^FROM +4399\.00 CAD per person sharing, deposit 250\.00 CAD$/m);
    expect(out).toMatch(/^FLEX PLANS +Flex \(100001-1\), Flex Plus \(100001-2\)$/m);
    expect(out).toMatch(/^Rooms\nROOM +NAME +BAND +PRICE +DEPOSIT +PLACES\nSTANDARD +Standard \(shared\) +Adult 18\+ +4399\.00 CAD +250\.00 CAD/m);
    expect(out).toMatch(/^SINGLE +My Own Room +Adult 18\+ +5498\.75 CAD +250\.00 CAD/m);
    expect(out).toMatch(/^Included\nFROM +TO +TYPE +WHAT +WHERE\n2027-07-29 +2027-07-30 +ACCOMMODATION +1 night at Lima Guesthouse 1 +Lima$/m);
    for (const line of out.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(t.err()).toBe('');
    const usd = sandbox.factory({ tty: true, columns: 80 });
    await departureGetRun({ ...(await resourceOptions(usd.f)), id: '100001', currency: 'USD' });
    expect(usd.out()).toMatch(/^FROM +3199\.00 USD per person sharing, deposit 180\.00 USD$/m);
  });

  it('prints the departure as the API sends it in a pipe, and --fields picks members', async () => {
    const api = await sandbox.api('GET', '/departures/100001/');
    const piped = await sandbox.trek(['departure', 'get', '100001']);
    expect(piped.code).toBe(0);
    expect(JSON.parse(piped.out())).toEqual(api);
    const fields = await sandbox.trek(['departure', 'get', '100001', '--fields', 'id,availability.status,tour_dossier.id', '-o', 'json']);
    expect(JSON.parse(fields.out())).toEqual({ id: '100001', availability: { status: api.availability.status }, tour_dossier: { id: '20001' } });
    const terminal = await sandbox.trek(['departure', 'get', '100001', '--fields', 'id,start_date'], { tty: true });
    expect(terminal.out()).toBe('id          100001\nstart_date  2027-07-29\n');
  });

  it('18 departure get on a dossier id names it a dossier (exit 2), and only an id nothing has is not found (exit 4)', async () => {
    for (const tty of [false, true]) {
      const wrong = await sandbox.trek(['departure', 'get', '20001'], { tty });
      expect(wrong.code).toBe(2);
      expect(wrong.out()).toBe('');
      expect(wrong.err()).toEqual(tty ? 'error: 20001 is a dossier, not a departure\nTry: trek dossier get 20001\n' : expect.stringContaining('20001 is a dossier, not a departure'));
    }
    const nowhere = await sandbox.trek(['departure', 'get', '123456789'], { tty: true });
    expect(nowhere.code).toBe(4);
    expect(nowhere.err()).toMatch(/^error: Departure 123456789 does not exist\. \(HTTP 404\)\n/);
  });

  it('refuses a bad id before anything is sent', async () => {
    const t = await sandbox.trek(['departure', 'get', 'a/b']);
    expect(t.code).toBe(2);
    expect(t.err()).toContain('departure id "a/b" is not a valid id');
  });
});
