/** How a customer looks in table view. */
import { displayName, type Customer } from '../../api/resources/customers.js';
import { type Column } from '../../output/render.js';
import { displayValue, joinValues } from '../../output/value.js';

/** A customer (or a reference to one) as "Ms Ada Lovelace (300001)", or the id alone; a bare value as it is. */
export function customerLabel(customer: unknown): string {
  if (customer === null || typeof customer !== 'object') return displayValue(customer);
  const ref = customer as { id?: unknown; name?: Partial<Customer['name']> | null };
  const name = displayName(ref.name);
  return name ? `${name} (${displayValue(ref.id)})` : displayValue(ref.id);
}

function passport(value: unknown): string {
  const p = value as Customer['passport'];
  if (!p) return '';
  return joinValues([p.number, p.issue_date && `issued ${p.issue_date}`, p.expiry_date && `expires ${p.expiry_date}`, p.place_of_issue], ' · ');
}

/** Phone numbers (of customers and agents) as "MOBILE +1-416-555-0199", one per line. */
export function phoneLines(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value.map((phone: { type?: unknown; number?: unknown }) => joinValues([phone?.type, phone?.number], ' ')).join('\n');
}

function address(value: unknown): string {
  const a = value as Customer['address'];
  return a ? joinValues([a.street, a.city, a.state, a.postal_zip, a.country], ', ') : '';
}

/** "Charles Babbage" and the contact's phones, one per line. */
function emergencyContact(value: unknown): string {
  const c = value as Customer['emergency_contacts'];
  if (!c) return '';
  return [joinValues([c.first_name, c.last_name], ' '), phoneLines(c.phone_numbers)].filter(Boolean).join('\n');
}

export const CUSTOMER_ROWS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'name', header: 'NAME', format: (name) => displayName(name as Customer['name']) },
  { field: 'name.common_name', header: 'GOES BY' },
  { field: 'date_of_birth', header: 'DATE OF BIRTH' },
  { field: 'place_of_birth', header: 'PLACE OF BIRTH' },
  { field: 'nationality', header: 'NATIONALITY' },
  { field: 'passport', header: 'PASSPORT', format: passport },
  { field: 'account_email', header: 'EMAIL' },
  { field: 'phone_numbers', header: 'PHONES', format: phoneLines },
  { field: 'address', header: 'ADDRESS', format: address },
  { field: 'meal_preference', header: 'MEAL PREFERENCE' },
  { field: 'meal_notes', header: 'MEAL NOTES' },
  { field: 'emergency_contacts', header: 'EMERGENCY', format: emergencyContact },
  { field: 'medical_notes', header: 'MEDICAL NOTES' },
];
