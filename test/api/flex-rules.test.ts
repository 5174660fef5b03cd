/** The flex rules as pure functions: each rule on its own, and all failing at once. */
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../src/api/resources/bookings.js';
import type { BookedService } from '../../src/api/resources/services.js';
import { explainFlexCancelRefusal, flexAttachRefusals, FlexRefusedError, stopSellDate, type FlexFacts } from '../../src/api/flex-rules.js';
import { ExitCode, UsageError } from '../../src/errors.js';
import { exitCodeFor } from '../../src/main.js';

const departureService = {
  id: '400001',
  href: '/departure_services/400001/',
  name: 'Best of Peru',
  type: 'departure_services',
  status: 'Confirmed',
  date_confirmed: '2027-01-10T12:00:00Z',
  booking: { id: '200003', href: '/bookings/200003/' },
  product: { id: '100001', href: '/departures/100001/' },
} as unknown as BookedService;

/** A request every rule accepts: 200 days out, confirmed an hour ago, a Canadian agency. */
function facts(overrides: Partial<FlexFacts> = {}): FlexFacts {
  return {
    now: new Date('2027-01-10T13:00:00Z'),
    bookingId: '200003',
    departureServiceId: '400001',
    planId: '100001-1',
    booking: { id: '200003', currency: 'CAD' } as Booking,
    departureService,
    departure: {
      id: '100001',
      href: '/departures/100001/',
      start_date: '2027-07-29',
      product_line: 'Classic',
      flex_plans: [
        { id: '100001-1', href: '' },
        { id: '100001-2', href: '' },
      ],
    },
    productLine: 'Classic',
    plan: { id: '100001-1', href: '/flex_plans/100001-1/', availability: { status: 'AVAILABLE' } },
    agency: { id: '1', name: 'Maple Leaf Travel', address: { country: { id: 'CA', name: 'Canada' } }, agency_chain_configurations: [{ agency_chain: { id: '1', name: 'North Star' }, flags: [] }] },
    customerCountries: [],
    flexServices: [],
    ...overrides,
  };
}

const rules = (f: FlexFacts) => flexAttachRefusals(f).map((r) => r.rule);

describe('flexAttachRefusals', () => {
  it('finds nothing wrong with a request every rule accepts', () => {
    expect(flexAttachRefusals(facts())).toEqual([]);
  });

  it('stop-sell: trusts the plan NOT_BOOKABLE and names the date sales closed (60 days before)', () => {
    const f = facts({ plan: { id: '100001-1', href: '', availability: { status: 'NOT_BOOKABLE' } }, departure: { ...facts().departure!, start_date: '2027-02-09' } });
    expect(flexAttachRefusals(f)).toEqual([
      {
        rule: 'stop_sell',
        reason: 'stop-sell window: departure 100001 starts on 2027-02-09, not more than 60 days away (the stop-sell window); flex sales closed on 2026-12-11 (plan 100001-1 is NOT_BOOKABLE)',
      },
    ]);
  });

  it('stop-sell: 90 days for the premium line, by the plan or by the product line', () => {
    const premium = facts({
      productLine: 'Premium Journeys',
      departure: { ...facts().departure!, start_date: '2027-03-26' },
      plan: { id: '100001-1', href: '', availability: { status: 'NOT_BOOKABLE' } },
    });
    expect(stopSellDate(premium)).toBe('2026-12-26');
    expect(flexAttachRefusals(premium)[0].reason).toContain('not more than 90 days away (the stop-sell window for the Premium Journeys line); flex sales closed on 2026-12-26');
    // A plan that states its own window and date wins over the line.
    expect(stopSellDate({ ...premium, plan: { id: 'p', href: '', stop_sell_days: 60, stop_sell_date: '2027-01-25' } })).toBe('2027-01-25');
  });

  it('stop-sell: without an availability on the plan, judged by the dates', () => {
    const plan = { id: '100001-1', href: '' };
    // Now is 2027-01-10: a departure 61 days away may still take flex, one exactly 60 days away may not.
    expect(rules(facts({ plan, departure: { ...facts().departure!, start_date: '2027-03-12' } }))).toEqual([]);
    expect(rules(facts({ plan, departure: { ...facts().departure!, start_date: '2027-03-11' } }))).toEqual(['stop_sell']);
  });

  it('late attach: closed 48 hours after the departure service was confirmed, and says when', () => {
    const late = facts({ now: new Date('2027-01-12T12:00:01Z') });
    expect(flexAttachRefusals(late)).toEqual([
      { rule: 'late_attach', reason: 'late-attach window: it closed at 2027-01-12T12:00:00Z, 48 hours after departure service 400001 was confirmed (2027-01-10T12:00:00Z)' },
    ]);
    expect(rules(facts({ now: new Date('2027-01-12T12:00:00Z') }))).toEqual([]);
  });

  it('late attach: a departure service not yet confirmed has no window open', () => {
    const option = facts({ departureService: { ...departureService, status: 'Option', date_confirmed: null } });
    expect(flexAttachRefusals(option)[0]).toEqual({
      rule: 'late_attach',
      reason: 'late-attach window: departure service 400001 is Option, not confirmed; flex can be attached within 48 hours after the departure is confirmed',
    });
  });

  it.each([
    [{ id: 'DE', name: 'Germany' }, 'Germany'],
    [{ id: 'AT', name: 'Austria' }, 'Austria'],
    [{ id: 'CH' }, 'CH'],
    ['Switzerland', 'Switzerland'],
  ])('CEU: an agency with its business address in %j', (country, shown) => {
    const f = facts({ agency: { ...facts().agency!, name: 'Reisebüro Alpenblick', address: { country } } });
    expect(flexAttachRefusals(f)).toEqual([
      {
        rule: 'ceu',
        reason: `CEU booking: the booking's agency Reisebüro Alpenblick has its business address in ${shown}; flex is not sold on Central European (Austria, Switzerland, Germany) bookings`,
      },
    ]);
  });

  it("CEU: a direct booking (no agency) by the travellers' resident addresses", () => {
    expect(rules(facts({ agency: undefined, customerCountries: ['CA', 'de'] }))).toEqual(['ceu']);
    expect(rules(facts({ agency: undefined, customerCountries: ['CA', 'France'] }))).toEqual([]);
  });

  it('one per departure service: names the flex plan service already covering it; ended ones are not passed in', () => {
    const existing = {
      id: '400002',
      name: 'Flex',
      status: 'Option',
      type: 'flex_plan_services',
      associated_services: [{ id: '400001', href: '', type: 'departure_services' }],
    } as unknown as BookedService;
    const other = { ...existing, id: '400009', associated_services: [{ id: '400005', href: '' }] } as unknown as BookedService;
    expect(flexAttachRefusals(facts({ flexServices: [other, existing] }))).toEqual([
      {
        rule: 'one_per_departure_service',
        reason: `one flex per departure service: flex plan service 400002 "Flex" (Option) already covers departure service 400001; travellers needing another tier need a separate departure service, which the operator's sales team arranges`,
      },
    ]);
    expect(rules(facts({ flexServices: [other] }))).toEqual([]);
  });

  it('flex disabled: by a chain configuration flag, naming the chain, or by an agency flag', () => {
    const chain = facts({
      agency: { ...facts().agency!, name: 'Southern Cross Journeys', agency_chain_configurations: [{ agency_chain: { id: '2', name: 'Independent Agents Alliance' }, flags: ['FLEX_DISABLED'] }] },
    });
    expect(flexAttachRefusals(chain)).toEqual([
      {
        rule: 'flex_disabled',
        reason: 'flex disabled: flex is switched off for agency chain Independent Agents Alliance of agency Southern Cross Journeys (FLEX_DISABLED), so flex cannot be bought on its bookings',
      },
    ]);
    expect(rules(facts({ agency: { ...facts().agency!, flags: ['FLEX_DISABLED'] } }))).toEqual(['flex_disabled']);
  });

  it('the departure service and plan: missing, on another booking, or a plan the departure does not offer', () => {
    expect(flexAttachRefusals(facts({ departureService: undefined, departure: undefined, plan: undefined }))).toEqual([
      { rule: 'departure_service', reason: 'departure service: there is no departure service 400001' },
      { rule: 'plan', reason: 'flex plan: there is no flex plan 100001-1' },
    ]);
    expect(flexAttachRefusals(facts({ bookingId: '200009' }))[0].reason).toBe('departure service: 400001 belongs to booking 200003, not 200009');
    // A cancelled one is not judged by its late-attach window as well: one reason, not two.
    const cancelled = facts({ now: new Date('2027-03-01T00:00:00Z'), departureService: { ...departureService, status: 'Cancelled' } });
    expect(flexAttachRefusals(cancelled)).toEqual([{ rule: 'departure_service', reason: 'departure service: 400001 is Cancelled; flex covers only a live departure service' }]);
    expect(flexAttachRefusals(facts({ planId: '100002-1', plan: { id: '100002-1', href: '', availability: { status: 'AVAILABLE' } } }))[0].reason).toBe(
      'flex plan: departure 100001 does not offer plan 100002-1 (it offers: 100001-1, 100001-2)',
    );
  });

  it('reports every failing rule at once, in the order of spec §4.3 rule 1', () => {
    const all = facts({
      now: new Date('2027-02-01T00:00:00Z'),
      plan: { id: '100001-1', href: '', availability: { status: 'NOT_BOOKABLE' } },
      agency: { id: '3', name: 'X', address: { country: { id: 'DE' } }, agency_chain_configurations: [{ flags: ['FLEX_DISABLED'] }] },
      flexServices: [{ id: '400002', name: 'Flex', status: 'Confirmed', associated_services: [{ id: '400001', href: '' }] } as unknown as BookedService],
    });
    expect(rules(all)).toEqual(['stop_sell', 'late_attach', 'ceu', 'one_per_departure_service', 'flex_disabled']);
    const lines = new FlexRefusedError(flexAttachRefusals(all), '100001-1', '400001').message.split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe('flex plan 100001-1 cannot be attached to departure service 400001; nothing was sent:');
    expect(lines[6]).toBe('The API would refuse it. To send it anyway and let the API decide, add --force.');
  });

  it('neutralises escape sequences in the server text it quotes', () => {
    const f = facts({ agency: { ...facts().agency!, name: 'Evil\x1b]0;pwned\x07 Travel', address: { country: { id: 'DE' } } } });
    const reason = flexAttachRefusals(f)[0].reason;
    expect(reason).toContain('agency Evil Travel has');
    expect(reason).not.toContain('\x1b');
  });
});

describe('FlexRefusedError', () => {
  it('15 flex: is its own typed error, not a UsageError, and main maps it to exit 2 by name', () => {
    const error = new FlexRefusedError(flexAttachRefusals(facts({ agency: { id: '5', name: 'X', address: { country: 'DE' } } })), '100001-1', '400001');
    expect(error).not.toBeInstanceOf(UsageError);
    expect(error.name).toBe('FlexRefusedError');
    expect(error.refusals.map((r) => r.rule)).toEqual(['ceu']);
    expect(exitCodeFor(error)).toBe(ExitCode.usage);
  });
});

describe('explainFlexCancelRefusal', () => {
  const flex = { id: '400002', type: 'flex_plan_services' as const, status: 'Confirmed' as const, associated_services: [{ id: '400001', href: '', type: 'departure_services' }] };

  it('refuses a confirmed flex plan service with the spec reason and the way to exercise it', () => {
    expect(explainFlexCancelRefusal(flex)).toBe(
      "cannot cancel flex plan service 400002: a confirmed flex plan service cannot be cancelled through the API; cancelling it is a manual action by the operator's staff, " +
        'and the flex price is 100% non-refundable. To use the plan, cancel the departure service it covers: trek service cancel 400001 (the flex terms then set the refund and travel credit).',
    );
  });

  it('leaves other services and flex plan services not confirmed to the usual checks', () => {
    expect(explainFlexCancelRefusal({ ...flex, status: 'Option' })).toBeUndefined();
    expect(explainFlexCancelRefusal({ ...flex, type: 'departure_services' })).toBeUndefined();
  });
});
