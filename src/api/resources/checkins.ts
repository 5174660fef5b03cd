/** Checkins (spec §2.7, §4.2): one customer's readiness for travel on one booking. */
import type { ApiClient } from '../client.js';
import { records } from '../paginate.js';
import { fetchJson, itemPath } from './common.js';
import { idProblem, idSegment } from './ids.js';
import { RESOURCE_FIELDS } from '../../domain/contract-fields.js';
import type { components } from '../../domain/contract.js';

/** Value INCOMPLETE appears in the spec; COMPLETE is the sandbox's other value. */
export const CHECKIN_COMPLETE = 'COMPLETE';

export type Checkin = components['schemas']['Checkin'];

/** One requirement of a checkin: item codes met and not met, in arrays the spec names literally COMPLETE and INCOMPLETE. */
export type CheckinRequirement = Checkin['requirements'][number];

export const CHECKIN_FIELDS: readonly string[] = RESOURCE_FIELDS.Checkin;

export const CHECKINS = 'checkins';

/**
 * The customer readiness page on the operator's public website (spec §2.7), as a path: the
 * site's host is not part of the API. Only shown, never requested, so a server's checkin id
 * that is not a valid id gives no path (empty) rather than failing the whole listing.
 */
export function readinessPagePath(checkinId: string): string {
  return idProblem(checkinId) === undefined ? `/goodtogo/${idSegment(checkinId)}` : '';
}

export function getCheckin(client: ApiClient, id: string): Promise<Checkin> {
  return fetchJson<Checkin>(client, itemPath(CHECKINS, id));
}

export function listBookingCheckins(client: ApiClient, bookingId: string): AsyncGenerator<Checkin> {
  return records<Checkin>(client, itemPath('bookings', bookingId, CHECKINS), undefined, { all: true });
}

/** Whether anything still blocks travel: an incomplete item, or a status other than COMPLETE. */
export function isBlocking(checkin: Pick<Checkin, 'status' | 'requirements'>): boolean {
  return checkin.status !== CHECKIN_COMPLETE || incompleteRequirements(checkin).length > 0;
}

export function incompleteRequirements(checkin: Pick<Checkin, 'requirements'>): CheckinRequirement[] {
  return Array.isArray(checkin.requirements) ? checkin.requirements.filter((r) => Array.isArray(r?.INCOMPLETE) && r.INCOMPLETE.length > 0) : [];
}
