/** Booked services (spec §2.4): departure, activity and flex plan services; statuses of §3.1. */
import type { ApiClient, RequestOptions } from '../client.js';
import { isHttpStatus, notFoundError } from '../errors.js';
import { fetchJson, itemPath, send, type Decimal, type Reference } from './common.js';
import type { CustomerName } from './customers.js';
import { RESOURCE_FIELDS } from '../../domain/contract-fields.js';

export { SERVICE_STATUSES, type ServiceStatus } from '../../domain/transitions.js';

/**
 * The service collections, in the order `findService` tries them: departure services first
 * (every booking that has services has one), then activity services, then flex plan services.
 */
export const SERVICE_TYPES = ['departure_services', 'activity_services', 'flex_plan_services'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const SERVICE_TYPE_LABELS: Readonly<Record<ServiceType, string>> = {
  departure_services: 'departure service',
  activity_services: 'activity service',
  flex_plan_services: 'flex plan service',
};

export interface ServiceCustomer {
  id: string;
  href: string;
  name?: CustomerName;
}

/** What GET /bookings/<id>/services/ returns per service (§4.2). */
export interface ServiceSummary {
  id: string;
  href: string;
  name: string;
  status: string;
  status_transitions: string[];
  type: string;
  sub_type: string;
  start_date: string | null;
  finish_date: string | null;
  customers: ServiceCustomer[];
}

export interface Promotion {
  id?: string;
  href?: string;
  name?: string;
  promotion_code?: string;
  discount_amount?: Decimal;
  commission_rate?: number;
  terms_and_conditions?: string;
}

export interface IncompleteRequirement {
  type: string;
  name: string;
  code: string;
  requirement_set?: string;
  message: string;
  flags?: string[];
  details?: Array<{ summary: string; description: string; detail_type: { code: string } }>;
  customer: ServiceCustomer;
}

/** A full service, of any type; members of one type only are optional. */
export interface BookedService extends ServiceSummary {
  date_created: string;
  date_confirmed: string | null;
  date_cancelled: string | null;
  option_expiry_date: string | null;
  purchase_price: Decimal | null;
  commission: Decimal | null;
  applied_promotion: Promotion | null;
  applied_promotions: Promotion[] | null;
  flags: string[];
  booking: Reference;
  documents: unknown[] | null;
  declined_reason: Reference | null;
  product: Reference | null;
  associated_services: Array<Reference & { type?: string }> | null;
  incomplete_requirements?: IncompleteRequirement[];
  arrival_flight_details?: unknown[];
  departure_flight_details?: unknown[];
  international_ticket_numbers?: unknown[];
  traveller_heights?: unknown[];
  /** Departure services: each room with its `code`, `name` and `customers` (the operator's client; spec §2.4 names a `customer`). */
  rooms?: unknown;
  /** Departure services: the deposit, the operator's member (its Python client reads it as a price). */
  deposit?: Decimal | null;
  cancellation_terms?: Reference | null;
  flex_plan_addons?: Reference[];
  /** Sandbox extras (docs/sandbox.md, "Booked services"); a real API server may send none of them. */
  deposit_amount?: Decimal | null;
  cancellation_fee?: Decimal | null;
  payment_to_confirm?: PaymentToConfirm | null;
}

/** A service a payment reaches, with what it takes. */
export interface PaidService {
  id: string;
  href: string;
  type?: string;
  name?: string;
  amount: Decimal;
}

/** The payment that would confirm a waiting service now, and what the services paid before it take (sandbox extra). */
export interface PaymentToConfirm {
  amount: Decimal;
  taken_first: PaidService[];
}

/** POST /departure_services/ and /activity_services/ (§2.4). */
export interface ServiceCreate {
  booking: { id: string };
  product: { id: string };
  customers: Array<{ id: string }>;
  /**
   * Departure services: the rooms travellers take (trek's choice of member: the spec's request
   * names booking, product and customers only; the operator's client models a departure
   * service's rooms with `code` and `customers`). Left out, every traveller takes the standard room.
   */
  rooms?: Array<{ code: string; customers: Array<{ id: string }> }>;
}

/** Every field path a service may have, for checking --fields before a service is changed. */
export const SERVICE_FIELDS: readonly string[] = RESOURCE_FIELDS.Service;

export function isServiceType(value: unknown): value is ServiceType {
  return (SERVICE_TYPES as readonly unknown[]).includes(value);
}

export function servicePath(type: ServiceType, id: string): string {
  return itemPath(type, id);
}

export function getService(client: ApiClient, type: ServiceType, id: string): Promise<BookedService> {
  return fetchJson<BookedService>(client, servicePath(type, id));
}

/** A service read with the server's clock at the time (its Date header), for what depends on "today". */
export interface DatedService {
  service: BookedService;
  /** Undefined when the server sent no usable Date header. */
  serverNow?: Date;
}

/**
 * A service whose type is not known: the collections are tried one after the other in
 * SERVICE_TYPES order, and the first answer that is not a 404 wins (a 403 or 410 is that
 * service's answer, not a reason to look further). 404 everywhere is a 404.
 */
export async function findService(client: ApiClient, id: string): Promise<BookedService> {
  return (await findDatedService(client, id)).service;
}

/** findService, with the server's clock at the time of the answer. */
export async function findDatedService(client: ApiClient, id: string): Promise<DatedService> {
  for (const type of SERVICE_TYPES) {
    try {
      const response = await client.request<BookedService>({ path: servicePath(type, id), accept: 'json' });
      const date = response.headers.date === undefined ? Number.NaN : Date.parse(response.headers.date);
      return { service: response.data, ...(Number.isNaN(date) ? {} : { serverNow: new Date(date) }) };
    } catch (error) {
      if (!isHttpStatus(error, 404)) throw error;
    }
  }
  throw notFoundError('GET', client.resolve(servicePath(SERVICE_TYPES[0], id)).href, `no departure, activity or flex plan service has the id ${id}`);
}

export function createServiceRequest(type: 'departure_services' | 'activity_services', body: ServiceCreate): RequestOptions {
  return { method: 'POST', path: `/${type}/`, body };
}

export function createDepartureService(client: ApiClient, body: ServiceCreate): Promise<BookedService> {
  return send<BookedService>(client, createServiceRequest('departure_services', body));
}

export function createActivityService(client: ApiClient, body: ServiceCreate): Promise<BookedService> {
  return send<BookedService>(client, createServiceRequest('activity_services', body));
}

/** PATCH of `status`, at the service's own collection (its `type`), else at its href. */
export function setServiceStatusRequest(service: Pick<BookedService, 'id' | 'href' | 'type'>, status: string): RequestOptions {
  return { method: 'PATCH', path: isServiceType(service.type) ? servicePath(service.type, service.id) : service.href, body: { status } };
}

export function setServiceStatus(client: ApiClient, service: Pick<BookedService, 'id' | 'href' | 'type'>, status: string): Promise<BookedService> {
  return send<BookedService>(client, setServiceStatusRequest(service, status));
}
