/**
 * Issue 18, "Fit the screen", in a real terminal: the built trek (bin/trek) in tmux at 80 and
 * 120 columns against a served sandbox. Every line of an itinerary, a detail view and a wide
 * list fits the terminal (tmux's capture with wrapped lines joined shows any overflow), and a
 * long view opens in the default pager, less -FRX, which q leaves with trek ending quietly.
 */
import stringWidth from 'string-width';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROGRAMS, requirePrograms } from '../helpers/programs.js';
import { openTerminal } from '../helpers/terminal.js';
import { cleanEnv, TREK_BIN, useTrekAgainstSandbox } from './trek-process.js';

const { env, api } = useTrekAgainstSandbox();

let booking = '';
let service = '';
// Made through the API: what trek shows of them is what this file is about.
beforeAll(async () => {
  booking = (await api('POST', '/bookings/', { currency: 'CAD' })).id;
  const customer = (await api('POST', '/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' } })).id;
  // 100001 has places for everyone; the service's checkins list long missing items.
  service = (await api('POST', '/departure_services/', { booking: { id: booking }, product: { id: '100001' }, customers: [{ id: customer }] })).id;
});

/** The whole pane, scrollback included, with lines the terminal wrapped joined again (so an overflow shows). */
const whole = { scrollback: true };

const trekLine = (args: string[]) => `'${process.execPath}' '${TREK_BIN}' ${args.map((arg) => `'${arg}'`).join(' ')}`;

describe('18 fit the screen, in a terminal', () => {
  beforeEach((ctx) => requirePrograms(ctx, PROGRAMS.tmux));

  // Each in a terminal of its own, reading the same records: the two widths run at once.
  it.concurrent.each([80, 120])('18 at %i columns no line of an itinerary, a detail view or a wide list is longer than the terminal', async (columns) => {
    const commands = [
      ['itinerary', 'get', '700001'],
      ['booking', 'get', booking],
      ['service', 'get', service],
      ['api', 'GET', '/departures', '-o', 'table'],
      ['search', 'departures', '--limit', '20'],
    ];
    const script = commands.map((args, i) => `${trekLine(args)}; echo "[exit ${i} $?]"`).join('; ');
    // TREK_PAGER= : everything stays in the pane's scrollback to be read back.
    const screen = await openTerminal(`TREK_PAGER= ; export TREK_PAGER; ${script}; sleep 60`, { columns, rows: 50, env: cleanEnv(env()) });
    try {
      const text = await screen.waitFor((shown) => shown.includes(`[exit ${commands.length - 1} `), whole);
      for (let i = 0; i < commands.length; i++) expect(text, commands[i].join(' ')).toContain(`[exit ${i} 0]`);
      const lines = text.split('\n').map((line) => line.trimEnd());
      const tooLong = lines.filter((line) => stringWidth(line) > columns);
      expect(tooLong, `lines longer than ${columns} columns`).toEqual([]);
      // What was shown is the views themselves, wrapped rather than lost.
      expect(text).toContain('Day 1 · Lima: Arrival');
      expect(text).toMatch(/^INCOMPLETE +CHECKIN PASSPORT_INFORMATION/m);
      expect(text).toMatch(/^Services$/m);
      expect(text).toMatch(/^ID +NAME/m);
      // At 80 columns the wide list is cut to fit, at 120 nothing is; --wide is offered (once) wherever something was cut.
      expect(text.includes('…'), `something cut at ${columns} columns`).toBe(columns === 80);
      expect(text.includes('--wide')).toBe(text.includes('…'));
    } finally {
      await screen.close();
    }
  });

  it('18 a long view opens in less -FRX (the default pager); q leaves it and trek ends quietly, exit 0', async (ctx) => {
    requirePrograms(ctx, PROGRAMS.less);
    const screen = await openTerminal(`unset PAGER TREK_PAGER LESS; ${trekLine(['itinerary', 'get', '700001'])}; echo "[exit $?]"; sleep 60`, { columns: 80, rows: 24, env: cleanEnv(env()) });
    try {
      // less shows the first screen and waits at its ':' prompt: trek has not ended.
      const first = await screen.waitFor((shown) => /^:\s*$/m.test(shown) && shown.includes('Best of Peru'), whole);
      expect(first).not.toContain('[exit');
      // Ctrl-C is the pager's (less stops what it is doing): trek must not end and leave less
      // holding the terminal.
      await screen.sendKeys('C-c');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await screen.screen(whole)).not.toContain('[exit');
      await screen.sendKeys('q');
      const after = await screen.waitFor((shown) => shown.includes('[exit'), whole);
      expect(after).toContain('[exit 0]');
      expect(after).not.toMatch(/error|EPIPE/i);
      // -X: what was read stays on the screen after q.
      expect(after).toContain('Best of Peru');
    } finally {
      await screen.close();
    }
  });
});
