/**
 * The flex commands against a fake operator (operator.ts): exact output of each verb, the
 * pre-flight sending nothing when a rule fails, --force, prompts on a terminal, flags
 * without one, and server text that tries to drive the terminal.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { flexAddonsRun } from '../../../src/commands/flex/addons.js';
import { flexAttachRun } from '../../../src/commands/flex/attach.js';
import { flexGetRun } from '../../../src/commands/flex/get.js';
import { flexPlansRun } from '../../../src/commands/flex/plans.js';
import { flexTermsRun } from '../../../src/commands/flex/terms.js';
import { resourceOptions } from '../../../src/commands/resource.js';
import { main } from '../../../src/main.js';
import type { Format } from '../../../src/output/formats.js';
import { testFactory, type TestFactory } from '../../helpers/factory.js';
import { recordingPrompter } from '../../helpers/trek-sandbox.js';
import { DEPARTURE_SERVICE, FLEX_SERVICE, NEW_FLEX, servicesList, startFakeOperator, type FakeOperator } from './operator.js';

let fake: FakeOperator;
beforeEach(async () => {
  fake = await startFakeOperator();
});
afterEach(async () => {
  await fake.server.close();
});

function factory(options: { tty?: boolean } = {}): TestFactory {
  return testFactory({ ...options, baseUrl: fake.server.url, apiKey: 'fake-key', env: { NO_COLOR: '1' } });
}

async function trek(args: string[], options: { tty?: boolean } = {}): Promise<TestFactory & { code: number }> {
  const t = factory(options);
  const code = await main(args, t.f);
  return Object.assign(t, { code });
}

/** The run function's options for a factory, with the output format forced. */
async function options(t: TestFactory, format: Format) {
  const opts = await resourceOptions(t.f);
  return { ...opts, output: { ...opts.output, format } };
}

const ATTACH = ['flex', 'attach', '--booking', '200003', '--departure-service', '400001', '--plan', '100001-1'];

describe('trek flex attach', () => {
  it('sends the request once every rule passes and says what confirming it costs', async () => {
    const t = await trek(ATTACH);
    expect(t.code).toBe(0);
    expect(fake.writes()).toEqual([
      { method: 'POST', url: '/flex_plan_services/', body: JSON.stringify({ booking: { id: '200003' }, departure_service: { id: '400001' }, product: { id: '100001-1' } }) },
    ]);
    expect(JSON.parse(t.out())).toEqual(NEW_FLEX);
    // The fake sends no payment_to_confirm (a real API has none): the plan's own price is what is stated.
    expect(t.err()).toBe(
      `✓ Attached flex plan service 400003 to departure service 400001: Option until 2099-01-03T05:00:00Z on profile sandbox (${fake.server.url}, from TREK_BASE_URL)\n` +
        'Flex price: 400.00 CAD per traveller, 400.00 CAD for 2 travellers, paid in full to confirm it (a tour deposit does not count); unpaid, it expires.\n' +
        'Pay 400.00 CAD on booking 200003. The payment confirms it.\n',
    );
  });

  it('shows the new service as rows on a terminal', async () => {
    const t = factory({ tty: true });
    await flexAttachRun({ ...(await options(t, 'table')), dryRun: false, booking: '200003', departureService: '400001', plan: '100001-1', force: false, now: () => new Date() });
    const lines = t.out().split('\n');
    expect(lines).toContain('STATUS              Option');
    expect(lines).toContain('CAN MOVE TO         Confirmed, Expired');
    expect(lines.some((line) => line.startsWith('OPTION EXPIRES      2099-01-03'))).toBe(true);
    expect(lines).toContain('PRICE               400.00 CAD');
    expect(lines).toContain('COVERS              400001 (departure)');
  });

  it('lists every rule that would fail, exits 2 and sends nothing', async () => {
    fake.world.set('/flex_plans/100001-1', { id: '100001-1', href: '/flex_plans/100001-1/', name: 'Flex', availability: { status: 'NOT_BOOKABLE' }, stop_sell_date: '2099-04-11' });
    fake.world.set('/agencies/1', {
      id: '1',
      name: 'Reisebüro Alpenblick',
      address: { country: { id: 'DE', name: 'Germany' } },
      agency_chain_configurations: [{ agency_chain: { id: '2', name: 'Independent Agents Alliance' }, flags: ['FLEX_DISABLED'] }],
    });
    fake.world.set('/bookings/200003/services', servicesList([DEPARTURE_SERVICE, FLEX_SERVICE]));
    fake.world.set('/departure_services/400001', { ...DEPARTURE_SERVICE, date_confirmed: '2020-01-01T00:00:00Z' });
    const t = await trek(ATTACH);
    expect(t.code).toBe(2);
    expect(fake.writes()).toEqual([]);
    expect(t.out()).toBe('');
    expect(t.err()).toBe(
      'error: flex plan 100001-1 cannot be attached to departure service 400001; nothing was sent:\n' +
        '  - stop-sell window: departure 100001 starts on 2099-06-10, not more than 60 days away (the stop-sell window); flex sales closed on 2099-04-11 (plan 100001-1 is NOT_BOOKABLE)\n' +
        '  - late-attach window: it closed at 2020-01-03T00:00:00Z, 48 hours after departure service 400001 was confirmed (2020-01-01T00:00:00Z)\n' +
        "  - CEU booking: the booking's agency Reisebüro Alpenblick has its business address in Germany; flex is not sold on Central European (Austria, Switzerland, Germany) bookings\n" +
        '  - one flex per departure service: flex plan service 400002 "Flex" (Confirmed) already covers departure service 400001; travellers needing another tier need a separate departure service, which the operator\'s sales team arranges\n' +
        '  - flex disabled: flex is switched off for agency chain Independent Agents Alliance of agency Reisebüro Alpenblick (FLEX_DISABLED), so flex cannot be bought on its bookings\n' +
        'The API would refuse it. To send it anyway and let the API decide, add --force.\n',
    );
  });

  it('explains a departure service that does not exist instead of failing on the 404', async () => {
    const t = await trek(['flex', 'attach', '--booking', '200003', '--departure-service', '499999', '--plan', '100001-1']);
    expect(t.code).toBe(2);
    expect(t.err()).toContain('  - departure service: there is no departure service 499999\n');
    expect(fake.writes()).toEqual([]);
  });

  it("with --force skips the pre-flight, sends, and shows the server's 400 with its code (exit 5)", async () => {
    fake.onCreate = () => ({
      status: 400,
      body: { http_status_code: 400, message: 'Flex cannot be attached.', error_id: 'fake_1', errors: [{ field: 'departure_service', code: 'FLEX_STOP_SELL', detail: 'inside the stop-sell window' }] },
    });
    const t = await trek([...ATTACH, '--force']);
    expect(t.code).toBe(5);
    expect(fake.server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /flex_plan_services/']);
    expect(t.err()).toBe(
      'Skipping the flex pre-flight (--force): the API decides.\n' +
        'error: Flex cannot be attached. (HTTP 400)\n' +
        '  - departure_service: FLEX_STOP_SELL — inside the stop-sell window\n' +
        '  error_id: fake_1\n',
    );
  });

  it('prints the request with --dry-run after the pre-flight, key redacted, and sends nothing', async () => {
    const t = await trek([...ATTACH, '--dry-run']);
    expect(t.code).toBe(0);
    expect(fake.writes()).toEqual([]);
    const [head, body] = t.out().split('\n\n');
    expect(head.split('\n')[0]).toBe(`POST ${fake.server.url}/flex_plan_services/`);
    expect(head).toContain('X-Application-Key: ***');
    expect(t.out()).not.toContain('fake-key');
    expect(JSON.parse(body)).toEqual({ booking: { id: '200003' }, departure_service: { id: '400001' }, product: { id: '100001-1' } });
  });

  it.each([
    [
      [],
      '--booking, --departure-service and --plan are required and trek cannot ask for them: stdin and stdout are not terminals\nPass --booking, --departure-service and --plan on the command line (trek asks only when stdin and stdout are both a terminal).',
    ],
    [
      ['--booking', '200003', '--departure-service', '400001'],
      '--plan is required and trek cannot ask for it: stdin and stdout are not terminals\nPass --plan on the command line (trek asks only when stdin and stdout are both a terminal).',
    ],
    [[...ATTACH.slice(2), '--fields', 'id,stauts'], 'unknown field "stauts" for --fields'],
  ])('refuses %j without a terminal, naming the flag, before any request', async (flags, message) => {
    const t = await trek(['flex', 'attach', ...flags]);
    expect(t.code).toBe(2);
    expect(t.err()).toContain(`error: ${message}`);
    expect(fake.server.requests).toEqual([]);
  });

  it('asks on a terminal for the departure service (from the booking) and the plan (from its departure)', async () => {
    const t = factory({ tty: true });
    const prompter = recordingPrompter(['400001', '100001-2']);
    fake.onCreate = () => ({ status: 201, body: { ...NEW_FLEX, product: { id: '100001-2', href: '/flex_plans/100001-2/' } } });
    await flexAttachRun({ ...(await options(t, 'json')), prompter: () => prompter, dryRun: false, booking: '200003', force: false, now: () => new Date() });
    expect(prompter.asked).toEqual([
      { message: 'Departure service to cover', choices: [{ name: '400001  2099-06-10  Best of Peru  (Confirmed)', value: '400001' }] },
      {
        message: 'Flex plan for departure service 400001, covering its 2 travellers',
        choices: [
          { name: '100001-1  Flex — AVAILABLE — 400.00 CAD per traveller × 2 = 800.00 CAD for the service', value: '100001-1' },
          { name: '100001-2  Flex Plus — AVAILABLE — 600.00 CAD per traveller × 2 = 1200.00 CAD for the service', value: '100001-2' },
        ],
      },
    ]);
    expect(JSON.parse(fake.writes()[0].body)).toEqual({ booking: { id: '200003' }, departure_service: { id: '400001' }, product: { id: '100001-2' } });
  });
});

describe('completion of flex attach --plan', () => {
  it("offers the plans of the typed departure service's departure, with their availability", async () => {
    const t = await trek(['__complete', 'flex', 'attach', '--departure-service', '400001', '--plan', '']);
    expect(t.code).toBe(0);
    expect(t.out()).toBe('100001-1\tFlex — AVAILABLE\n100001-2\tFlex Plus — AVAILABLE\n:4\n');
  });
});

describe('trek flex get', () => {
  it('shows status, the covered departure service, the terms window by window and the addons', async () => {
    const t = factory({ tty: true });
    await flexGetRun({ ...(await options(t, 'table')), id: '400002' });
    const out = t.out();
    expect(out).toContain('STATUS              Confirmed\n');
    expect(out).toContain('COVERS              400001 (departure)\n');
    expect(out).toContain('Cancellation terms flex-100001-1 (FLEX), amounts in CAD\n');
    expect(out).toContain('… – 2099-05-10           31+          0.00     0.00    5000.00\n');
    expect(out.split('Addons\n')[1]).toBe(
      'ADDON   CUSTOMER                  PRODUCTS\n' +
        '610001  Ms Ada Lovelace (300001)  ESIM: Travel eSIM 5 GB; LUGGAGE_PROTECTION: Bag tracker\n' +
        '610002  Mr Alan Turing (300002)   ESIM: Travel eSIM 5 GB; LUGGAGE_PROTECTION: Bag tracker\n',
    );
  });

  it('prints JSON with the terms and the addons expanded', async () => {
    const t = await trek(['flex', 'get', '400002']);
    expect(t.code).toBe(0);
    const printed = JSON.parse(t.out());
    expect(printed).toEqual({
      ...FLEX_SERVICE,
      cancellation_terms: fake.world.get('/service_cancellation_terms/flex-100001-1'),
      flex_plan_addons: [fake.world.get('/flex_plan_addons/610001'), fake.world.get('/flex_plan_addons/610002')],
    });
  });

  it('is exit 4 for an unknown id', async () => {
    const t = await trek(['flex', 'get', '499999']);
    expect(t.code).toBe(4);
    expect(t.err()).toContain('Not found: /flex_plan_services/499999');
  });
});

describe('trek flex addons', () => {
  it('prints one block per addon with products by category and the URLs in full', async () => {
    const t = factory({ tty: true });
    await flexAddonsRun({ ...(await options(t, 'table')), id: '400002' });
    expect(t.out()).toBe(
      [
        'ADDON     610001',
        'CUSTOMER  Ms Ada Lovelace (300001)',
        'PRODUCTS  ESIM: Travel eSIM 5 GB',
        '          LUGGAGE_PROTECTION: Bag tracker',
        'ORDER     https://flex.example.com/order/610001',
        'SUPPORT   https://help.example.com/flex',
        'TERMS     https://example.com/flex/terms',
        '',
        'ADDON     610002',
        'CUSTOMER  Mr Alan Turing (300002)',
        'PRODUCTS  ESIM: Travel eSIM 5 GB',
        '          LUGGAGE_PROTECTION: Bag tracker',
        'ORDER     https://flex.example.com/order/610002',
        'SUPPORT   https://help.example.com/flex',
        'TERMS     https://example.com/flex/terms',
        '',
      ].join('\n'),
    );
  });

  it('escapes URLs that carry terminal escapes, hidden links or bidi overrides', async () => {
    const hostile = fake.world.get('/flex_plan_addons/610001') as Record<string, unknown>;
    fake.world.set('/flex_plan_addons/610001', {
      ...hostile,
      order_url: 'https://flex.example.com/\x1b]8;;https://evil.example/\x07order\x1b]8;;\x07\x1b[2J',
      support_url: 'https://help.example.com/\u202eexe.txt',
      terms_url: 'javascript:alert(1)',
    });
    const t = factory({ tty: true });
    await flexAddonsRun({ ...(await options(t, 'table')), id: '400002' });
    const block = t.out().split('\n\n')[0];
    expect(block).toContain('ORDER     https://flex.example.com/%1B]8;;https://evil.example/%07order%1B]8;;%07%1B[2J\n');
    expect(block).toContain('SUPPORT   https://help.example.com/%E2%80%AEexe.txt\n');
    expect(block).toContain('TERMS     (unsafe scheme) javascript:alert(1)');
    expect(t.out()).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]/);
  });

  it('keeps the data as sent in JSON (escaped by JSON itself) and in csv', async () => {
    const hostile = fake.world.get('/flex_plan_addons/610001') as Record<string, unknown>;
    fake.world.set('/flex_plan_addons/610001', { ...hostile, order_url: 'https://x.example/\x1b[2J' });
    const json = await trek(['flex', 'addons', '400002']);
    expect(json.code).toBe(0);
    expect(json.out()).toContain('"order_url": "https://x.example/\\u001b[2J"');
    expect(JSON.parse(json.out()).map((a: { customer: { id: string } }) => a.customer.id)).toEqual(['300001', '300002']);
    const csv = await trek(['flex', 'addons', '400002', '-o', 'csv']);
    expect(csv.out().split('\n')[0]).toBe('id,customer.id,products,order_url,support_url,terms_url');
    expect(csv.out()).not.toContain('\x1b');
  });

  it('says on stderr why a flex plan service in Option has none', async () => {
    fake.world.set('/flex_plan_services/400003', NEW_FLEX);
    const t = factory({ tty: true });
    await flexAddonsRun({ ...(await options(t, 'table')), id: '400003' });
    expect(t.out()).toBe('');
    expect(t.err()).toBe('Flex plan service 400003 has no addons (it is Option; addons come with confirmation).\n');
  });
});

describe('trek flex plans', () => {
  it('lists the plans of a departure with their availability, or of the departure a service books', async () => {
    const t = factory({ tty: true });
    await flexPlansRun({ ...(await options(t, 'table')), departure: '100001' });
    expect(t.out()).toBe(
      'ID        NAME       AVAILABILITY  STOP-SELL FROM  PER TRAVELLER\n' +
        '100001-1  Flex       AVAILABLE     2099-04-11      CAD 400.00 · USD 292.00\n' +
        '100001-2  Flex Plus  AVAILABLE     2099-04-11      CAD 600.00 · USD 438.00\n',
    );
    const byService = await trek(['flex', 'plans', '--departure-service', '400001', '--fields', 'id,availability.status']);
    expect(JSON.parse(byService.out())).toEqual([
      { id: '100001-1', availability: { status: 'AVAILABLE' } },
      { id: '100001-2', availability: { status: 'AVAILABLE' } },
    ]);
  });

  it('needs exactly one of --departure and --departure-service', async () => {
    for (const flags of [[], ['--departure', '1', '--departure-service', '2']]) {
      const t = await trek(['flex', 'plans', ...flags]);
      expect(t.code).toBe(2);
      expect(t.err()).toContain('error: give either --departure or --departure-service');
    }
    expect(fake.server.requests).toEqual([]);
  });
});

describe('trek flex terms', () => {
  it('shows the terms that apply now: flex, because a confirmed flex plan service covers it', async () => {
    fake.world.set('/bookings/200003/services', servicesList([DEPARTURE_SERVICE, FLEX_SERVICE]));
    const t = factory({ tty: true });
    await flexTermsRun({ ...(await options(t, 'table')), departureService: '400001' });
    expect(t.out()).toBe(
      [
        'DEPARTURE SERVICE  400001 Best of Peru (Confirmed)',
        'TERMS              flex-100001-1 (FLEX)',
        'APPLY              flex: flex plan service 400002 (Confirmed) covers it',
        'CURRENCY           CAD',
        '',
        'Windows (by cancellation date)',
        'CANCELLED ON             DAYS BEFORE  PENALTY  REFUND  TRAVEL CREDIT',
        '… – 2099-05-10           31+          0.00     0.00    5000.00',
        '2099-05-11 – 2099-05-26  15–30        1250.00  0.00    3750.00',
        '2099-05-27 – 2099-06-10  0–14         5000.00  0.00    0.00',
        '',
      ].join('\n'),
    );
  });

  it('with --date gives the window containing it, its refund and travel credit', async () => {
    fake.world.set('/bookings/200003/services', servicesList([DEPARTURE_SERVICE, FLEX_SERVICE]));
    const t = await trek(['flex', 'terms', '400001', '--date', '2099-05-20']);
    expect(t.code).toBe(0);
    const printed = JSON.parse(t.out());
    expect(printed).toMatchObject({ date: '2099-05-20', applies: 'flex', currency: 'CAD', refund_amount: '0.00', travel_credit_amount: '3750.00' });
    expect(printed.window).toMatchObject({ start_date: '2099-05-11', end_date: '2099-05-26', penalty_amount: '1250.00' });
  });

  it('falls back to the generic terms of the departure when no flex covers it and the service links none', async () => {
    fake.world.set('/departures/100001', { ...(fake.world.get('/departures/100001') as object), cancellation_terms: { id: 'generic-100001', href: '/service_cancellation_terms/generic-100001/' } });
    fake.world.set('/service_cancellation_terms/generic-100001', {
      id: 'generic-100001',
      href: '/x',
      type: 'GENERIC',
      windows: [{ start_date: null, end_date: '2099-04-10', refund_amount: { CAD: '4500.00' }, travel_credit_amount: { CAD: '0.00' } }],
    });
    const t = await trek(['flex', 'terms', '400001', '--date', '2099-01-01', '--fields', 'applies,refund_amount']);
    expect(JSON.parse(t.out())).toEqual({ applies: 'generic', refund_amount: '4500.00' });
  });

  it.each([
    [['--date', '2099-02-30'], '--date: 2099-02-30 is not a real date: February 2099 has 28 days'],
    [['--date', '2099-07-01'], 'no cancellation window of terms flex-100001-1 contains 2099-07-01'],
  ])('refuses %j with exit 2', async (flags, message) => {
    fake.world.set('/bookings/200003/services', servicesList([DEPARTURE_SERVICE, FLEX_SERVICE]));
    const t = await trek(['flex', 'terms', '400001', ...flags]);
    expect(t.code).toBe(2);
    expect(t.err()).toContain(`error: ${message}`);
  });
});

describe('trek service cancel on a flex plan service', () => {
  it('refuses a confirmed one before sending, with the reason and the way to exercise it', async () => {
    const t = await trek(['service', 'cancel', '400002', '--yes']);
    expect(t.code).toBe(2);
    expect(fake.writes()).toEqual([]);
    expect(t.err()).toBe(
      "error: cannot cancel flex plan service 400002: a confirmed flex plan service cannot be cancelled through the API; cancelling it is a manual action by the operator's staff, " +
        'and the flex price is 100% non-refundable. To use the plan, cancel the departure service it covers: trek service cancel 400001 (the flex terms then set the refund and travel credit).\n',
    );
  });

  it('refuses even when a server wrongly offers Cancelled among its transitions', async () => {
    fake.world.set('/flex_plan_services/400002', { ...FLEX_SERVICE, status_transitions: ['Cancelled'] });
    const t = await trek(['service', 'cancel', '400002', '--yes']);
    expect(t.code).toBe(2);
    expect(fake.writes()).toEqual([]);
  });
});

describe('help', () => {
  it.each(['attach', 'get', 'plans', 'addons', 'terms'])('flex %s --help shows examples', async (verb) => {
    const t = await trek(['flex', verb, '--help']);
    expect(t.code).toBe(0);
    expect(t.out()).toMatch(new RegExp(`Examples:\\n  trek flex ${verb} `));
  });

  it("15 flex: attach --help says a pre-flight refusal exits 2 and that --force gets the API's own answer, exit 5", async () => {
    const help = (await trek(['flex', 'attach', '--help'])).out().replace(/\s+/g, ' ');
    expect(help).toContain('Then nothing is sent and trek exits 2. --force skips these checks and sends: the API decides, and a refusal is its own (exit 5, with its error codes).');
    expect(help).toContain('--force skip the pre-flight checks and send; the API decides (exit 5 if it refuses)');
  });
});
