/**
 * What an id is. Ids are opaque (spec §2.1): nothing in `100001` says it is a departure, so
 * when a read by id answers 404, the API is asked the same id in the other collections, and
 * the first that has it (in KINDS order) names its kind. A command can then say "100001 is a
 * departure; its dossier is 20001" instead of "does not exist" for a record that exists.
 */
import type { ApiClient } from '../client.js';
import { isHttpStatus } from '../errors.js';
import { fetchJson, itemPath } from './common.js';

export interface ResourceKind {
  collection: string;
  /** How people call it: "departure", "activity service". */
  label: string;
  /** The trek command that reads one, followed by the id. */
  command: string;
}

/** The collections an id is looked up in, in the order their answers are preferred. */
export const KINDS: readonly ResourceKind[] = [
  { collection: 'departures', label: 'departure', command: 'trek departure get' },
  { collection: 'tour_dossiers', label: 'dossier', command: 'trek dossier get' },
  { collection: 'activities', label: 'activity', command: 'trek activity get' },
  { collection: 'bookings', label: 'booking', command: 'trek booking get' },
  { collection: 'customers', label: 'customer', command: 'trek customer get' },
  { collection: 'departure_services', label: 'departure service', command: 'trek service get' },
  { collection: 'activity_services', label: 'activity service', command: 'trek service get' },
  { collection: 'flex_plan_services', label: 'flex plan service', command: 'trek flex get' },
  { collection: 'itineraries', label: 'itinerary', command: 'trek itinerary get' },
];

export function kindOf(collection: string): ResourceKind {
  const kind = KINDS.find((k) => k.collection === collection);
  if (!kind) throw new Error(`no resource kind for collection ${collection}`);
  return kind;
}

/** The id found in another collection: the record, or `forbidden` when it exists but is another agency's (403). */
export type Identified = { kind: ResourceKind; record: Record<string, unknown>; forbidden?: false } | { kind: ResourceKind; forbidden: true };

/**
 * The kind of `id` among the collections other than `except`, asked all at once; undefined
 * when none has it (404 or 410 everywhere) or when no answer could tell (a failure on one
 * collection is no evidence either way, so it is passed over).
 */
export async function identifyId(client: ApiClient, id: string, except: string): Promise<Identified | undefined> {
  const candidates = KINDS.filter((kind) => kind.collection !== except);
  const answers = await Promise.all(
    candidates.map((kind) =>
      fetchJson<Record<string, unknown>>(client, itemPath(kind.collection, id)).then(
        (record): Identified | undefined => (record !== null && typeof record === 'object' ? { kind, record } : undefined),
        (error: unknown): Identified | undefined => (isHttpStatus(error, 403) ? { kind, forbidden: true } : undefined),
      ),
    ),
  );
  return answers.find((answer) => answer !== undefined);
}
