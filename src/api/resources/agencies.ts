/** Agency profiles (spec §2.9, §4.2). */
import type { ApiClient, RequestOptions } from '../client.js';
import { fetchJson, itemPath, send, type Reference } from './common.js';
import { RESOURCE_FIELDS } from '../../domain/contract-fields.js';

export interface AgencyAddress {
  street: string | null;
  city: string | null;
  state: Reference | null;
  country: Reference | null;
  postal_zip: string | null;
}

export interface Agency {
  id: string;
  href: string;
  name: string;
  date_created: string | null;
  transactional_email: string;
  /** Deprecated in favour of `agency_chains` (spec §9). */
  agency_chain?: Reference | null;
  agency_chains?: Reference[];
  booking_currencies: string[];
  preferred_display_name: string | null;
  address: AgencyAddress | null;
  latitude: string | null;
  longitude: string | null;
  emails: Array<{ type: string; address: string }>;
  booking_companies: Reference[];
  agency_chain_configurations: Array<{ agency_chain: Reference; booking_company: Reference; flags: string[] }>;
  override_agency_secondary: boolean;
  communication_preferences: string[];
  passenger_notifications: string[];
  agent_notifications: string[];
  abta_number: string | null;
  documents?: unknown[];
  bookings?: { href: string };
  agents?: { href: string };
  promotions?: { href: string };
  travel_credits?: { href: string };
}

/** Spec §2.9. */
export const COMMUNICATION_PREFERENCES = ['ATTACH_INVOICES', 'ATTACH_VOUCHERS', 'ATTACH_TRAVELLER_INVOICES', 'ATTACH_TRAVELLER_VOUCHERS', 'ALLOW_GROUPS'] as const;

/**
 * What `trek agency update` sends. The address goes as text, state and country included
 * (§4.2); the API answers them as objects. The spec names only the address; the other
 * members are the profile fields an agency keeps up to date itself.
 */
export interface AgencyUpdate {
  name?: string;
  preferred_display_name?: string;
  transactional_email?: string;
  emails?: Array<{ type: string; address: string }>;
  address?: { street?: string; city?: string; state?: string; country?: string; postal_zip?: string };
  communication_preferences?: string[];
  abta_number?: string;
}

export const AGENCY_FIELDS: readonly string[] = RESOURCE_FIELDS.Agency;

export const AGENCIES = 'agencies';

export function getAgency(client: ApiClient, id: string): Promise<Agency> {
  return fetchJson<Agency>(client, itemPath(AGENCIES, id));
}

export function updateAgencyRequest(id: string, body: AgencyUpdate): RequestOptions {
  return { method: 'PATCH', path: itemPath(AGENCIES, id), body };
}

export function updateAgency(client: ApiClient, id: string, body: AgencyUpdate): Promise<Agency> {
  return send<Agency>(client, updateAgencyRequest(id, body));
}

/** The chains the agency belongs to: `agency_chains`, else the deprecated single `agency_chain`. */
export function agencyChains(agency: Pick<Agency, 'agency_chains' | 'agency_chain'>): Reference[] {
  if (Array.isArray(agency.agency_chains)) return agency.agency_chains;
  return agency.agency_chain ? [agency.agency_chain] : [];
}
