/** How services look: rows of `service get`, tables of `booking services` and of the services section of `booking get`. */
import { displayName } from '../../api/resources/customers.js';
import { isServiceType, type IncompleteRequirement, type Promotion, type ServiceType } from '../../api/resources/services.js';
import { getPath } from '../../output/fields.js';
import { reference } from '../booking/view.js';
import { customerLabel } from '../customer/view.js';
import { formatValue, joinValues, type Column } from '../../output/render.js';

const SHORT_TYPES: Readonly<Record<ServiceType, string>> = {
  departure_services: 'departure',
  activity_services: 'activity',
  flex_plan_services: 'flex plan',
};

export function shortType(type: unknown): string {
  return isServiceType(type) ? SHORT_TYPES[type] : formatValue(type);
}

/** A list of strings as "a, b"; anything else as formatValue shows it. */
export function commaJoined(value: unknown): string {
  return Array.isArray(value) ? value.map(formatValue).join(', ') : formatValue(value);
}

/** Customers of a service as "Ms Ada Lovelace (300001)", one per line. */
function customerList(value: unknown): string {
  return Array.isArray(value) ? value.map(customerLabel).join('\n') : formatValue(value);
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

function promotions(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((p: Promotion) => {
      const code = p?.promotion_code ? ` (${formatValue(p.promotion_code)})` : '';
      const discount = p?.discount_amount ? ` −${formatValue(p.discount_amount)}` : '';
      return `${formatValue(p?.name)}${code}${discount}`;
    })
    .join('\n');
}

function requirements(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((r: IncompleteRequirement) => {
      const who = r?.customer ? ` — ${displayName(r.customer.name) || formatValue(r.customer.id)}` : '';
      return `${formatValue(r?.type)} ${formatValue(r?.code)}: ${formatValue(r?.message)}${who}`;
    })
    .join('\n');
}

function references(value: unknown): string {
  return Array.isArray(value) ? value.map((ref: { id?: unknown; type?: unknown }) => formatValue(ref?.id) + (ref?.type ? ` (${shortType(ref.type)})` : '')).join(', ') : '';
}

/**
 * `service get` rows for any service type; a row whose field the service does not have (an
 * activity has no cancellation terms) is left out, a field that is there but empty is shown.
 */
const SERVICE_ROWS: Column[] = [
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
  { field: 'purchase_price', header: 'PRICE' },
  { field: 'commission', header: 'COMMISSION' },
  { field: 'applied_promotions', header: 'PROMOTIONS', format: promotions },
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

export function serviceRows(service: unknown): Column[] {
  return SERVICE_ROWS.filter((row) => getPath(service, row.field) !== undefined);
}
