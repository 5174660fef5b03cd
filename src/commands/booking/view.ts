/** How a booking looks in table view: money, dates, agent/agency, linked bookings. */
import type { Booking } from '../../api/resources/bookings.js';
import { displayName } from '../../api/resources/customers.js';
import type { ServiceSummary } from '../../api/resources/services.js';
import { formatMoney } from '../../output/money.js';
import { type Column } from '../../output/render.js';
import { displayValue } from '../../output/value.js';

/** "150.00 CAD": decimals are in the booking's currency (spec §2.1). */
export function money(value: unknown, record: unknown): string {
  return formatMoney(value, (record as Partial<Booking>).currency);
}

/** A reference as "Name (id)" (or its label, as reasons carry), or the id alone. */
export function reference(value: unknown): string {
  if (value === null || value === undefined || typeof value !== 'object') return displayValue(value);
  const ref = value as { id?: unknown; name?: unknown; label?: unknown };
  const name = ref.name ?? ref.label;
  return name ? `${displayValue(name)} (${displayValue(ref.id)})` : displayValue(ref.id);
}

/** A list of references, each as `reference` writes it, comma-separated. */
export function referenceList(value: unknown): string {
  return Array.isArray(value) ? value.map(reference).join(', ') : '';
}

function linkedBookings(value: unknown): string {
  if (!Array.isArray(value) || value.length === 0) return '';
  return value
    .map((linked: { id?: unknown; date_of_first_travel?: unknown; date_of_last_travel?: unknown }) => {
      const first = displayValue(linked?.date_of_first_travel);
      const last = displayValue(linked?.date_of_last_travel);
      return first || last ? `${displayValue(linked?.id)} (${first} – ${last})` : displayValue(linked?.id);
    })
    .join('\n');
}

export const BOOKING_ROWS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'external_id', header: 'EXTERNAL ID' },
  { field: 'currency', header: 'CURRENCY' },
  { field: 'amount_paid', header: 'AMOUNT PAID', format: money },
  { field: 'amount_owing', header: 'AMOUNT OWING', format: money },
  { field: 'amount_pending', header: 'AMOUNT PENDING', format: money },
  { field: 'commission', header: 'COMMISSION', format: money },
  { field: 'tax_on_commission', header: 'TAX ON COMMISSION', format: money },
  { field: 'balance_due_date', header: 'BALANCE DUE' },
  { field: 'date_created', header: 'CREATED' },
  { field: 'date_of_first_travel', header: 'FIRST TRAVEL' },
  { field: 'date_of_last_travel', header: 'LAST TRAVEL' },
  { field: 'date_closed', header: 'CLOSED', format: (value) => (value ? displayValue(value) : 'open') },
  { field: 'agent', header: 'AGENT', format: reference },
  { field: 'agency', header: 'AGENCY', format: reference },
  { field: 'linked_bookings', header: 'LINKED BOOKINGS', format: linkedBookings },
];

/** Who travels on a booking and on what, as its services say: the lead traveller and the tour. */
export interface BookingWho {
  lead?: string;
  tour?: string;
}

/** Departure services a booking travels on, the live ones first (a cancelled tour names it only when nothing else does). */
const LIVE = new Set(['Option', 'On Request', 'Request Confirmation', 'Confirmed', 'Waitlisted']);

/** The lead traveller (the first customer of the booking's tour, else of any service) and the tour's name. */
export function bookingWho(services: ReadonlyArray<Pick<ServiceSummary, 'type' | 'status' | 'name' | 'customers'>>): BookingWho {
  const tours = services.filter((s) => s?.type === 'departure_services');
  const tour = tours.find((s) => LIVE.has(s.status)) ?? tours[0];
  const withCustomers = [tour, ...services].find((s) => Array.isArray(s?.customers) && s.customers.length > 0);
  const lead = withCustomers ? displayName(withCustomers.customers?.[0].name) || undefined : undefined;
  return { ...(lead ? { lead } : {}), ...(tour?.name ? { tour: String(tour.name) } : {}) };
}

/**
 * Label kept with a booking id for completion menus: "Ms María García · CAD · ext-42 · Best of
 * Peru" (completion matches a typed word against the start of the label's words, so `trek
 * booking get Garc<TAB>` finds it by its traveller; the tour comes last, as a long label is cut).
 */
export function bookingLabel(booking: Partial<Pick<Booking, 'currency' | 'external_id'>>, who: BookingWho = {}): string {
  return [who.lead, booking.currency, booking.external_id, who.tour].filter(Boolean).join(' · ');
}
