import { describe, expect, it } from 'vitest';
import { dossierGetRun } from '../../../src/commands/dossier/get.js';
import { DEFAULT_LIMIT } from '../../../src/commands/list.js';
import { resourceOptions } from '../../../src/commands/resource.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();

describe('trek dossier get', () => {
  it('18 dossier get on a departure id names it a departure and its dossier', async () => {
    const t = await sandbox.trek(['dossier', 'get', '100001'], { tty: true });
    expect(t.code).toBe(2);
    expect(t.out()).toBe('');
    expect(t.err()).toBe('error: 100001 is a departure; its dossier is 20001\nTry: trek dossier get 20001\n');
    const json = await sandbox.trek(['dossier', 'get', '100001', '-o', 'json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.err())).toMatchObject({ error: { message: '100001 is a departure; its dossier is 20001' }, exit_code: 2 });
  });

  it('shows the dossier on a terminal: route, departure dates, itineraries, description', async () => {
    const t = sandbox.factory({ tty: true, columns: 80 });
    await dossierGetRun({ ...(await resourceOptions(t.f)), id: '20001' });
    expect(t.out()).toMatch(/^NAME +Best of Peru$/m);
    expect(t.out()).toMatch(/^ROUTE +Lima → Lima, Peru$/m);
    expect(t.out()).toMatch(/^ITINERARIES +700001 from \d{4}-\d{2}-\d{2}$/m);
    for (const line of t.out().split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('18 dossier get --departures lists its departures, paged like every list: JSON alone in a pipe, under the dossier on a terminal', async () => {
    const all = (await sandbox.api('GET', '/tour_dossiers/20001/departures/?order_by=start_date&max_per_page=100')).results;
    expect(all.length).toBeGreaterThan(3);
    const piped = await sandbox.trek(['dossier', 'get', '20001', '--departures', '--limit', '3']);
    expect(piped.code).toBe(0);
    expect(JSON.parse(piped.out()).map((d: any) => d.id)).toEqual(all.slice(0, 3).map((d: any) => d.id));
    expect(piped.err()).toBe('');

    const everything = await sandbox.trek(['dossier', 'get', '20001', '--departures', '--all', '-o', 'ndjson']);
    expect(
      everything
        .out()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).tour_dossier.id),
    ).toEqual(all.map(() => '20001'));

    const terminal = await sandbox.trek(['dossier', 'get', '20001', '--departures', '--limit', '2'], { tty: true, columns: 120 });
    expect(terminal.code).toBe(0);
    const [detail, list] = terminal.out().split('\nDepartures\n');
    expect(detail).toMatch(/^ID +20001$/m);
    expect(list.split('\n')[0]).toMatch(/^ID +NAME +START/);
    expect(list.trim().split('\n')).toHaveLength(3);
    expect(terminal.err()).toBe(`showing 2 of ${all.length} — --all or --limit N\n`);
    expect(DEFAULT_LIMIT).toBe(50);
  });

  it('refuses list flags without --departures, before anything is sent', async () => {
    for (const tty of [false, true]) {
      const t = await sandbox.trek(['dossier', 'get', '20001', '--limit', '3', '--where', 'name=peru'], { tty });
      expect(t.code).toBe(2);
      expect(t.err()).toContain('--where, --limit list departures: add --departures');
    }
  });
});
