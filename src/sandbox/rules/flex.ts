/**
 * Flex plan services (spec §2.4, §2.5, §3.2, §4.3 rules 1–5, §8): the six conditions of
 * attaching one, its option expiry, the addons made at confirmation, the amount-based terms
 * that then apply to the covered departure service, and the exercise when that departure
 * service is cancelled.
 */
import { ENDED_FLEX_STATUSES, FLEX_DISABLED_FLAG, FLEX_STOP_SELL_DAYS, flexAttachBreaches, lateAttachEnds, stopSellDate, stopSellDays, type FlexBreach } from '../../domain/flex.js';
import { addMonths, isoDate, isoDateTime } from '../clock.js';
import type { FieldError } from '../errors.js';
import type { AgencyRecord, BookingRecord, FlexAddonRecord, ServiceRecord, State } from '../model.js';
import type { Catalogue } from '../catalogue/index.js';
import { AGENCY_CHAINS } from '../catalogue/reference.js';
import { FLEX_TIERS, GENERIC_WINDOWS, TRAVEL_CREDIT_BOOKING_WINDOW_MONTHS, TRAVEL_CREDIT_TRAVEL_WINDOW_MONTHS, windowAmounts, type TermsWindow } from '../catalogue/terms.js';
import type { Departure } from '../catalogue/types.js';
import type { Transaction } from '../transaction.js';
import type { Cancellation } from '../../domain/cancellation.js';

/** `errors[].code` of a refused POST /flex_plan_services/, one per condition of §4.3 rule 1 (plus request consistency). */
export const FLEX_CODES = {
  departureServiceNotFound: 'DEPARTURE_SERVICE_NOT_FOUND',
  departureServiceNotActive: 'DEPARTURE_SERVICE_NOT_ACTIVE',
  planNotFound: 'FLEX_PLAN_NOT_FOUND',
  planNotForDeparture: 'FLEX_PLAN_NOT_FOR_DEPARTURE',
  stopSell: 'FLEX_STOP_SELL',
  notConfirmed: 'DEPARTURE_SERVICE_NOT_CONFIRMED',
  lateAttach: 'FLEX_LATE_ATTACH_WINDOW_PASSED',
  ceu: 'CEU_BOOKING',
  alreadyAttached: 'FLEX_ALREADY_ATTACHED',
  disabled: 'FLEX_DISABLED',
} as const;

/** Flex plan services that still count: one per departure service (rule 4). Expired or Cancelled ones do not. */
export function activeFlexFor(state: State, departureServiceId: string): ServiceRecord | undefined {
  return Object.values(state.collections.services).find((s) => s.type === 'flex_plan_services' && s.flex?.covered_service_id === departureServiceId && !ENDED_FLEX_STATUSES.includes(s.status));
}

/** The confirmed flex plan service whose terms apply to a departure service (rule 3), if any. */
export function confirmedFlexFor(state: State, departureServiceId: string): ServiceRecord | undefined {
  const flex = activeFlexFor(state, departureServiceId);
  return flex?.status === 'Confirmed' ? flex : undefined;
}

/** Option expiry of a new flex plan service (rule 1): the earlier of the late-attach end and the stop-sell boundary. */
export function flexOptionExpiry(departureService: ServiceRecord, departure: Departure): string {
  const stopSell = Date.parse(`${stopSellDate(departure.start_date, stopSellDays(departure.product_line))}T00:00:00Z`);
  const lateAttach = (departureService.date_confirmed ? lateAttachEnds(departureService.date_confirmed) : undefined) ?? stopSell;
  return isoDateTime(Math.min(stopSell, lateAttach));
}

export interface AttachRequest {
  booking: BookingRecord;
  agency: AgencyRecord;
  departureServiceId: string;
  planId: string;
  nowMs: number;
}

/**
 * Every condition of §4.3 rule 1 the request breaks (domain/flex.ts judges them), in the
 * spec's order, each an `errors[]` entry with its own code and field. Empty when the plan may
 * be attached.
 */
export function attachRefusals(state: State, catalogue: Catalogue, request: AttachRequest): FieldError[] {
  const { booking, agency, departureServiceId, planId, nowMs } = request;
  const candidate = state.collections.services[departureServiceId];
  const departureService = candidate?.type === 'departure_services' ? candidate : undefined;
  // Only a departure service of this booking has its departure, window and flex judged.
  const service = departureService?.booking_id === booking.id ? departureService : undefined;
  const plan = catalogue.flexPlan(planId, nowMs);
  const planDeparture = plan ? catalogue.departure((plan.departure as { id: string }).id) : undefined;
  const departure = service ? catalogue.departure(service.product_id) : planDeparture;
  const country = agency.address.country;
  const existing = service ? activeFlexFor(state, service.id) : undefined;
  const breaches = flexAttachBreaches({
    nowMs,
    bookingId: booking.id,
    departureServiceId,
    planId,
    departureService: departureService && { id: departureService.id, status: departureService.status, bookingId: departureService.booking_id, dateConfirmed: departureService.date_confirmed },
    plan: plan && {},
    departure: departure && {
      id: departure.id,
      startDate: departure.start_date,
      productLine: departure.product_line,
      // The catalogue's plans of a departure are its two tiers, `<departure>-1` and `-2`.
      ...(service ? { offeredPlans: [1, 2].map((tier) => `${service.product_id}-${tier}`) } : {}),
    },
    agency: {
      countries: country ? [country.id, country.name] : [],
      flags: agency.flags ?? [],
      chains: AGENCY_CHAINS.filter((chain) => agency.agency_chain_ids.includes(chain.id)).map((chain) => ({ name: chain.name, flags: [...chain.flags] })),
    },
    travellerCountries: [],
    ...(existing ? { existingFlex: { id: existing.id, status: existing.status } } : {}),
  });
  return breaches.map((breach) => fieldErrorOf(breach, { booking, agency, departureServiceId, planId, departure }));
}

/** A breach as the API states it: field, code, detail and the value concerned. */
function fieldErrorOf(breach: FlexBreach, about: { booking: BookingRecord; agency: AgencyRecord; departureServiceId: string; planId: string; departure: Departure | undefined }): FieldError {
  const { booking, agency, departureServiceId, planId, departure } = about;
  switch (breach.rule) {
    case 'departure_service':
      if (breach.problem === 'not_live') {
        const detail = `departure service ${departureServiceId} is ${breach.status}; flex covers only a live departure service`;
        return { field: 'departure_service', code: FLEX_CODES.departureServiceNotActive, detail, value: departureServiceId };
      } else {
        const where = breach.problem === 'other_booking' ? `it belongs to booking ${breach.bookingId}` : 'there is no such departure service';
        const detail = `departure service ${departureServiceId} is not a departure service of booking ${booking.id}: ${where}`;
        return { field: 'departure_service', code: FLEX_CODES.departureServiceNotFound, detail, value: departureServiceId };
      }
    case 'plan':
      if (breach.problem === 'missing') return { field: 'product', code: FLEX_CODES.planNotFound, detail: `there is no flex plan ${planId}`, value: planId };
      return {
        field: 'product',
        code: FLEX_CODES.planNotForDeparture,
        detail: `flex plan ${planId} is not offered on departure ${departure!.id} (its plans are ${breach.offered.join(' and ')})`,
        value: planId,
      };
    case 'stop_sell': {
      const line = breach.days === FLEX_STOP_SELL_DAYS ? '' : ` (the ${departure!.product_line} line's window)`;
      const detail = `departure ${departure!.id} starts on ${departure!.start_date}, not more than ${breach.days} days away${line}: flex sales closed on ${breach.closedOn}`;
      return { field: 'product', code: FLEX_CODES.stopSell, detail, value: breach.closedOn };
    }
    case 'late_attach':
      if (breach.problem === 'not_confirmed') {
        const detail = `departure service ${departureServiceId} is ${breach.status}: flex is attached within ${breach.hours} hours after the departure is confirmed, and that window has not opened`;
        return { field: 'departure_service', code: FLEX_CODES.notConfirmed, detail, value: departureServiceId };
      } else {
        const closedAt = isoDateTime(breach.closedAtMs);
        const detail = `the late-attach window closed at ${closedAt}, ${breach.hours} hours after departure service ${departureServiceId} was confirmed (${breach.dateConfirmed})`;
        return { field: 'departure_service', code: FLEX_CODES.lateAttach, detail, value: closedAt };
      }
    case 'ceu': {
      const detail = `booking ${booking.id} is a CEU booking: its agency ${agency.name} has its business address in ${breach.country}; flex is not sold on Central European (Austria, Switzerland, Germany) bookings`;
      return { field: 'booking', code: FLEX_CODES.ceu, detail, value: booking.id };
    }
    case 'one_per_departure_service': {
      const { id, status } = breach.existing;
      const detail = `departure service ${departureServiceId} already has flex plan service ${id} (${status}); a departure service can have at most one`;
      return { field: 'departure_service', code: FLEX_CODES.alreadyAttached, detail, value: id };
    }
    case 'flex_disabled': {
      const whom = breach.by === 'chain' ? `agency chain ${breach.chain} of agency ${agency.name}` : `agency ${agency.name}`;
      return { field: 'booking', code: FLEX_CODES.disabled, detail: `flex is switched off for ${whom} (${FLEX_DISABLED_FLAG})`, value: booking.id };
    }
  }
}

/** The addon URLs of a flex plan service's addon; the activation page is per addon. */
export function addonUrls(addonId: string, tierCode: string): Pick<FlexAddonRecord, 'order_url' | 'support_url' | 'terms_url'> {
  return {
    order_url: `https://flex.example.com/activate/${addonId}`,
    support_url: 'https://flex.example.com/support',
    terms_url: `https://flex.example.com/terms/${tierCode.toLowerCase()}`,
  };
}

const ADDON_PRODUCTS: FlexAddonRecord['products'] = [
  { category: 'ESIM', name: 'Travel eSIM 5 GB' },
  { category: 'LUGGAGE_PROTECTION', name: 'Luggage protection and bag tracker' },
];

export function tierOf(planId: string): (typeof FLEX_TIERS)[number] {
  return FLEX_TIERS[Number(planId.split('-')[1]) - 1] ?? FLEX_TIERS[0];
}

/** Rule 2: one addon per covered customer, ordered when the flex plan service is confirmed. */
export function createAddons(tx: Transaction, flex: ServiceRecord): void {
  const tier = tierOf(flex.product_id);
  for (const customerId of flex.customer_ids) {
    const addon = tx.insert('flex_plan_addons', {
      booking_id: flex.booking_id,
      customer_id: customerId,
      flex_service_id: flex.id,
      order_url: '',
      support_url: '',
      terms_url: '',
      products: ADDON_PRODUCTS.map((p) => ({ ...p })),
      status: 'Active',
      date_cancelled: null,
    });
    Object.assign(addon, addonUrls(addon.id, tier.code));
    flex.flex!.addon_ids.push(addon.id);
  }
}

export function cancelAddons(state: State, tx: Transaction, flex: ServiceRecord): void {
  for (const id of flex.flex?.addon_ids ?? []) {
    const addon = state.collections.flex_plan_addons[id];
    if (!addon || addon.status === 'Cancelled') continue;
    addon.status = 'Cancelled';
    addon.date_cancelled = tx.now;
    tx.emit({ type: 'flex_plan_addons.cancelled', id });
  }
}

/**
 * Rule 5, when the covered departure service is cancelled: records what the cancellation
 * (domain/cancellation.ts) gives within the window of the flex terms containing the
 * cancellation date — the refund and the travel credit, issued in full when the booking has
 * paid the tour price, less the shortfall otherwise. The flex plan service stays Confirmed,
 * non-refundable, with `finish_date` the exercise date.
 */
export function exercise(state: State, tx: Transaction, departureService: ServiceRecord, flex: ServiceRecord, window: TermsWindow, outcome: Pick<Cancellation, 'flexRefund' | 'credit'>): void {
  const today = isoDate(tx.nowMs);
  const amounts = windowAmounts(departureService.purchase_price_cents, window);
  const refund = Number(outcome.flexRefund);
  const credit = Number(outcome.credit);
  const refundRecord =
    refund > 0 ? tx.insert('refunds', { booking_id: flex.booking_id, amount_cents: refund, status: 'APPLIED', service_id: departureService.id, reason: 'FLEX_EXERCISE' }) : undefined;
  const creditRecord =
    credit > 0
      ? tx.insert('travel_credits', {
          booking_id: flex.booking_id,
          amount_cents: credit,
          flex_service_id: flex.id,
          departure_service_id: departureService.id,
          booking_window_end: addMonths(today, TRAVEL_CREDIT_BOOKING_WINDOW_MONTHS),
          travel_window_end: addMonths(today, TRAVEL_CREDIT_TRAVEL_WINDOW_MONTHS),
        })
      : undefined;
  flex.finish_date = today;
  flex.flex!.exercise = {
    date: today,
    days_before_departure_from: window.from,
    days_before_departure_to: window.to,
    window_refund_cents: amounts.refundCents,
    window_travel_credit_cents: amounts.travelCreditCents,
    refund_cents: refund,
    travel_credit_cents: credit,
    refund_id: refundRecord?.id ?? null,
    travel_credit_id: creditRecord?.id ?? null,
  };
  cancelAddons(state, tx, flex);
  tx.emit({ type: 'flex_plan_services.exercised', id: flex.id });
}

/** Id of the concrete terms of a service: `service-<id>`. A departure service's own are generic; a flex plan service's are the plan's. */
export function termsId(serviceId: string): string {
  return `service-${serviceId}`;
}

/** The terms that apply to a departure service now: the confirmed flex plan's (rule 3), else its generic ones. */
export function currentTermsId(state: State, departureService: ServiceRecord): string {
  return termsId(confirmedFlexFor(state, departureService.id)?.id ?? departureService.id);
}

export interface ResolvedTerms {
  /** The service the terms belong to (departure or flex plan service). */
  owner: ServiceRecord;
  /** The departure service whose price the amounts are shares of. */
  departureService: ServiceRecord;
  flex: ServiceRecord | null;
  windows: readonly TermsWindow[];
}

/** `service-<id>` → what the terms are made of; undefined for any other id or an unknown service. */
export function resolveTerms(state: State, id: string): ResolvedTerms | undefined {
  const m = /^service-(\d+)$/.exec(id);
  const owner = m ? state.collections.services[m[1]] : undefined;
  if (!owner) return undefined;
  if (owner.type === 'departure_services') return { owner, departureService: owner, flex: null, windows: GENERIC_WINDOWS };
  if (owner.type !== 'flex_plan_services') return undefined;
  const departureService = state.collections.services[owner.flex!.covered_service_id];
  return departureService ? { owner, departureService, flex: owner, windows: tierOf(owner.product_id).windows } : undefined;
}
