/**
 * "100001 is a departure; its dossier is 20001": what a command says when an id it was given
 * names a record of another kind. Only an id that no collection has stays a 404 (exit 4); an
 * id of the wrong kind is bad input (exit 2) with the command that reads what was meant.
 */
import type { ApiClient } from '../api/client.js';
import { ApiError, isHttpStatus } from '../api/errors.js';
import { identifyId, KINDS, kindOf, type Identified, type ResourceKind } from '../api/resources/kinds.js';
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
export function wrongKindError(id: string, wanted: ResourceKind, found: Identified, wantedCommand = wanted.command, field?: string): UsageError {
  const what = sanitize(id);
  const options = field === undefined ? {} : { field };
  if (found.forbidden) {
    return new UsageError(`${what} is ${article(found.kind.label)} your agency may not read, not ${article(wanted.label)}`, undefined, options);
  }
  const related = relatedId(found.record, wanted.collection);
  if (related !== undefined) {
    return new UsageError(`${what} is ${article(found.kind.label)}; its ${wanted.label} is ${sanitize(related)}`, `Try: ${wantedCommand} ${sanitize(related)}`, options);
  }
  const booking = refId(found.record.booking);
  const hint = booking !== undefined && wanted.collection.endsWith('_services') ? `trek booking services ${sanitize(booking)}` : `${found.kind.command} ${what}`;
  const on = booking === undefined ? '' : ` on booking ${sanitize(booking)}`;
  return new UsageError(`${what} is ${article(found.kind.label)}${on}, not ${article(wanted.label)}`, `Try: ${hint}`, options);
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

/**
 * What a 404 was asked of: the item path of its URL (`/bookings/300020/services/` → bookings
 * 300020), else the kind and id the API's message names ("Departure 20001 does not exist.",
 * the sandbox's words for a reference in a request's body, which the URL does not show).
 */
function askedOf(error: ApiError): Array<{ kind: ResourceKind; id: string }> {
  const asked: Array<{ kind: ResourceKind; id: string }> = [];
  let path = '';
  try {
    path = new URL(error.url).pathname;
  } catch {
    // No URL: only the message can tell.
  }
  const segments = path.split('/').filter(Boolean);
  const at = segments.findIndex((segment, index) => index + 1 < segments.length && KINDS.some((k) => k.collection === segment));
  if (at >= 0) asked.push({ kind: kindOf(segments[at]), id: decodeURIComponent(segments[at + 1]) });
  const named = /^(.+?) (\S+) does not exist/.exec(error.body?.message ?? error.message);
  const kind = named && KINDS.find((k) => k.label.toLowerCase() === named[1].toLowerCase());
  if (kind && named) asked.push({ kind, id: named[2] });
  return asked;
}

/**
 * The flag the id was given with on the command line (`--customer 200011`, `--customer=200011`),
 * for JSON errors' `field`: the one named after the kind wanted when the id was given twice.
 */
function flagOf(argv: readonly string[], id: string, wanted: ResourceKind): string | undefined {
  const flags: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word.startsWith('--') && word.endsWith(`=${id}`)) flags.push(word.slice(0, word.indexOf('=')));
    else if (word === id && argv[i - 1]?.startsWith('--')) flags.push(argv[i - 1]);
  }
  const named = wanted.label.split(' ').at(-1)!;
  return flags.find((flag) => flag.includes(named)) ?? flags[0];
}

/**
 * The error to report for a command that ended on a 404: when the id it names is a record of
 * another kind, the usage error saying which (exit 2), for every id argument and id flag of every
 * command at once; otherwise the 404 as it was. Only an id given on the command line is looked
 * into, so an id of the API's own (a reference followed) keeps its 404.
 */
export async function explainNotFound(error: unknown, client: () => Promise<ApiClient>, argv: readonly string[]): Promise<unknown> {
  if (!(error instanceof ApiError) || !isHttpStatus(error, 404) || error.concluded) return error;
  for (const { kind, id } of askedOf(error)) {
    if (!argv.some((word) => word === id || word.endsWith(`=${id}`))) continue;
    const found = await identifyId(await client(), id, kind.collection).catch(() => undefined);
    if (found !== undefined) return wrongKindError(id, kind, found, undefined, flagOf(argv, id, kind));
  }
  return error;
}
