import { describe, expect, it } from 'vitest';
import { parseAmount } from '../../../src/commands/sandbox/pay.js';
import { parseDuration, parseInstant } from '../../../src/commands/sandbox/clock.js';
import { main } from '../../../src/main.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { bookingWithCustomers, useTrekSandbox } from '../../helpers/trek-sandbox.js';
import { localTime } from '../../../src/output/time.js';

const sandbox = useTrekSandbox();

const servers = useHostileServers();

describe('argument checks', () => {
  it.each([
    ['250', '250.00'],
    ['250.5', '250.50'],
    ['0.01', '0.01'],
    ['007.10', '7.10'],
  ])('amount %j is sent as %j', (input, sent) => {
    expect(parseAmount(input)).toBe(sent);
  });

  it.each(['0', '0.00', '-5', '12.345', '1e3', 'ten', ''])('amount %j is refused', (input) => {
    expect(() => parseAmount(input)).toThrow(`AMOUNT must be a positive amount with at most two decimals, such as 250 or 250.00, got "${input}"`);
  });

  it.each(['30d', '12h', '1d12h', '90m', '45s'])('duration %j is accepted', (input) => {
    expect(parseDuration(input)).toBe(input);
  });

  it.each(['0d', '30', 'd', '2w', '-1d', '1.5d', '30 days'])('duration %j is refused', (input) => {
    expect(() => parseDuration(input)).toThrow('DURATION must be a positive amount of time');
  });

  it.each([
    ['2027-01-01', '2027-01-01T00:00:00Z'],
    ['2027-01-01T09:30:00Z', '2027-01-01T09:30:00Z'],
    ['2027-01-01T09:30Z', '2027-01-01T09:30:00Z'],
    ['2027-01-01T09:30:00-05:00', '2027-01-01T14:30:00Z'],
  ])('date %j is sent as %j', (input, sent) => {
    expect(parseInstant(input)).toBe(sent);
  });

  it.each(['2027-02-30', '2027-01-01T09:30:00', '01/01/2027'])('date %j is refused', (input) => {
    expect(() => parseInstant(input)).toThrow('DATE must be a date (2027-01-01) or a datetime');
  });

  it('a word is refused as a relative date it is not', () => {
    expect(() => parseInstant('tomorrow')).toThrow('DATE: "tomorrow" is not a date: use YYYY-MM-DD or today, this-month, next-month');
  });

  it('refuses bad arguments with exit 2 before any request', async () => {
    const hostile = await servers.start((_req, res) => res.writeHead(500).end());
    for (const args of [
      ['pay', '1', '12.345'],
      ['clock', 'advance', '2 weeks'],
      ['clock', 'set', 'soon'],
    ]) {
      const t = testFactory({ baseUrl: hostile.url, apiKey: 'k' });
      expect(await main(['sandbox', ...args], t.f)).toBe(2);
    }
    expect(hostile.requests).toEqual([]);
  });
});

describe('trek sandbox clock', () => {
  // A sandbox of its own: moving the clock years ahead would start every departure of the others.
  const sandbox = useTrekSandbox();

  it('shows, advances and sets the virtual clock', async () => {
    const shown = await sandbox.trek(['sandbox', 'clock', 'show', '-o', 'json']);
    expect(shown.code).toBe(0);
    const before = Date.parse(JSON.parse(shown.out()).now);

    const advanced = await sandbox.trek(['sandbox', 'clock', 'advance', '1d12h', '-o', 'json']);
    expect(advanced.code).toBe(0);
    const after = JSON.parse(advanced.out()).now;
    // The clock also runs in real time between the two requests.
    expect(Date.parse(after) - before).toBeGreaterThanOrEqual(36 * 3_600_000);
    expect(Date.parse(after) - before).toBeLessThan(36 * 3_600_000 + 60_000);
    // Then what fell due, one indented line each (or that nothing did).
    const [summary, ...changes] = advanced.err().trimEnd().split('\n');
    expect(summary).toBe(`✓ Sandbox clock advanced by 1d12h: now ${after} on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)`);
    for (const line of changes) expect(line).toMatch(/^ {2}\S|^Nothing fell due\.$/);

    const set = await sandbox.trek(['sandbox', 'clock', 'set', '2031-03-04'], { tty: true });
    expect(set.code).toBe(0);
    // Seconds pass while the request runs; the table shows minutes, in the system's zone.
    expect(set.out()).toBe(`NOW  ${localTime('2031-03-04T00:00:00Z')}\n`);
  });

  it('describes the change with --dry-run, the operator key redacted', async () => {
    const t = await sandbox.trek(['sandbox', 'clock', 'advance', '30d', '--dry-run']);
    expect(t.code).toBe(0);
    expect(t.out()).toContain(`POST ${sandbox.running.baseUrl}/_sandbox/clock\n`);
    expect(t.out()).toContain('X-Sandbox-Operator-Key: ***\n');
    expect(t.out()).not.toContain(sandbox.running.operatorKey);
    expect(JSON.parse(t.out().split('\n\n')[1])).toEqual({ advance: '30d' });
  });
});

describe('sandbox helpers on a server that is not a sandbox', () => {
  it.each([[['clock', 'show']], [['clock', 'advance', '1d']], [['pay', '1', '10']], [['staff-cancel', '1']]])('%j says so clearly (exit 4)', async (args) => {
    const hostile = await servers.start((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ http_status_code: 404, message: 'Not Found', errors: [] }));
    });
    const t = testFactory({ baseUrl: hostile.url, apiKey: 'k', env: { TREK_SANDBOX_OPERATOR_KEY: 'op' } });
    expect(await main(['sandbox', ...args], t.f)).toBe(4);
    expect(t.err()).toContain("error: this profile's server is not a trek sandbox");
    expect(t.out()).toBe('');
  });

  it('keeps a 404 about the booking when the server is a sandbox', async () => {
    const t = await sandbox.trek(['sandbox', 'pay', '999999', '10']);
    expect(t.code).toBe(4);
    expect(t.err()).not.toContain('not a trek sandbox');
  });
});

describe('trek sandbox pay and staff-cancel', () => {
  it('pays on a booking, prints the payment and the services after it', async () => {
    const { booking, customers, departure } = await bookingWithCustomers(sandbox);
    const service = await sandbox.api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: departure.id }, customers: customers.map((c) => ({ id: c.id })) });
    const t = await sandbox.trek(['sandbox', 'pay', booking.id, '100']);
    expect(t.code).toBe(0);
    expect(JSON.parse(t.out())).toMatchObject({ booking: { id: booking.id }, amount: '100.00', currency: 'CAD' });
    // Short of the deposit: the departure service waits, and trek says what would confirm it.
    const now = await sandbox.api('GET', `/departure_services/${service.id}`);
    expect(now.status).toBe('Option');
    const more = now.payment_to_confirm.amount;
    expect(t.err()).toBe(
      `✓ Paid 100.00 CAD on booking ${booking.id} on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)\n` +
        `Not confirmed: departure service ${service.id} (Option) needs ${now.deposit_amount} CAD; the booking has 100.00 CAD free; paying ${more} CAD more confirms it (trek sandbox pay ${booking.id} ${more}).\n`,
    );
    expect((await sandbox.api('GET', `/bookings/${booking.id}`)).amount_paid).toBe('100.00');
  });

  it('completes a requested cancellation as operator staff', async () => {
    const { booking, customers, departure } = await bookingWithCustomers(sandbox);
    const service = await sandbox.api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: departure.id }, customers: [{ id: customers[0].id }] });
    await sandbox.api('POST', '/_sandbox/payments', { booking: { id: booking.id }, amount: (await sandbox.api('GET', `/bookings/${booking.id}`)).amount_owing });
    const request = await sandbox.trek(['service', 'transition', service.id, 'request cancellation', '-o', 'json']);
    expect(request.code).toBe(0);
    expect(JSON.parse(request.out()).status).toBe('Request Cancellation');
    const t = await sandbox.trek(['sandbox', 'staff-cancel', service.id, '-o', 'json']);
    expect(t.code).toBe(0);
    expect(JSON.parse(t.out())).toMatchObject({ id: service.id, status: 'Cancelled' });
    expect(JSON.parse(t.out()).date_cancelled).toEqual(expect.any(String));
    expect(t.err()).toBe(`✓ Staff cancelled departure service ${service.id}: now Cancelled on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)\n`);
  });
});
