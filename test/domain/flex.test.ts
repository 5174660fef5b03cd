/** The flex rules stated once (src/domain/flex.ts), judged on facts as both sides gather them. */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { flexAttachBreaches, isCeuCountry, stopSellDate, stopSellDays, type FlexAttachFacts } from '../../src/domain/flex.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

/** A request every rule accepts: 200 days out, confirmed an hour ago, a Canadian agency. */
function facts(overrides: Partial<FlexAttachFacts> = {}): FlexAttachFacts {
  return {
    nowMs: Date.parse('2027-01-10T13:00:00Z'),
    bookingId: '200003',
    departureServiceId: '400001',
    planId: '100001-1',
    departureService: { id: '400001', status: 'Confirmed', bookingId: '200003', dateConfirmed: '2027-01-10T12:00:00Z' },
    plan: {},
    departure: { id: '100001', startDate: '2027-07-29', productLine: 'Classic', offeredPlans: ['100001-1', '100001-2'] },
    agency: { countries: ['CA', 'Canada'], flags: [], chains: [{ name: 'North Star', flags: [] }] },
    travellerCountries: [],
    ...overrides,
  };
}

const rules = (f: FlexAttachFacts) => flexAttachBreaches(f).map((breach) => breach.rule);

describe('flex rules', () => {
  it('15 flex: the rules are stated once: no other module declares the premium line, the windows, the flag or the CEU countries', () => {
    const declarations = [/['"]Premium Journeys['"]/, /STOP_SELL_DAYS\s*=/, /LATE_ATTACH_HOURS\s*=/, /FLEX_DISABLED_FLAG\s*=/, /\[\s*'AT',\s*'CH',\s*'DE'\s*\]/, /'(AUT|CHE|DEU)'/i];
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const found = files.flatMap((file) => {
      const text = readFileSync(join(SRC, file), 'utf8');
      return declarations.filter((pattern) => pattern.test(text)).map((pattern) => `${relative(SRC, join(SRC, file))}: ${pattern}`);
    });
    expect(found.filter((hit) => !hit.startsWith(join('domain', 'flex.ts')))).toEqual([]);
    expect(found.length).toBeGreaterThan(0); // the patterns do find the one statement
  });

  it('finds nothing wrong with a request every rule accepts', () => {
    expect(flexAttachBreaches(facts())).toEqual([]);
  });

  it('stop-sell: 60 days, 90 on the premium line, closed from the stop-sell date on', () => {
    expect([stopSellDays('Classic'), stopSellDays('Premium Journeys'), stopSellDays(undefined)]).toEqual([60, 90, 60]);
    expect(stopSellDate('2027-03-11', 60)).toBe('2027-01-10');
    // Now is 2027-01-10: a departure 61 days away may still take flex, one exactly 60 days away may not.
    expect(rules(facts({ departure: { ...facts().departure!, startDate: '2027-03-12' } }))).toEqual([]);
    expect(flexAttachBreaches(facts({ departure: { ...facts().departure!, startDate: '2027-03-11' } }))).toEqual([{ rule: 'stop_sell', days: 60, premium: false, closedOn: '2027-01-10' }]);
    expect(flexAttachBreaches(facts({ departure: { ...facts().departure!, startDate: '2027-04-09', productLine: 'Premium Journeys' } }))[0]).toMatchObject({ days: 90, premium: true });
  });

  it("stop-sell: what a plan states wins: its availability over the dates, its own window and date over the line's", () => {
    expect(rules(facts({ plan: { availability: 'NOT_BOOKABLE' } }))).toEqual(['stop_sell']);
    expect(rules(facts({ plan: { availability: 'AVAILABLE' }, departure: { ...facts().departure!, startDate: '2027-02-01' } }))).toEqual([]);
    expect(flexAttachBreaches(facts({ plan: { stopSellDays: 200, stopSellDate: '2027-01-09' } }))).toEqual([{ rule: 'stop_sell', days: 200, premium: false, closedOn: '2027-01-09' }]);
  });

  it("late attach: within 48 hours (or the plan's own hours) of the confirmation; never opened before it", () => {
    expect(rules(facts({ nowMs: Date.parse('2027-01-12T12:00:00Z') }))).toEqual([]);
    expect(flexAttachBreaches(facts({ nowMs: Date.parse('2027-01-12T12:00:01Z') }))).toEqual([
      { rule: 'late_attach', problem: 'closed', hours: 48, closedAtMs: Date.parse('2027-01-12T12:00:00Z'), dateConfirmed: '2027-01-10T12:00:00Z' },
    ]);
    expect(rules(facts({ nowMs: Date.parse('2027-01-12T12:00:01Z'), plan: { lateAttachHours: 72 } }))).toEqual([]);
    expect(flexAttachBreaches(facts({ departureService: { ...facts().departureService!, status: 'Option', dateConfirmed: null } }))).toEqual([
      { rule: 'late_attach', problem: 'not_confirmed', hours: 48, status: 'Option' },
    ]);
  });

  it('a departure service missing, on another booking or on its way out is one breach, without a window judged', () => {
    expect(rules(facts({ departureService: undefined }))).toEqual(['departure_service']);
    expect(flexAttachBreaches(facts({ departureService: { ...facts().departureService!, bookingId: '200009' } }))).toEqual([
      { rule: 'departure_service', problem: 'other_booking', bookingId: '200009' },
    ]);
    const late = Date.parse('2027-03-01T00:00:00Z');
    for (const status of ['Expired', 'Cancelled', 'Request Cancellation']) {
      expect(flexAttachBreaches(facts({ nowMs: late, departure: undefined, departureService: { ...facts().departureService!, status } }))).toEqual([
        { rule: 'departure_service', problem: 'not_live', status },
      ]);
    }
  });

  it.each(['DE', 'de', 'DEU', 'Germany', ' austria ', 'CH', 'Switzerland'])('CEU: %j is Central Europe', (country) => {
    expect(isCeuCountry(country)).toBe(true);
  });

  it.each(['CA', 'FR', 'France', 'Deutschland?', ''])('CEU: %j is not', (country) => {
    expect(isCeuCountry(country)).toBe(false);
  });

  it('CEU: by the agency address (shown by its name), else by the travellers of a direct booking', () => {
    expect(flexAttachBreaches(facts({ agency: { ...facts().agency!, countries: ['DE', 'Germany'] } }))).toEqual([{ rule: 'ceu', by: 'agency', country: 'Germany' }]);
    expect(flexAttachBreaches(facts({ agency: undefined, travellerCountries: ['CA', 'at'] }))).toEqual([{ rule: 'ceu', by: 'traveller', country: 'at' }]);
    // An agency booking is judged by the agency, not by where its travellers live.
    expect(rules(facts({ travellerCountries: ['DE'] }))).toEqual([]);
  });

  it('flex disabled: by an agency flag, or a chain flag naming the chain', () => {
    expect(flexAttachBreaches(facts({ agency: { ...facts().agency!, flags: ['FLEX_DISABLED'] } }))).toEqual([{ rule: 'flex_disabled', by: 'agency' }]);
    expect(flexAttachBreaches(facts({ agency: { ...facts().agency!, chains: [{ name: 'Alliance', flags: ['FLEX_DISABLED'] }] } }))).toEqual([
      { rule: 'flex_disabled', by: 'chain', chain: 'Alliance' },
    ]);
  });

  it('reports every breach at once, in the order of spec §4.3 rule 1', () => {
    const all = facts({
      nowMs: Date.parse('2027-06-01T00:00:00Z'),
      planId: '100002-1',
      agency: { countries: ['CH'], flags: ['FLEX_DISABLED'], chains: [] },
      existingFlex: { id: '400002', status: 'Confirmed' },
    });
    expect(rules(all)).toEqual(['plan', 'stop_sell', 'late_attach', 'ceu', 'one_per_departure_service', 'flex_disabled']);
  });
});
