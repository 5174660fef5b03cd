/**
 * Pickers `service add-departure` / `add-activity` show on a terminal when a flag is missing:
 * the product, picked from a search list. (The booking and the customers are asked in ../ask.ts.)
 */
import type { ApiClient } from '../../api/client.js';
import { records } from '../../api/paginate.js';
import { parseOrderBy, parseWhere } from '../../api/query.js';
import { UsageError } from '../../errors.js';
import { formatValue } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import type { Prompter } from '../../prompt/prompter.js';
import { toArray } from '../resource.js';

/** How many products a pick list offers. */
export const PICK_LIST_SIZE = 20;

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
