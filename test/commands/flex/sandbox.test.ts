/**
 * `trek flex attach` against the sandbox, one seeded case per refusal reason of spec §4.3
 * rule 1 (docs/sandbox.md, "Scenarios"): the pre-flight explains it before sending (exit 2)
 * and the sandbox holds no new flex plan service; with --force the request goes out and the
 * sandbox's own 400 code is shown (exit 5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/main.js';
import { startSandbox, type RunningSandbox } from '../../../src/sandbox/index.js';
import { testFactory } from '../../helpers/factory.js';
import { clientFor, expectOk, type Key } from '../../helpers/sandbox-client.js';
import { NOW } from '../../helpers/clock.js';

/** Ids of the seeded agents acted as (docs/sandbox.md, "Keys, agents and tenancy"); each sandbox has its own random keys for them. */
const AGENT = {
  mapleLeaf: '1',
  /** Reisebüro Alpenblick, München: a CEU agency. */
  ceu: '5',
  /** Southern Cross Journeys: its chain has flex disabled. */
  flexDisabled: '6',
  /** Cascade Trails Travel: flex switched off for this agency alone. */
  flexDisabledAgency: '9',
};
/** Showcase departures (docs/sandbox.md, "Showcase departures"). */
const DEPARTURE = { bookable: '100001', insideStopSell: '100002', premiumInside90: '100003', premiumBookable: '100004' };

const asKey = (agent: string): Key => (agent === 'operator' ? 'operator' : { agent });

interface Call {
  status: number;
  body: any;
}

class SandboxClient {
  constructor(readonly running: RunningSandbox) {}

  keyOf(agent: string): string {
    return this.running.keys.find((k) => k.agent_id === agent)!.key;
  }

  /** An agent id, or 'operator' for the operator controls. */
  async call(agent: string, method: string, path: string, body?: unknown): Promise<Call> {
    const answer = await clientFor(this.running).request(method, path, { body, key: asKey(agent) });
    return { status: answer.status, body: answer.json };
  }

  ok(agent: string, method: string, path: string, body?: unknown): Promise<any> {
    return expectOk(clientFor(this.running), method, path, { body, key: asKey(agent) });
  }

  /** A booking of the key's agency with two travellers on a departure service, paid in full so it is Confirmed. */
  async confirmedDepartureService(agent: string, currency: string, departure: string): Promise<{ booking: string; service: any; customers: string[] }> {
    const booking = await this.ok(agent, 'POST', '/bookings/', { currency });
    const customers = await Promise.all(
      [
        ['Ada', 'Lovelace', 'Ms'],
        ['Alan', 'Turing', 'Mr'],
      ].map(async ([first, last, title]) => (await this.ok(agent, 'POST', '/customers/', { name: { legal_first_name: first, legal_last_name: last, title } })).id as string),
    );
    const created = await this.ok(agent, 'POST', '/departure_services/', { booking: { id: booking.id }, product: { id: departure }, customers: customers.map((id) => ({ id })) });
    await this.payOwing(agent, booking.id);
    const service = await this.ok(agent, 'GET', `/departure_services/${created.id}`);
    expect(service.status).toBe('Confirmed');
    return { booking: booking.id, service, customers };
  }

  async payOwing(agent: string, booking: string): Promise<void> {
    const { amount_owing: owing } = await this.ok(agent, 'GET', `/bookings/${booking}`);
    await this.ok(agent, 'POST', '/_sandbox/payments', { booking: { id: booking }, amount: owing });
  }

  async flexServices(agent: string, booking: string): Promise<any[]> {
    const list = await this.ok(agent, 'GET', `/bookings/${booking}/services/?max_per_page=100`);
    return list.results.filter((s: { type: string }) => s.type === 'flex_plan_services');
  }

  async trek(agent: string, args: string[]) {
    const t = testFactory({ baseUrl: this.running.baseUrl, apiKey: this.keyOf(agent), env: { NO_COLOR: '1' } });
    const code = await main(args, t.f);
    return Object.assign(t, { code });
  }
}

let sandbox: SandboxClient;
beforeAll(async () => {
  sandbox = new SandboxClient(await startSandbox({ now: NOW, port: 0 }));
});
afterAll(async () => {
  await sandbox?.running.close();
});

const attachArgs = (booking: string, service: string, plan: string) => ['flex', 'attach', '--booking', booking, '--departure-service', service, '--plan', plan];

/**
 * The refusal as the pre-flight explains it (exit 2, nothing created), then with --force as
 * the sandbox judges it (exit 5, its own code printed, still nothing created).
 */
async function expectRefused(on: SandboxClient, agent: string, booking: string, service: string, plan: string, reason: RegExp): Promise<string> {
  const before = await on.flexServices(agent, booking);
  const explained = await on.trek(agent, attachArgs(booking, service, plan));
  expect(explained.err()).toMatch(reason);
  expect(explained.err()).toMatch(/^error: flex plan .+ cannot be attached to departure service .+; nothing was sent:\n/);
  expect(explained.code).toBe(2);
  expect(explained.out()).toBe('');
  expect(await on.flexServices(agent, booking)).toEqual(before);

  // What the sandbox answers the same request with, to check the CLI shows it as it is.
  const direct = await on.call(agent, 'POST', '/flex_plan_services/', { booking: { id: booking }, departure_service: { id: service }, product: { id: plan } });
  expect(direct.status).toBe(400);
  const forced = await on.trek(agent, [...attachArgs(booking, service, plan), '--force']);
  expect(forced.code).toBe(5);
  for (const e of direct.body.errors) expect(forced.err()).toContain(`  - ${[e.field, e.code].filter(Boolean).join(': ')}`);
  expect(await on.flexServices(agent, booking)).toEqual(before);
  return direct.body.errors.map((e: { code: string }) => e.code).join(',');
}

describe('trek flex attach against the sandbox', () => {
  it('attaches a plan to a confirmed departure service: Option, with the price to pay to confirm it', async () => {
    const { booking, service } = await sandbox.confirmedDepartureService(AGENT.mapleLeaf, 'CAD', DEPARTURE.bookable);
    const t = await sandbox.trek(AGENT.mapleLeaf, attachArgs(booking, service.id, `${DEPARTURE.bookable}-1`));
    expect(t.code).toBe(0);
    const flex = JSON.parse(t.out());
    expect(flex).toMatchObject({ type: 'flex_plan_services', status: 'Option', booking: { id: booking } });
    expect(flex.associated_services.map((s: { id: string }) => s.id)).toEqual([service.id]);
    const plan = await sandbox.ok(AGENT.mapleLeaf, 'GET', `/flex_plans/${DEPARTURE.bookable}-1`);
    // Paid in full, the tour holds only its deposit: the money already paid covers the plan, so nothing more is to be paid.
    expect(t.err()).toBe(
      `✓ Attached flex plan service ${flex.id} to departure service ${service.id}: Option until ${flex.option_expiry_date} on profile sandbox (${sandbox.running.baseUrl}, from TREK_BASE_URL)\n` +
        `Flex price: ${plan.prices.CAD} CAD per traveller, ${flex.purchase_price} CAD for 2 travellers, paid in full to confirm it (a tour deposit does not count); unpaid, it expires.\n` +
        `No payment is needed to confirm it: money already paid on booking ${booking} covers it (the booking still owes its balance by the due date); confirm it with: trek service confirm ${flex.id}\n`,
    );
    expect(await sandbox.flexServices(AGENT.mapleLeaf, booking)).toHaveLength(1);
  });

  it('refuses a departure service that does not exist', async () => {
    const { booking } = await sandbox.confirmedDepartureService(AGENT.mapleLeaf, 'CAD', DEPARTURE.bookable);
    expect(await expectRefused(sandbox, AGENT.mapleLeaf, booking, '499999', `${DEPARTURE.bookable}-1`, /\n {2}- departure service: there is no departure service 499999\n/)).toBe(
      'DEPARTURE_SERVICE_NOT_FOUND',
    );
  });

  it('refuses a departure inside the 60-day stop-sell window, with the date sales closed', async () => {
    const { booking, service } = await sandbox.confirmedDepartureService(AGENT.mapleLeaf, 'CAD', DEPARTURE.insideStopSell);
    const departure = await sandbox.ok(AGENT.mapleLeaf, 'GET', `/departures/${DEPARTURE.insideStopSell}`);
    const closed = new Date(Date.parse(`${departure.start_date}T00:00:00Z`) - 60 * 86_400_000).toISOString().slice(0, 10);
    expect(
      await expectRefused(
        sandbox,
        AGENT.mapleLeaf,
        booking,
        service.id,
        `${DEPARTURE.insideStopSell}-1`,
        new RegExp(
          `stop-sell window: departure ${DEPARTURE.insideStopSell} starts on ${departure.start_date}, not more than 60 days away \\(the stop-sell window\\); flex sales closed on ${closed} \\(plan ${DEPARTURE.insideStopSell}-1 is NOT_BOOKABLE\\)`,
        ),
      ),
    ).toBe('FLEX_STOP_SELL');
  });

  it('refuses a premium departure 75 days out: its window is 90 days', async () => {
    const { booking, service } = await sandbox.confirmedDepartureService(AGENT.mapleLeaf, 'CAD', DEPARTURE.premiumInside90);
    expect(
      await expectRefused(sandbox, AGENT.mapleLeaf, booking, service.id, `${DEPARTURE.premiumInside90}-2`, /not more than 90 days away \(the stop-sell window for the Premium Journeys line\)/),
    ).toBe('FLEX_STOP_SELL');
  });

  it('refuses a CEU booking (agency in Germany)', async () => {
    const { booking, service } = await sandbox.confirmedDepartureService(AGENT.ceu, 'EUR', DEPARTURE.bookable);
    expect(await expectRefused(sandbox, AGENT.ceu, booking, service.id, `${DEPARTURE.bookable}-1`, /CEU booking: the booking's agency Reisebüro Alpenblick has its business address in Germany/)).toBe(
      'CEU_BOOKING',
    );
  });

  it('refuses a second flex plan service on one departure service, naming the first', async () => {
    const { booking, service } = await sandbox.confirmedDepartureService(AGENT.mapleLeaf, 'CAD', DEPARTURE.premiumBookable);
    const first = await sandbox.ok(AGENT.mapleLeaf, 'POST', '/flex_plan_services/', {
      booking: { id: booking },
      departure_service: { id: service.id },
      product: { id: `${DEPARTURE.premiumBookable}-1` },
    });
    expect(
      await expectRefused(
        sandbox,
        AGENT.mapleLeaf,
        booking,
        service.id,
        `${DEPARTURE.premiumBookable}-2`,
        new RegExp(`one flex per departure service: flex plan service ${first.id} "${first.name}" \\(Option\\) already covers departure service ${service.id}`),
      ),
    ).toBe('FLEX_ALREADY_ATTACHED');
  });

  it("refuses when flex is disabled for the agency's chain", async () => {
    const { booking, service } = await sandbox.confirmedDepartureService(AGENT.flexDisabled, 'AUD', DEPARTURE.bookable);
    expect(
      await expectRefused(
        sandbox,
        AGENT.flexDisabled,
        booking,
        service.id,
        `${DEPARTURE.bookable}-1`,
        /flex disabled: flex is switched off for agency chain Independent Agents Alliance of agency Southern Cross Journeys \(FLEX_DISABLED\)/,
      ),
    ).toBe('FLEX_DISABLED');
  });

  it('16 refuses when flex is switched off for the agency alone, its chain selling flex', async () => {
    const { booking, service } = await sandbox.confirmedDepartureService(AGENT.flexDisabledAgency, 'USD', DEPARTURE.bookable);
    expect(
      await expectRefused(
        sandbox,
        AGENT.flexDisabledAgency,
        booking,
        service.id,
        `${DEPARTURE.bookable}-1`,
        /flex disabled: flex is switched off for agency Cascade Trails Travel \(FLEX_DISABLED\)\n/,
      ),
    ).toBe('FLEX_DISABLED');
  });
});

describe('the late-attach window, on a sandbox of its own (the clock moves)', () => {
  let own: SandboxClient;
  beforeAll(async () => {
    own = new SandboxClient(await startSandbox({ now: NOW, port: 0 }));
  });
  afterAll(async () => {
    await own?.running.close();
  });

  it('refuses 48 hours after the departure service was confirmed, saying when the window closed', async () => {
    const { booking, service } = await own.confirmedDepartureService(AGENT.mapleLeaf, 'CAD', DEPARTURE.bookable);
    await own.ok('operator', 'POST', '/_sandbox/clock', { advance: '48h1m' });
    const closes = new Date(Date.parse(service.date_confirmed) + 48 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(
      await expectRefused(
        own,
        AGENT.mapleLeaf,
        booking,
        service.id,
        `${DEPARTURE.bookable}-1`,
        new RegExp(`late-attach window: it closed at ${closes}, 48 hours after departure service ${service.id} was confirmed \\(${service.date_confirmed}\\)`),
      ),
    ).toBe('FLEX_LATE_ATTACH_WINDOW_PASSED');
  });
});
