/**
 * Issue 18's acceptance line in a real terminal (tmux, 80 columns): `trek service cancel S` on a
 * Confirmed departure service prints the fee and the new amount owing before asking; after it,
 * the fee kept. The built CLI against a sandbox started in this process.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeEach, describe, expect, it } from 'vitest';
import { PROGRAMS, requirePrograms } from '../helpers/programs.js';
import { cleanEnv, TREK_BIN, useTrekAgainstSandbox } from './trek-process.js';

const execFileAsync = promisify(execFile);
const { env, trekJson } = useTrekAgainstSandbox();

describe('trek service cancel in a terminal', () => {
  beforeEach((ctx) => requirePrograms(ctx, PROGRAMS.tmux));
  const socket = `trek-cancel-${process.pid}-${Date.now()}`;
  const tmux = (...args: string[]) => execFileAsync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { env: cleanEnv({ ...env(), TERM: 'xterm-256color' }) });
  // -J joins lines the terminal wrapped at 80 columns, so a sentence reads whole.
  const screen = async () => (await tmux('capture-pane', '-p', '-J', '-t', 'trek')).stdout;

  async function waitForScreen(done: (text: string) => boolean): Promise<string> {
    const deadline = Date.now() + 15_000;
    let text = '';
    while (Date.now() < deadline) {
      text = await screen();
      if (done(text)) return text;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the terminal never showed what was expected; it shows:\n${text}`);
  }

  it('18 service cancel on a Confirmed departure service prints the fee and the new amount owing before asking; after it, the fee kept', async () => {
    const booking = await trekJson('booking', 'create', '--currency', 'CAD');
    const customer = await trekJson('customer', 'create', '--first-name', 'Ada', '--last-name', 'Lovelace', '--title', 'Ms');
    const service = await trekJson('service', 'add-departure', '--booking', booking.id, '--departure', '100001', '--customer', customer.id);
    await trekJson('sandbox', 'pay', booking.id, service.deposit_amount);
    expect((await trekJson('service', 'get', service.id)).status).toBe('Confirmed');

    const command = `'${process.execPath}' '${TREK_BIN}' service cancel ${service.id}; echo "[exit $?]"; sleep 60`;
    await tmux('new-session', '-d', '-s', 'trek', '-x', '80', '-y', '40', command);
    try {
      const question = await waitForScreen((text) => text.includes(`Cancel departure service ${service.id}`));
      const asked = question.indexOf(`Cancel departure service ${service.id}`);
      // The cost comes first, above the question.
      expect(question.slice(0, asked)).toMatch(/\n {2}Fee {11}\d+\.\d{2} CAD \(\d+ %\)\n/);
      expect(question.slice(0, asked)).toMatch(new RegExp(`Booking ${booking.id} owes \\d+\\.\\d{2} CAD now, \\d+\\.\\d{2} CAD after\\.`));
      await tmux('send-keys', '-t', 'trek', 'y', 'Enter');
      const finished = await waitForScreen((text) => text.includes('[exit'));
      expect(finished).toContain('[exit 0]');
      const cancelled = await trekJson('service', 'get', service.id);
      const after = await trekJson('booking', 'get', booking.id);
      expect(finished).toContain(`Fee kept: ${cancelled.cancellation_fee} CAD. Booking ${booking.id} now owes ${after.amount_owing} CAD.`);
    } finally {
      await tmux('kill-server').catch(() => undefined);
    }
  });
});
