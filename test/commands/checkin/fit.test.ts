/**
 * `checkin list` and `departure get` in a real terminal (tmux) at 80 and 120 columns: no line
 * longer than the terminal, ids and missing items whole, and the update that completes them.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { checkinListRun } from '../../../src/commands/checkin/list.js';
import { resourceOptions } from '../../../src/commands/resource.js';
import { cleanEnv, TREK_BIN, useTrekAgainstSandbox } from '../../e2e/trek-process.js';
import { PROGRAMS, requirePrograms } from '../../helpers/programs.js';
import { openTerminal } from '../../helpers/terminal.js';
import { expectOk } from '../../helpers/sandbox-client.js';
import { useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();
const served = useTrekAgainstSandbox();

/** A booking whose two travellers miss different items (names only; names and a birth date). */
async function bookingWithGaps(api: (method: string, path: string, body?: unknown) => Promise<any>) {
  const booking = await api('POST', '/bookings/', { currency: 'CAD' });
  const ada = await api('POST', '/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' } });
  const alan = await api('POST', '/customers/', { name: { legal_first_name: 'Alan', legal_last_name: 'Turing', title: 'Mr' }, date_of_birth: '1912-06-23' });
  await api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: [{ id: ada.id }, { id: alan.id }] });
  return { booking, ada, alan };
}

describe('trek checkin list at 80 columns', () => {
  it('18 checkin list at 80 columns keeps ids and missing items whole and ends with the customer update that completes them', async () => {
    const { booking, ada, alan } = await bookingWithGaps(sandbox.api);
    const t = sandbox.factory({ tty: true, columns: 80 });
    await checkinListRun({ ...(await resourceOptions(t.f)), booking: booking.id, incomplete: false });
    for (const line of `${t.out()}${t.err()}`.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    for (const id of [ada.id, alan.id]) expect(t.out()).toMatch(new RegExp(`\\(${id}\\)`));
    for (const code of ['MIDDLE_NAME,', 'NATIONALITY,', 'PASSPORT_NUMBER,', 'PASSPORT_EXPIRY', 'DATE_OF_BIRTH', 'AGE_RESTRICTED']) expect(t.out()).toContain(code);
    expect(t.out()).not.toContain('…');
    expect(t.out()).toMatch(new RegExp(`\\nReadiness pages\\n${ada.id}  /goodtogo/[0-9a-f]+\\n${alan.id}  /goodtogo/[0-9a-f]+\\n$`));
    expect(t.err()).toBe(
      '\nTo complete what is missing:\n' +
        `  # Ms Ada Lovelace (${ada.id}): no middle name on file; if the passport shows\n` +
        "  # none, leave --middle-name out: the passport's number answers it\n" +
        `  trek customer update ${ada.id} --middle-name NAME --nationality NATIONALITY \\\n` +
        '      --date-of-birth YYYY-MM-DD --passport-number NUMBER \\\n' +
        '      --passport-expiry-date YYYY-MM-DD\n' +
        `  # Mr Alan Turing (${alan.id}): no middle name on file; if the passport shows none,\n` +
        "  # leave --middle-name out: the passport's number answers it\n" +
        `  trek customer update ${alan.id} --middle-name NAME --nationality NATIONALITY \\\n` +
        '      --passport-number NUMBER --passport-expiry-date YYYY-MM-DD\n',
    );
  });

  it('prints no update line in a pipe, and the one it prints works', async () => {
    const { booking, alan } = await bookingWithGaps(sandbox.api);
    const piped = await sandbox.trek(['checkin', 'list', '--booking', booking.id, '-o', 'table']);
    expect(piped.err()).toBe('');
    const update = await sandbox.trek(['customer', 'update', alan.id, '--middle-name', 'Mathison', '--nationality', 'British', '--passport-number', 'P1', '--passport-expiry-date', '2035-01-01']);
    expect(update.code).toBe(0);
    const after = (await sandbox.api('GET', `/bookings/${booking.id}/checkins/`)).results.find((c: any) => c.customer.id === alan.id);
    expect(after.requirements.find((r: any) => r.code === 'PASSPORT_INFORMATION').INCOMPLETE).toEqual([]);
  });
});

describe('in a terminal (tmux) at 80 and 120 columns', () => {
  beforeEach((ctx) => requirePrograms(ctx, PROGRAMS.tmux));

  /** The screen after `trek ARGS` ran in a window `width` columns wide (history included). */
  async function screenOf(width: number, args: string[]): Promise<string> {
    const command = `'${process.execPath}' '${TREK_BIN}' ${args.join(' ')}; echo "[exit $?]"; sleep 60`;
    const terminal = await openTerminal(command, { columns: width, rows: 50, env: cleanEnv(served.env()) });
    try {
      return await terminal.waitFor((text) => text.includes('[exit'), { scrollback: true });
    } finally {
      await terminal.close();
    }
  }

  it.each([80, 120])('18 checkin list and departure get at %i columns: no line longer than the terminal', async (width) => {
    const { booking, ada } = await bookingWithGaps((method, path, body) => expectOk(served.client(), method, path, { body }));
    for (const args of [
      ['checkin', 'list', '--booking', booking.id, '--no-pager'],
      ['departure', 'get', '100001', '--no-pager'],
    ]) {
      const screen = await screenOf(width, args);
      expect(screen).toContain('[exit 0]');
      // Lines tmux wrapped are joined again: a joined line longer than the window is a line that overflowed.
      for (const line of screen.split('\n')) expect(line.trimEnd().length, line).toBeLessThanOrEqual(width);
      if (args[0] === 'checkin') {
        expect(screen).toContain(`(${ada.id})`);
        expect(screen).toContain(`trek customer update ${ada.id} --middle-name NAME`);
      } else expect(screen).toMatch(/^DATES +2027-07-29 – 2027-08-15 \(18 days\)$/m);
    }
  });
});
