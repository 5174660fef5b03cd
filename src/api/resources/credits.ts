/**
 * Travel credits (spec §2.2 and §2.9: the booking's and the agency's `travel_credits`; §3.2: flex
 * exercise issues them with a booking window and a travel window, 12 and 24 months from
 * issue). Their fields are "not shown" in the spec; the contract gives the sandbox's (docs/sandbox.md).
 */
import type { ApiClient } from '../client.js';
import { itemPath } from './common.js';
import type { components } from '../../domain/contract.js';

export type TravelCredit = components['schemas']['TravelCredit'];

/** Until when the credit can be used to book (`booking_window`), or the travel booked with it must take place (`travel_window`). */
export type CreditWindow = TravelCredit['booking_window'];

export const TRAVEL_CREDITS = 'travel_credits';

/** A travel credit, with the Date header of the answer (the API's clock: windows are measured against it). */
export async function getTravelCredit(client: ApiClient, id: string): Promise<{ credit: TravelCredit; date: string | undefined }> {
  const response = await client.request<TravelCredit>({ path: itemPath(TRAVEL_CREDITS, id), accept: 'json' });
  return { credit: response.data, date: response.headers.date };
}

/** The agency's `travel_credits` sub-collection (spec §2.9): every credit issued on its bookings. */
export function agencyTravelCreditsPath(agencyId: string): string {
  return itemPath('agencies', agencyId, TRAVEL_CREDITS);
}

/** The booking's `travel_credits` sub-collection (spec §2.2). */
export function bookingTravelCreditsPath(bookingId: string): string {
  return itemPath('bookings', bookingId, TRAVEL_CREDITS);
}

/** The end of the booking window: its nested form, else the flat one. */
export function bookingWindowEnd(credit: Pick<TravelCredit, 'booking_window' | 'booking_window_end'>): string | undefined {
  return windowEnd(credit.booking_window, credit.booking_window_end);
}

/** The end of the travel window: its nested form, else the flat one. */
export function travelWindowEnd(credit: Pick<TravelCredit, 'travel_window' | 'travel_window_end'>): string | undefined {
  return windowEnd(credit.travel_window, credit.travel_window_end);
}

function windowEnd(window: CreditWindow | undefined, flat: string | undefined): string | undefined {
  const end = window?.end_date ?? flat;
  return typeof end === 'string' && end !== '' ? end : undefined;
}
