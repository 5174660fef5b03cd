/** A day at the counter, round 3: help and completion (issue 29, item 14). */
import { describe, expect, it } from 'vitest';
import { tempHome } from '../../helpers/factory.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';
import { booked } from '../override/booked.js';

const sandbox = useTrekSandbox();

/** `trek __complete WORDS` as `value\tdescription` pairs. */
async function complete(words: string[], env: Record<string, string> = {}) {
  const t = await sandbox.trek(['__complete', ...words], { env });
  return t
    .out()
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith(':'))
    .map((line) => line.split('\t') as [string, string?]);
}

describe('help and completion', () => {
  it('trek help <TAB>: one-line descriptions, cut after a whole word with …', async () => {
    const offered = await complete(['help', '']);
    expect(offered.length).toBeGreaterThan(10);
    for (const [value, description = ''] of offered) {
      expect(description.length, value).toBeLessThanOrEqual(60);
      expect(description, value).not.toContain('\n');
    }
    const { menuDescription } = await import('../../../src/completion/tree.js');
    expect(menuDescription('Search departures (dated tours) by name, dates, availability and airport, soonest first.')).toBe('Search departures (dated tours) by name, dates…');
  });

  it("trek search --help lists each verb's one-line summary, not its whole description", async () => {
    const t = await sandbox.trek(['search', '--help'], { columns: 100 });
    expect(t.out()).toMatch(/departures \[options\] +dated tours by name, dates, availability and airport,/);
    expect(t.out()).not.toContain('The default condition matches');
  });

  it("dossier get --fields completes the dossier's fields, and the departures' only with --departures", async () => {
    const own = (await complete(['dossier', 'get', '20001', '--fields', ''])).map(([value]) => value);
    expect(own).toContain('departures_start_date');
    expect(own).not.toContain('availability.status');
    const listed = (await complete(['dossier', 'get', '20001', '--departures', '--fields', ''])).map(([value]) => value);
    expect(listed).toContain('availability.status');
  });

  it('service cancel <TAB> leaves out services already Cancelled or Expired', async () => {
    const home = tempHome();
    const b = await booked(sandbox);
    const live = JSON.parse((await sandbox.trek(['service', 'add-departure', '--booking', b.booking.id, '--departure', '100001', '--customer', b.customer.id], { env: { TREK_HOME: home } })).out());
    const gone = JSON.parse((await sandbox.trek(['service', 'add-departure', '--booking', b.booking.id, '--departure', '100001', '--customer', b.customer.id], { env: { TREK_HOME: home } })).out());
    await sandbox.api('PATCH', `/departure_services/${gone.id}/`, { status: 'Expired' });
    const offered = (await complete(['service', 'cancel', ''], { TREK_HOME: home })).map(([value]) => value);
    expect(offered).toContain(live.id);
    expect(offered).not.toContain(gone.id);
  });
});
