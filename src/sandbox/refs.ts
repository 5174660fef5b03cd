/**
 * References in wire form: `{ id, href }` and whatever a field adds (a name, a type). Every
 * href is path-relative (`/bookings/200001/`), resolved by clients against the base URL they
 * called.
 */
import type { CustomerRecord, ServiceRecord } from './model.js';
import type { components } from '../domain/contract.js';

/** A resource's wire form as the contract (openapi/trek.yaml) gives it. */
export type Wire<Name extends keyof components['schemas']> = components['schemas'][Name];

type DeepReadonly<T> = T extends ReadonlyArray<infer E> ? ReadonlyArray<DeepReadonly<E>> : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/** A wire form whose parts may be shared, frozen values (the catalogue's): the contract's type, read-only all the way down. */
export type FrozenWire<Name extends keyof components['schemas']> = DeepReadonly<Wire<Name>>;

export function href(collection: string, id: string): string {
  return `/${collection}/${encodeURIComponent(id)}/`;
}

export function ref<Extra extends object = object>(collection: string, id: string, extra?: Extra): { id: string; href: string } & Extra {
  return { id, href: href(collection, id), ...extra } as { id: string; href: string } & Extra;
}

export function customerRef(customer: CustomerRecord): Wire<'CustomerReference'> {
  return { id: customer.id, href: href('customers', customer.id), name: customer.name } satisfies Wire<'CustomerReference'>;
}

/** A booked service as a payment, an invoice line or a service's `payment_to_confirm` names it: id, href, type and name. */
export const serviceRef = (service: ServiceRecord) => ref(service.type, service.id, { type: service.type, name: service.name });
