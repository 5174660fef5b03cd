/** Booked services (spec §2.4): departure, activity and flex plan services; statuses of §3.1. */
import type { ApiClient, RequestOptions } from '../client.js';
import { isHttpStatus, notFoundError } from '../errors.js';
import { fetchJson, itemPath, send, type AnyMemberOf } from './common.js';
import { RESOURCE_FIELDS } from '../../domain/contract-fields.js';
import type { components } from '../../domain/contract.js';

export { SERVICE_STATUSES, type ServiceStatus } from '../../domain/transitions.js';

/**
 * The service collections, in the order `findService` tries them: departure services first
 * (every booking that has services has one), then activity services, then flex plan services.
 */
export const SERVICE_TYPES = ['departure_services', 'activity_services', 'flex_plan_services'] as const satisfies ReadonlyArray<components['schemas']['ServiceType']>;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const SERVICE_TYPE_LABELS: Readonly<Record<ServiceType, string>> = {
  departure_services: 'departure service',
  activity_services: 'activity service',
  flex_plan_services: 'flex plan service',
};

export type ServiceCustomer = components['schemas']['CustomerReference'];

/** What GET /bookings/<id>/services/ returns per service (§4.2). */
export type ServiceSummary = components['schemas']['ServiceSummary'];

/** A promotion as a service applies it (§2.4 `applied_promotion`). */
export type Promotion = components['schemas']['AppliedPromotion'];

/** The three kinds of booked service, as the contract gives each. */
type ServiceSchema = components['schemas']['DepartureService' | 'ActivityService' | 'FlexPlanService'];

/** A full service, of any type: the summary's members, and every other member any type has, optional. */
export type BookedService = ServiceSummary & AnyMemberOf<ServiceSchema>;

export type IncompleteRequirement = components['schemas']['IncompleteRequirement'];

/** The payment that would confirm a waiting service now, and what the services paid before it take (sandbox extra). */
export type PaymentToConfirm = components['schemas']['PaymentToConfirm'];

/** A service a payment reaches, with what it takes. */
export type PaidService = PaymentToConfirm['taken_first'][number];

/**
 * POST /departure_services/ and /activity_services/ (§2.4). Departure services may name the
 * rooms travellers take (trek's choice of member, marked so in the contract); left out, every
 * traveller takes the standard room. An activity service's body is the same without rooms.
 */
export type ServiceCreate = components['schemas']['DepartureServiceCreate'];

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
