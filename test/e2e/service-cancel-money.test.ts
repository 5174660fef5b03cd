/**
 * Issue 18's acceptance line in a real terminal (tmux, 80 columns): `trek service cancel S` on a
 * Confirmed departure service prints the fee and the new amount owing before asking; after it,
 * the fee kept. The built CLI against a sandbox started in this process.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { PROGRAMS, requirePrograms } from '../helpers/programs.js';
import { openTerminal } from '../helpers/terminal.js';
import { cleanEnv, TREK_BIN, useTrekAgainstSandbox } from './trek-process.js';

const { env, trekJson } = useTrekAgainstSandbox();

describe('trek service cancel in a terminal', () => {
  beforeEach((ctx) => requirePrograms(ctx, PROGRAMS.tmux));
  // Lines the terminal wrapped at 80 columns joined again, so a sentence reads whole.
  const joined = { joined: true };

  it('18 service cancel on a Confirmed departure service prints the fee and the new amount owing before asking; after it, the fee kept', async () => {
    const booking = await trekJson('booking', 'create', '--currency', 'CAD');
    const customer = await trekJson('customer', 'create', '--first-name', 'Ada', '--last-name', 'Lovelace', '--title', 'Ms');
    const service = await trekJson('service', 'add-departure', '--booking', booking.id, '--departure', '100001', '--customer', customer.id);
    await trekJson('sandbox', 'pay', booking.id, service.deposit_amount);
    expect((await trekJson('service', 'get', service.id)).status).toBe('Confirmed');

    const command = `'${process.execPath}' '${TREK_BIN}' service cancel ${service.id}; echo "[exit $?]"; sleep 60`;
    const terminal = await openTerminal(command, { columns: 80, rows: 40, env: cleanEnv(env()) });
    try {
      const question = await terminal.waitFor((text) => text.includes(`Cancel departure service ${service.id}`), joined);
      const asked = question.indexOf(`Cancel departure service ${service.id}`);
      // The cost comes first, above the question.
      expect(question.slice(0, asked)).toMatch(/\n {2}Fee {11}\d+\.\d{2} CAD \(\d+ %\)\n/);
      expect(question.slice(0, asked)).toMatch(new RegExp(`Booking ${booking.id} owes \\d+\\.\\d{2} CAD now, \\d+\\.\\d{2} CAD after\\.`));
      await terminal.sendKeys('y', 'Enter');
      const finished = await terminal.waitFor((text) => text.includes('[exit'), joined);
      expect(finished).toContain('[exit 0]');
      const cancelled = await trekJson('service', 'get', service.id);
      const after = await trekJson('booking', 'get', booking.id);
      expect(finished).toContain(`Fee kept: ${cancelled.cancellation_fee} CAD. Booking ${booking.id} now owes ${after.amount_owing} CAD.`);
    } finally {
      await terminal.close();
    }
  });
});
