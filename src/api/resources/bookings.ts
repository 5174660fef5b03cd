/** Bookings (spec §2.2) and the booking sub-collections of §4.2. */
import type { ApiClient, RequestOptions } from '../client.js';
import { records } from '../paginate.js';
import { fetchJson, itemPath, send } from './common.js';
import type { ServiceSummary } from './services.js';
import { RESOURCE_FIELDS } from '../../domain/contract-fields.js';
import type { components } from '../../domain/contract.js';

export type Booking = components['schemas']['Booking'];
export type LinkedBooking = Booking['linked_bookings'][number];

export type BookingCreate = components['schemas']['BookingCreate'];

/** How POST /bookings/ picks the agency (spec §4.3 rule 7). */
export type AgencyIdentifier = NonNullable<BookingCreate['agency_identifier']>;

/** Patchable booking fields the spec names (§4.2: the example is `external_id`). */
export type BookingUpdate = components['schemas']['BookingUpdate'];

/** Every field path of a booking, for checking --fields before a booking is changed. */
export const BOOKING_FIELDS: readonly string[] = RESOURCE_FIELDS.Booking;

export const BOOKINGS = 'bookings';

export function bookingPath(id: string, sub?: string): string {
  return itemPath(BOOKINGS, id, sub);
}

export function getBooking(client: ApiClient, id: string): Promise<Booking> {
  return fetchJson<Booking>(client, bookingPath(id));
}

/** A booking by the `href` a list handed out (customer bookings). */
export function getBookingByHref(client: ApiClient, href: string): Promise<Booking> {
  return fetchJson<Booking>(client, href);
}

export function createBookingRequest(body: BookingCreate): RequestOptions {
  return { method: 'POST', path: `/${BOOKINGS}/`, body };
}

export function createBooking(client: ApiClient, body: BookingCreate): Promise<Booking> {
  return send<Booking>(client, createBookingRequest(body));
}

export function updateBookingRequest(id: string, body: BookingUpdate): RequestOptions {
  return { method: 'PATCH', path: bookingPath(id), body };
}

export function updateBooking(client: ApiClient, id: string, body: BookingUpdate): Promise<Booking> {
  return send<Booking>(client, updateBookingRequest(id, body));
}

/** A money record of a booking (payment or refund): the spec leaves their fields "not shown"; the contract gives the sandbox's (docs/sandbox.md). */
export type BookingMoneyRecord = components['schemas']['Payment'] | components['schemas']['Refund'];

/** An invoice of a booking (§2.2 names the collection; its fields are the sandbox's, docs/sandbox.md). */
export type Invoice = components['schemas']['Invoice'];

/** A link the customer pays the amount owing at: OPEN until paid (PAID) or replaced when the amount owing changes (CLOSED). */
export type PaymentLink = components['schemas']['PaymentLink'];

/** Every page of one of the booking's sub-collections (§4.2): customers, payments, refunds… */
export function listBookingRecords<T>(client: ApiClient, id: string, sub: 'customers' | 'payments' | 'refunds' | 'invoices' | 'travel_credits' | 'payment_links'): AsyncGenerator<T> {
  return records<T>(client, bookingPath(id, sub), undefined, { all: true });
}

/** Every page of the booking's services, in summary form (§4.2). */
export function listBookingServices(client: ApiClient, id: string): AsyncGenerator<ServiceSummary> {
  return records<ServiceSummary>(client, bookingPath(id, 'services'), undefined, { all: true });
}

/** The agency's `bookings` sub-collection (spec §2.9), searchable and ordered like every list. */
export function agencyBookingsPath(agencyId: string): string {
  return itemPath('agencies', agencyId, BOOKINGS);
}

/**
 * The agency's bookings whose external_id is `externalId` (the API filters by contains, so
 * the exact ones are kept): how a booking whose creation answer was lost is found.
 */
export async function bookingsWithExternalId(client: ApiClient, agencyId: string, externalId: string): Promise<Booking[]> {
  const found: Booking[] = [];
  for await (const booking of records<Booking>(client, agencyBookingsPath(agencyId), [['external_id', externalId]], { all: true })) {
    if (booking.external_id === externalId) found.push(booking);
  }
  return found;
}
