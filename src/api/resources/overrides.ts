/** Overrides (spec §2.6, §4.2) and the override reasons their `reason.code` comes from. */
import type { ApiClient, RequestOptions } from '../client.js';
import { isHttpStatus } from '../errors.js';
import { records } from '../paginate.js';
import { fetchJson, itemPath, send } from './common.js';
import { RESOURCE_FIELDS } from '../../domain/contract-fields.js';
import type { components } from '../../domain/contract.js';

export type OverrideReason = components['schemas']['OverrideReason'];

/** A waived requirement: while it exists the customer need not meet it to travel. */
export type Override = components['schemas']['Override'];

/** The POST /overrides/ body (§4.2): references by id, reason and requirement by code. */
export type OverrideCreate = components['schemas']['OverrideCreate'];

/** Every field path of an override, for checking --fields before one is changed. */
export const OVERRIDE_FIELDS: readonly string[] = RESOURCE_FIELDS.Override;

export const OVERRIDES = 'overrides';

export function overridePath(id: string): string {
  return itemPath(OVERRIDES, id);
}

export function getOverride(client: ApiClient, id: string): Promise<Override> {
  return fetchJson<Override>(client, overridePath(id));
}

export function createOverrideRequest(body: OverrideCreate): RequestOptions {
  return { method: 'POST', path: `/${OVERRIDES}/`, body };
}

export function createOverride(client: ApiClient, body: OverrideCreate): Promise<Override> {
  return send<Override>(client, createOverrideRequest(body));
}

/** PATCH: the reason is the one thing an override lets you change. */
export function updateOverrideRequest(id: string, reasonCode: string): RequestOptions {
  return { method: 'PATCH', path: overridePath(id), body: { reason: { code: reasonCode } } };
}

export function updateOverride(client: ApiClient, id: string, reasonCode: string): Promise<Override> {
  return send<Override>(client, updateOverrideRequest(id, reasonCode));
}

export function deleteOverrideRequest(id: string): RequestOptions {
  return { method: 'DELETE', path: overridePath(id) };
}

/** 204, empty body. */
export async function deleteOverride(client: ApiClient, id: string): Promise<void> {
  await send<undefined>(client, deleteOverrideRequest(id));
}

export function listBookingOverrides(client: ApiClient, bookingId: string): AsyncGenerator<Override> {
  return records<Override>(client, itemPath('bookings', bookingId, OVERRIDES), undefined, { all: true });
}

/**
 * The override reasons. The spec shows neither requests nor responses of this resource, so
 * a server without it gives `undefined` (and trek then leaves the check to the API).
 */
export async function listOverrideReasons(client: ApiClient): Promise<OverrideReason[] | undefined> {
  const reasons: OverrideReason[] = [];
  try {
    for await (const reason of records<OverrideReason>(client, '/override_reasons/', { max_per_page: 100 }, { all: true })) reasons.push(reason);
  } catch (error) {
    if (isHttpStatus(error, 404, 405)) return undefined;
    throw error;
  }
  return reasons;
}
