/**
 * What the typed resource modules share: reference objects (spec §2.1), and one way to send
 * a request and read its JSON body. Resource functions always ask for JSON, whatever the
 * output format: commands reason about the fields (statuses, transitions, money), and `-o xml`
 * is rendered from the record like every other format.
 */
import type { ApiClient, RequestOptions } from '../client.js';
import { idSegment } from './ids.js';
import type { components } from '../../domain/contract.js';

/** `id` and `href`; some references also carry `name`, `code` or `label` (spec §2.1). */
export type Reference = components['schemas']['Reference'];

type KeysOf<U> = U extends unknown ? keyof U : never;
type MemberOf<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;

/** Every member of any of the schemas `U`, optional, typed as any of them types it: a record whose kind is not known yet. */
export type AnyMemberOf<U> = { [K in KeysOf<U>]?: MemberOf<U, K> };

export type PlaceReference = components['schemas']['PlaceReference'];

/** A place's name: the member of a place object, or the place itself where a server sends its name as text. */
export function placeName(place: PlaceReference | { name?: string } | null | undefined): string | undefined {
  return typeof place === 'string' ? place : place?.name;
}

/** The members of `T` by name, each value unchecked: what a reader that checks every value it reads takes. */
export type Unchecked<T> = { [K in keyof T]?: unknown };

/** A decimal as the API sends it: a string with two fraction digits, in the booking's currency. */
export type Decimal = string;

/**
 * `/<collection>/<id>/` or `/<collection>/<id>/<sub>/`: the id (and a sub-collection or
 * variation id) each checked and encoded as one path segment, since ids come from the command
 * line and from servers.
 */
export function itemPath(collection: string, id: string, sub?: string): string {
  return `/${collection}/${idSegment(id)}/${sub === undefined ? '' : `${idSegment(sub)}/`}`;
}

/** Sends the request (asking for JSON) and returns the parsed body. */
export async function send<T>(client: ApiClient, request: RequestOptions): Promise<T> {
  return (await client.request<T>({ ...request, accept: 'json' })).data;
}

/** GET of one resource by path or href. */
export function fetchJson<T>(client: ApiClient, path: string, query?: RequestOptions['query']): Promise<T> {
  return send<T>(client, query === undefined ? { path } : { path, query });
}

/**
 * GET of a resource a record refers to: at the reference's href, else (a reference without
 * one) at `/<collection>/<id>/`.
 */
export function fetchReferenced<T>(client: ApiClient, collection: string, ref: Pick<Reference, 'id' | 'href'>): Promise<T> {
  return fetchJson<T>(client, ref.href || itemPath(collection, String(ref.id)));
}
