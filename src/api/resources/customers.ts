/** Customers (spec §2.3) and their booking list (§4.2). */
import type { ApiClient, RequestOptions } from '../client.js';
import { records } from '../paginate.js';
import { fetchJson, itemPath, send, type Reference } from './common.js';
import { RESOURCE_FIELDS } from '../../domain/contract-fields.js';
import type { components } from '../../domain/contract.js';

/** Spec §2.3: Mr, Mrs, Ms or Miss; one response example also carries Mx. */
export const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx'] as const;
export type Title = (typeof TITLES)[number];

export type Customer = components['schemas']['Customer'];
export type CustomerName = components['schemas']['CustomerName'];
export type PhoneNumber = NonNullable<Customer['phone_numbers']>[number];
/** A phone number as a client sends it: the number, and its type (HOME when left out). */
export type PhoneNumberInput = components['schemas']['PhoneNumberInput'];
export type CustomerAddress = components['schemas']['Address'];
export type Passport = NonNullable<Customer['passport']>;

/** The POST /customers/ body: `name` with its required members, the rest optional. */
export type CustomerCreate = components['schemas']['CustomerCreate'];

/** A PATCH /customers/<id>/ body: the members to change, nested objects member by member. */
export type CustomerUpdate = components['schemas']['CustomerUpdate'];

/** Every field path of a customer, for checking --fields before a customer is created. */
export const CUSTOMER_FIELDS: readonly string[] = RESOURCE_FIELDS.Customer;

export const CUSTOMERS = 'customers';

export function customerPath(id: string, sub?: string): string {
  return itemPath(CUSTOMERS, id, sub);
}

export function getCustomer(client: ApiClient, id: string): Promise<Customer> {
  return fetchJson<Customer>(client, customerPath(id));
}

export function createCustomerRequest(body: CustomerCreate): RequestOptions {
  return { method: 'POST', path: `/${CUSTOMERS}/`, body };
}

export function createCustomer(client: ApiClient, body: CustomerCreate): Promise<Customer> {
  return send<Customer>(client, createCustomerRequest(body));
}

/** Every page of the customer's booking references; each booking is fetched by its `href`. */
export function listCustomerBookings(client: ApiClient, id: string): AsyncGenerator<Reference> {
  return records<Reference>(client, customerPath(id, 'bookings'), undefined, { all: true });
}

/** "Ms Ada B. Lovelace" for people; legal names, as on the passport. */
export function displayName(name: Partial<CustomerName> | null | undefined): string {
  if (!name) return '';
  return [name.title, name.legal_first_name, name.legal_middle_name, name.legal_last_name].filter((part) => part).join(' ');
}

/** PATCH /customers/<id>/ (its body is "not shown" in the spec): the members to change, nested objects member by member. */
export function updateCustomerRequest(id: string, body: CustomerUpdate): RequestOptions {
  return { method: 'PATCH', path: customerPath(id), body };
}

export function updateCustomer(client: ApiClient, id: string, body: CustomerUpdate): Promise<Customer> {
  return send<Customer>(client, updateCustomerRequest(id, body));
}
