/**
 * "100001 is a departure; its dossier is 20001": what a command says when an id it was given
 * names a record of another kind. Only an id that no collection has stays a 404 (exit 4); an
 * id of the wrong kind is bad input (exit 2) with the command that reads what was meant.
 */
import type { ApiClient } from '../api/client.js';
import { isHttpStatus } from '../api/errors.js';
import { identifyId, kindOf, type Identified, type ResourceKind } from '../api/resources/kinds.js';
import { UsageError } from '../errors.js';
import { sanitize } from '../output/sanitize.js';

const article = (label: string) => (/^[aeiou]/i.test(label) ? `an ${label}` : `a ${label}`);

/** An id a reference member holds, when it is a usable one. */
function refId(value: unknown): string | undefined {
  const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** The record of kind `wanted` that a record of another kind points to: a departure's dossier, a flex plan's departure service… */
function relatedId(found: Record<string, unknown>, wanted: string): string | undefined {
  switch (wanted) {
    case 'tour_dossiers':
      return refId(found.tour_dossier);
    case 'departure_services':
      return Array.isArray(found.associated_services) ? refId(found.associated_services.find((s) => (s as { type?: unknown })?.type === 'departure_services')) : undefined;
    case 'departures':
    case 'activities':
      return typeof found.type === 'string' && found.type === (wanted === 'departures' ? 'departure_services' : 'activity_services') ? refId(found.product) : undefined;
    case 'bookings':
      return refId(found.booking);
    default:
      return undefined;
  }
}

/** The message and the command to run instead, for `id` asked of `wanted` and found as `found`. */
export function wrongKindError(id: string, wanted: ResourceKind, found: Identified, wantedCommand = wanted.command): UsageError {
  const what = sanitize(id);
  if (found.forbidden) {
    return new UsageError(`${what} is ${article(found.kind.label)} your agency may not read, not ${article(wanted.label)}`);
  }
  const related = relatedId(found.record, wanted.collection);
  if (related !== undefined) {
    return new UsageError(`${what} is ${article(found.kind.label)}; its ${wanted.label} is ${sanitize(related)}`, `Try: ${wantedCommand} ${sanitize(related)}`);
  }
  const booking = refId(found.record.booking);
  const hint = booking !== undefined && wanted.collection.endsWith('_services') ? `trek booking services ${sanitize(booking)}` : `${found.kind.command} ${what}`;
  const on = booking === undefined ? '' : ` on booking ${sanitize(booking)}`;
  return new UsageError(`${what} is ${article(found.kind.label)}${on}, not ${article(wanted.label)}`, `Try: ${hint}`);
}

/**
 * `read()` of `id` in `collection`; a 404 is looked into: when the id names a record of
 * another kind, the error says which (wrongKindError), else the 404 stands.
 * `command` is the trek command that reads the wanted kind (for the hint), when not the usual one.
 */
export async function readAsKind<T>(client: ApiClient, collection: string, id: string, read: () => Promise<T>, command?: string): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isHttpStatus(error, 404)) throw error;
    const found = await identifyId(client, id, collection);
    if (found === undefined) throw error;
    throw wrongKindError(id, kindOf(collection), found, command);
  }
}
