/**
 * Service commands against a small fake API (a real node:http server) holding one service
 * per collection: what is sent, and what is not, for each status decision.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/main.js';
import { testFactory, type TestFactoryOptions } from '../../helpers/factory.js';
import { startHostileServer, type HostileServer } from '../../helpers/hostile-server.js';

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Fake = Record<string, Record<string, unknown>>;

/** Serves `services` keyed by `/<collection>/<id>/`; PATCH applies `status` (moving it in the fake). */
async function fakeApi(services: Fake, onGet?: (path: string, res: ServerResponse) => boolean): Promise<HostileServer> {
  server = await startHostileServer((req: IncomingMessage, res: ServerResponse, body: string) => {
    const path = req.url!.replace(/\/?$/, '/');
    if (onGet?.(path, res)) return;
    const service = services[path];
    res.setHeader('content-type', 'application/json');
    // "Today" for the cancellation terms is the server's date.
    res.setHeader('date', 'Sun, 10 Jan 2027 15:00:00 GMT');
    if (!service) {
      res.writeHead(404).end(JSON.stringify({ http_status_code: 404, message: `No resource at ${path}.`, errors: [] }));
      return;
    }
    if (req.method === 'PATCH') Object.assign(service, { status: JSON.parse(body).status, status_transitions: [] });
    res.writeHead(200).end(JSON.stringify(service));
  });
  return server;
}

const activity = (status: string, transitions: string[]) => ({
  id: '9',
  href: '/activity_services/9/',
  name: 'Cooking class in Lima',
  type: 'activity_services',
  status,
  status_transitions: transitions,
  flags: [],
});

async function trek(args: string[], options: Omit<TestFactoryOptions, 'baseUrl' | 'apiKey'> = {}) {
  const t = testFactory({ ...options, env: { NO_COLOR: '1', ...options.env }, baseUrl: server!.url, apiKey: 'k' });
  const code = await main(args, t.f);
  return { ...t, code };
}

const sent = () => server!.requests.map((r) => `${r.method} ${r.url}`);
/** How a change's summary line ends against the fake API (reportChange). */
const where = () => ` on profile sandbox (${server!.url}, from TREK_BASE_URL)`;

describe('trek service get', () => {
  it('tries departure, activity, then flex plan services and stops at the first answer that is not 404', async () => {
    await fakeApi({ '/activity_services/9/': activity('Option', ['Expired']) });
    const t = await trek(['service', 'get', '9']);
    expect(t.code).toBe(0);
    expect(JSON.parse(t.out()).name).toBe('Cooking class in Lima');
    expect(sent()).toEqual(['GET /departure_services/9/', 'GET /activity_services/9/']);
  });

  it('stops at a 403: that service is not yours, not missing', async () => {
    await fakeApi({}, (path, res) => {
      if (path !== '/departure_services/9/') return false;
      res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ http_status_code: 403, message: 'Your agency may not access it.', errors: [] }));
      return true;
    });
    const t = await trek(['service', 'get', '9']);
    expect(t.code).toBe(3);
    expect(sent()).toEqual(['GET /departure_services/9/']);
  });

  it('is not found (exit 4) when no collection has the id', async () => {
    await fakeApi({});
    const t = await trek(['service', 'get', '9']);
    expect(t.code).toBe(4);
    expect(t.err()).toBe('error: no departure, activity or flex plan service has the id 9 (HTTP 404)\n');
    expect(sent()).toEqual(['GET /departure_services/9/', 'GET /activity_services/9/', 'GET /flex_plan_services/9/']);
  });
});

describe('trek service transition', () => {
  it('refuses a status outside status_transitions with the reason and what is possible, sending no change', async () => {
    await fakeApi({ '/activity_services/9/': activity('Option', ['Expired']) });
    const t = await trek(['service', 'transition', '9', 'confirmed']);
    expect(t.code).toBe(2);
    // Waiting for money, the way forward is paying, never Expired.
    expect(t.err()).toBe(
      'error: cannot confirm activity service 9 yet: the deposit has not been paid; confirming an Option needs the deposit paid first (the payment confirms it)\n' +
        'Pay the deposit (the full price where required); the payment confirms it.\n',
    );
    expect(sent().filter((r) => !r.startsWith('GET'))).toEqual([]);
  });

  it('sends a listed status to the service collection and prints the service', async () => {
    await fakeApi({ '/activity_services/9/': activity('Option', ['Confirmed', 'Expired']) });
    const t = await trek(['service', 'transition', '9', 'EXPIRED', '-o', 'json']);
    expect(t.code).toBe(0);
    expect(server!.requests.at(-1)).toMatchObject({ method: 'PATCH', url: '/activity_services/9/' });
    expect(JSON.parse(server!.requests.at(-1)!.body)).toEqual({ status: 'Expired' });
    expect(JSON.parse(t.out())).toMatchObject({ id: '9', status: 'Expired' });
    expect(t.err()).toBe(`✓ Moved activity service 9 from Option to Expired on profile sandbox (${server!.url}, from TREK_BASE_URL)\n`);
  });

  it('is a usage error for an unknown status before any request', async () => {
    await fakeApi({});
    const t = await trek(['service', 'transition', '9', 'Done']);
    expect(t.code).toBe(2);
    expect(sent()).toEqual([]);
  });

  it('checks --fields before anything is sent', async () => {
    await fakeApi({ '/activity_services/9/': activity('Option', ['Expired']) });
    const t = await trek(['service', 'transition', '9', 'Expired', '--fields', 'statuss']);
    expect(t.code).toBe(2);
    expect(t.err()).toContain('unknown field "statuss" for --fields');
    expect(sent()).toEqual([]);
  });

  it('describes the PATCH with --dry-run and does not send it', async () => {
    await fakeApi({ '/activity_services/9/': activity('Option', ['Expired']) });
    const t = await trek(['service', 'transition', '9', 'Expired', '--dry-run']);
    expect(t.code).toBe(0);
    expect(t.out()).toContain(`PATCH ${server!.url}/activity_services/9/\n`);
    expect(t.out()).toContain('"status": "Expired"');
    expect(sent().filter((r) => !r.startsWith('GET'))).toEqual([]);
  });
});

describe('trek service confirm', () => {
  it('is done, not an error, when a payment has already confirmed the service', async () => {
    await fakeApi({ '/activity_services/9/': activity('Confirmed', ['Request Cancellation']) });
    const t = await trek(['service', 'confirm', '9']);
    expect(t.code).toBe(0);
    expect(t.err()).toBe('Activity service 9 is already Confirmed; nothing to change.\n');
    expect(JSON.parse(t.out()).status).toBe('Confirmed');
    expect(sent().filter((r) => !r.startsWith('GET'))).toEqual([]);
  });

  it('sends Confirmed when it is listed', async () => {
    await fakeApi({ '/activity_services/9/': activity('Option', ['Confirmed', 'Expired']) });
    const t = await trek(['service', 'confirm', '9']);
    expect(t.code).toBe(0);
    expect(JSON.parse(server!.requests.at(-1)!.body)).toEqual({ status: 'Confirmed' });
  });
});

describe('trek service cancel', () => {
  it('without a terminal and without --yes: exit 2 after reading the service, and no change sent', async () => {
    await fakeApi({ '/activity_services/9/': activity('Confirmed', ['Cancelled']) });
    const t = await trek(['service', 'cancel', '9']);
    expect(t.code).toBe(2);
    expect(t.err()).toBe('error: Cancel service 9: refusing without --yes, as trek cannot ask: stdin and stdout are not terminals\nRe-run with --yes to confirm.\n');
    expect(sent().filter((r) => !r.startsWith('GET'))).toEqual([]);
  });

  it('26 against an API that is not the sandbox the preview comes from the same rule over what it shows, labelled an estimate', async () => {
    const envelope = (results: unknown[]) => ({ count: results.length, max_per_page: 50, current_page: 1, results, links: [] });
    const service = {
      ...activity('Confirmed', ['Cancelled']),
      purchase_price: '100.00',
      booking: { id: '200001', href: '/bookings/200001/' },
      cancellation_terms: { id: 't1', href: '/service_cancellation_terms/t1/' },
    };
    await fakeApi({
      '/activity_services/9/': service,
      '/bookings/200001/': { id: '200001', href: '/bookings/200001/', currency: 'CAD', amount_paid: '100.00', amount_owing: '0.00' },
      '/bookings/200001/services/': envelope([activity('Confirmed', ['Cancelled'])]),
      '/service_cancellation_terms/t1/': { id: 't1', type: 'GENERIC', windows: [{ start_date: null, end_date: null, penalty_percent: 10 }] },
    });
    const t = await trek(['service', 'cancel', '9', '--dry-run', '-o', 'json']);
    expect(t.code).toBe(0);
    expect(JSON.parse(t.out())).toMatchObject({ estimate: true, fee: '10.00', money_back: '90.00', travel_credit: '0.00', owing_now: '0.00', owing_after: '0.00' });
    expect(t.err()).toContain('  An estimate: trek works these out from what the API shows; the server applies its own rules.\n');
    expect(sent().filter((r) => !r.startsWith('GET'))).toEqual([]);
  });

  it('29 a service already Cancelled is said so without --yes, not refused', async () => {
    await fakeApi({ '/activity_services/9/': activity('Cancelled', []) });
    const t = await trek(['service', 'cancel', '9']);
    expect(t.code).toBe(0);
    expect(t.err()).toBe('Activity service 9 is already Cancelled; nothing to change.\n');
    expect(sent().filter((r) => !r.startsWith('GET'))).toEqual([]);
  });

  it('moves to Cancelled where the transitions allow it, and says so', async () => {
    await fakeApi({ '/activity_services/9/': activity('Confirmed', ['Request Cancellation', 'Cancelled']) });
    const t = await trek(['service', 'cancel', '9', '--yes', '-o', 'json']);
    expect(t.code).toBe(0);
    expect(JSON.parse(server!.requests.at(-1)!.body)).toEqual({ status: 'Cancelled' });
    expect(t.err()).toBe(
      "Activity service 9, cancelling it today (2027-01-10, by the server's clock):\n" +
        '  What it costs is not known: the API links no cancellation terms to it.\n' +
        `✓ Moved activity service 9 from Confirmed to Cancelled${where()}\n` +
        'The API states no fee kept.\n',
    );
    expect(JSON.parse(t.out()).status).toBe('Cancelled');
  });

  it('otherwise requests cancellation, and says the staff will cancel it', async () => {
    await fakeApi({ '/activity_services/9/': activity('Confirmed', ['Request Cancellation']) });
    const t = await trek(['service', 'cancel', '9', '--yes']);
    expect(t.code).toBe(0);
    expect(JSON.parse(server!.requests.at(-1)!.body)).toEqual({ status: 'Request Cancellation' });
    expect(t.err()).toBe(
      "Activity service 9, if the operator's staff cancel it today (2027-01-10, by the server's clock):\n" +
        '  What it costs is not known: the API links no cancellation terms to it.\n' +
        `✓ Moved activity service 9 from Confirmed to Request Cancellation${where()}\n` +
        "Cancellation requested: the operator's staff will cancel it (fees may apply).\n",
    );
  });

  it('releases an Option that can be neither cancelled nor requested: Expired, without fees', async () => {
    await fakeApi({ '/activity_services/9/': activity('Option', ['Confirmed', 'Expired']) });
    const t = await trek(['service', 'cancel', '9', '--yes']);
    expect(t.code).toBe(0);
    expect(JSON.parse(server!.requests.at(-1)!.body)).toEqual({ status: 'Expired' });
    expect(t.err()).toBe(
      'Activity service 9: no cancellation fee — a hold that was never confirmed is released without cancellation fees.\n' +
        '  What it costs is not known: the API does not show the booking it is on.\n' +
        `✓ Moved activity service 9 from Option to Expired${where()}\n` +
        'The hold is released, without cancellation fees.\n',
    );
  });

  it('refuses a confirmed flex plan service with the reason, sending nothing', async () => {
    await fakeApi({ '/flex_plan_services/9/': { id: '9', href: '/flex_plan_services/9/', name: 'Flex', type: 'flex_plan_services', status: 'Confirmed', status_transitions: [], flags: [] } });
    const t = await trek(['service', 'cancel', '9', '--yes']);
    expect(t.code).toBe(2);
    expect(t.err()).toBe(
      "error: cannot cancel flex plan service 9: a confirmed flex plan service cannot be cancelled through the API; cancelling it is a manual action by the operator's staff, and the flex price is 100% non-refundable." +
        ' To use the plan, cancel the departure service it covers (the flex terms then set the refund and travel credit).\n',
    );
    expect(sent().filter((r) => !r.startsWith('GET'))).toEqual([]);
  });

  it('asks on a terminal; "no" cancels the command (exit 130) and sends nothing', async () => {
    await fakeApi({ '/activity_services/9/': activity('Confirmed', ['Cancelled']) });
    const t = await trek(['service', 'cancel', '9'], { tty: true, answers: [false] });
    expect(t.code).toBe(130);
    expect(t.prompter.asked).toEqual(['Cancel activity service 9 "Cooking class in Lima" (Confirmed)? It will be cancelled.']);
    expect(sent().filter((r) => !r.startsWith('GET'))).toEqual([]);
  });

  it('asks on a terminal; "yes" cancels', async () => {
    await fakeApi({ '/activity_services/9/': activity('Confirmed', ['Request Cancellation']) });
    const t = await trek(['service', 'cancel', '9'], { tty: true, answers: [true] });
    expect(t.code).toBe(0);
    expect(t.prompter.asked).toEqual([
      `Cancel activity service 9 "Cooking class in Lima" (Confirmed)? It will be moved to Request Cancellation; the operator's staff then cancel it, and the fee applies then.`,
    ]);
    expect(JSON.parse(server!.requests.at(-1)!.body)).toEqual({ status: 'Request Cancellation' });
  });

  it('is done when the cancellation was already requested', async () => {
    await fakeApi({ '/activity_services/9/': activity('Request Cancellation', []) });
    const t = await trek(['service', 'cancel', '9', '--yes']);
    expect(t.code).toBe(0);
    expect(t.err()).toBe("Activity service 9 already has its cancellation requested; the operator's staff complete it; nothing to change.\n");
    expect(sent().filter((r) => !r.startsWith('GET'))).toEqual([]);
  });

  it('with --dry-run neither asks nor sends', async () => {
    await fakeApi({ '/activity_services/9/': activity('Confirmed', ['Cancelled']) });
    const t = await trek(['service', 'cancel', '9', '--dry-run'], { tty: true });
    expect(t.code).toBe(0);
    expect(t.prompter.asked).toEqual([]);
    expect(t.out().split('\n')[0]).toBe(`PATCH ${server!.url}/activity_services/9/`);
    expect(sent().filter((r) => !r.startsWith('GET'))).toEqual([]);
  });
});

describe('trek service add-departure and add-activity without a terminal', () => {
  it.each([
    [
      ['add-departure'],
      '--booking is required and trek cannot ask for it: stdin and stdout are not terminals\nPass --booking on the command line (trek asks only when stdin and stdout are both a terminal).',
    ],
    [
      ['add-departure', '--booking', '1'],
      '--departure is required and trek cannot ask for it: stdin and stdout are not terminals\nPass --departure on the command line (trek asks only when stdin and stdout are both a terminal).',
    ],
    [
      ['add-departure', '--booking', '1', '--departure', '2'],
      '--customer is required and trek cannot ask for it: stdin and stdout are not terminals\nPass --customer on the command line (trek asks only when stdin and stdout are both a terminal).',
    ],
    [
      ['add-activity', '--booking', '1'],
      '--activity is required and trek cannot ask for it: stdin and stdout are not terminals\nPass --activity on the command line (trek asks only when stdin and stdout are both a terminal).',
    ],
    [
      ['add-activity', '--booking', '1', '--activity', '2'],
      '--customer is required and trek cannot ask for it: stdin and stdout are not terminals\nPass --customer on the command line (trek asks only when stdin and stdout are both a terminal).',
    ],
  ])('%j names the missing flag and sends nothing', async (args, message) => {
    await fakeApi({});
    const t = await trek(['service', ...args]);
    expect(t.code).toBe(2);
    expect(t.err()).toBe(`error: ${message}\n`);
    expect(sent()).toEqual([]);
  });

  it('describes one POST per activity with --dry-run', async () => {
    await fakeApi({});
    const t = await trek(['service', 'add-activity', '--booking', '1', '--activity', '5', '--activity', '6', '--customer', '3', '--customer', '3', '--dry-run']);
    expect(t.code).toBe(0);
    const posts = t.out().split(/\n(?=POST )/);
    expect(posts.map((p) => p.split('\n')[0])).toEqual([`POST ${server!.url}/activity_services/`, `POST ${server!.url}/activity_services/`]);
    expect(posts.map((p) => JSON.parse(p.split('\n\n')[1]))).toEqual([
      { booking: { id: '1' }, product: { id: '5' }, customers: [{ id: '3' }] },
      { booking: { id: '1' }, product: { id: '6' }, customers: [{ id: '3' }] },
    ]);
    expect(sent()).toEqual([]);
  });
});
