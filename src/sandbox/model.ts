/**
 * Records of the sandbox's mutable state, as stored (and persisted). They are not the wire
 * form: routes render them with views.ts, which adds hrefs, references and money fields.
 * Every record carries `seq`, a store-wide creation sequence that orders listings and gives
 * paging its cut-off (`as_of`).
 */
import type { FaultRule } from '../domain/faults.js';
import type { ServiceStatus, ServiceType } from '../domain/transitions.js';
import type { WebhookEvent } from '../domain/webhooks.js';

/** A departure's `availability.status`: seeded by the catalogue, changed by an operator event. */
export const AVAILABILITY_STATUSES = ['AVAILABLE', 'NOT_BOOKABLE', 'REQUEST_SPACE', 'WAIT_LIST'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

/**
 * A departure as it differs from the catalogue, which is generated and never changes: the
 * catalogue's `availability` is the seed's, with the seeded bookings in it; this is the rest.
 */
export interface DepartureOverlay {
  /** Places taken since the seed: travellers on live departure services, less those given back (negative when more were). */
  places_taken: number;
  /** Of those, the places taken in rooms other than the standard one, by room code (a SINGLE room holds its own); absent: none. */
  rooms_taken?: Record<string, number>;
  /** The operator's availability (`POST /_sandbox/departures/<id>/availability`); null: the catalogue's. */
  status: AvailabilityStatus | null;
  /** When its availability (status or places left) last changed. */
  date_last_modified: string;
}

export interface BaseRecord {
  id: string;
  seq: number;
  date_created: string;
}

export interface NamedRef {
  id: string;
  name: string;
}

export interface AgencyAddress {
  street: string | null;
  city: string | null;
  state: NamedRef | null;
  country: NamedRef | null;
  postal_zip: string | null;
}

export interface AgencyRecord extends BaseRecord {
  name: string;
  transactional_email: string;
  /** Null: e-mails use the agency chain's name (spec §2.9). */
  preferred_display_name: string | null;
  booking_currencies: string[];
  address: AgencyAddress;
  latitude: string | null;
  longitude: string | null;
  emails: Array<{ type: string; address: string }>;
  agency_chain_ids: string[];
  booking_company_ids: string[];
  /** Switches of this agency alone, such as FLEX_DISABLED (spec §4.3 rule 3); absent in stores written before them. */
  flags?: string[];
  override_agency_secondary: boolean;
  communication_preferences: string[];
  passenger_notifications: string[];
  agent_notifications: string[];
  abta_number: string | null;
  documents: Array<{ type: string; file: { data: string; mime_type: string; name: string } }>;
}

export interface AgentRecord extends BaseRecord {
  agency_id: string;
  api_key: string;
  role: NamedRef;
  first_name: string;
  last_name: string;
  email: string;
  phone_numbers: Array<{ number: string; type: string }>;
  username: string;
  active: boolean;
  /** Shown by `GET /_sandbox/keys` so a person can pick a key for a scenario. */
  note: string;
}

export interface BookingRecord extends BaseRecord {
  currency: string;
  external_id: string | null;
  agency_id: string;
  agent_id: string;
  no_auto_final_payment: boolean;
  date_closed: string | null;
  linked_booking_ids: string[];
}

export interface CustomerName {
  legal_first_name: string;
  legal_middle_name: string | null;
  legal_last_name: string;
  common_name: string | null;
  title: string;
}

export interface CustomerRecord extends BaseRecord {
  agency_id: string;
  agent_id: string;
  name: CustomerName;
  date_of_birth: string | null;
  place_of_birth: string | null;
  nationality: string | null;
  passport: { number: string | null; issue_date: string | null; expiry_date: string | null; place_of_issue: string | null };
  medical_notes: string | null;
  meal_preference: string | null;
  meal_notes: string | null;
  account_email: string | null;
  phone_numbers: Array<{ number: string; type: string }> | null;
  emergency_contacts: { first_name: string | null; last_name: string | null; phone_numbers: Array<{ number: string; type: string }> };
  address: {
    street: string | null;
    city: string | null;
    state: string | null;
    country: string | null;
    postal_zip: string | null;
    latitude: string | null;
    longitude: string | null;
  };
}

export type { ServiceStatus, ServiceType } from '../domain/transitions.js';

/** A promotion as applied to one service (rendered with the promotion's name and terms). */
export interface AppliedPromotionRecord {
  code: string;
  discount_cents: number;
}

/** A traveller's flight on a departure service: number (airline code and number) and local date-time. */
export interface TravellerFlightRecord {
  customer_id: string;
  flight_number: string;
  /** Local time at the airport, `YYYY-MM-DDThh:mm:ss` without a zone (spec §2.4). */
  date_time: string;
}

/** Per-traveller details a departure service may carry (spec §2.4); the seeded scenarios fill them. */
export interface TravellerDetailsRecord {
  arrival_flights: TravellerFlightRecord[];
  departure_flights: TravellerFlightRecord[];
  ticket_numbers: Array<{ customer_id: string; ticket_number: string }>;
  /** Free text as the traveller gave it, such as `172 cm`. */
  heights: Array<{ customer_id: string; height: string }>;
}

/** What exercising a flex plan gave back (spec §3.2 rule 5), kept on the flex plan service. */
export interface FlexExerciseRecord {
  date: string;
  /** The window of the amount-based terms containing the cancellation date. */
  days_before_departure_from: number;
  days_before_departure_to: number | null;
  window_refund_cents: number;
  window_travel_credit_cents: number;
  /** Issued: the window's amounts, less what the booking had not paid for the tour. */
  refund_cents: number;
  travel_credit_cents: number;
  refund_id: string | null;
  travel_credit_id: string | null;
}

/** Members only a flex plan service has. */
export interface FlexDetails {
  /** The departure service it covers. */
  covered_service_id: string;
  addon_ids: string[];
  exercise: FlexExerciseRecord | null;
}

/**
 * A booked service (spec §2.4). Money is in cents of the booking currency. While a service is
 * in Option, On Request or Waitlisted its price follows the product (see rules/money.ts);
 * from any other status on it is locked.
 */
export interface ServiceRecord extends BaseRecord {
  type: ServiceType;
  booking_id: string;
  product_id: string;
  name: string;
  status: ServiceStatus;
  customer_ids: string[];
  start_date: string | null;
  finish_date: string | null;
  purchase_price_cents: number;
  commission_cents: number;
  /** What the booking's free money must cover to confirm it from Option (deposit or full price). */
  deposit_cents: number;
  promotion: AppliedPromotionRecord | null;
  flags: string[];
  date_confirmed: string | null;
  date_cancelled: string | null;
  option_expiry_date: string | null;
  /** When an On Request service was sent to the local office (Request Confirmation). */
  date_requested: string | null;
  /** The booking's money this service holds once confirmed or requested (its deposit or price). */
  held_cents: number;
  /** What a Cancelled service still costs the booking: the cancellation fee (flex: penalty and credit). */
  cancellation_charge_cents: number;
  flex: FlexDetails | null;
  /** Flights, ticket numbers and heights of its travellers; absent when none were given. */
  traveller_details?: TravellerDetailsRecord;
  /** Departure services: the room of each traveller not in the standard room, by customer id; absent: all standard. */
  room_codes?: Record<string, string>;
}

/** Sub-collection records whose shapes later rules define; the core lists them by booking. */
export interface BookingChildRecord extends BaseRecord {
  booking_id: string;
}

export interface PaymentRecord extends BookingChildRecord {
  amount_cents: number;
  /** PENDING until it settles (the automatic final payment, for a day); only APPLIED money counts as paid. */
  status: 'APPLIED' | 'PENDING';
  /** The automatic final payment taken at the balance due date (spec §2.2); absent for a payment made through the sandbox. */
  reason?: 'FINAL_PAYMENT';
}

/** A waived requirement (spec §2.6): while it exists, the customer's checkin leaves the requirement out. */
export interface OverrideRecord extends BookingChildRecord {
  customer_id: string;
  service_ids: string[];
  reason_code: string;
  requirement_code: string;
}

export interface RefundRecord extends BookingChildRecord {
  amount_cents: number;
  status: 'APPLIED' | 'PENDING';
  /** The cancelled service the refund comes from. */
  service_id?: string;
  reason?: 'CANCELLATION' | 'FLEX_EXERCISE';
}

/** A flex plan service addon (spec §2.5): one per covered customer, made at confirmation. */
export interface FlexAddonRecord extends BookingChildRecord {
  customer_id: string;
  flex_service_id: string;
  order_url: string;
  support_url: string;
  terms_url: string;
  products: Array<{ category: 'ESIM' | 'LUGGAGE_PROTECTION'; name: string }>;
  /** The spec gives addons no status; the sandbox marks the ones cancelled by an exercise. */
  status: 'Active' | 'Cancelled';
  date_cancelled: string | null;
}

/** Future travel credit issued by a flex exercise (spec §3.2 rule 5, §8). */
export interface TravelCreditRecord extends BookingChildRecord {
  amount_cents: number;
  flex_service_id: string;
  departure_service_id: string;
  /** Last day a new booking may use it (12 months from issue). */
  booking_window_end: string;
  /** Last day of travel it may pay for (24 months from issue). */
  travel_window_end: string;
}

/** One line of an invoice: a confirmed service's price, or what a cancelled one keeps. */
export interface InvoiceLineRecord {
  service_id: string;
  kind: 'SERVICE' | 'CANCELLATION_FEE';
  amount_cents: number;
}

/** Why an invoice was issued (the sandbox's names; spec §2.2 leaves invoice fields "not shown"). */
export type InvoiceReason = 'SERVICE_CONFIRMED' | 'SERVICE_ADDED' | 'CANCELLATION' | 'MONEY_CHANGED';

/** An invoice (rules/paperwork.ts): issued when a booking's invoiceable lines change, never edited after. */
export interface InvoiceRecord extends BookingChildRecord {
  reason: InvoiceReason;
  lines: InvoiceLineRecord[];
  total_cents: number;
  /** Paid against it at issue: the booking's paid money then, up to the total. */
  paid_cents: number;
  /** The invoice it replaces; null for a booking's first. */
  supersedes_id: string | null;
}

export const DOCUMENT_TYPES = ['INVOICE', 'VOUCHER', 'ATOL_CERTIFICATE'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** A document of a booking (spec §2.4 `documents`): its content is made on request (documents/pdf.ts). */
export interface DocumentRecord extends BookingChildRecord {
  type: DocumentType;
  audience: 'AGENT' | 'CUSTOMER';
  mime_type: string;
  /** The invoice it prints (INVOICE only). */
  invoice_id: string | null;
  /** The services it is about; each lists it among its `documents`. */
  service_ids: string[];
}

/** A link a customer pays the booking's amount owing through (`POST /_sandbox/pay/<token>`). */
export interface PaymentLinkRecord extends BookingChildRecord {
  amount_cents: number;
  /** OPEN until paid through it (PAID) or until the amount owing changes (CLOSED). */
  status: 'OPEN' | 'PAID' | 'CLOSED';
  date_closed: string | null;
  payment_id: string | null;
}

/** A webhook subscription (`POST /_sandbox/webhooks`): an agency's receiver, signed with the subscribing agent's key. */
export interface WebhookRecord extends BaseRecord {
  agency_id: string;
  /** The agent whose application key signs the requests (and whose ackValue the receiver answers). */
  agent_id: string;
  url: string;
  /** Event types sent to it (`departures.updated`…). */
  events: string[];
}

export const DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One request to a subscription's receiver, with the events of one change: while pending or
 * retrying it is in the outbox (webhooks/deliverer.ts sends it), delivered or failed it is log.
 * Times are real (wall-clock): retries wait real seconds whatever the virtual clock does.
 */
export interface WebhookDeliveryRecord extends BaseRecord {
  webhook_id: string;
  agency_id: string;
  events: WebhookEvent[];
  status: DeliveryStatus;
  /** Attempts started (one in flight counts). */
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  /** When it may next be sent; while an attempt is in flight, when that attempt's hold lapses. Null once finished. */
  next_attempt: string | null;
  /** When it entered the outbox. */
  queued: string;
  delivered: string | null;
}

export interface Collections {
  agencies: Record<string, AgencyRecord>;
  agents: Record<string, AgentRecord>;
  bookings: Record<string, BookingRecord>;
  customers: Record<string, CustomerRecord>;
  services: Record<string, ServiceRecord>;
  payments: Record<string, PaymentRecord>;
  refunds: Record<string, RefundRecord>;
  invoices: Record<string, InvoiceRecord>;
  documents: Record<string, DocumentRecord>;
  overrides: Record<string, OverrideRecord>;
  flex_plan_addons: Record<string, FlexAddonRecord>;
  travel_credits: Record<string, TravelCreditRecord>;
  payment_links: Record<string, PaymentLinkRecord>;
  webhooks: Record<string, WebhookRecord>;
  webhook_deliveries: Record<string, WebhookDeliveryRecord>;
}

export type CollectionName = keyof Collections;

export const COLLECTION_NAMES: readonly CollectionName[] = [
  'agencies',
  'agents',
  'bookings',
  'customers',
  'services',
  'payments',
  'refunds',
  'invoices',
  'documents',
  'overrides',
  'flex_plan_addons',
  'travel_credits',
  'payment_links',
  'webhooks',
  'webhook_deliveries',
];

/** The persisted snapshot: everything that can change. The catalogue is regenerated from
 * (seed, size, epoch) on load, so it is never written. */
export interface State {
  version: 1;
  seed: number;
  size: number;
  /** Catalogue epoch: the virtual clock's UTC day when the store was created (ISO datetime). */
  epoch: string;
  /** Virtual clock = real clock + this offset. */
  clock_offset_ms: number;
  /** Bumped by every committed change; lets a reader tell snapshots apart. */
  generation: number;
  /** Last creation sequence handed out. */
  last_seq: number;
  /** Last numeric id handed out per collection. */
  last_id: Partial<Record<CollectionName, number>>;
  /** Key of the sandbox's operator controls (docs/sandbox.md), random per store like the agents' keys. */
  operator_key: string;
  /** What happened to departures since the seed (rules/places.ts): places taken and given back, the operator's availability. */
  departure_overlays?: Record<string, DepartureOverlay>;
  /** Faults injected through `/_sandbox/faults` (faults.ts); absent until the first. */
  faults?: FaultState;
  collections: Collections;
}

/** The services of a booking, in the store's order. */
export function bookingServices(state: State, bookingId: string): ServiceRecord[] {
  return Object.values(state.collections.services).filter((s) => s.booking_id === bookingId);
}

/** An injected fault as the state keeps it (faults.ts acts on it). */
export interface FaultRecord extends FaultRule {
  id: string;
  seq: number;
  date_created: string;
  remaining: number | null;
}

/** `state.faults`: the faults in the order they were added, and the last id handed out (ids are never reused). */
export interface FaultState {
  last_id: number;
  list: FaultRecord[];
}
