/**
 * Flex plans (spec §2.4 "Flex plan service", §2.5, §3.2, §4.3 rules 1–5): the plans a
 * departure offers, flex plan services, their addons and the cancellation terms they switch a
 * departure service to, plus the catalogue reads the flex pre-flight needs.
 *
 * The spec leaves most flex plan and cancellation-terms fields "not shown"; the optional
 * members the contract gives are the ones the sandbox documents (docs/sandbox.md), and every
 * reader copes with their absence.
 */
import type { ApiClient, RequestOptions } from '../client.js';
import { fetchJson, fetchReferenced, itemPath, send, type Decimal, type Reference } from './common.js';
import type { BookedService } from './services.js';
import type { components } from '../../domain/contract.js';

export const FLEX_PLAN_SERVICES = 'flex_plan_services';

/** A money figure: a Decimal in the booking currency, or (catalogue resources) one per currency. */
export type Amount = Decimal | Readonly<Record<string, Decimal>>;

/** GET /flex_plans/<id>/: NOT_BOOKABLE inside the stop-sell window (spec §2.4, §8). */
export type FlexPlan = components['schemas']['FlexPlan'];

/** A departure (catalogue), with the members the flex rules read. */
export type Departure = components['schemas']['Departure'];

/** GET /service_cancellation_terms/<id>/: GENERIC or FLEX terms. */
export type CancellationTerms = components['schemas']['CancellationTerms'];

/** One window of amount-based (flex) or generic cancellation terms; a null start is open-ended (any earlier date). */
export type CancellationWindow = CancellationTerms['windows'][number];

/** GET /flex_plan_addons/<id>/ (spec §2.5). */
export type FlexAddon = components['schemas']['FlexPlanAddon'];

export type FlexProductCategory = FlexAddon['products'][number]['category'];

/** POST /flex_plan_services/ (spec §2.4, §4.2): references by id. */
export type FlexPlanServiceCreate = components['schemas']['FlexPlanServiceCreate'];

export function flexPlanServicePath(id: string): string {
  return itemPath(FLEX_PLAN_SERVICES, id);
}

export function getFlexPlanService(client: ApiClient, id: string): Promise<BookedService> {
  return fetchJson<BookedService>(client, flexPlanServicePath(id));
}

export function createFlexPlanServiceRequest(body: FlexPlanServiceCreate): RequestOptions {
  return { method: 'POST', path: `/${FLEX_PLAN_SERVICES}/`, body };
}

export function createFlexPlanService(client: ApiClient, body: FlexPlanServiceCreate): Promise<BookedService> {
  return send<BookedService>(client, createFlexPlanServiceRequest(body));
}

/** On the sandbox: the flex plan service attaching would make, attached and rolled back (docs/sandbox.md, "Previews"). */
export function previewFlexPlanService(client: ApiClient, body: FlexPlanServiceCreate): Promise<BookedService> {
  return send<BookedService>(client, { method: 'POST', path: '/_sandbox/flex_plan_services/preview', body });
}

export function getFlexPlan(client: ApiClient, id: string): Promise<FlexPlan> {
  return fetchJson<FlexPlan>(client, itemPath('flex_plans', id));
}

/** The addons a flex plan service lists, each read in full by its reference. */
export function getFlexAddons(client: ApiClient, service: Pick<BookedService, 'flex_plan_addons'>): Promise<FlexAddon[]> {
  return Promise.all((service.flex_plan_addons ?? []).map((addon) => fetchReferenced<FlexAddon>(client, 'flex_plan_addons', addon)));
}

export function getCancellationTerms(client: ApiClient, terms: Pick<Reference, 'id' | 'href'>): Promise<CancellationTerms> {
  return fetchReferenced<CancellationTerms>(client, 'service_cancellation_terms', terms);
}

export function getDeparture(client: ApiClient, id: string): Promise<Departure> {
  return fetchJson<Departure>(client, itemPath('departures', id));
}

/** `amount` in `currency`: a Decimal as it is, or the currency's entry of a per-currency map. */
export function amountIn(amount: Amount | null | undefined, currency: string | undefined): Decimal | undefined {
  if (amount === null || amount === undefined) return undefined;
  if (typeof amount === 'string') return amount;
  return currency !== undefined && typeof amount[currency] === 'string' ? amount[currency] : undefined;
}
