/**
 * Issue 19, "Prompts check each answer when it is given": the questions of override add/update/
 * list, checkin list, service add-departure, booking create and customer create, answered by the
 * test factory's scripted prompter (which runs each prompt's validate as inquirer does and asks
 * again on a refusal) against a sandbox on port 0. The same cases in a real terminal are in
 * test/e2e/prompts.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { loadColors } from '../../src/output/theme.js';
import { promptTheme } from '../../src/prompt/prompter.js';
import { tempHome } from '../helpers/factory.js';
import { useTrekSandbox } from '../helpers/trek-sandbox.js';
import { booked, TOUR } from './override/booked.js';

const sandbox = useTrekSandbox();

/** A booking id no sandbox has, and one that is a tour dossier (the issue's mistyped 200009). */
const MISSING_BOOKING = '2999999';
const DOSSIER = '20009';

describe('19 prompts check each answer when it is given', () => {
  it('19.1 override add: Enter on the empty Booking id prompt is refused and asked again, nothing is sent with an empty id', async () => {
    const b = await booked(sandbox);
    const t = await sandbox.trek(['override', 'add', '-o', 'json'], { tty: true, answers: ['', MISSING_BOOKING, DOSSIER, b.booking.id, b.customer.id, 'PASSPORT_INFORMATION', 'INFO_AT_CHECKIN'] });
    expect(t.code).toBe(0);
    expect(t.prompter.asked).toEqual(['Booking id', 'Customer', 'Requirement to waive', 'Reason']);
    expect(t.prompter.refused).toEqual(['enter a booking id', `Booking ${MISSING_BOOKING} does not exist`, `${DOSSIER} is a dossier, not a booking`]);
    expect(t.err()).not.toContain('does not exist');
    expect(JSON.parse(t.out())).toMatchObject({ booking: { id: b.booking.id }, requirement: { code: 'PASSPORT_INFORMATION' } });
  });

  it.each([
    ['override', 'list'],
    ['checkin', 'list'],
  ])('19.1 %s %s: the Booking id prompt is required, checked against the API, and starts on the booking just used', async (noun, verb) => {
    const b = await booked(sandbox);
    const home = tempHome();
    // `booking get` is what the user just used: its id is the default Enter takes.
    expect((await sandbox.trek(['booking', 'get', b.booking.id], { env: { TREK_HOME: home } })).code).toBe(0);
    const t = await sandbox.trek([noun, verb, '-o', 'json'], { tty: true, env: { TREK_HOME: home }, answers: [MISSING_BOOKING, ''] });
    expect(t.code).toBe(0);
    expect(t.prompter.asked).toEqual(['Booking id']);
    expect(t.prompter.defaults).toEqual([b.booking.id]);
    expect(t.prompter.refused).toEqual([`Booking ${MISSING_BOOKING} does not exist`]);
    expect(Array.isArray(JSON.parse(t.out()))).toBe(true);
  });

  it('19.1 checkin list without a booking just used: Enter on the empty prompt is refused, not sent', async () => {
    const b = await booked(sandbox);
    const t = await sandbox.trek(['checkin', 'list', '-o', 'json'], { tty: true, answers: ['', b.booking.id] });
    expect(t.code).toBe(0);
    expect(t.prompter.defaults).toEqual([undefined]);
    expect(t.prompter.refused).toEqual(['enter a booking id']);
  });

  it('19.1 service add-departure: a mistyped booking is refused at its own prompt, before the departure or customers are asked', async () => {
    const b = await booked(sandbox);
    const t = await sandbox.trek(['service', 'add-departure', '--departure', TOUR, '--customer', b.customer.id, '--dry-run'], { tty: true, answers: [DOSSIER, MISSING_BOOKING, b.booking.id] });
    expect(t.code).toBe(0);
    expect(t.prompter.asked).toEqual(['Booking id']);
    expect(t.prompter.refused).toEqual([`${DOSSIER} is a dossier, not a booking`, `Booking ${MISSING_BOOKING} does not exist`]);
  });

  it('19.1 service add-departure: a mistyped --booking on a terminal is said before any question (exit 4)', async () => {
    const t = await sandbox.trek(['service', 'add-departure', '--booking', MISSING_BOOKING], { tty: true, answers: [] });
    expect(t.code).toBe(4);
    expect(t.prompter.asked).toEqual([]);
    expect(t.err()).toContain(`Booking ${MISSING_BOOKING} does not exist`);
  });

  it('19.1 "Customer ids" refuses 300099, abc naming each id, and a booking id as not a customer; earlier answers are kept', async () => {
    const b = await booked(sandbox);
    const booking = await sandbox.api('POST', '/bookings/', { currency: 'CAD' });
    const t = await sandbox.trek(['service', 'add-departure', '--departure', TOUR, '-o', 'json'], {
      tty: true,
      answers: [booking.id, '3999999, abc', `${b.booking.id} a/b`, ` ${b.customer.id}, ${b.customer.id} `],
    });
    expect(t.code).toBe(0);
    expect(t.prompter.asked).toEqual(['Booking id', 'Customer ids (separated by commas or spaces)']);
    expect(t.prompter.refused).toEqual([
      'Customer 3999999 does not exist; Customer abc does not exist',
      `${b.booking.id} is a booking, not a customer; customer id "a/b" is not a valid id: it contains "/"`,
    ]);
    expect(JSON.parse(t.out())).toMatchObject({ booking: { id: booking.id }, product: { id: TOUR }, customers: [{ id: b.customer.id }] });
  });

  it('19.1 override add: the customer list starts on the customer just made or used', async () => {
    const b = await booked(sandbox);
    const other = await sandbox.api('POST', '/customers/', { name: { legal_first_name: 'Alan', legal_last_name: 'Turing', title: 'Mr' } });
    await sandbox.api('POST', '/departure_services/', { booking: { id: b.booking.id }, product: { id: TOUR }, customers: [{ id: other.id }] });
    const home = tempHome();
    expect((await sandbox.trek(['customer', 'get', other.id], { env: { TREK_HOME: home } })).code).toBe(0);
    const t = await sandbox.trek(['override', 'add', '--booking', b.booking.id, '--dry-run'], { tty: true, env: { TREK_HOME: home }, answers: [other.id, 'PASSPORT_INFORMATION', 'INFO_AT_CHECKIN'] });
    expect(t.code).toBe(0);
    expect(t.prompter.asked).toEqual(['Customer', 'Requirement to waive', 'Reason']);
    expect(t.prompter.defaults[0]).toBe(other.id);
  });

  it('19.1 override update starts on the current reason, and an override that does not exist is said before asking', async () => {
    const b = await booked(sandbox);
    const override = await sandbox.api('POST', '/overrides/', {
      booking: { id: b.booking.id },
      customer: { id: b.customer.id },
      services: [{ id: b.service.id }],
      reason: { code: 'PASSPORT_RENEWAL' },
      requirement: { code: 'PASSPORT_INFORMATION' },
    });
    const t = await sandbox.trek(['override', 'update', override.id], { tty: true, answers: ['INFO_AT_CHECKIN'] });
    expect(t.code).toBe(0);
    expect(t.prompter.asked).toEqual(['New reason']);
    expect(t.prompter.defaults).toEqual(['PASSPORT_RENEWAL']);
    expect((await sandbox.api('GET', `/overrides/${override.id}/`)).reason.code).toBe('INFO_AT_CHECKIN');

    const missing = await sandbox.trek(['override', 'update', '649999'], { tty: true, answers: [] });
    expect(missing.code).toBe(4);
    expect(missing.prompter.asked).toEqual([]);
  });

  it('19.1 booking create starts on the currency of the booking just made', async () => {
    const home = tempHome();
    expect((await sandbox.trek(['booking', 'create', '--currency', 'USD'], { env: { TREK_HOME: home } })).code).toBe(0);
    const t = await sandbox.trek(['booking', 'create'], { tty: true, env: { TREK_HOME: home }, answers: ['USD'] });
    expect(t.code).toBe(0);
    expect(t.prompter.asked).toEqual(['Currency of the booking']);
    expect(t.prompter.defaults).toEqual(['USD']);
  });

  it('19.1 customer create refuses a blank name at its prompt, naming it, and keeps the answers before it', async () => {
    const t = await sandbox.trek(['customer', 'create', '--dry-run'], { tty: true, answers: ['Ada', '  ', 'Lovelace', 'Ms'] });
    expect(t.code).toBe(0);
    expect(t.prompter.asked).toEqual(['Legal first name (as on the passport)', 'Legal last name (as on the passport)', 'Title']);
    expect(t.prompter.refused).toEqual(['enter the last name; it is required']);
    expect(t.out()).toContain('"legal_first_name": "Ada"');
  });
});

describe('19.2 colour, Ctrl-C and No', () => {
  it('19.2 the prompt theme draws no escape sequence when colour is off, and colours when on', async () => {
    await loadColors();
    const samples = (color: boolean) => {
      const theme = promptTheme(color);
      return [
        theme.prefix.idle,
        theme.prefix.done,
        ...theme.spinner.frames,
        theme.style.answer('a'),
        theme.style.message('m'),
        theme.style.error('e'),
        theme.style.highlight('h'),
        theme.style.keysHelpTip([['↑↓', 'navigate']]),
      ].join('');
    };
    expect(samples(false)).not.toContain('\u001b');
    expect(samples(true)).toContain('\u001b[');
  });

  it('19.2 answering No to a confirmation reads "Nothing was changed." and exits 130', async () => {
    const b = await booked(sandbox);
    const override = await sandbox.api('POST', '/overrides/', {
      booking: { id: b.booking.id },
      customer: { id: b.customer.id },
      services: [{ id: b.service.id }],
      reason: { code: 'PASSPORT_RENEWAL' },
      requirement: { code: 'PASSPORT_INFORMATION' },
    });
    const t = await sandbox.trek(['override', 'remove', override.id], { tty: true, answers: [false] });
    expect(t.code).toBe(130);
    expect(t.err().split('\n').slice(1)).toEqual(['Nothing was changed.', '']);
    expect((await sandbox.api('GET', `/overrides/${override.id}/`)).id).toBe(override.id);
  });
});

describe('19.3 without a terminal the message names exactly why trek cannot ask, and the flag to pass', () => {
  const pass = (flag: string, instead: string) => `Pass ${flag} on the command line (${instead}).`;
  const onTerminal = 'trek asks only when stdin and stdout are both a terminal';
  it.each([
    ['stdin is not a terminal', { stdinIsTTY: false }, [], {}, onTerminal],
    ['stdout is not a terminal', { stdoutIsTTY: false }, [], {}, onTerminal],
    ['stdin and stdout are not terminals', { stdinIsTTY: false, stdoutIsTTY: false }, [], {}, onTerminal],
    ['--no-input was given', {}, ['--no-input'], { TREK_NO_INPUT: '1' }, 'leave out --no-input to be asked on a terminal'],
    ['TREK_NO_INPUT is set', {}, [], { TREK_NO_INPUT: '1' }, 'unset TREK_NO_INPUT to be asked on a terminal'],
  ])('19.3 %s', async (reason, streams, flags, env, instead) => {
    const t = sandbox.factory({ tty: true, env });
    Object.assign(t.f.io, streams);
    expect(await main(['booking', 'create', ...flags], t.f)).toBe(2);
    expect(t.err()).toBe(`error: --currency is required and trek cannot ask for it: ${reason}\n${pass('--currency', instead)}\n`);
  });

  it('19.3 the no_input setting, and every missing flag named at once', async () => {
    const home = tempHome();
    expect((await sandbox.trek(['config', 'set', 'no_input', 'true'], { env: { TREK_HOME: home } })).code).toBe(0);
    const t = await sandbox.trek(['override', 'add', '--booking', '200003'], { tty: true, env: { TREK_HOME: home } });
    expect(t.code).toBe(2);
    expect(t.err()).toBe(
      'error: --customer, --requirement and --reason are required and trek cannot ask for them: the no_input setting is true\n' +
        `${pass('--customer, --requirement and --reason', 'run `trek config unset no_input` to be asked on a terminal')}\n`,
    );
  });
});
