/**
 * `trek flex attach`'s pre-flight: the flex rules of spec §4.3 rule 1 and §8 (domain/flex.ts,
 * which the sandbox enforces too) judged on what preflight.ts read from the API, each breach
 * worded in the agent's terms; and the refusal of cancelling a confirmed flex plan service.
 */
import type { Agency } from './resources/agencies.js';
import type { Booking } from './resources/bookings.js';
import type { Reference } from './resources/common.js';
import { displayValue } from '../output/value.js';
import type { Departure, FlexPlan } from './resources/flex.js';
import type { BookedService } from './resources/services.js';
import { FLEX_DISABLED_FLAG, flexAttachBreaches, stopSellDays, stopSellDate as datesStopSellDate, type FlexAttachFacts, type FlexBreach, type FlexRule } from '../domain/flex.js';
import { sanitize } from '../output/sanitize.js';
import { ExitCode, TrekError } from '../errors.js';

export interface FlexRefusal {
  rule: FlexRule;
  /** Terminal-safe: server text in it is sanitised. */
  reason: string;
}

/**
 * The agency members the rules read (spec §2.9), loosely typed: server data is checked, not
 * trusted. An `agencies.ts` Agency fits it.
 */
export type AgencyForFlex = Pick<Agency, 'id'> &
  Partial<Pick<Agency, 'name' | 'flags'>> & {
    address?: { country?: Partial<Reference> | string | null } | null;
    agency_chain_configurations?: Array<{ agency_chain?: Partial<Reference> | null; flags?: string[] }>;
  };

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
  /** The contract's members, each optional: a server's plan is checked, not trusted. */
  plan?: Pick<FlexPlan, 'id'> & Partial<FlexPlan>;
  agency?: AgencyForFlex;
  /** Countries of the covered customers' addresses, for a direct booking (no agency). */
  customerCountries: string[];
  /** Flex plan services on the booking that are neither Expired nor Cancelled. */
  flexServices: BookedService[];
}

const s = (value: unknown): string => sanitize(displayValue(value));

/** '2026-05-01T10:00:00.000Z' → '2026-05-01T10:00:00Z', the spec's datetime form. */
function isoDateTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The first day flex can no longer be sold for the departure: the plan's own date, else start date minus the window. */
export function stopSellDate(facts: Pick<FlexFacts, 'plan' | 'productLine' | 'departure'>): string | undefined {
  if (facts.plan?.stop_sell_date) return facts.plan.stop_sell_date;
  const days = typeof facts.plan?.stop_sell_days === 'number' ? facts.plan.stop_sell_days : stopSellDays(facts.productLine);
  return facts.departure?.start_date ? datesStopSellDate(facts.departure.start_date, days) : undefined;
}

function countryText(country: unknown): string[] {
  if (typeof country === 'string') return [country];
  if (country && typeof country === 'object') {
    const c = country as { id?: unknown; name?: unknown };
    return [c.id, c.name].filter((v): v is string => typeof v === 'string');
  }
  return [];
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The API's answers as the shared rules read them. */
function attachFacts(facts: FlexFacts): FlexAttachFacts {
  const { departureService: service, plan, departure, agency } = facts;
  return {
    nowMs: facts.now.getTime(),
    bookingId: facts.bookingId,
    departureServiceId: facts.departureServiceId,
    planId: facts.planId,
    departureService: service && {
      id: String(service.id),
      status: service.status,
      dateConfirmed: service.date_confirmed,
      ...(service.booking ? { bookingId: String(service.booking.id) } : {}),
    },
    plan: plan && {
      ...(typeof plan.stop_sell_days === 'number' ? { stopSellDays: plan.stop_sell_days } : {}),
      ...(plan.stop_sell_date ? { stopSellDate: plan.stop_sell_date } : {}),
      ...(typeof plan.late_attach_hours === 'number' ? { lateAttachHours: plan.late_attach_hours } : {}),
      ...(plan.availability?.status ? { availability: plan.availability.status } : {}),
    },
    departure: departure && {
      id: String(departure.id),
      startDate: departure.start_date,
      productLine: facts.productLine,
      ...(Array.isArray(departure.flex_plans) ? { offeredPlans: departure.flex_plans.map((p) => String(p.id)) } : {}),
    },
    agency: agency && {
      countries: countryText(agency.address?.country),
      flags: strings(agency.flags),
      chains: (agency.agency_chain_configurations ?? []).map((c) => ({ name: c.agency_chain ? (c.agency_chain.name ?? c.agency_chain.id) : undefined, flags: strings(c.flags) })),
    },
    travellerCountries: facts.customerCountries,
    existingFlex: facts.flexServices
      .filter((flex) => (flex.associated_services ?? []).some((covered) => String(covered.id) === facts.departureServiceId))
      .map((flex) => ({ id: String(flex.id), status: flex.status, name: flex.name ?? undefined }))[0],
  };
}

const CEU_NOTE = 'flex is not sold on Central European (Austria, Switzerland, Germany) bookings';

function reason(breach: FlexBreach, facts: FlexFacts, showTime: (datetime: string) => string): string {
  const service = facts.departureService;
  const agencyName = s(facts.agency?.name ?? facts.agency?.id);
  switch (breach.rule) {
    case 'departure_service':
      if (breach.problem === 'missing') return `departure service: there is no departure service ${s(facts.departureServiceId)}`;
      if (breach.problem === 'other_booking') return `departure service: ${s(service?.id)} belongs to booking ${s(breach.bookingId)}, not ${s(facts.bookingId)}`;
      return `departure service: ${s(service?.id)} is ${s(breach.status)}; flex covers only a live departure service`;
    case 'plan':
      if (breach.problem === 'missing') return `flex plan: there is no flex plan ${s(facts.planId)}`;
      return `flex plan: departure ${s(facts.departure?.id)} does not offer plan ${s(facts.planId)} (it offers: ${breach.offered.map(s).join(', ') || 'none'})`;
    case 'stop_sell': {
      const line = breach.premium && facts.productLine ? ` for the ${s(facts.productLine)} line` : '';
      const departure = facts.departure ? `departure ${s(facts.departure.id)} starts on ${s(facts.departure.start_date)}` : 'the departure';
      const closed = breach.closedOn ? `; flex sales closed on ${s(breach.closedOn)}` : '';
      const availability = breach.availability ? ` (plan ${s(facts.planId)} is ${s(breach.availability)})` : '';
      return `stop-sell window: ${departure}, not more than ${breach.days} days away (the stop-sell window${line})${closed}${availability}`;
    }
    case 'late_attach':
      if (breach.problem === 'not_confirmed') {
        return `late-attach window: departure service ${s(service?.id)} is ${s(breach.status)}, not confirmed; flex can be attached within ${breach.hours} hours after the departure is confirmed`;
      }
      return `late-attach window: it closed at ${s(showTime(isoDateTime(breach.closedAtMs)))}, ${breach.hours} hours after departure service ${s(service?.id)} was confirmed (${s(showTime(breach.dateConfirmed))})`;
    case 'ceu':
      return breach.by === 'agency'
        ? `CEU booking: the booking's agency ${agencyName} has its business address in ${s(breach.country)}; ${CEU_NOTE}`
        : `CEU booking: a traveller's resident address is in ${s(breach.country)}; ${CEU_NOTE}`;
    case 'one_per_departure_service': {
      const { id, name, status } = breach.existing;
      return `one flex per departure service: flex plan service ${s(id)} "${s(name)}" (${s(status)}) already covers departure service ${s(facts.departureServiceId)}; travellers needing another tier need a separate departure service, which the operator's sales team arranges`;
    }
    case 'flex_disabled': {
      if (breach.by === 'agency') return `flex disabled: flex is switched off for agency ${agencyName} (${FLEX_DISABLED_FLAG})`;
      const chain = breach.chain === undefined ? 'its agency chain' : `agency chain ${s(breach.chain)}`;
      return `flex disabled: flex is switched off for ${chain} of agency ${agencyName} (${FLEX_DISABLED_FLAG}), so flex cannot be bought on its bookings`;
    }
  }
}

/**
 * Every rule the request would break, in the order of spec §4.3 rule 1; empty when it may be sent.
 * `showTime` writes an API datetime as the reader is shown it (stderrTime); by default as the API does.
 */
export function flexAttachRefusals(facts: FlexFacts, showTime: (datetime: string) => string = (datetime) => datetime): FlexRefusal[] {
  return flexAttachBreaches(attachFacts(facts)).map((breach) => ({ rule: breach.rule, reason: reason(breach, facts, showTime) }));
}

/**
 * The pre-flight found rules the API would refuse the request on, so nothing was sent: exit 2. Not a UsageError: the flags were fine, the booking is what breaks the
 * rules, and `--force` sends it anyway for the API to answer (a refusal is then exit 5).
 */
export class FlexRefusedError extends TrekError {
  override name = 'FlexRefusedError';
  readonly exitCode = ExitCode.usage;
  readonly jsonCode = 'flex_refused';
  constructor(
    readonly refusals: FlexRefusal[],
    planId: string,
    departureServiceId: string,
  ) {
    super(
      `flex plan ${s(planId)} cannot be attached to departure service ${s(departureServiceId)}; nothing was sent:\n` +
        refusals.map((r) => `  - ${r.reason}`).join('\n') +
        '\nThe API would refuse it. To send it anyway and let the API decide, add --force.',
    );
  }
  protected override jsonDetails(): Record<string, unknown> {
    return { refusals: this.refusals };
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
