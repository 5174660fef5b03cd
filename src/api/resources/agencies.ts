/** Agency profiles (spec §2.9, §4.2). */
import type { ApiClient, RequestOptions } from '../client.js';
import { fetchJson, itemPath, send, type Reference } from './common.js';
import { RESOURCE_FIELDS } from '../../domain/contract-fields.js';
import type { components } from '../../domain/contract.js';

export type Agency = components['schemas']['Agency'];

/** Spec §2.9. */
export const COMMUNICATION_PREFERENCES = ['ATTACH_INVOICES', 'ATTACH_VOUCHERS', 'ATTACH_TRAVELLER_INVOICES', 'ATTACH_TRAVELLER_VOUCHERS', 'ALLOW_GROUPS'] as const;

/**
 * What `trek agency update` sends. The address goes as text, state and country included
 * (§4.2); the API answers them as objects.
 */
export type AgencyUpdate = components['schemas']['AgencyUpdate'];

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
