/**
 * 13.2 Ids that walk the path: every id argument and id flag of every noun is checked before
 * anything is sent, prompts refuse the same values, and a good id goes out as one encoded
 * path segment.
 */
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { askBooking } from '../../src/commands/ask.js';
import { askId } from '../../src/commands/ids.js';
import { main } from '../../src/main.js';
import { toSafeJson } from '../../src/output/sanitize.js';
import type { Prompter, Validate } from '../../src/prompt/prompter.js';
import { tempHome, testFactory } from '../helpers/factory.js';
import { startHostileServer, useHostileServers, type HostileServer } from '../helpers/hostile-server.js';

/** Each would walk or cut the path, or is a script's empty/blank-padded variable, or hides a control character. */
const HOSTILE_IDS = ['', ' ', '.', '..', 'a/b', '?x', '#x', '%2e', 'a b', ' 1', '1 ', '\u0007', '\u009b'];

/**
 * Where an id goes on every noun's commands: `argv(id)` is the command line, `names` what the
 * error must name (the argument's "<what> id" or the flag).
 */
const SLOTS: Array<{ names: string; argv: (id: string) => string[] }> = [
  { names: 'booking id', argv: (id) => ['booking', 'get', id] },
  { names: 'booking id', argv: (id) => ['booking', 'update', id, '--external-id', 'CRM-1'] },
  { names: 'booking id', argv: (id) => ['booking', 'services', id] },
  { names: 'booking id', argv: (id) => ['booking', 'overrides', id] },
  { names: 'booking id', argv: (id) => ['booking', 'checkins', id] },
  { names: '--agency', argv: (id) => ['booking', 'create', '--currency', 'CAD', '--agency', id] },
  { names: 'customer id', argv: (id) => ['customer', 'get', id] },
  { names: 'customer id', argv: (id) => ['customer', 'bookings', id] },
  { names: 'agency id', argv: (id) => ['agency', 'get', id] },
  { names: 'agency id', argv: (id) => ['agency', 'update', id, '--name', 'Maple'] },
  { names: 'agent id', argv: (id) => ['agent', 'get', id] },
  { names: 'agent id', argv: (id) => ['agent', 'update', id, '--first-name', 'Jo'] },
  { names: 'checkin id', argv: (id) => ['checkin', 'get', id] },
  { names: '--booking', argv: (id) => ['checkin', 'list', '--booking', id] },
  { names: 'override id', argv: (id) => ['override', 'get', id] },
  { names: 'override id', argv: (id) => ['override', 'update', id, '--reason', 'PASSPORT_RENEWAL'] },
  { names: 'override id', argv: (id) => ['override', 'remove', id, '--yes'] },
  { names: '--booking', argv: (id) => ['override', 'list', '--booking', id] },
  { names: '--booking', argv: (id) => ['override', 'add', '--booking', id, '--customer', '1', '--requirement', 'X', '--reason', 'Y'] },
  { names: '--customer', argv: (id) => ['override', 'add', '--booking', '1', '--customer', id, '--requirement', 'X', '--reason', 'Y'] },
  { names: '--service', argv: (id) => ['override', 'add', '--booking', '1', '--customer', '1', '--service', '2', '--service', id, '--requirement', 'X', '--reason', 'Y'] },
  { names: 'service id', argv: (id) => ['service', 'get', id] },
  { names: 'service id', argv: (id) => ['service', 'confirm', id] },
  { names: 'service id', argv: (id) => ['service', 'cancel', id, '--yes'] },
  { names: 'service id', argv: (id) => ['service', 'transition', id, 'Expired'] },
  { names: '--booking', argv: (id) => ['service', 'add-departure', '--booking', id, '--departure', '1', '--customer', '1'] },
  { names: '--departure', argv: (id) => ['service', 'add-departure', '--booking', '1', '--departure', id, '--customer', '1'] },
  { names: '--customer', argv: (id) => ['service', 'add-departure', '--booking', '1', '--departure', '1', '--customer', '1', '--customer', id] },
  { names: '--activity', argv: (id) => ['service', 'add-activity', '--booking', '1', '--activity', id, '--customer', '1'] },
  { names: '--customer', argv: (id) => ['service', 'add-activity', '--booking', '1', '--activity', '1', '--customer', id] },
  { names: 'flex plan service id', argv: (id) => ['flex', 'get', id] },
  { names: 'flex plan service id', argv: (id) => ['flex', 'addons', id] },
  { names: 'departure service id', argv: (id) => ['flex', 'terms', id] },
  { names: '--booking', argv: (id) => ['flex', 'attach', '--booking', id, '--departure-service', '1', '--plan', '1'] },
  { names: '--departure-service', argv: (id) => ['flex', 'attach', '--booking', '1', '--departure-service', id, '--plan', '1'] },
  { names: '--plan', argv: (id) => ['flex', 'attach', '--booking', '1', '--departure-service', '1', '--plan', id] },
  { names: '--departure', argv: (id) => ['flex', 'plans', '--departure', id] },
  { names: '--departure-service', argv: (id) => ['flex', 'plans', '--departure-service', id] },
  { names: 'itinerary id', argv: (id) => ['itinerary', 'get', id] },
  { names: '--variation', argv: (id) => ['itinerary', 'get', '700001', '--variation', id] },
  { names: 'tour dossier id', argv: (id) => ['itinerary', 'for-dossier', id] },
  { names: 'booking id', argv: (id) => ['sandbox', 'pay', id, '10'] },
  { names: 'service id', argv: (id) => ['sandbox', 'staff-cancel', id] },
];

/** What a terminal could act on: controls other than the line feed ending the message. */
const RAW_CONTROL = /[\x00-\x09\x0b-\x1f\x7f-\x9f]/;

describe('13.2 ids that walk the path are refused before any request, exit 2, naming the argument', () => {
  let server: HostileServer;
  let home: string;
  beforeAll(async () => {
    home = tempHome();
    // Answers 500 to anything: the assertion is that it is never asked.
    server = await startHostileServer((_req, res) => void res.writeHead(500).end());
  });
  afterAll(async () => {
    await server.close();
    rmSync(home, { recursive: true, force: true });
  });

  const cases = SLOTS.flatMap((slot) => HOSTILE_IDS.map((id) => [slot.argv('ID').join(' '), toSafeJson(id), slot, id] as const));

  it.each(cases)('13.2 trek %s with ID = %s', async (_line, quoted, slot, id) => {
    const t = testFactory({ baseUrl: server.url, apiKey: 'k', env: { TREK_HOME: home } });
    const code = await main(slot.argv(id), t.f);
    expect([code, t.out()]).toEqual([2, '']);
    expect(t.err().startsWith(`error: ${slot.names} ${quoted} is not a valid id: `)).toBe(true);
    expect(t.err()).not.toMatch(RAW_CONTROL);
    expect(server.requests).toEqual([]);
  });

  it('13.2 says why: empty, blanks around it, a folder name, path syntax, blanks or controls inside', async () => {
    const why = async (argv: string[]) => {
      const t = testFactory({ baseUrl: server.url, apiKey: 'k', env: { TREK_HOME: home } });
      expect(await main(argv, t.f)).toBe(2);
      return t.err();
    };
    expect(await why(['booking', 'get', ''])).toBe('error: booking id "" is not a valid id: it is empty\n');
    expect(await why(['booking', 'get', 'a/b'])).toBe('error: booking id "a/b" is not a valid id: it contains "/"\n');
    expect(await why(['sandbox', 'pay', ' 200001', '10'])).toBe('error: booking id " 200001" is not a valid id: it starts or ends with a blank\n');
    expect(await why(['override', 'remove', '..', '--yes'])).toBe('error: override id ".." is not a valid id: ".." names a folder of the path, not a resource\n');
    expect(await why(['checkin', 'list', '--booking', '20\u009b0'])).toBe('error: --booking "20\\u009b0" is not a valid id: it contains a control character (U+009B)\n');
    expect(await why(['service', 'add-departure', '--booking', '1', '--departure', '1', '--customer', 'a b'])).toBe('error: --customer "a b" is not a valid id: it contains a blank (U+0020)\n');
    expect(server.requests).toEqual([]);
  });
});

describe('13.2 a good id is sent as one encoded path segment', () => {
  const servers = useHostileServers();
  const homes: string[] = [];
  afterEach(() => {
    for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
  });

  it('13.2 ids with characters a path would misread are percent-encoded, never decoded into the path', async () => {
    const server = await servers.start((_req, res) => void res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"no"}'));
    for (const id of ['é:1', 'x;y=z', "o'k"]) {
      const t = testFactory({ baseUrl: server.url, apiKey: 'k' });
      homes.push(t.home);
      expect(await main(['booking', 'get', id], t.f)).toBe(4);
    }
    // A 404 is also looked for in the other collections (an id of another kind), encoded alike.
    expect(server.requests.filter((r) => r.url.startsWith('/bookings/')).map((r) => [r.method, r.url])).toEqual([
      ['GET', '/bookings/%C3%A9%3A1/'],
      ['GET', '/bookings/x%3By%3Dz/'],
      ['GET', "/bookings/o'k/"],
    ]);
  });
});

describe('13.2 prompts refuse what the command line refuses', () => {
  /** A prompter that only records the validate it was given. */
  function capturingPrompter(): Prompter & { validate?: Validate } {
    const prompter: Prompter & { validate?: Validate } = {
      input: async (_message, options) => {
        prompter.validate = options?.validate;
        return '200001';
      },
      select: () => Promise.reject(new Error('not asked')),
      password: () => Promise.reject(new Error('not asked')),
      confirm: () => Promise.reject(new Error('not asked')),
      search: () => Promise.reject(new Error('not asked')),
    };
    return prompter;
  }

  // Enter on nothing is a missing answer ("enter a booking id"); each other value is not an id.
  it.each(HOSTILE_IDS.filter(Boolean).map((id) => [toSafeJson(id), id]))("13.2 the booking prompt's validate refuses %s with the command line's message", async (quoted, id) => {
    const prompter = capturingPrompter();
    await askBooking(prompter, { api: () => Promise.reject(new Error('a malformed id is refused without asking the API')), history: { remember: () => undefined, recent: () => [] } });
    expect(prompter.validate?.(id)).toMatch(new RegExp(`^booking id ${quoted.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')} is not a valid id: `));
    expect(prompter.validate?.('')).toBe('enter a booking id');
  });

  it('13.2 askId checks the answer again whatever the prompter let through', async () => {
    const lax: Prompter = { ...capturingPrompter(), input: async () => 'a/b' };
    await expect(askId(lax, 'Booking id', 'booking id')).rejects.toThrow('booking id "a/b" is not a valid id: it contains "/"');
  });

  it('13.2 trek override list asks again until the booking id is valid, and asks the API only with it', async () => {
    const servers = await startHostileServer((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{"count":0,"results":[],"links":[]}'));
    const t = testFactory({ tty: true, baseUrl: servers.url, apiKey: 'k', answers: ['', ' 200001', '../x', '200001'] });
    try {
      expect(await main(['override', 'list'], t.f)).toBe(0);
      expect(t.prompter.asked).toEqual(['Booking id']);
      expect(t.prompter.refused).toEqual(['enter a booking id', 'booking id " 200001" is not a valid id: it starts or ends with a blank', 'booking id "../x" is not a valid id: it contains "/"']);
      // The booking is read to check it exists when it is answered, then its overrides.
      expect(servers.requests.map((r) => r.url)).toEqual(['/bookings/200001/', '/bookings/200001/overrides/']);
    } finally {
      await servers.close();
      rmSync(t.home, { recursive: true, force: true });
    }
  });
});
