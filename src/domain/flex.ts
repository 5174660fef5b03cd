/**
 * The flex rules of spec §4.3 rule 1 and §8, stated once. The sandbox enforces them
 * (sandbox/rules/flex.ts); `trek flex attach` predicts them before sending
 * (commands/flex/rules.ts). Each side gathers the facts its own way (the sandbox from its
 * records, the CLI from API reads) and words each breach for its readers; what is a breach is
 * decided here only. Where the spec leaves a value open (the premium line, the flag that
 * switches flex off) the value is the sandbox's (docs/sandbox.md).
 *
 * Nothing here imports from the CLI or the sandbox: both import it.
 */

/** Spec §8: flex is sold until the departure is no more than 60 days away… */
export const FLEX_STOP_SELL_DAYS = 60;
/** …90 on the operator's premium line. */
export const PREMIUM_FLEX_STOP_SELL_DAYS = 90;
/** The premium line; the spec does not name it. */
export const PREMIUM_PRODUCT_LINE = 'Premium Journeys';
/** Spec §8: flex is attached within 48 hours of the departure service's original confirmation. */
export const LATE_ATTACH_HOURS = 48;
/**
 * Spec §4.3 rule 3: the flag that switches flex off (unnamed there), for an agency alone in
 * its own `flags`, for an agency chain in the agency's `agency_chain_configurations[].flags`.
 */
export const FLEX_DISABLED_FLAG = 'FLEX_DISABLED';
/** Spec §4.3 rule 2, Central Europe: Austria, Switzerland, Germany (ISO 3166 alpha-2). */
export const CEU_COUNTRY_IDS: readonly string[] = ['AT', 'CH', 'DE'];
/** The same countries as a server may also write them: alpha-3 codes and English names. */
const CEU_COUNTRY_SPELLINGS: readonly string[] = [...CEU_COUNTRY_IDS, 'AUT', 'CHE', 'DEU', 'AUSTRIA', 'SWITZERLAND', 'GERMANY'];
/** Departure service statuses on their way out: flex has nothing to cover. */
export const NOT_LIVE_DEPARTURE_SERVICE_STATUSES: readonly string[] = ['Expired', 'Cancelled', 'Request Cancellation'];
/** Flex plan service statuses that no longer hold their departure service (rule 4 counts every other). */
export const ENDED_FLEX_STATUSES: readonly string[] = ['Expired', 'Cancelled'];

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export function isCeuCountry(country: string): boolean {
  return CEU_COUNTRY_SPELLINGS.includes(country.trim().toUpperCase());
}

export function stopSellDays(productLine: string | undefined): number {
  return productLine === PREMIUM_PRODUCT_LINE ? PREMIUM_FLEX_STOP_SELL_DAYS : FLEX_STOP_SELL_DAYS;
}

/** The first day flex is no longer sold: the departure's start date minus the window. */
export function stopSellDate(startDate: string, days: number): string {
  return new Date(Date.parse(`${startDate}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether flex sales have closed at `nowMs`: from the stop-sell date on, UTC days. */
export function stopSellPassed(nowMs: number, closedOn: string): boolean {
  return new Date(nowMs).toISOString().slice(0, 10) >= closedOn;
}

/** When the late-attach window closes (ms), or undefined for a confirmation date that is no date. */
export function lateAttachEnds(dateConfirmed: string, hours = LATE_ATTACH_HOURS): number | undefined {
  const confirmed = Date.parse(dateConfirmed);
  return Number.isNaN(confirmed) ? undefined : confirmed + hours * HOUR_MS;
}

/** What the rules read about one attach request. A fact left out is unknown, and its rule is not judged. */
export interface FlexAttachFacts {
  nowMs: number;
  bookingId: string;
  departureServiceId: string;
  planId: string;
  /** Absent when there is no departure service by that id. */
  departureService?: { id: string; status: string; bookingId?: string; dateConfirmed?: string | null };
  /** Absent when there is no such plan. What a plan states of its own wins over the rules above. */
  plan?: {
    stopSellDays?: number;
    stopSellDate?: string;
    lateAttachHours?: number;
    /** The server's verdict on the plan (NOT_BOOKABLE inside the stop-sell window), when it gives one. */
    availability?: string;
  };
  /** The departure flex would protect; `offeredPlans` when its plans are known. */
  departure?: { id: string; startDate?: string; productLine?: string; offeredPlans?: string[] };
  /**
   * The booking's agency; absent for a direct booking. `countries`: its business address's
   * country as written (id, name); `flags`: the agency's own switches; `chains`: its chains'.
   */
  agency?: { countries: string[]; flags: string[]; chains: Array<{ name?: string; flags: string[] }> };
  /** The travellers' resident countries, which make a direct booking CEU. */
  travellerCountries: string[];
  /** The flex plan service already holding the departure service, if any (neither Expired nor Cancelled). */
  existingFlex?: { id: string; status: string; name?: string };
}

export type FlexRule = FlexBreach['rule'];

/** One rule the request breaks, with what its wording needs. */
export type FlexBreach =
  | { rule: 'departure_service'; problem: 'missing' }
  | { rule: 'departure_service'; problem: 'other_booking'; bookingId: string }
  | { rule: 'departure_service'; problem: 'not_live'; status: string }
  | { rule: 'plan'; problem: 'missing' }
  | { rule: 'plan'; problem: 'not_offered'; offered: string[] }
  | { rule: 'stop_sell'; days: number; closedOn?: string; premium: boolean; availability?: string }
  | { rule: 'late_attach'; problem: 'not_confirmed'; hours: number; status: string }
  | { rule: 'late_attach'; problem: 'closed'; hours: number; closedAtMs: number; dateConfirmed: string }
  | { rule: 'ceu'; by: 'agency' | 'traveller'; country: string }
  | { rule: 'one_per_departure_service'; existing: { id: string; status: string; name?: string } }
  | { rule: 'flex_disabled'; by: 'agency' }
  | { rule: 'flex_disabled'; by: 'chain'; chain?: string };

function departureServiceBreach(facts: FlexAttachFacts): FlexBreach | undefined {
  const service = facts.departureService;
  if (!service) return { rule: 'departure_service', problem: 'missing' };
  if (service.bookingId !== undefined && service.bookingId !== facts.bookingId) return { rule: 'departure_service', problem: 'other_booking', bookingId: service.bookingId };
  if (NOT_LIVE_DEPARTURE_SERVICE_STATUSES.includes(service.status)) return { rule: 'departure_service', problem: 'not_live', status: service.status };
  return undefined;
}

function planBreach(facts: FlexAttachFacts): FlexBreach | undefined {
  if (!facts.plan) return { rule: 'plan', problem: 'missing' };
  const offered = facts.departure?.offeredPlans;
  return offered && !offered.includes(facts.planId) ? { rule: 'plan', problem: 'not_offered', offered } : undefined;
}

/** Inside the stop-sell window. The plan's availability is the server's own verdict (spec §2.4), so it wins over the dates. */
function stopSellBreach(facts: FlexAttachFacts): FlexBreach | undefined {
  const { plan, departure } = facts;
  const days = plan?.stopSellDays ?? stopSellDays(departure?.productLine);
  const closedOn = plan?.stopSellDate ?? (departure?.startDate ? stopSellDate(departure.startDate, days) : undefined);
  const availability = plan?.availability;
  const inside = availability !== undefined ? availability === 'NOT_BOOKABLE' : closedOn !== undefined && stopSellPassed(facts.nowMs, closedOn);
  if (!inside) return undefined;
  return { rule: 'stop_sell', days, premium: days === PREMIUM_FLEX_STOP_SELL_DAYS, ...(closedOn ? { closedOn } : {}), ...(availability ? { availability } : {}) };
}

function lateAttachBreach(facts: FlexAttachFacts): FlexBreach | undefined {
  const service = facts.departureService!;
  const hours = facts.plan?.lateAttachHours ?? LATE_ATTACH_HOURS;
  if (!service.dateConfirmed) return { rule: 'late_attach', problem: 'not_confirmed', hours, status: service.status };
  const ends = lateAttachEnds(service.dateConfirmed, hours);
  return ends !== undefined && facts.nowMs > ends ? { rule: 'late_attach', problem: 'closed', hours, closedAtMs: ends, dateConfirmed: service.dateConfirmed } : undefined;
}

/** CEU by the agency's business address for an agency booking, by the travellers' for a direct one (rule 2). */
function ceuBreach(facts: FlexAttachFacts): FlexBreach | undefined {
  if (facts.agency) {
    const { countries } = facts.agency;
    // Shown by its most readable form: the name when the address gives one.
    return countries.some(isCeuCountry) ? { rule: 'ceu', by: 'agency', country: countries.at(-1)! } : undefined;
  }
  const country = facts.travellerCountries.find(isCeuCountry);
  return country === undefined ? undefined : { rule: 'ceu', by: 'traveller', country };
}

/** Flex switched off for the agency or one of its chains (rule 3). */
function flexDisabledBreach(facts: FlexAttachFacts): FlexBreach | undefined {
  const agency = facts.agency;
  if (!agency) return undefined;
  if (agency.flags.includes(FLEX_DISABLED_FLAG)) return { rule: 'flex_disabled', by: 'agency' };
  const chain = agency.chains.find((c) => c.flags.includes(FLEX_DISABLED_FLAG));
  return chain ? { rule: 'flex_disabled', by: 'chain', ...(chain.name === undefined ? {} : { chain: chain.name }) } : undefined;
}

/** Every rule the request breaks, in the order of spec §4.3 rule 1; empty when flex may be attached. */
export function flexAttachBreaches(facts: FlexAttachFacts): FlexBreach[] {
  const service = departureServiceBreach(facts);
  return [
    service,
    planBreach(facts),
    stopSellBreach(facts),
    // The late-attach window only means something for a departure service the request can cover.
    service ? undefined : lateAttachBreach(facts),
    ceuBreach(facts),
    facts.existingFlex ? { rule: 'one_per_departure_service' as const, existing: facts.existingFlex } : undefined,
    flexDisabledBreach(facts),
  ].filter((breach): breach is FlexBreach => breach !== undefined);
}
