/**
 * The flex plans a departure offers, and the questions `flex attach` asks on a terminal when
 * a flag is missing: the departure service (from the booking's) and the plan (from those its
 * departure offers, with their availability).
 */
import type { ApiClient } from '../../api/client.js';
import { listBookingServices } from '../../api/resources/bookings.js';
import { amountIn, getDeparture, getFlexPlan, type Departure, type FlexPlan } from '../../api/resources/flex.js';
import { getService } from '../../api/resources/services.js';
import { fromApi, type Candidate, type CompletionContext } from '../../completion/index.js';
import { UsageError } from '../../errors.js';
import { displayValue } from '../../output/value.js';
import { formatMoney } from '../../output/money.js';
import { sanitize } from '../../output/sanitize.js';
import type { Prompter } from '../../prompt/prompter.js';
import { toArray } from '../../api/paginate.js';
import { fitToWidth } from '../service/pickers.js';
import { flexTotal } from './columns.js';
import { unlessNotFound } from '../../api/errors.js';

/** The departure and each plan it lists (`flex_plans`), read in full for their availability. */
export async function departurePlans(client: ApiClient, departureId: string): Promise<{ departure: Departure; plans: FlexPlan[] }> {
  const departure = await getDeparture(client, departureId);
  const refs = Array.isArray(departure.flex_plans) ? departure.flex_plans : [];
  const plans = await Promise.all(refs.map((ref) => unlessNotFound(getFlexPlan(client, String(ref.id)))));
  return { departure, plans: plans.filter((plan): plan is FlexPlan => plan !== undefined) };
}

/** The departure a departure service books (its `product`). */
export async function departureOf(client: ApiClient, departureServiceId: string): Promise<string> {
  const service = await getService(client, 'departure_services', departureServiceId);
  if (!service.product?.id) throw new UsageError(`departure service ${sanitize(departureServiceId)} names no departure (product)`);
  return String(service.product.id);
}

export async function askDepartureService(client: ApiClient, prompter: Prompter, bookingId: string, columns: number): Promise<string> {
  const services = (await toArray(listBookingServices(client, bookingId))).filter((service) => service.type === 'departure_services' && service.status !== 'Expired' && service.status !== 'Cancelled');
  if (services.length === 0) throw new UsageError(`--departure-service is required: booking ${sanitize(bookingId)} has no departure service to attach flex to`);
  const choices = services.map((service) => ({
    name: sanitize(`${service.id}  ${displayValue(service.start_date)}  ${service.name}  (${service.status})`),
    value: String(service.id),
  }));
  return prompter.select('Departure service to cover', await fitToWidth(choices, columns));
}

/**
 * "Flex — AVAILABLE — 172.00 CAD per traveller × 2 = 344.00 CAD for the service": the
 * flex price is per covered traveller, and the service covers every traveller of the departure
 * service, so the total is shown only when both the currency and the travellers are known.
 */
export function planLabel(plan: FlexPlan, currency?: string, travellers?: number): string {
  const price = amountIn(plan.prices, currency);
  const total = currency && travellers ? ` × ${travellers} = ${flexTotal(plan.prices, currency, travellers)} for the service` : '';
  const priced = price === undefined ? undefined : `${formatMoney(price, currency)} per traveller${total}`;
  return [plan.name ?? plan.id, plan.availability?.status, priced]
    .filter((part) => part !== undefined)
    .map((part) => sanitize(String(part)))
    .join(' — ');
}

export interface PlanPickerOptions {
  departureService: string;
  /** The booking's currency, which the flex price is paid in. */
  currency?: string;
  /** Terminal width the lines are cut to. */
  columns: number;
}

/** Asks for the plan among those the departure service's departure offers, each priced per traveller and for the whole service. */
export async function askPlan(client: ApiClient, prompter: Prompter, options: PlanPickerOptions): Promise<string> {
  const service = await getService(client, 'departure_services', options.departureService);
  if (!service.product?.id) throw new UsageError(`departure service ${sanitize(options.departureService)} names no departure (product)`);
  const departureId = String(service.product.id);
  const { plans } = await departurePlans(client, departureId);
  if (plans.length === 0) throw new UsageError(`--plan is required: departure ${sanitize(departureId)} offers no flex plan`);
  const travellers = Array.isArray(service.customers) ? service.customers.length : undefined;
  const choices = plans.map((plan) => ({
    name: `${sanitize(String(plan.id))}  ${planLabel(plan, options.currency, travellers)}`,
    value: String(plan.id),
    short: `${sanitize(String(plan.name ?? plan.id))} (${sanitize(String(plan.id))})`,
    ...(plan.stop_sell_date ? { description: `Flex plan ${sanitize(String(plan.id))}: sold until the day before ${sanitize(plan.stop_sell_date)} (stop-sell)` } : {}),
  }));
  const covered = travellers === undefined ? '' : `, covering its ${travellers} traveller${travellers === 1 ? '' : 's'}`;
  return prompter.select(`Flex plan for departure service ${sanitize(options.departureService)}${covered}`, await fitToWidth(choices, options.columns));
}

/** Completion of `flex attach --plan`: the plans of the departure booked by the --departure-service already typed. */
export async function planCandidates(ctx: CompletionContext): Promise<Candidate[]> {
  const service = ctx.flags['departure-service']?.at(-1);
  if (!service) return [];
  return fromApi(ctx, async (api) => {
    const { plans } = await departurePlans(api, await departureOf(api, service));
    return plans.map((plan) => ({ value: String(plan.id), description: planLabel(plan) }));
  });
}
