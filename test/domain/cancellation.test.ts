/** domain/cancellation.ts: what a cancellation does to a booking's money, on hand-made bookings. */
import { describe, expect, it } from 'vitest';
import { amountOwing, cancellationOf, percentShares, type MoneyService } from '../../src/domain/cancellation.js';

const tour = (over: Partial<MoneyService> = {}): MoneyService => ({ id: 't', type: 'departure_services', status: 'Confirmed', price: 100_000n, charge: 0n, ...over });
const activity = (over: Partial<MoneyService> = {}): MoneyService => ({ id: 'a', type: 'activity_services', status: 'Option', price: 12_000n, charge: 0n, ...over });
const flex = (over: Partial<MoneyService> = {}): MoneyService => ({ id: 'f', type: 'flex_plan_services', status: 'Confirmed', price: 8_000n, charge: 0n, covers: 't', ...over });

describe('cancellationOf', () => {
  it('deposit only: the fee beyond the deposit is owed, nothing comes back', () => {
    const c = cancellationOf({ paid: 10_000n, services: [tour()] }, 't', { kind: 'terms', shares: percentShares(100_000n, 50) });
    expect(c).toMatchObject({ fee: 50_000n, moneyBack: 0n, credit: 0n, charge: 50_000n, owingBefore: 90_000n, owingAfter: 40_000n, leftBehind: [] });
  });

  it('paid in full: what is not kept comes back, nothing owed', () => {
    const c = cancellationOf({ paid: 100_000n, services: [tour()] }, 't', { kind: 'terms', shares: percentShares(100_000n, 10) });
    expect(c).toMatchObject({ fee: 10_000n, moneyBack: 90_000n, overpaid: 90_000n, credit: 0n, owingAfter: 0n });
  });

  it('a flex exercise with the tour not paid in full: the shortfall comes off the refund, then the credit', () => {
    // Paid: the flex price and a 10 000 deposit. Window: 25 % kept, 75 % credit.
    const c = cancellationOf({ paid: 18_000n, services: [tour(), flex()] }, 't', { kind: 'terms', shares: { penalty: 25_000n, refund: 0n, credit: 75_000n }, flex: { id: 'f' } });
    // Shortfall 90 000 > refund 0: the credit loses 90 000 of its 75 000, so none; the fee leaves 15 000 owing.
    expect(c).toMatchObject({ fee: 25_000n, credit: 0n, moneyBack: 0n, owingAfter: 15_000n });
    const full = cancellationOf({ paid: 108_000n, services: [tour(), flex()] }, 't', { kind: 'terms', shares: { penalty: 0n, refund: 20_000n, credit: 80_000n }, flex: { id: 'f' } });
    expect(full).toMatchObject({ fee: 0n, flexRefund: 20_000n, credit: 80_000n, moneyBack: 20_000n, charge: 80_000n, owingAfter: 0n });
  });

  it('a tour leaves its live activities behind, still owed for; a flex plan in Option on it expires', () => {
    const c = cancellationOf({ paid: 10_000n, services: [tour(), activity(), activity({ id: 'b', status: 'Cancelled', charge: 1_200n }), flex({ status: 'Option' })] }, 't', { kind: 'none' });
    expect(c.leftBehind.map((s) => s.id)).toEqual(['a']);
    // The Option activity's price and the cancelled one's fee stay owed; the flex plan no longer is.
    expect(c.owingAfter).toBe(amountOwing([activity(), activity({ id: 'b', status: 'Cancelled', charge: 1_200n })], 10_000n));
    expect(c.owingAfter).toBe(3_200n);
  });

  it('percentShares rounds the penalty half up and refunds the rest', () => {
    expect(percentShares(12_345n, 50)).toEqual({ penalty: 6_173n, refund: 6_172n, credit: 0n });
    expect(() => cancellationOf({ paid: 0n, services: [] }, 'x', { kind: 'none' })).toThrow(RangeError);
  });
});
