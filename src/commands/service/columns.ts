/** How services look: rows of `service get`, tables of `booking services` and of the services section of `booking get`. */
import type { ApiClient } from '../../api/client.js';
import { getBooking } from '../../api/resources/bookings.js';
import { displayName } from '../../api/resources/customers.js';
import { isServiceType, type BookedService, type IncompleteRequirement, type PaymentToConfirm, type Promotion, type ServiceType } from '../../api/resources/services.js';
import { formatMoney } from '../../output/money.js';
import { getPath } from '../../output/fields.js';
import { reference } from '../booking/view.js';
import { customerLabel } from '../customer/view.js';
import { type Column, type OutputSpec } from '../../output/render.js';
import { displayValue, joinValues } from '../../output/value.js';
import { unlessNotFound } from '../../api/errors.js';

const SHORT_TYPES: Readonly<Record<ServiceType, string>> = {
  departure_services: 'departure',
  activity_services: 'activity',
  flex_plan_services: 'flex plan',
};

export function shortType(type: unknown): string {
  return isServiceType(type) ? SHORT_TYPES[type] : displayValue(type);
}

/** A list of strings as "a, b"; anything else as displayValue shows it. */
export function commaJoined(value: unknown): string {
  return Array.isArray(value) ? value.map(displayValue).join(', ') : displayValue(value);
}

/** Customers of a service as "Ms Ada Lovelace (300001)", one per line. */
function customerList(value: unknown): string {
  return Array.isArray(value) ? value.map(customerLabel).join('\n') : displayValue(value);
}

/**
 * A departure service's rooms, one a line: "SINGLE My Own Room: Ms Ada Lovelace (300001)". The
 * operator's client gives each room its `customers`; spec §2.4 names a `customer`: both are read.
 */
function roomList(value: unknown): string {
  if (!Array.isArray(value)) return displayValue(value);
  return value
    .map((room: { code?: unknown; name?: unknown; customers?: unknown; customer?: unknown }) => {
      const customers: unknown[] = Array.isArray(room?.customers) ? (room.customers as unknown[]) : [];
      const who = [...customers, ...(room?.customer ? [room.customer] : [])].map(customerLabel).join(', ');
      return `${joinValues([room?.code, room?.name], ' ')}${who ? `: ${who}` : ''}`;
    })
    .join('\n');
}

export const statusColumn: Column = { field: 'status', header: 'STATUS', style: (text, _value, theme) => theme.status(text) };

export const SERVICE_SUMMARY_COLUMNS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'name', header: 'NAME', maxWidth: 36 },
  { field: 'type', header: 'TYPE', format: shortType },
  statusColumn,
  { field: 'start_date', header: 'START' },
  { field: 'finish_date', header: 'FINISH' },
  { field: 'status_transitions', header: 'TRANSITIONS', format: commaJoined },
];

function promotions(value: unknown, currency: string | undefined): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((p: Promotion) => {
      const code = p?.promotion_code ? ` (${displayValue(p.promotion_code)})` : '';
      const discount = p?.discount_amount ? ` −${formatMoney(p.discount_amount, currency)}` : '';
      return `${displayValue(p?.name)}${code}${discount}`;
    })
    .join('\n');
}

function requirements(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((r: IncompleteRequirement) => {
      const who = r?.customer ? ` — ${displayName(r.customer.name) || displayValue(r.customer.id)}` : '';
      return `${displayValue(r?.type)} ${displayValue(r?.code)}: ${displayValue(r?.message)}${who}`;
    })
    .join('\n');
}

function references(value: unknown): string {
  return Array.isArray(value) ? value.map((ref: { id?: unknown; type?: unknown }) => displayValue(ref?.id) + (ref?.type ? ` (${shortType(ref.type)})` : '')).join(', ') : '';
}

/** "887.76 USD — activity service 400011 (120.00 USD) is paid first". */
function paymentToConfirm(value: unknown, currency: string | undefined): string {
  const needed = value as PaymentToConfirm | null;
  if (!needed) return '';
  const first = (needed.taken_first ?? []).map((s) => `${shortType(s.type)} service ${displayValue(s.id)} (${formatMoney(s.amount, currency)})`);
  return `${formatMoney(needed.amount, currency)}${first.length ? ` — ${first.join(', ')} ${first.length === 1 ? 'is' : 'are'} paid first` : ''}`;
}

/** Rows whose field, when null, says nothing worth a line (no fee before a cancellation, nothing to pay once confirmed). */
const HIDDEN_WHEN_NULL = new Set(['cancellation_fee', 'payment_to_confirm']);

/** Every row a service may have, money in `currency` (the booking's) when it is known. */
function serviceRowsIn(currency: string | undefined): Column[] {
  const money = (value: unknown) => formatMoney(value, currency);
  return [
    { field: 'id', header: 'ID' },
    { field: 'name', header: 'NAME' },
    { field: 'type', header: 'TYPE', format: (type, record) => joinValues([shortType(type), (record as { sub_type?: unknown }).sub_type], ' · ') },
    { ...statusColumn },
    { field: 'status_transitions', header: 'CAN MOVE TO', format: commaJoined },
    { field: 'option_expiry_date', header: 'OPTION EXPIRES' },
    { field: 'booking', header: 'BOOKING', format: reference },
    { field: 'product', header: 'PRODUCT', format: reference },
    { field: 'start_date', header: 'START' },
    { field: 'finish_date', header: 'FINISH' },
    { field: 'customers', header: 'CUSTOMERS', format: customerList },
    { field: 'rooms', header: 'ROOMS', format: roomList },
    { field: 'purchase_price', header: 'PRICE', format: money },
    { field: 'commission', header: 'COMMISSION', format: money },
    // `deposit` is the operator's member, `deposit_amount` the sandbox's older one: one row, whichever is there.
    { field: 'deposit', header: 'DEPOSIT', format: money },
    { field: 'deposit_amount', header: 'DEPOSIT', format: money },
    { field: 'payment_to_confirm', header: 'TO CONFIRM, PAY', format: (value) => paymentToConfirm(value, currency) },
    { field: 'cancellation_fee', header: 'CANCELLATION FEE', format: money },
    { field: 'applied_promotions', header: 'PROMOTIONS', format: (value) => promotions(value, currency) },
    { field: 'flags', header: 'FLAGS', format: commaJoined },
    { field: 'incomplete_requirements', header: 'INCOMPLETE', format: requirements },
    { field: 'date_created', header: 'CREATED' },
    { field: 'date_confirmed', header: 'CONFIRMED ON' },
    { field: 'date_cancelled', header: 'CANCELLED ON' },
    { field: 'declined_reason', header: 'DECLINED REASON', format: reference },
    { field: 'associated_services', header: 'COVERS', format: references },
    { field: 'cancellation_terms', header: 'CANCELLATION TERMS', format: reference },
    { field: 'flex_plan_addons', header: 'FLEX ADDONS', format: references },
  ];
}

/**
 * `service get` rows for any service type; a row whose field the service does not have (a
 * real API sends no deposit_amount) is left out, a field that is there but empty is shown.
 */
export function serviceRows(service: unknown, currency?: string): Column[] {
  const hasDeposit = getPath(service, 'deposit') !== undefined;
  return serviceRowsIn(currency).filter((row) => {
    if (row.field === 'deposit_amount' && hasDeposit) return false;
    const value = getPath(service, row.field);
    return value !== undefined && !(value === null && HIDDEN_WHEN_NULL.has(row.field));
  });
}

/**
 * serviceRows with money in the service's booking currency, which only the booking states: it
 * is read for a table, the one format that shows amounts with their currency.
 */
export async function serviceRowsOf(client: ApiClient, service: BookedService, output: OutputSpec): Promise<Column[]> {
  const bookingId = service.booking?.id;
  const booking = output.format === 'table' && !output.fields && bookingId !== undefined ? await unlessNotFound(getBooking(client, String(bookingId))) : undefined;
  return serviceRows(service, booking?.currency);
}
