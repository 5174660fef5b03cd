/**
 * The reads behind `trek flex attach`'s pre-flight: the booking and its agency, the departure
 * service and its departure, the plan, and the booking's flex plan services. What the API
 * answers 404 for becomes a missing fact (a rule then explains it); other errors propagate.
 */
import type { ApiClient } from './client.js';
import { isHttpStatus, unlessNotFound } from './errors.js';
import { getBooking, listBookingServices } from './resources/bookings.js';
import { fetchReferenced } from './resources/common.js';
import { CUSTOMERS, type Customer } from './resources/customers.js';
import { getAgency } from './resources/agencies.js';
import { getDeparture, getFlexPlan, getFlexPlanService, type Departure } from './resources/flex.js';
import { getTourDossier } from './resources/itineraries.js';
import { servicePath, type BookedService } from './resources/services.js';
import { ENDED_FLEX_STATUSES } from '../domain/flex.js';
import { toArray } from './paginate.js';
import type { FlexFacts } from './flex-rules.js';

/**
 * The departure service and the server's clock at the time (its Date header), so that the
 * late-attach window is judged by the server's time rather than this machine's.
 */
async function departureServiceAndClock(client: ApiClient, id: string): Promise<{ service?: BookedService; serverNow?: Date }> {
  try {
    const response = await client.request<BookedService>({ path: servicePath('departure_services', id), accept: 'json' });
    const date = response.headers.date === undefined ? NaN : Date.parse(response.headers.date);
    return { service: response.data, ...(Number.isNaN(date) ? {} : { serverNow: new Date(date) }) };
  } catch (error) {
    if (isHttpStatus(error, 404, 410)) return {};
    throw error;
  }
}

/** The booking's flex plan services that still hold their departure service, in full (for `associated_services`). */
export async function activeFlexServices(client: ApiClient, bookingId: string): Promise<BookedService[]> {
  const summaries = await toArray(listBookingServices(client, bookingId));
  const flex = summaries.filter((service) => service.type === 'flex_plan_services' && !ENDED_FLEX_STATUSES.includes(service.status));
  const full = await Promise.all(flex.map((service) => unlessNotFound(getFlexPlanService(client, String(service.id)))));
  return full.filter((service): service is BookedService => service !== undefined);
}

async function productLine(client: ApiClient, departure: Departure | undefined): Promise<string | undefined> {
  if (!departure) return undefined;
  if (typeof departure.product_line === 'string') return departure.product_line;
  if (!departure.tour_dossier) return undefined;
  const dossier = await unlessNotFound(getTourDossier(client, departure.tour_dossier));
  return dossier?.product_line;
}

/** Resident countries of the service's travellers (direct bookings are CEU by them, spec §4.3 rule 2). */
async function customerCountries(client: ApiClient, service: BookedService | undefined): Promise<string[]> {
  const customers = service?.customers ?? [];
  const found = await Promise.all(customers.map((c) => unlessNotFound(fetchReferenced<Customer>(client, CUSTOMERS, c))));
  return found.flatMap((customer) => (typeof customer?.address?.country === 'string' ? [customer.address.country] : []));
}

export async function readFlexFacts(client: ApiClient, ids: { booking: string; departureService: string; plan: string }, localNow: Date): Promise<FlexFacts> {
  const [booking, { service, serverNow }, plan, flexServices] = await Promise.all([
    getBooking(client, ids.booking),
    departureServiceAndClock(client, ids.departureService),
    unlessNotFound(getFlexPlan(client, ids.plan)),
    activeFlexServices(client, ids.booking),
  ]);
  const departureId = service?.product?.id;
  const [departure, agency] = await Promise.all([
    departureId === undefined ? undefined : unlessNotFound(getDeparture(client, String(departureId))),
    booking.agency ? getAgency(client, String(booking.agency.id)) : undefined,
  ]);
  const needsLine = typeof plan?.stop_sell_days !== 'number';
  return {
    now: serverNow ?? localNow,
    bookingId: ids.booking,
    departureServiceId: ids.departureService,
    planId: ids.plan,
    booking,
    departureService: service,
    departure,
    productLine: needsLine ? await productLine(client, departure) : departure?.product_line,
    plan,
    agency,
    customerCountries: agency ? [] : await customerCountries(client, service),
    flexServices,
  };
}
