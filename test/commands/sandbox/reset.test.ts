import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newResetCmd, resetRun, type ResetOptions } from '../../../src/commands/sandbox/reset.js';
import { main } from '../../../src/main.js';
import { startSandbox } from '../../../src/sandbox/index.js';
import { tempHome, testFactory } from '../../helpers/factory.js';
import { clientFor, expectOk } from '../../helpers/sandbox-client.js';
import { NOW } from '../../helpers/clock.js';

/** Starts a sandbox on `file`, lets `work` use it over HTTP, and closes it. */
async function onFile<T>(file: string, work: (get: (path: string) => Promise<any>, post: (path: string, body: unknown) => Promise<any>) => Promise<T>): Promise<T> {
  const sandbox = await startSandbox({ now: NOW, dataFile: file });
  const client = clientFor(sandbox);
  try {
    return await work(
      (path) => client.get(path),
      (path, body) => client.post(path, body),
    );
  } finally {
    await sandbox.close();
  }
}

async function fileWithBooking(file: string): Promise<string> {
  return onFile(file, async (_get, post) => (await post('/bookings/', { currency: 'CAD' })).json.id);
}

describe('trek sandbox reset', () => {
  it('starts the data file over with --yes: the booking is gone, the seed kept', async () => {
    const file = join(tempHome(), 'state.json');
    const booking = await fileWithBooking(file);
    const departureBefore = await onFile(file, async (get) => (await get('/departures/100001')).json);
    const t = testFactory();
    expect(await main(['sandbox', 'reset', '--data', file, '--clock', NOW.toISOString(), '--yes'], t.f)).toBe(0);
    expect(t.err()).toBe(`Sandbox reset: ${file} (clock at 2027-01-10T15:00:00Z).\n`);
    expect(t.out()).toBe('');
    await onFile(file, async (get) => {
      expect((await get(`/bookings/${booking}`)).status).toBe(404);
      expect((await get('/departures/100001')).json).toEqual(departureBefore);
    });
  });

  it('applies --seed and --size to the fresh catalogue', async () => {
    const file = join(tempHome(), 'state.json');
    await fileWithBooking(file);
    const t = testFactory();
    expect(await main(['sandbox', 'reset', '--data', file, '--seed', '7', '--size', '25', '--clock', '2027-01-10T15:00:00Z', '-y'], t.f)).toBe(0);
    expect(t.err()).toBe(`Sandbox reset: ${file} (seed 7, size 25, clock at 2027-01-10T15:00:00Z).\n`);
    const fresh = await onFile(file, async (get) => (await get('/departures/?max_per_page=10')).json);
    expect(fresh.count).toBe(25);
    const sameSeed = await startSandbox({ now: NOW, seed: 7, size: 25 });
    try {
      const expected = await expectOk(clientFor(sameSeed), 'GET', '/departures/?max_per_page=10');
      expect(fresh.results).toEqual(expected.results);
    } finally {
      await sameSeed.close();
    }
  });

  it('refuses without --yes when nobody can be asked, and changes nothing', async () => {
    const file = join(tempHome(), 'state.json');
    await fileWithBooking(file);
    const before = readFileSync(file, 'utf8');
    const t = testFactory();
    expect(await main(['sandbox', 'reset', '--data', file], t.f)).toBe(2);
    expect(t.err()).toBe(
      `error: Reset the sandbox in ${file}, deleting every booking, customer and payment in it: refusing without --yes, as trek cannot ask: stdin and stdout are not terminals\nRe-run with --yes to confirm.\n`,
    );
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('asks on a terminal; "no" cancels (exit 130) and changes nothing, "yes" resets', async () => {
    const file = join(tempHome(), 'state.json');
    const booking = await fileWithBooking(file);
    const before = readFileSync(file, 'utf8');
    const declined = testFactory({ tty: true, answers: [false] });
    expect(await main(['sandbox', 'reset', '--data', file], declined.f)).toBe(130);
    expect(readFileSync(file, 'utf8')).toBe(before);
    const accepted = testFactory({ tty: true, answers: [true] });
    expect(await main(['sandbox', 'reset', '--data', file], accepted.f)).toBe(0);
    expect(await onFile(file, async (get) => (await get(`/bookings/${booking}`)).status)).toBe(404);
  });

  it("resets the built-in profile's data file by default: trek no longer finds a booking it made", async () => {
    const home = tempHome();
    const create = testFactory({ env: { TREK_HOME: home } });
    expect(await main(['api', 'POST', '/bookings/', '-f', 'currency=CAD', '-o', 'json'], create.f)).toBe(0);
    const { id } = JSON.parse(create.out());
    const found = testFactory({ env: { TREK_HOME: home } });
    expect(await main(['api', 'GET', `/bookings/${id}`], found.f)).toBe(0);

    const reset = testFactory({ env: { TREK_HOME: home } });
    expect(await main(['sandbox', 'reset', '--yes'], reset.f)).toBe(0);
    expect(reset.err()).toBe(`Sandbox reset: ${join(home, 'data', 'sandbox.json')}.\n`);
    const gone = testFactory({ env: { TREK_HOME: home } });
    expect(await main(['api', 'GET', `/bookings/${id}`], gone.f)).toBe(4);
  });

  it('refuses a snapshot of an unknown version with exit 2, naming the file, and leaves it as it was', async () => {
    const file = join(tempHome(), 'future.json');
    const text = JSON.stringify({ version: 99 });
    writeFileSync(file, text);
    const t = testFactory();
    expect(await main(['sandbox', 'reset', '--data', file, '--yes'], t.f)).toBe(2);
    expect(t.err()).toMatch(new RegExp(`^error: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} holds a sandbox snapshot of version 99`));
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it.each([
    [['--seed', 'x'], '--seed must be a whole number, got "x"'],
    [['--size', '-5'], '--size must be at least 1, got -5'],
    [['--clock', '2027-02-30'], '--clock must be a date (2027-01-01) or a datetime (2027-01-01T09:30:00Z, 2027-01-01T09:30:00-05:00), got "2027-02-30"'],
  ])('refuses %j with exit 2', async (args, message) => {
    const t = testFactory();
    expect(await main(['sandbox', 'reset', '--yes', ...args], t.f)).toBe(2);
    expect(t.err()).toBe(`error: ${message}\n`);
    expect(existsSync(join(t.home, 'data', 'sandbox.json'))).toBe(false);
  });

  it('passes the parsed flags to the run function', async () => {
    const seen: ResetOptions[] = [];
    const t = testFactory();
    await newResetCmd(t.f, async (opts) => void seen.push(opts))
      .exitOverride()
      .parseAsync(['--seed', '3', '-y'], { from: 'user' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ yes: true, seed: 3, size: undefined, dataFile: join(t.home, 'data', 'sandbox.json') });
  });

  it('a sandbox serving the same file sees the reset at once', async () => {
    const file = join(tempHome(), 'state.json');
    await onFile(file, async (get, post) => {
      const booking = (await post('/bookings/', { currency: 'CAD' })).json;
      const t = testFactory();
      expect(await main(['sandbox', 'reset', '--data', file, '--yes'], t.f)).toBe(0);
      expect((await get(`/bookings/${booking.id}`)).status).toBe(404);
      // And it goes on writing to the fresh state.
      const next = (await post('/bookings/', { currency: 'CAD' })).json;
      expect((await get(`/bookings/${next.id}`)).status).toBe(200);
    });
  });

  it('resetRun works on a file that does not exist yet', async () => {
    const file = join(tempHome(), 'new', 'state.json');
    const t = testFactory();
    await resetRun({ io: t.io, prompter: () => t.f.prompter(), yes: true, dataFile: file, size: 12 });
    expect(await onFile(file, async (get) => (await get('/departures/?max_per_page=10')).json.count)).toBe(12);
  });
});
