/**
 * The flex rules of spec §3.2, §4.3 rules 1–5 and §8, as the client can judge them before
 * sending: each rule that would make POST /flex_plan_services/ fail, with the reason in the
 * agent's terms, and the refusal of cancelling a confirmed flex plan service. Pure functions
 * over facts read by preflight.ts, so each rule is tested on its own.
 */
import type { Booking } from '../../api/resources/bookings.js';
import type { Departure, FlexPlan } from '../../api/resources/flex.js';
import type { BookedService } from '../../api/resources/services.js';
import { UsageError } from '../../errors.js';
import { sanitize } from '../../output/sanitize.js';

/** Spec §8: the departure must be more than 60 days away (90 for the premium line). */
export const FLEX_STOP_SELL_DAYS = 60;
export const PREMIUM_FLEX_STOP_SELL_DAYS = 90;
/**
 * The operator's designated premium departure line. The spec does not name it; this is the
 * sandbox's (docs/sandbox.md). A plan that states its own `stop_sell_days` wins over it.
 */
export const PREMIUM_PRODUCT_LINES: readonly string[] = ['Premium Journeys'];
/** Spec §8: within 48 hours of the original departure confirmation. */
export const LATE_ATTACH_HOURS = 48;
/** Spec §4.3 rule 2: Austria, Switzerland, Germany (ISO codes and English names). */
const CEU_COUNTRIES: readonly string[] = ['at', 'aut', 'austria', 'ch', 'che', 'switzerland', 'de', 'deu', 'germany'];
/** The agency-chain-configuration flag that switches flex off (spec §4.3 rule 3 leaves it unnamed; the sandbox's). */
export const FLEX_DISABLED_FLAG = 'FLEX_DISABLED';

/** The rules of spec §4.3 rule 1, plus the booking/plan consistency a request also needs. */
export type FlexRule =
  | 'departure_service'
  | 'plan'
  | 'stop_sell'
  | 'late_attach'
  | 'ceu'
  | 'one_per_departure_service'
  | 'flex_disabled';

export interface FlexRefusal {
  rule: FlexRule;
  /** Terminal-safe: server text in it is sanitised. */
  reason: string;
}

/**
 * The agency members the rules read (spec §2.9), loosely typed: server data is checked, not
 * trusted. An `agencies.ts` Agency fits it.
 */
export interface AgencyForFlex {
  id: string;
  name?: string;
  address?: { country?: { id?: string; name?: string } | string | null } | null;
  agency_chain_configurations?: Array<{ agency_chain?: { id: string; name?: string } | null; flags?: string[] }>;
  /** Not in the spec: an agency-level switch a server may send. */
  flags?: string[];
}

/** What the pre-flight read; `undefined` for a resource the API answered 404 for. */
export interface FlexFacts {
  /** The server's clock when known (the Date header), else this machine's. */
  now: Date;
  bookingId: string;
  departureServiceId: string;
  planId: string;
  booking: Booking;
  departureService?: BookedService;
  departure?: Departure;
  /** The departure's product line (its own, else its tour dossier's). */
  productLine?: string;
  plan?: FlexPlan;
  agency?: AgencyForFlex;
  /** Countries of the covered customers' addresses, for a direct booking (no agency). */
  customerCountries: string[];
  /** Flex plan services on the booking that are neither Expired nor Cancelled. */
  flexServices: BookedService[];
}

const s = (value: unknown): string => sanitize(String(value ?? ''));

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** '2026-05-01T10:00:00.000Z' → '2026-05-01T10:00:00Z', the spec's datetime form. */
export function isoDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function stopSellDays(facts: Pick<FlexFacts, 'plan' | 'productLine'>): number {
  if (typeof facts.plan?.stop_sell_days === 'number') return facts.plan.stop_sell_days;
  return facts.productLine !== undefined && PREMIUM_PRODUCT_LINES.includes(facts.productLine) ? PREMIUM_FLEX_STOP_SELL_DAYS : FLEX_STOP_SELL_DAYS;
}

/** The first day flex can no longer be sold for the departure (start date minus the window). */
export function stopSellDate(facts: Pick<FlexFacts, 'plan' | 'productLine' | 'departure'>): string | undefined {
  if (facts.plan?.stop_sell_date) return facts.plan.stop_sell_date;
  return facts.departure?.start_date ? addDays(facts.departure.start_date, -stopSellDays(facts)) : undefined;
}

/**
 * Inside the stop-sell window. The plan's availability is the server's own verdict (spec §2.4:
 * NOT_BOOKABLE inside the window), so it wins; the dates are computed only when a plan does
 * not report its availability.
 */
function stopSell(facts: FlexFacts): FlexRefusal | undefined {
  const closedOn = stopSellDate(facts);
  const status = facts.plan?.availability?.status;
  const inside = status !== undefined ? status === 'NOT_BOOKABLE' : closedOn !== undefined && facts.now.toISOString().slice(0, 10) >= closedOn;
  if (!inside) return undefined;
  const days = stopSellDays(facts);
  const line = days === PREMIUM_FLEX_STOP_SELL_DAYS && facts.productLine ? ` for the ${s(facts.productLine)} line` : '';
  const departure = facts.departure ? `departure ${s(facts.departure.id)} starts on ${s(facts.departure.start_date)}` : 'the departure';
  const closed = closedOn ? `; flex sales closed on ${s(closedOn)}` : '';
  const availability = status ? ` (plan ${s(facts.planId)} is ${s(status)})` : '';
  return { rule: 'stop_sell', reason: `stop-sell window: ${departure}, not more than ${days} days away (the stop-sell window${line})${closed}${availability}` };
}

/** Within 48 hours of the departure service's confirmation (spec §8). */
function lateAttach(facts: FlexFacts): FlexRefusal | undefined {
  const service = facts.departureService;
  if (!service) return undefined;
  const hours = facts.plan?.late_attach_hours ?? LATE_ATTACH_HOURS;
  if (!service.date_confirmed) {
    return {
      rule: 'late_attach',
      reason: `late-attach window: departure service ${s(service.id)} is ${s(service.status)}, not confirmed; flex can be attached within ${hours} hours after the departure is confirmed`,
    };
  }
  const confirmed = Date.parse(service.date_confirmed);
  if (Number.isNaN(confirmed)) return undefined;
  const closes = new Date(confirmed + hours * 3_600_000);
  if (facts.now.getTime() <= closes.getTime()) return undefined;
  return {
    rule: 'late_attach',
    reason: `late-attach window: it closed at ${isoDateTime(closes)}, ${hours} hours after departure service ${s(service.id)} was confirmed (${s(service.date_confirmed)})`,
  };
}

function countryText(country: unknown): string[] {
  if (typeof country === 'string') return [country];
  if (country && typeof country === 'object') {
    const c = country as { id?: unknown; name?: unknown };
    return [c.id, c.name].filter((v): v is string => typeof v === 'string');
  }
  return [];
}

const isCeu = (country: string) => CEU_COUNTRIES.includes(country.trim().toLowerCase());

/** CEU: the agency's business address for agency bookings, the travellers' for direct ones (rule 2). */
function ceu(facts: FlexFacts): FlexRefusal | undefined {
  if (facts.agency) {
    const country = countryText(facts.agency.address?.country);
    if (!country.some(isCeu)) return undefined;
    const where = country.at(-1) ?? country[0];
    return { rule: 'ceu', reason: `CEU booking: the booking's agency ${s(facts.agency.name ?? facts.agency.id)} has its business address in ${s(where)}; flex is not sold on Central European (Austria, Switzerland, Germany) bookings` };
  }
  const found = facts.customerCountries.find(isCeu);
  if (found === undefined) return undefined;
  return { rule: 'ceu', reason: `CEU booking: a traveller's resident address is in ${s(found)}; flex is not sold on Central European (Austria, Switzerland, Germany) bookings` };
}

/** At most one flex plan service per departure service (rule 4). */
function onePerDepartureService(facts: FlexFacts): FlexRefusal | undefined {
  const existing = facts.flexServices.find((flex) => (flex.associated_services ?? []).some((covered) => String(covered.id) === facts.departureServiceId));
  if (!existing) return undefined;
  return {
    rule: 'one_per_departure_service',
    reason: `one flex per departure service: flex plan service ${s(existing.id)} "${s(existing.name)}" (${s(existing.status)}) already covers departure service ${s(facts.departureServiceId)}; travellers needing another tier need a separate departure service, which the operator's sales team arranges`,
  };
}

/** Flex switched off for the agency or one of its chains (rule 3). */
function flexDisabled(facts: FlexFacts): FlexRefusal | undefined {
  const agency = facts.agency;
  if (!agency) return undefined;
  const name = s(agency.name ?? agency.id);
  if ((agency.flags ?? []).includes(FLEX_DISABLED_FLAG)) return { rule: 'flex_disabled', reason: `flex disabled: flex is switched off for agency ${name} (${FLEX_DISABLED_FLAG})` };
  const config = (agency.agency_chain_configurations ?? []).find((c) => (c.flags ?? []).includes(FLEX_DISABLED_FLAG));
  if (!config) return undefined;
  const chain = config.agency_chain ? `agency chain ${s(config.agency_chain.name ?? config.agency_chain.id)}` : 'its agency chain';
  return { rule: 'flex_disabled', reason: `flex disabled: flex is switched off for ${chain} of agency ${name} (${FLEX_DISABLED_FLAG}), so flex cannot be bought on its bookings` };
}

/** A departure service in these statuses is on its way out: nothing to protect. */
const NOT_LIVE = new Set(['Expired', 'Cancelled', 'Request Cancellation']);

/** The departure service exists, belongs to the booking and is live, and the plan is one its departure offers. */
function consistency(facts: FlexFacts): FlexRefusal[] {
  const service = facts.departureService;
  const refusals: FlexRefusal[] = [];
  if (!service) {
    refusals.push({ rule: 'departure_service', reason: `departure service: there is no departure service ${s(facts.departureServiceId)}` });
  } else if (service.booking && String(service.booking.id) !== facts.bookingId) {
    refusals.push({ rule: 'departure_service', reason: `departure service: ${s(service.id)} belongs to booking ${s(service.booking.id)}, not ${s(facts.bookingId)}` });
  } else if (NOT_LIVE.has(service.status)) {
    refusals.push({ rule: 'departure_service', reason: `departure service: ${s(service.id)} is ${s(service.status)}; flex covers only a live departure service` });
  }
  if (!facts.plan) {
    refusals.push({ rule: 'plan', reason: `flex plan: there is no flex plan ${s(facts.planId)}` });
  } else if (facts.departure && Array.isArray(facts.departure.flex_plans) && !facts.departure.flex_plans.some((p) => String(p.id) === facts.planId)) {
    const offered = facts.departure.flex_plans.map((p) => s(p.id)).join(', ') || 'none';
    refusals.push({ rule: 'plan', reason: `flex plan: departure ${s(facts.departure.id)} does not offer plan ${s(facts.planId)} (it offers: ${offered})` });
  }
  return refusals;
}

/** Every rule the request would break, in the order of spec §4.3 rule 1; empty when it may be sent. */
export function flexAttachRefusals(facts: FlexFacts): FlexRefusal[] {
  const consistent = consistency(facts);
  // The window only means something for a departure service the request can cover.
  const serviceUsable = !consistent.some((r) => r.rule === 'departure_service');
  return [
    ...consistent,
    stopSell(facts),
    serviceUsable ? lateAttach(facts) : undefined,
    ceu(facts),
    onePerDepartureService(facts),
    flexDisabled(facts),
  ].filter((r): r is FlexRefusal => r !== undefined);
}

/** Exit 2: the reasons the pre-flight found; nothing was sent. */
export class FlexRefusedError extends UsageError {
  constructor(readonly refusals: FlexRefusal[], planId: string, departureServiceId: string) {
    super(
      `flex plan ${s(planId)} cannot be attached to departure service ${s(departureServiceId)}; nothing was sent:\n` +
        refusals.map((r) => `  - ${r.reason}`).join('\n'),
      'The API would refuse it. To send it anyway and let the API decide, add --force.',
    );
  }
}

/**
 * Why `trek service cancel` must not cancel this service, or undefined: a confirmed flex plan
 * service cannot be cancelled through the API at all (spec §3.2 rule 4, §4.3 rule 5), whatever
 * its `status_transitions` say. The way to use it is to cancel the departure service it covers.
 */
export function explainFlexCancelRefusal(service: Pick<BookedService, 'id' | 'type' | 'status'> & Partial<Pick<BookedService, 'associated_services'>>): string | undefined {
  if (service.type !== 'flex_plan_services' || service.status !== 'Confirmed') return undefined;
  const covered = (service.associated_services ?? [])[0];
  const exercise = covered
    ? ` To use the plan, cancel the departure service it covers: trek service cancel ${s(covered.id)} (the flex terms then set the refund and travel credit).`
    : ' To use the plan, cancel the departure service it covers (the flex terms then set the refund and travel credit).';
  return (
    `cannot cancel flex plan service ${s(service.id)}: a confirmed flex plan service cannot be cancelled through the API; ` +
    `cancelling it is a manual action by the operator's staff, and the flex price is 100% non-refundable.${exercise}`
  );
}
