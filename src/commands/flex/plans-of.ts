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
import { formatValue } from '../../output/render.js';
import { formatMoney } from '../../output/money.js';
import { sanitize } from '../../output/sanitize.js';
import type { Prompter } from '../../prompt/prompter.js';
import { toArray } from '../resource.js';
import { flexTotal } from './columns.js';
import { unlessNotFound } from './preflight.js';

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

export async function askDepartureService(client: ApiClient, prompter: Prompter, bookingId: string): Promise<string> {
  const services = (await toArray(listBookingServices(client, bookingId))).filter(
    (service) => service.type === 'departure_services' && service.status !== 'Expired' && service.status !== 'Cancelled',
  );
  if (services.length === 0) throw new UsageError(`--departure-service is required: booking ${sanitize(bookingId)} has no departure service to attach flex to`);
  return prompter.select(
    'Departure service to cover',
    services.map((service) => ({
      name: sanitize(`${service.id}  ${formatValue(service.start_date)}  ${service.name}  (${service.status})`),
      value: String(service.id),
    })),
  );
}

/** "Flex — AVAILABLE — 172.00 CAD per traveller, 344.00 CAD for 2" (the total only when the travellers are known). */
export function planLabel(plan: FlexPlan, currency?: string, travellers?: number): string {
  const price = amountIn(plan.prices, currency);
  const priced =
    price === undefined
      ? undefined
      : `${formatMoney(price, currency)} per traveller${currency && travellers ? `, ${flexTotal(plan.prices, currency, travellers)} for ${travellers}` : ''}`;
  return [plan.name ?? plan.id, plan.availability?.status, priced]
    .filter((part) => part !== undefined)
    .map((part) => sanitize(String(part)))
    .join(' — ');
}

export async function askPlan(client: ApiClient, prompter: Prompter, departureServiceId: string, currency?: string): Promise<string> {
  const service = await getService(client, 'departure_services', departureServiceId);
  if (!service.product?.id) throw new UsageError(`departure service ${sanitize(departureServiceId)} names no departure (product)`);
  const departureId = String(service.product.id);
  const { plans } = await departurePlans(client, departureId);
  if (plans.length === 0) throw new UsageError(`--plan is required: departure ${sanitize(departureId)} offers no flex plan`);
  return prompter.select(
    `Flex plan for departure ${sanitize(departureId)}`,
    plans.map((plan) => ({ name: `${sanitize(String(plan.id))}  ${planLabel(plan, currency, service.customers?.length)}`, value: String(plan.id) })),
  );
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
