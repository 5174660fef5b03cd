/**
 * Money to the cent (issue 16): every window of every cancellation terms shares a price out
 * exactly, and a flex exercise refunds, credits and keeps exactly the tour's price.
 */
import { describe, expect, it } from 'vitest';
import { FLEX_TIERS, GENERIC_WINDOWS, windowAmounts } from '../../src/sandbox/catalogue/terms.js';
import { splitCents } from '../../src/sandbox/money.js';
import type { Catalogue } from '../../src/sandbox/catalogue/index.js';
import type { ServiceRecord } from '../../src/sandbox/model.js';
import { priceOf } from '../../src/sandbox/rules/money.js';
import { KEYS, useSandboxClient } from '../helpers/sandbox-client.js';
import { cents, get, newBooking, newCustomers, pay, refs, setStatus } from './services-fixtures.js';
import { NOW } from '../helpers/clock.js';

const WINDOWS = [...GENERIC_WINDOWS.map((w) => ({ terms: 'generic', ...w })), ...FLEX_TIERS.flatMap((tier) => tier.windows.map((w) => ({ terms: tier.code, ...w })))];

/** A small deterministic generator: the same prices on every run. */
function* prices(): Generator<number> {
  for (let cents = 0; cents <= 5_000; cents++) yield cents;
  let x = 0x2545f491;
  for (let i = 0; i < 20_000; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    yield (x >>> 0) % 100_000_000_00; // up to a million in cents, odd and even alike
  }
}

describe('16 money to the cent', () => {
  it('16 every window shares every price out exactly: penalty + refund + credit = price, each within a cent of its percentage', () => {
    let checked = 0;
    for (const price of prices()) {
      for (const window of WINDOWS) {
        const { penaltyCents, refundCents, travelCreditCents } = windowAmounts(price, window);
        const exact = { penaltyCents: price * window.penalty, refundCents: price * (1 - window.penalty - window.credit), travelCreditCents: price * window.credit };
        if (penaltyCents + refundCents + travelCreditCents !== price) throw new Error(`${window.terms} ${window.from}+: ${price} → ${penaltyCents} + ${refundCents} + ${travelCreditCents}`);
        for (const [share, amount] of Object.entries({ penaltyCents, refundCents, travelCreditCents })) {
          const off = Math.abs(amount - exact[share as keyof typeof exact]);
          if (!Number.isInteger(amount) || amount < 0 || off >= 1) throw new Error(`${window.terms} ${window.from}+: ${share} of ${price} is ${amount}, exact ${exact[share as keyof typeof exact]}`);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100_000);
  });

  it('16 a cent that cannot be shared goes to the penalty as its percentage rounds, then to the refund before the credit', () => {
    // 10 % of 4179.05: the penalty is 417.905, rounded half up as a client would.
    expect(windowAmounts(417905, GENERIC_WINDOWS[0])).toEqual({ penaltyCents: 41791, refundCents: 376114, travelCreditCents: 0 });
    // Flex Plus 31+ days: half refunded, half credited; the odd cent is refunded, not credited.
    expect(windowAmounts(237405, FLEX_TIERS[1].windows[0])).toEqual({ penaltyCents: 0, refundCents: 118703, travelCreditCents: 118702 });
    expect(splitCents(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(splitCents(2, [25, 25, 50])).toEqual([1, 0, 1]);
    expect(() => splitCents(-1, [1])).toThrow(RangeError);
  });
});

const client = useSandboxClient({ size: 40, now: NOW });

describe('16 money to the cent in a flex exercise', () => {
  it('16 the exercise refunds and credits the window’s amounts, and refund + credit + retained = the tour price exactly', async () => {
    // One traveller 200 days out: the early-booking discount leaves an odd cent (2499.00 less 5 %).
    const booking = await newBooking(client, { key: KEYS.prairie });
    const [customer] = await newCustomers(client, 1, KEYS.prairie);
    const tour = (await client.post('/departure_services/', { booking: { id: booking.id }, product: { id: '100001' }, customers: refs([customer]) }, KEYS.prairie)).json;
    const price = cents(tour.purchase_price);
    expect(price % 2).toBe(1);
    await pay(client, booking.id, tour.purchase_price, KEYS.prairie);
    const flex = (await client.post('/flex_plan_services/', { booking: { id: booking.id }, departure_service: { id: tour.id }, product: { id: '100001-2' } }, KEYS.prairie)).json;
    await pay(client, booking.id, flex.purchase_price, KEYS.prairie);
    const terms = await get(client, `/service_cancellation_terms/service-${flex.id}/`, KEYS.prairie);

    const cancelled = (await setStatus(client, tour, 'Cancelled', KEYS.prairie)).json;
    const exercise = (await get(client, flex.href, KEYS.prairie)).exercise;
    const window = terms.windows.find((w: any) => w.days_before_departure_from === exercise.window.days_before_departure_from);
    expect(exercise).toMatchObject({ refund_amount: window.refund_amount, travel_credit_amount: window.travel_credit_amount });
    expect(cents(exercise.refund_amount) - cents(exercise.travel_credit_amount)).toBe(1); // the odd cent is refunded
    const retained = cents(cancelled.cancellation_fee) - cents(exercise.travel_credit_amount);
    expect(cents(exercise.refund_amount) + cents(exercise.travel_credit_amount) + retained).toBe(price);
    expect(retained).toBe(cents(window.penalty_amount));
    // The money adds up on the booking too: what was paid, less the refund, is the flex price and the tour's charge.
    expect(await get(client, booking.href, KEYS.prairie)).toMatchObject({ amount_owing: '0.00', amount_paid: ((price + cents(flex.purchase_price) - cents(exercise.refund_amount)) / 100).toFixed(2) });
  });
});

describe('30 commission and discounts round to the nearest cent', () => {
  const NOW_MS = NOW.getTime(); // 2027-01-10
  /** A catalogue of one departure, one activity and one flex plan at the prices given, in CAD. */
  const catalogueAt = (price: string, startDate: string) =>
    ({
      departure: () => ({
        prices: { CAD: price },
        deposits: { CAD: '100.00' },
        // Each traveller is priced at their room's adult band: one STANDARD room at `price`.
        rooms: [{ code: 'STANDARD', price_bands: [{ prices: [{ currency: 'CAD', amount: price, deposit: '100.00' }] }] }],
        start_date: startDate,
        flags: [],
      }),
      activity: () => ({ prices: { CAD: price }, commission_rate: 12 }),
      flexPlan: () => ({ prices: { CAD: price } }),
    }) as unknown as Catalogue;
  const service = (type: ServiceRecord['type']) => ({ type, product_id: '1', customer_ids: ['1'] });

  it('30 12 % commission of 2374.05 is 284.89 (not 284.88), on a departure and an activity', () => {
    // Starting within 180 days: no early-booking discount, the price is the list price.
    const catalogue = catalogueAt('2374.05', '2027-03-01');
    expect(priceOf(catalogue, service('departure_services'), 'CAD', NOW_MS)).toMatchObject({ priceCents: 237405, commissionCents: 28489, promotion: null });
    expect(priceOf(catalogue, service('activity_services'), 'CAD', NOW_MS)).toMatchObject({ priceCents: 237405, commissionCents: 28489 });
  });

  it('30 the 5 % early-booking discount of 2374.10 is 118.71 (not 118.70), and the commission on what is left 270.65', () => {
    const priced = priceOf(catalogueAt('2374.10', '2028-01-10'), service('departure_services'), 'CAD', NOW_MS)!;
    expect(priced.promotion).toEqual({ code: 'EARLY_BOOKING_5', discount_cents: 11871 });
    expect(priced.priceCents).toBe(237410 - 11871);
    expect(priced.commissionCents).toBe(27065); // 12 % of 2255.39 is 270.6468
  });

  it('30 10 % flex commission of 23.45 is 2.35 (not 2.34)', () => {
    expect(priceOf(catalogueAt('23.45', '2027-03-01'), service('flex_plan_services'), 'CAD', NOW_MS)).toMatchObject({ priceCents: 2345, commissionCents: 235 });
  });
});
