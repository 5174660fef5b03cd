/** `trek sandbox pay --link URL` (issue 20): a booking's payment link, settled through the sandbox. */
import { describe, expect, it } from 'vitest';
import { parsePaymentLink } from '../../../src/commands/sandbox/pay.js';
import { main } from '../../../src/main.js';
import { testFactory } from '../../helpers/factory.js';
import { useHostileServers } from '../../helpers/hostile-server.js';
import { bookingWithCustomers, useTrekSandbox } from '../../helpers/trek-sandbox.js';

const sandbox = useTrekSandbox();
const servers = useHostileServers();
const TOKEN = '0123456789abcdef0123456789abcdef';

describe('trek sandbox pay --link', () => {
  it.each([
    [`/_sandbox/pay/${TOKEN}`, { token: TOKEN, origin: null }],
    [`http://localhost/_sandbox/pay/${TOKEN}`, { token: TOKEN, origin: 'http://localhost' }],
    [`http://127.0.0.1:4010/_sandbox/pay/${TOKEN}/`, { token: TOKEN, origin: 'http://127.0.0.1:4010' }],
  ])('20 a payment link URL %j is read as its token and origin', (url, target) => {
    expect(parsePaymentLink(url)).toEqual(target);
  });

  it.each([`/_sandbox/pay/${TOKEN}?x=1`, `/_sandbox/pay/${TOKEN.slice(1)}`, `/_sandbox/payments/${TOKEN}`, `javascript:/_sandbox/pay/${TOKEN}`, `http://u:p@localhost/_sandbox/pay/${TOKEN}`, 'pay'])(
    '20 %j is not a payment link: exit 2 before any request',
    async (url) => {
      const hostile = await servers.start((_req, res) => res.writeHead(500).end());
      const t = testFactory({ baseUrl: hostile.url, apiKey: 'k' });
      expect(await main(['sandbox', 'pay', '--link', url], t.f)).toBe(2);
      expect(t.err()).toContain("--link must be a payment link's URL");
      expect(hostile.requests).toEqual([]);
    },
  );

  it('20 --link with a booking or an amount, or neither a booking nor --link, is refused with exit 2', async () => {
    const hostile = await servers.start((_req, res) => res.writeHead(500).end());
    for (const args of [['--link', `/_sandbox/pay/${TOKEN}`, '200001'], ['200001'], []]) {
      const t = testFactory({ baseUrl: hostile.url, apiKey: 'k' });
      expect(await main(['sandbox', 'pay', ...args], t.f)).toBe(2);
    }
    expect(hostile.requests).toEqual([]);
  });

  it('20 a link on another server is refused before any request, so the key never goes there', async () => {
    const hostile = await servers.start((_req, res) => res.writeHead(500).end());
    const t = testFactory({ baseUrl: hostile.url, apiKey: 'k' });
    expect(await main(['sandbox', 'pay', '--link', `https://evil.example/_sandbox/pay/${TOKEN}`], t.f)).toBe(2);
    expect(t.err()).toContain('the payment link is on https://evil.example');
    expect(hostile.requests).toEqual([]);
  });

  it("20 pays the booking's open payment link: the amount owing is paid, the link PAID, and paying it again exits 5", async () => {
    const { booking, customers, departure } = await bookingWithCustomers(sandbox);
    await sandbox.api('POST', '/departure_services/', { booking: { id: booking.id }, product: { id: departure.id }, customers: customers.map((c) => ({ id: c.id })) });
    const [link] = (await sandbox.api('GET', `/bookings/${booking.id}/payment_links/`)).results;
    expect(link).toMatchObject({ status: 'OPEN', amount: (await sandbox.api('GET', `/bookings/${booking.id}`)).amount_owing });

    const url = new URL(link.url, sandbox.running.baseUrl).href;
    const t = await sandbox.trek(['sandbox', 'pay', '--link', url, '-o', 'json']);
    expect(t.code, t.err()).toBe(0);
    expect(JSON.parse(t.out())).toMatchObject({ amount: link.amount, booking: { id: booking.id }, payment_link: { id: link.id, status: 'PAID' } });
    expect(t.err()).toContain(`Paid ${link.amount} CAD on booking ${booking.id} through payment link ${link.id}`);
    expect(await sandbox.api('GET', `/bookings/${booking.id}`)).toMatchObject({ amount_owing: '0.00', amount_paid: link.amount });

    const again = await sandbox.trek(['sandbox', 'pay', '--link', link.url]);
    expect(again.code).toBe(5);
    expect(again.err()).toContain('PAYMENT_LINK_CLOSED');
  });
});
