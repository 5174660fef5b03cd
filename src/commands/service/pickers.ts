/**
 * Questions `service add-departure` / `add-activity` ask on a terminal when a flag is missing:
 * the booking (typed, defaulting to the last one used), the product (picked from a search
 * list) and the customers (picked one by one from the booking's travellers and recent
 * customers, or typed).
 */
import type { ApiClient } from '../../api/client.js';
import { records } from '../../api/paginate.js';
import { parseOrderBy, parseWhere } from '../../api/query.js';
import { listBookingServices } from '../../api/resources/bookings.js';
import { displayName } from '../../api/resources/customers.js';
import { checkId, invalidIdMessage } from '../../api/resources/ids.js';
import { UsageError } from '../../errors.js';
import { formatValue } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import type { Choice, Prompter } from '../../prompt/prompter.js';
import { toArray, type IdHistory } from '../resource.js';
import { askId } from '../shared.js';

/** How many products a pick list offers. */
export const PICK_LIST_SIZE = 20;

export function askBooking(prompter: Prompter, history: IdHistory): Promise<string> {
  return askId(prompter, 'Booking id', 'booking id', history.recent('booking')[0]?.id);
}

/** Bookable departures, soonest first: AVAILABLE, REQUEST_SPACE (On Request) and WAIT_LIST (Waitlisted). */
export async function askDeparture(client: ApiClient, prompter: Prompter): Promise<string> {
  const query = [
    ...parseWhere(['availability.status__in=AVAILABLE,REQUEST_SPACE,WAIT_LIST']),
    ...parseOrderBy(['start_date']),
    ['max_per_page', String(PICK_LIST_SIZE)] as [string, string],
  ];
  type Departure = { id: string; name?: string; start_date?: string; availability?: { status?: string } };
  const departures = await toArray(records<Departure>(client, '/departures', query, { limit: PICK_LIST_SIZE }));
  if (departures.length === 0) throw new UsageError('--departure is required: no departure is AVAILABLE, REQUEST_SPACE or WAIT_LIST to choose from');
  return prompter.select(
    'Departure to book',
    departures.map((d) => ({
      name: sanitize(`${formatValue(d.start_date)}  ${formatValue(d.name)}  (${formatValue(d.availability?.status)})`),
      value: String(d.id),
    })),
  );
}

export async function askActivity(client: ApiClient, prompter: Prompter): Promise<string> {
  type Activity = { id: string; name?: string; location?: { city?: string } };
  const query: Array<[string, string]> = [...parseOrderBy(['name']), ['max_per_page', String(PICK_LIST_SIZE)]];
  const activities = await toArray(records<Activity>(client, '/activities', query, { limit: PICK_LIST_SIZE }));
  if (activities.length === 0) throw new UsageError('--activity is required: the API lists no activities to choose from');
  return prompter.select(
    'Activity to book',
    activities.map((a) => ({ name: sanitize(`${formatValue(a.name)}${a.location?.city ? ` (${formatValue(a.location.city)})` : ''}`), value: String(a.id) })),
  );
}

const DONE = Symbol('done');
const OTHER = Symbol('other');

/**
 * Customers picked one at a time (a checkbox list the Prompter does not have): the
 * travellers already on the booking's services and the customers created or viewed recently,
 * then "another id" or "done". With nobody to offer, the ids are typed.
 */
export async function askCustomers(client: ApiClient, prompter: Prompter, bookingId: string, history: IdHistory): Promise<string[]> {
  const known = new Map<string, string>();
  for await (const service of listBookingServices(client, bookingId)) {
    for (const customer of service.customers ?? []) {
      if (!known.has(String(customer.id))) known.set(String(customer.id), `${displayName(customer.name) || 'customer'} (${customer.id}, on this booking)`);
    }
  }
  for (const { id, label } of history.recent('customer')) if (!known.has(id)) known.set(id, `${label ?? 'customer'} (${id})`);
  if (known.size === 0) return askCustomerIds(prompter);

  const chosen: string[] = [];
  for (;;) {
    const remaining = [...known].filter(([id]) => !chosen.includes(id));
    if (remaining.length === 0) return chosen;
    const choices: Array<Choice<string | symbol>> = [
      ...remaining.map(([id, label]) => ({ name: sanitize(label), value: id })),
      { name: 'Another customer id…', value: OTHER },
      ...(chosen.length > 0 ? [{ name: `Done (${chosen.length} chosen)`, value: DONE }] : []),
    ];
    const answer = await prompter.select(chosen.length === 0 ? 'Customer to add to the service' : `Another customer? (${chosen.length} chosen)`, choices);
    if (answer === DONE) return chosen;
    if (answer === OTHER) chosen.push(...(await askCustomerIds(prompter)).filter((id) => !chosen.includes(id)));
    else chosen.push(answer as string);
  }
}

/** Several ids on one line; the prompt refuses the line while one of them is not an id. */
async function askCustomerIds(prompter: Prompter): Promise<string[]> {
  const validate = (text: string) => {
    const ids = parseIdList(text);
    if (ids.length === 0) return 'required';
    return ids.map((id) => invalidIdMessage(id, 'customer id')).find((message) => message !== undefined) ?? true;
  };
  const answer = await prompter.input('Customer ids (separated by commas or spaces)', { validate });
  return parseIdList(answer).map((id) => checkId(id, 'customer id'));
}

/** "1, 2 3" → ['1', '2', '3'], without repeats. */
export function parseIdList(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}
