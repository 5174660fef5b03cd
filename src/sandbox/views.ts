/**
 * Wire form of stored records: references with hrefs (refs.ts), Decimal money strings, nested
 * collection hrefs.
 */
import { promotionByCode, promotionRef } from './catalogue/promotions.js';
import { AGENCY_CHAINS, BOOKING_COMPANIES, placeReference } from './catalogue/reference.js';
import { formatCents } from './money.js';
import { bookingServices, type AgencyRecord, type AgentRecord, type BookingChildRecord, type BookingRecord, type CustomerRecord, type ServiceRecord, type State } from './model.js';
import { customerRef, href, ref, type Wire } from './refs.js';
import { amountOwingCents, balanceDueDate, OWING_STATUSES, paidCents, travelDates } from './rules/money.js';
import { statusTransitions } from './rules/transitions.js';

/**
 * Tax on commission (spec §2.2: "some agents in Canada and UK agents under ATOL"): Ontario
 * HST 13 %, other Canadian provinces GST 5 %, the UK 20 %, elsewhere none.
 */
export function commissionTaxRate(agency: AgencyRecord | undefined): number {
  const country = agency?.address.country?.id;
  if (country === 'CA') return agency?.address.state?.id === 'CA-ON' ? 0.13 : 0.05;
  if (country === 'GB') return 0.2;
  return 0;
}

/**
 * Money and travel dates, derived from services and payments so they never drift (the rules
 * are in rules/money.ts): owing is the price of every service in Option, On Request, Request
 * Confirmation and Confirmed plus what cancelled services kept, less what was paid.
 */
export function bookingTotals(state: State, booking: BookingRecord) {
  const services = bookingServices(state, booking.id);
  const sum = <T>(items: T[], cents: (item: T) => number) => items.reduce((total, item) => total + cents(item), 0);
  const refunds = Object.values(state.collections.refunds).filter((r) => r.booking_id === booking.id);
  const payments = Object.values(state.collections.payments).filter((p) => p.booking_id === booking.id);
  const paid = paidCents(state, booking.id);
  const pending =
    sum(
      payments.filter((p) => p.status === 'PENDING'),
      (p) => p.amount_cents,
    ) -
    sum(
      refunds.filter((r) => r.status === 'PENDING'),
      (r) => r.amount_cents,
    );
  const commission = sum(
    services.filter((s) => OWING_STATUSES.has(s.status)),
    (s) => s.commission_cents,
  );
  const travel = travelDates(services);
  return {
    paidCents: paid,
    owingCents: amountOwingCents(services, paid),
    pendingCents: pending,
    commissionCents: commission,
    taxOnCommissionCents: Math.round(commission * commissionTaxRate(state.collections.agencies[booking.agency_id])),
    dateOfFirstTravel: travel.first,
    dateOfLastTravel: travel.last,
    balanceDueDate: balanceDueDate(booking, travel.first),
  };
}

/** The currency of a booking's money record: its booking's ('' only for a data file whose booking is gone). */
export function bookingCurrency(state: State, record: BookingChildRecord): string {
  return state.collections.bookings[record.booking_id]?.currency ?? '';
}

/** Nested collections of a booking (spec §2.2), each answered by GET <booking>/<name>/. */
export const BOOKING_NESTED = ['services', 'invoices', 'payments', 'checkins', 'requirements', 'refunds', 'documents', 'overrides', 'customers', 'travel_credits', 'payment_links'] as const;

function agencyRef(state: State, id: string) {
  return ref('agencies', id, { name: state.collections.agencies[id]?.name ?? null });
}

export function bookingView(state: State, booking: BookingRecord): Wire<'Booking'> {
  const totals = bookingTotals(state, booking);
  const agency = state.collections.agencies[booking.agency_id];
  const agent = state.collections.agents[booking.agent_id];
  const chainId = agency?.agency_chain_ids[0];
  const companyId = agency?.booking_company_ids[0];
  const nested = Object.fromEntries(BOOKING_NESTED.map((name) => [name, { href: `/bookings/${booking.id}/${name}/` }])) as Record<(typeof BOOKING_NESTED)[number], { href: string }>;
  return {
    id: booking.id,
    href: href('bookings', booking.id),
    external_id: booking.external_id,
    currency: booking.currency,
    date_created: booking.date_created,
    date_closed: booking.date_closed,
    date_of_first_travel: totals.dateOfFirstTravel,
    date_of_last_travel: totals.dateOfLastTravel,
    balance_due_date: totals.balanceDueDate,
    amount_paid: formatCents(totals.paidCents),
    amount_owing: formatCents(totals.owingCents),
    amount_pending: formatCents(totals.pendingCents),
    commission: formatCents(totals.commissionCents),
    tax_on_commission: formatCents(totals.taxOnCommissionCents),
    no_auto_final_payment: booking.no_auto_final_payment,
    linked_bookings: booking.linked_booking_ids.flatMap((id) => {
      const linked = state.collections.bookings[id];
      if (!linked) return [];
      const t = bookingTotals(state, linked);
      return [{ id, href: href('bookings', id), date_of_first_travel: t.dateOfFirstTravel, date_of_last_travel: t.dateOfLastTravel }];
    }),
    booking_company: companyId ? ref('booking_companies', companyId, { name: BOOKING_COMPANIES.find((c) => c.id === companyId)?.name ?? null }) : null,
    agent: agent ? ref('agents', agent.id, { name: `${agent.first_name} ${agent.last_name}` }) : null,
    agency: agencyRef(state, booking.agency_id),
    associated_agency: null,
    agency_chain: chainId ? ref('agency_chains', chainId, { name: AGENCY_CHAINS.find((c) => c.id === chainId)?.name ?? null }) : null,
    ...nested,
  } satisfies Wire<'Booking'>;
}

export function customerView(customer: CustomerRecord): Wire<'Customer'> {
  const { seq: _seq, agency_id: _agency, agent_id: _agent, ...fields } = customer;
  const { address, nationality } = customer;
  // Stored as the client sent them; shown as the operator's references (docs/sandbox.md, "Customers").
  const place = (kind: Parameters<typeof placeReference>[0], text: string | null) => (text === null || text === '' ? null : placeReference(kind, text));
  return {
    ...fields,
    nationality: place('nationalities', nationality),
    address: { ...address, state: place('states', address.state), country: place('countries', address.country) },
    href: href('customers', customer.id),
    bookings: { href: `/customers/${customer.id}/bookings/` },
  } satisfies Wire<'Customer'>;
}

/** The summary form of `GET /bookings/<id>/services` (spec §4.2). */
export function serviceSummary(state: State, service: ServiceRecord): Wire<'ServiceSummary'> {
  return {
    id: service.id,
    href: href(service.type, service.id),
    name: service.name,
    status: service.status,
    status_transitions: statusTransitions(state, service),
    type: service.type,
    sub_type: SUB_TYPES[service.type],
    start_date: service.start_date,
    finish_date: service.finish_date,
    customers: service.customer_ids.flatMap((id) => {
      const c = state.collections.customers[id];
      return c ? [customerRef(c)] : [];
    }),
  } satisfies Wire<'ServiceSummary'>;
}

/** Spec §2.4: "tour, product and flex respectively", lower case as the spec's examples write them. */
export const SUB_TYPES: Record<ServiceRecord['type'], string> = { departure_services: 'tour', activity_services: 'product', flex_plan_services: 'flex' };

/**
 * `applied_promotion` of a service (spec §2.4): the promotion's members, with the amount it
 * took off this service's price (original price = purchase_price + discount_amount).
 */
export function appliedPromotionView(service: ServiceRecord): Wire<'AppliedPromotion'> | null {
  const promotion = service.promotion && promotionByCode(service.promotion.code);
  if (!service.promotion || !promotion) return null;
  return {
    ...promotionRef(promotion),
    promotion_code: promotion.code,
    discount_amount: formatCents(service.promotion.discount_cents),
    commission_rate: promotion.commission_rate,
    terms_and_conditions: promotion.terms_and_conditions,
  } satisfies Wire<'AppliedPromotion'>;
}

/**
 * The per-traveller lists of a departure service (spec §2.4; activity services have the first):
 * empty unless the service carries them. Element shapes are "not shown"; these are the names
 * the operator's clients read, each with the traveller as a customer reference.
 */
export function travellerDetailsView(
  state: State,
  service: ServiceRecord,
): Pick<Wire<'DepartureService'>, 'arrival_flight_details' | 'departure_flight_details' | 'international_ticket_numbers' | 'traveller_heights'> {
  const details = service.traveller_details;
  const customer = (id: string) => {
    const record = state.collections.customers[id];
    return record ? customerRef(record) : ref('customers', id);
  };
  return {
    arrival_flight_details: (details?.arrival_flights ?? []).map((f) => ({ arrival_flight_number: f.flight_number, arrival_flight_date_time: f.date_time, customer: customer(f.customer_id) })),
    departure_flight_details: (details?.departure_flights ?? []).map((f) => ({ departure_flight_number: f.flight_number, departure_flight_date_time: f.date_time, customer: customer(f.customer_id) })),
    international_ticket_numbers: (details?.ticket_numbers ?? []).map((t) => ({ ticket_number: t.ticket_number, customer: customer(t.customer_id) })),
    traveller_heights: (details?.heights ?? []).map((h) => ({ height: h.height, customer: customer(h.customer_id) })),
  };
}

export function agentView(agent: AgentRecord, state: State): Wire<'Agent'> {
  return {
    id: agent.id,
    href: href('agents', agent.id),
    role: agent.role,
    first_name: agent.first_name,
    last_name: agent.last_name,
    email: agent.email,
    phone_numbers: agent.phone_numbers,
    username: agent.username,
    agency: agencyRef(state, agent.agency_id),
    active: agent.active,
  } satisfies Wire<'Agent'>;
}

export function agencyView(agency: AgencyRecord): Wire<'Agency'> {
  const chains = agency.agency_chain_ids.map((id) => AGENCY_CHAINS.find((c) => c.id === id)!).filter(Boolean);
  const companies = agency.booking_company_ids.map((id) => BOOKING_COMPANIES.find((c) => c.id === id)!).filter(Boolean);
  const chainRef = (c: { id: string; name: string }) => ref('agency_chains', c.id, { name: c.name });
  const companyRef = (c: { id: string; name: string }) => ref('booking_companies', c.id, { name: c.name });
  const { address } = agency;
  return {
    id: agency.id,
    href: href('agencies', agency.id),
    name: agency.name,
    date_created: agency.date_created,
    transactional_email: agency.transactional_email,
    preferred_display_name: agency.preferred_display_name,
    booking_currencies: agency.booking_currencies,
    address: {
      street: address.street,
      city: address.city,
      state: address.state ? ref('states', address.state.id, { name: address.state.name }) : null,
      country: address.country ? ref('countries', address.country.id, { name: address.country.name }) : null,
      postal_zip: address.postal_zip,
    },
    latitude: agency.latitude,
    longitude: agency.longitude,
    emails: agency.emails,
    // Deprecated (spec §9) but still sent: the first of `agency_chains`.
    agency_chain: chains[0] ? chainRef(chains[0]) : null,
    agency_chains: chains.map(chainRef),
    booking_companies: companies.map(companyRef),
    agency_chain_configurations: chains.flatMap((chain) => companies.map((company) => ({ agency_chain: chainRef(chain), booking_company: companyRef(company), flags: [...chain.flags] }))),
    // Not in the spec: the agency's own switches (spec §4.3 rule 3 names none), beside its chains'.
    flags: agency.flags ?? [],
    override_agency_secondary: agency.override_agency_secondary,
    communication_preferences: agency.communication_preferences,
    passenger_notifications: agency.passenger_notifications,
    agent_notifications: agency.agent_notifications,
    abta_number: agency.abta_number,
    documents: agency.documents,
    bookings: { href: `/agencies/${agency.id}/bookings/` },
    agents: { href: `/agencies/${agency.id}/agents/` },
    promotions: { href: `/agencies/${agency.id}/promotions/` },
    travel_credits: { href: `/agencies/${agency.id}/travel_credits/` },
  } satisfies Wire<'Agency'>;
}
