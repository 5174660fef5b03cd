/**
 * Issue 29.5: the booking list names each booking's lead traveller and tour, and `booking get
 * Garc<TAB>` completes booking ids by their travellers' names (labels were only "(CAD)").
 */
import { describe, expect, it } from 'vitest';
import { tempHome } from '../../helpers/factory.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();

describe('29.5 bookings by their travellers', () => {
  it('booking list shows the lead traveller and the tour at 80 and 120 columns; booking get Garc<TAB> completes by traveller name', async () => {
    const home = tempHome();
    const env = { TREK_HOME: home, NO_COLOR: '1' };
    const json = async (args: string[]) => {
      const t = await sandbox.trek([...args, '-o', 'json'], { env });
      expect(t.code, t.err()).toBe(0);
      return JSON.parse(t.out());
    };
    const booking = await json(['booking', 'create', '--currency', 'CAD', '--external-id', 'CRM-29']);
    const maria = await json(['customer', 'create', '--first-name', 'María', '--last-name', 'García', '--title', 'Ms']);
    const service = await json(['service', 'add-departure', '--booking', booking.id, '--departure', '100004', '--customer', maria.id]);

    const complete = await sandbox.trek(['__complete', 'booking', 'get', 'Garc'], { env });
    const offered = complete.out().trimEnd().split('\n').slice(0, -1);
    expect(offered).toContain(`${booking.id}\tMs María García · CAD · CRM-29 · ${service.name}`);
    // A later read of the booking keeps the names in its label, with the currency and reference.
    expect((await sandbox.trek(['booking', 'get', booking.id], { env, tty: true })).code).toBe(0);
    const again = (await sandbox.trek(['__complete', 'booking', 'get', 'garcia'], { env })).out();
    expect(again).toContain(`${booking.id}\tMs María García · CAD · CRM-29 · ${service.name}`);
    expect((await sandbox.trek(['booking', 'update', booking.id, '--external-id', 'CRM-30'], { env })).code).toBe(0);
    expect((await sandbox.trek(['__complete', 'booking', 'get', 'Garc'], { env })).out()).toContain(`${booking.id}\tMs María García`);

    for (const columns of [80, 120]) {
      const list = await sandbox.trek(['booking', 'list', '--where', 'external_id=CRM-30'], { env, tty: true, columns });
      expect(list.code, list.err()).toBe(0);
      const [header, row] = list.out().trimEnd().split('\n');
      expect(header.split(/\s{2,}/).slice(0, 3)).toEqual(['ID', 'TRAVELLER', 'TOUR']);
      expect(row).toMatch(new RegExp(`^${booking.id} +Ms Mar`));
      for (const line of list.out().split('\n')) expect(line.length).toBeLessThanOrEqual(columns);
      expect(row).toMatch(/\d+\.\d{2} CAD/);
      if (columns === 120) expect(row).toContain(`Ms María García  ${service.name}  CRM-30`);
      // At 80 columns the names wrap under themselves rather than being cut.
      else expect(list.out()).toMatch(/Ms María +Best of .*\n +García +\S/);
    }
    // In a pipe, the bookings as the API sends them.
    const piped = await json(['booking', 'list', '--where', 'external_id=CRM-30']);
    expect(piped[0]).not.toHaveProperty('lead_traveller');
  });
});
