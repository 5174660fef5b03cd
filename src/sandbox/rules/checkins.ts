/**
 * Checkins (spec §2.7): the readiness of one customer on one booking. They are computed on
 * every read — never stored — from the customer's data, the services the customer travels on
 * and the booking's overrides, so a change to any of those shows at once and nothing can
 * drift. The spec names the requirement PASSPORT_INFORMATION and the items NAME, MIDDLE_NAME,
 * GENDER, AGE_RESTRICTED, DATE_OF_BIRTH and NATIONALITY; the complete list is "not shown", so
 * the requirements below are the sandbox's choice (docs/sandbox.md, "Checkins").
 */
import { createHash } from 'node:crypto';
import { ageOn } from '../../domain/age.js';
import { bookingServices, type BaseRecord, type BookingRecord, type CustomerRecord, type ServiceRecord, type State } from '../model.js';
import { href, ref, type Wire } from '../refs.js';

/** What an item is judged against: the customer and their travel on this booking. */
interface Trip {
  /** First day of the customer's travel on the booking, else the booking's creation day. */
  firstDay: string;
  /** Last day of that travel; null when no service carries dates. */
  lastDay: string | null;
  /** The customer travels on a departure service (a tour), not only on activities. */
  onTour: boolean;
}

interface Item {
  code: string;
  met(customer: CustomerRecord, trip: Trip): boolean;
}

export interface Requirement {
  code: string;
  name: string;
  requirement_set: string;
  items: readonly Item[];
  /** Whether the requirement applies to a customer on this trip. */
  appliesTo(trip: Trip): boolean;
}

export const MINIMUM_TOUR_AGE = 18;
const GENDERED_TITLES: ReadonlySet<string> = new Set(['Mr', 'Mrs', 'Ms', 'Miss']);

const present = (value: string | null | undefined): boolean => typeof value === 'string' && value.trim() !== '';

const ITEMS = {
  NAME: { code: 'NAME', met: (c) => present(c.name.legal_first_name) && present(c.name.legal_last_name) && present(c.name.title) },
  // No middle name is an answer once the passport is on file: the name was read from it.
  MIDDLE_NAME: { code: 'MIDDLE_NAME', met: (c) => present(c.name.legal_middle_name) || present(c.passport.number) },
  NATIONALITY: { code: 'NATIONALITY', met: (c) => present(c.nationality) },
  DATE_OF_BIRTH: { code: 'DATE_OF_BIRTH', met: (c) => present(c.date_of_birth) },
  PASSPORT_NUMBER: { code: 'PASSPORT_NUMBER', met: (c) => present(c.passport.number) },
  // Valid through the last day of travel (or at least on the first, when no last day is known).
  PASSPORT_EXPIRY: { code: 'PASSPORT_EXPIRY', met: (c, trip) => present(c.passport.expiry_date) && c.passport.expiry_date! >= (trip.lastDay ?? trip.firstDay) },
  // The customer record has no gender; the title carries it, except Mx.
  GENDER: { code: 'GENDER', met: (c) => GENDERED_TITLES.has(c.name.title) },
  AGE_RESTRICTED: { code: 'AGE_RESTRICTED', met: (c, trip) => present(c.date_of_birth) && ageOn(c.date_of_birth!, trip.firstDay) >= MINIMUM_TOUR_AGE },
} satisfies Record<string, Item>;

/** In the order a checkin lists them. */
export const REQUIREMENTS: readonly Requirement[] = [
  {
    code: 'PASSPORT_INFORMATION',
    name: 'Passport information',
    requirement_set: 'TRAVEL_DOCUMENTS',
    items: [ITEMS.NAME, ITEMS.MIDDLE_NAME, ITEMS.NATIONALITY, ITEMS.DATE_OF_BIRTH, ITEMS.PASSPORT_NUMBER, ITEMS.PASSPORT_EXPIRY],
    appliesTo: (trip) => trip.onTour,
  },
  {
    code: 'PERSONAL_DETAILS',
    name: 'Personal details',
    requirement_set: 'TRAVELLER_PROFILE',
    items: [ITEMS.GENDER, ITEMS.DATE_OF_BIRTH],
    appliesTo: () => true,
  },
  {
    code: 'AGE_RESTRICTION',
    name: 'Age restriction',
    requirement_set: 'TRAVELLER_PROFILE',
    items: [ITEMS.AGE_RESTRICTED],
    appliesTo: (trip) => trip.onTour,
  },
];

export function findRequirement(code: string): Requirement | undefined {
  return REQUIREMENTS.find((r) => r.code === code);
}

/** A checkin as listings need it: one per customer per booking. `seq` orders it by when the customer joined. */
export interface CheckinRecord extends BaseRecord {
  booking_id: string;
  customer_id: string;
}

/** Opaque, stable for the pair, different for every store (the epoch is part of it). */
export function checkinId(state: State, bookingId: string, customerId: string): string {
  return createHash('sha256').update(`checkin|${state.epoch}|${bookingId}|${customerId}`).digest('hex').slice(0, 24);
}

/** One checkin for each customer on any service of the booking, in the order they joined it. */
export function bookingCheckins(state: State, booking: BookingRecord): CheckinRecord[] {
  const joined = new Map<string, ServiceRecord>();
  for (const service of bookingServices(state, booking.id).sort((a, b) => a.seq - b.seq)) {
    for (const customerId of service.customer_ids) if (!joined.has(customerId)) joined.set(customerId, service);
  }
  return [...joined].map(([customerId, service]) => ({
    id: checkinId(state, booking.id, customerId),
    seq: service.seq,
    date_created: service.date_created,
    booking_id: booking.id,
    customer_id: customerId,
  }));
}

export function findCheckin(state: State, id: string): CheckinRecord | undefined {
  for (const booking of Object.values(state.collections.bookings)) {
    const found = bookingCheckins(state, booking).find((c) => c.id === id);
    if (found) return found;
  }
  return undefined;
}

function tripOf(state: State, booking: BookingRecord, customerId: string): Trip {
  // A flex plan service covers a tour; it is not travel of its own.
  const travel = bookingServices(state, booking.id).filter((s) => s.customer_ids.includes(customerId) && s.type !== 'flex_plan_services');
  const starts = travel.flatMap((s) => s.start_date ?? []).sort();
  const finishes = travel.flatMap((s) => s.finish_date ?? []).sort();
  return {
    firstDay: starts[0] ?? booking.date_created.slice(0, 10),
    lastDay: finishes.at(-1) ?? null,
    onTour: travel.some((s) => s.type === 'departure_services'),
  };
}

export interface RequirementState {
  name: string;
  code: string;
  COMPLETE: Array<{ code: string }>;
  INCOMPLETE: Array<{ code: string }>;
}

/**
 * The requirements that apply to the customer on the booking, each with its items split into
 * COMPLETE and INCOMPLETE. Overridden requirements are left out: an override means the
 * requirement is no longer needed (spec §2.6).
 */
export function customerRequirements(state: State, booking: BookingRecord, customer: CustomerRecord, trip = tripOf(state, booking, customer.id)): RequirementState[] {
  const waived = new Set(
    Object.values(state.collections.overrides)
      .filter((o) => o.booking_id === booking.id && o.customer_id === customer.id)
      .map((o) => o.requirement_code),
  );
  return REQUIREMENTS.filter((r) => r.appliesTo(trip) && !waived.has(r.code)).map((r) => ({
    name: r.name,
    code: r.code,
    COMPLETE: r.items.filter((item) => item.met(customer, trip)).map(({ code }) => ({ code })),
    INCOMPLETE: r.items.filter((item) => !item.met(customer, trip)).map(({ code }) => ({ code })),
  }));
}

/** Whether a requirement is one that applies to the customer on the booking (overridden or not). */
export function requirementApplies(state: State, booking: BookingRecord, customerId: string, code: string): boolean {
  return findRequirement(code)?.appliesTo(tripOf(state, booking, customerId)) ?? false;
}

/** The wire form (spec §2.7). Status is COMPLETE when no remaining requirement has an incomplete item. */
export function checkinView(state: State, checkin: CheckinRecord): Wire<'Checkin'> {
  const booking = state.collections.bookings[checkin.booking_id];
  const customer = state.collections.customers[checkin.customer_id];
  const trip = tripOf(state, booking, checkin.customer_id);
  const requirements = customer ? customerRequirements(state, booking, customer, trip) : [];
  return {
    id: checkin.id,
    href: href('checkins', checkin.id),
    // The readiness page is for this trip: it lapses when the trip ends.
    expires: trip.lastDay,
    booking: ref('bookings', booking.id),
    customer: ref('customers', checkin.customer_id, customer ? { name: customer.name } : {}),
    status: requirements.every((r) => r.INCOMPLETE.length === 0) ? 'COMPLETE' : 'INCOMPLETE',
    requirements,
  };
}
