/**
 * Seeded bookings that put each booking and flex rule within reach of a single request (the
 * "Scenarios" of docs/sandbox.md): a confirmed flex plan with its addons (one with a hostile
 * `order_url`), a departure service ready for flex, and one departure service for each reason
 * flex is refused, plus a seat holder on the wait-listed showcase departure. They are made
 * through the same functions as the API, so they obey the same rules; ids are fixed because
 * they are made in this order in every new store.
 */
import type { BookingRecord, CustomerRecord, ServiceRecord, State } from '../model.js';
import { Catalogue } from '../seed.js';
import { Transaction } from '../store.js';
import { insertDepartureService, insertFlexService, settle } from './lifecycle.js';

/** Escapes a terminal would act on: an OSC 8 hyperlink to another site, clear screen, a window title. */
export const HOSTILE_ORDER_URL_SUFFIX = '?ref=\u001b]8;;https://evil.example/\u0007click here\u001b]8;;\u0007\u001b[2J\u001b]0;pwned\u0007';

const HOUR_MS = 3_600_000;
/**
 * Prairie Wanderers (agent 7's key) owns the scenarios that need an ordinary
 * agency, so the default key's agency starts empty; the CEU and flex-disabled cases belong to
 * the agencies that are those cases.
 */
const SCENARIO_AGENCY = '5';
const SCENARIO_AGENT = '7';

interface Traveller {
  first: string;
  last: string;
  title: string;
  birth: string;
  nationality: string;
  passport: string;
}

function customer(tx: Transaction, agencyId: string, agentId: string, t: Traveller): CustomerRecord {
  return tx.insert('customers', {
    agency_id: agencyId,
    agent_id: agentId,
    name: { legal_first_name: t.first, legal_middle_name: null, legal_last_name: t.last, common_name: null, title: t.title },
    date_of_birth: t.birth,
    place_of_birth: null,
    nationality: t.nationality,
    passport: { number: t.passport, issue_date: '2022-03-01', expiry_date: '2032-02-28', place_of_issue: null },
    medical_notes: null,
    meal_preference: null,
    meal_notes: null,
    account_email: `${t.first.toLowerCase()}.${t.last.toLowerCase()}@example.com`,
    phone_numbers: null,
    emergency_contacts: { first_name: null, last_name: null, phone_numbers: [] },
    address: { street: null, city: null, state: null, country: null, postal_zip: null, latitude: null, longitude: null },
  });
}

function booking(tx: Transaction, agencyId: string, agentId: string, currency: string, externalId: string): BookingRecord {
  return tx.insert('bookings', { currency, external_id: externalId, agency_id: agencyId, agent_id: agentId, no_auto_final_payment: false, date_closed: null, linked_booking_ids: [] });
}

/** Pays what the service needs from Option (its deposit, or the flex price) and lets payment confirmation do the rest. */
function payToConfirm(state: State, tx: Transaction, service: ServiceRecord): void {
  tx.insert('payments', { booking_id: service.booking_id, amount_cents: service.deposit_cents, status: 'APPLIED' });
  settle(state, tx, service.booking_id);
}

function confirmedTour(state: State, tx: Transaction, catalogue: Catalogue, target: BookingRecord, departureId: string, customers: CustomerRecord[]): ServiceRecord {
  const service = insertDepartureService(tx, catalogue, target, catalogue.departure(departureId)!, 'Option', customers.map((c) => c.id));
  payToConfirm(state, tx, service);
  return service;
}

export function seedScenarios(state: State, tx: Transaction): void {
  const catalogue = Catalogue.for(state);
  const person = (first: string, last: string, title: string, nationality: string, n: number): Traveller => ({
    first,
    last,
    title,
    birth: `19${70 + n}-0${1 + (n % 9)}-1${n % 10}`,
    nationality,
    passport: `P${String(4_100_000 + n * 7919)}`,
  });

  // Two seats on the wait-listed departure 100006, held by Harbour Lights since before it filled:
  // cancelling them (their key) moves the waitlist (Waitlisted → Option).
  const other = Object.values(state.collections.bookings).find((b) => b.external_id === 'seed-other-agency')!;
  const holders = [customer(tx, '2', '3', person('Olivia', 'Bennett', 'Ms', 'GB', 1)), customer(tx, '2', '3', person('Harry', 'Wood', 'Mr', 'GB', 2))];
  confirmedTour(state, tx, catalogue, other, '100006', holders);

  // A confirmed flex plan with two addons; the second addon's order_url carries terminal escapes.
  const flexBooking = booking(tx, SCENARIO_AGENCY, SCENARIO_AGENT, 'CAD', 'seed-flex-confirmed');
  const pair = [customer(tx, SCENARIO_AGENCY, SCENARIO_AGENT, person('Ada', 'Lovelace', 'Ms', 'GB', 3)), customer(tx, SCENARIO_AGENCY, SCENARIO_AGENT, person('Alan', 'Turing', 'Mr', 'GB', 4))];
  const covered = confirmedTour(state, tx, catalogue, flexBooking, '100001', pair);
  const flex = insertFlexService(tx, catalogue, flexBooking, covered, '100001-1');
  payToConfirm(state, tx, flex);
  const hostile = state.collections.flex_plan_addons[flex.flex!.addon_ids[1]!]!;
  hostile.order_url += HOSTILE_ORDER_URL_SUFFIX;

  // Confirmed just now: flex can be attached (for 48 hours after the store was created).
  const ready = booking(tx, SCENARIO_AGENCY, SCENARIO_AGENT, 'CAD', 'seed-flex-ready');
  confirmedTour(state, tx, catalogue, ready, '100001', [customer(tx, SCENARIO_AGENCY, SCENARIO_AGENT, person('Grace', 'Hopper', 'Ms', 'US', 5)), customer(tx, SCENARIO_AGENCY, SCENARIO_AGENT, person('Linus', 'Pauling', 'Mr', 'US', 6))]);

  // Confirmed 72 hours before the store was created: the late-attach window has closed.
  const earlier = new Transaction(state, tx.nowMs - 72 * HOUR_MS);
  const late = booking(earlier, SCENARIO_AGENCY, SCENARIO_AGENT, 'CAD', 'seed-flex-late-attach');
  confirmedTour(state, earlier, catalogue, late, '100004', [customer(earlier, SCENARIO_AGENCY, SCENARIO_AGENT, person('Mary', 'Somerville', 'Ms', 'CA', 7))]);
  for (const event of earlier.events) tx.emit(event);

  // Inside the stop-sell window: 30 days out (60-day window) and premium 75 days out (90-day window).
  const stopSell = booking(tx, SCENARIO_AGENCY, SCENARIO_AGENT, 'CAD', 'seed-flex-stop-sell');
  const traveller = customer(tx, SCENARIO_AGENCY, SCENARIO_AGENT, person('Emmy', 'Noether', 'Ms', 'CA', 8));
  confirmedTour(state, tx, catalogue, stopSell, '100002', [traveller]);
  confirmedTour(state, tx, catalogue, stopSell, '100003', [traveller]);

  // A CEU agency (Reisebüro Alpenblick, München) and an agency whose chain has flex disabled.
  const ceu = booking(tx, '3', '5', 'EUR', 'seed-flex-ceu');
  confirmedTour(state, tx, catalogue, ceu, '100001', [customer(tx, '3', '5', person('Lise', 'Meitner', 'Ms', 'AT', 9))]);
  const disabled = booking(tx, '4', '6', 'AUD', 'seed-flex-disabled');
  confirmedTour(state, tx, catalogue, disabled, '100001', [customer(tx, '4', '6', person('Howard', 'Florey', 'Mr', 'AU', 10))]);
}
