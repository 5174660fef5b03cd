/**
 * Issue 19, "Prompts check each answer when it is given", in a real terminal (tmux): the built
 * CLI against a sandbox started in this process. Each wrong answer is refused at its own prompt,
 * with what is wrong, and asked again with the answers before it still on screen; colour follows
 * --color and the color setting; Ctrl-C wipes the menu before the "cancelled" line; No reads
 * "Nothing was changed."; off a terminal the message says exactly why trek cannot ask.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { PROGRAMS, requirePrograms } from '../helpers/programs.js';
import { openTerminal, type Terminal } from '../helpers/terminal.js';
import { freshHome, runTrek, TREK_BIN, useTrekAgainstSandbox } from './trek-process.js';

// Set-up and checks go through the API: the prompts in the terminal are what these tests are about.
const { env, api, trekJson } = useTrekAgainstSandbox();

/** Not a booking anywhere, and a tour dossier's id typed where a booking's goes. */
const MISSING_BOOKING = '2999999';
const DOSSIER = '20009';
const ESC = '\u001b';

const trekLine = (args: string) => `'${process.execPath}' '${TREK_BIN}' ${args}; echo "[exit $?]"; sleep 60`;

/** Runs `trek ARGS` in a 100×40 terminal with the test's environment (plus `extra`; undefined removes a variable). */
async function inTerminal(args: string, extra: Record<string, string | undefined> = {}): Promise<Terminal> {
  const merged: NodeJS.ProcessEnv = { ...env(), ...extra };
  for (const [key, value] of Object.entries(extra)) if (value === undefined) delete merged[key];
  return openTerminal(trekLine(args), { columns: 100, rows: 40, env: merged });
}

const bookingInCad = () => api('POST', '/bookings/', { currency: 'CAD' });
const customer = (first: string, last: string) => api('POST', '/customers/', { name: { legal_first_name: first, legal_last_name: last, title: 'Ms' } });

/** A booking with Ada on departure 100001, whose service it also gives. */
async function bookingWithTraveller(): Promise<{ booking: any; customer: any; service: any }> {
  const booking = await bookingInCad();
  const ada = await customer('Ada', 'Lovelace');
  const service = await api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: [{ id: ada.id }] });
  return { booking, customer: ada, service };
}

/** An override of `requirement` for the traveller of bookingWithTraveller(), on their service. */
async function override(requirement: string, reason: string): Promise<any> {
  const { booking, customer: traveller, service } = await bookingWithTraveller();
  const body = { booking: { id: booking.id }, customer: { id: traveller.id }, services: [{ id: service.id }], requirement: { code: requirement }, reason: { code: reason } };
  return api('POST', '/overrides/', body);
}

describe('19 prompts in a terminal', () => {
  beforeEach((ctx) => requirePrograms(ctx, PROGRAMS.tmux));

  it('19.1 override add: Enter on the empty Booking id is refused at its prompt, then a missing and a wrong-kind id; Ctrl-C in the menu clears it before "cancelled"', async () => {
    const { booking } = await bookingWithTraveller();
    const terminal = await inTerminal('override add', { TREK_HOME: freshHome() });
    try {
      await terminal.waitFor((text) => text.includes('? Booking id'));
      await terminal.sendKeys('Enter');
      let screen = await terminal.waitFor((text) => text.includes('> enter a booking id'));
      expect(screen).not.toContain('does not exist');
      expect(screen).not.toContain('[exit');

      await terminal.sendKeys(MISSING_BOOKING, 'Enter');
      await terminal.waitFor((text) => text.includes(`> Booking ${MISSING_BOOKING} does not exist`));
      await terminal.sendKeys('C-u', DOSSIER, 'Enter');
      screen = await terminal.waitFor((text) => text.includes(`> ${DOSSIER} is a dossier, not a booking`));
      expect(screen).not.toContain('[exit');

      await terminal.sendKeys('C-u', booking.id, 'Enter');
      screen = await terminal.waitFor((text) => text.includes('? Customer') && text.includes('INCOMPLETE'));
      expect(screen).toContain(`✔ Booking id ${booking.id}`);

      await terminal.sendKeys('C-c');
      screen = await terminal.waitFor((text) => text.includes('[exit'));
      expect(screen).toContain('cancelled: nothing was changed');
      expect(screen).toContain('[exit 130]');
      // The menu is gone: nothing of the question is left above the line.
      expect(screen).not.toContain('Lovelace');
      expect(screen).not.toContain('INCOMPLETE');
      expect(screen).not.toContain('? Customer');
    } finally {
      await terminal.close();
    }
  });

  it('19.1 service add-departure: a mistyped booking is refused at its prompt; "Another customer id…" refuses 3999999, abc naming both, and keeps the answers before', async () => {
    const booking = await bookingInCad();
    // Made with trek, which remembers them: the list of customers to add offers those trek knows,
    // and asks for another while one of them is left.
    const grace = await trekJson('customer', 'create', '--first-name', 'Grace', '--last-name', 'Hopper', '--title', 'Ms');
    await trekJson('customer', 'create', '--first-name', 'Edsger', '--last-name', 'Dijkstra', '--title', 'Mr');
    // The departure is given: the departure picker is not what this test is about.
    const terminal = await inTerminal(`service add-departure --departure 100001`);
    try {
      await terminal.waitFor((text) => text.includes('? Booking id'));
      await terminal.sendKeys('C-u', DOSSIER, 'Enter');
      await terminal.waitFor((text) => text.includes(`> ${DOSSIER} is a dossier, not a booking`));
      await terminal.sendKeys('C-u', booking.id, 'Enter');
      await terminal.waitFor((text) => text.includes('Customer to add to the service') && text.includes('Another customer id…'));
      // Typing in a list moves to the choice that starts with it.
      await terminal.sendKeys('Another', 'Enter');
      await terminal.waitFor((text) => text.includes('? Customer ids'));
      await terminal.sendKeys('3999999, abc', 'Enter');
      let screen = await terminal.waitFor((text) => text.includes('> Customer 3999999 does not exist; Customer abc does not exist'));
      expect(screen).toContain(`✔ Booking id ${booking.id}`);
      expect(screen).toContain('? Customer ids (separated by commas or spaces) 3999999, abc');

      await terminal.sendKeys('C-u', grace.id, 'Enter');
      await terminal.waitFor((text) => text.includes('Another customer? (1 chosen)'));
      await terminal.sendKeys('Done', 'Enter');
      screen = await terminal.waitFor((text) => text.includes('[exit'));
      expect(screen).toContain('[exit 0]');
      expect(screen).toContain(`Added departure service`);
      const services = (await api('GET', `/bookings/${booking.id}/services/`)).results;
      expect(services.map((s: any) => s.customers.map((c: any) => c.id))).toEqual([[grace.id]]);
    } finally {
      await terminal.close();
    }
  });

  it('19.1 override update starts on the current reason', async () => {
    const minor = await override('AGE_RESTRICTION', 'MINOR_TRAVELLER');
    const terminal = await inTerminal(`override update ${minor.id}`);
    try {
      const screen = await terminal.waitFor((text) => text.includes('? New reason'));
      const cursorLine = screen.split('\n').find((line) => line.startsWith('❯'));
      expect(cursorLine).toMatch(/^❯ MINOR_TRAVELLER — .* \(current\)$/);
      await terminal.sendKeys('C-c');
      await terminal.waitFor((text) => text.includes('[exit 130]'));
    } finally {
      await terminal.close();
    }
  });

  it.each([
    ['--color never', 'checkin list --color never', {}],
    ['config set color never', 'checkin list', { color: 'never' }],
  ] as Array<[string, string, Record<string, string>]>)('19.2 %s turns colour off in prompts too (auto colours them)', async (_case, args, settings) => {
    const withColour = await inTerminal('checkin list', { NO_COLOR: undefined, TREK_HOME: freshHome() });
    try {
      await withColour.waitFor((text) => text.includes('? Booking id'));
      expect(await withColour.screen({ escapes: true })).toContain(`${ESC}[`);
    } finally {
      await withColour.close();
    }
    const home = freshHome();
    for (const [key, value] of Object.entries(settings)) expect((await runTrek(['config', 'set', key, value], { ...env(), TREK_HOME: home })).code).toBe(0);
    const plain = await inTerminal(args, { NO_COLOR: undefined, TREK_HOME: home });
    try {
      await plain.waitFor((text) => text.includes('? Booking id'));
      await plain.sendKeys(MISSING_BOOKING, 'Enter');
      await plain.waitFor((text) => text.includes(`> Booking ${MISSING_BOOKING} does not exist`));
      expect(await plain.screen({ escapes: true })).not.toContain(ESC);
    } finally {
      await plain.close();
    }
  });

  it('19.2 answering No to a confirmation reads "Nothing was changed." with exit 130', async () => {
    const renewal = await override('PASSPORT_INFORMATION', 'PASSPORT_RENEWAL');
    const terminal = await inTerminal(`override remove ${renewal.id}`);
    try {
      await terminal.waitFor((text) => text.includes(`Remove override ${renewal.id}`));
      await terminal.sendKeys('n', 'Enter');
      const screen = await terminal.waitFor((text) => text.includes('[exit'));
      // The question's answer, then the line alone.
      expect(screen).toMatch(/ No\nNothing was changed\.\n\[exit 130\]\n/);
      expect((await api('GET', `/overrides/${renewal.id}/`)).id).toBe(renewal.id);
    } finally {
      await terminal.close();
    }
  });

  it.each([
    ['stdin is not a terminal', 'booking create < /dev/null'],
    ['stdout is not a terminal', 'booking create | cat'],
    ['--no-input was given', 'booking create --no-input'],
  ])('19.3 off a terminal the message names exactly what is missing: %s', async (reason, args) => {
    const terminal = await inTerminal(args);
    try {
      const screen = await terminal.waitFor((text) => text.includes('[exit'));
      expect(screen).toContain(`error: --currency is required and trek cannot ask for it: ${reason}\nPass --currency on the command line (`);
    } finally {
      await terminal.close();
    }
  });
});
