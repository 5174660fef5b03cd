/**
 * Ids asked for at a prompt, checked against the API the moment they are answered: an id that
 * does not exist, or names a record of another kind, is refused at its own question, which is
 * asked again with the answer still typed, so nothing answered before it is lost and no later
 * question is asked in vain. Enter on nothing takes the id the user just made or used.
 */
import type { ApiClient } from '../api/client.js';
import { isHttpStatus } from '../api/errors.js';
import { listBookingServices } from '../api/resources/bookings.js';
import { fetchJson, itemPath } from '../api/resources/common.js';
import { displayName } from '../api/resources/customers.js';
import { checkId, invalidIdMessage } from '../api/resources/ids.js';
import { identifyId, kindOf } from '../api/resources/kinds.js';
import { canPrompt } from '../output/iostreams.js';
import { sanitize } from '../output/sanitize.js';
import type { Choice, Prompter } from '../prompt/prompter.js';
import { readAsKind, wrongKindError } from './id-kind.js';
import type { ResourceOptions } from './resource.js';
import { requireValue } from './ask-or-refuse.js';
import { askId } from './ids.js';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What is wrong with `id` as a record of `collection`, asked of the API: "Booking 20009 does not
 * exist", "100001 is a departure, not a booking", another agency's; undefined when it can be used.
 * When the API cannot be asked, that is said, and the question stays so the answer can be sent again.
 */
export async function recordProblem(client: ApiClient, collection: string, id: string): Promise<string | undefined> {
  const kind = kindOf(collection);
  try {
    await fetchJson(client, itemPath(collection, id));
    return undefined;
  } catch (error) {
    if (isHttpStatus(error, 403)) return `${capitalised(kind.label)} ${sanitize(id)} is another agency's; your key may not use it`;
    if (!isHttpStatus(error, 404, 410)) return `could not check ${kind.label} ${sanitize(id)}: ${sanitize(error instanceof Error ? error.message : String(error))}`;
    const found = await identifyId(client, id, collection).catch(() => undefined);
    return found === undefined ? `${capitalised(kind.label)} ${sanitize(id)} does not exist` : wrongKindError(id, kind, found).message;
  }
}

/** The booking a command works on: typed, checked to exist, Enter taking the booking last made or used. */
export async function askBooking(prompter: Prompter, opts: Pick<ResourceOptions, 'api' | 'history'>): Promise<string> {
  return askId(prompter, 'Booking id', 'booking id', { default: opts.history.recent('booking')[0]?.id, check: async (id) => recordProblem(await opts.api(), 'bookings', id) });
}

/**
 * The booking of a command that may ask more questions: asked for when --booking is missing;
 * when given and `questionsFollow`, read before any question, so a mistyped booking is said
 * (404, or an id of another kind) before the departure and the customers are picked, not after.
 */
export async function bookingBeforeQuestions(opts: ResourceOptions, flag: string | undefined, questionsFollow: boolean): Promise<string> {
  if (flag === undefined) return requireValue(undefined, '--booking', opts.io, (prompter) => askBooking(prompter, opts), opts.prompter);
  if (questionsFollow && canPrompt(opts.io)) {
    const client = await opts.api();
    await readAsKind(client, 'bookings', flag, () => fetchJson(client, itemPath('bookings', flag)));
  }
  return flag;
}

/** The choice of `ids` to start a list on: the newest of `recent` that the list offers. */
export function recentChoice(recent: ReadonlyArray<{ id: string }>, ids: readonly string[]): string | undefined {
  return recent.find(({ id }) => ids.includes(id))?.id;
}

const DONE = Symbol('done');
const OTHER = Symbol('other');
const ALL = Symbol('all');

/**
 * Customers picked one at a time (a checkbox list the Prompter does not have): the
 * travellers already on the booking's services and the customers created or viewed recently
 * (the newest first under the cursor), then "another id" or "done"; "all travellers on this
 * booking" first, and "done" first and under the cursor once they are all chosen. Someone not
 * on the booking is added only after a yes. With nobody to offer, the ids are typed.
 */
export async function askCustomers(prompter: Prompter, opts: Pick<ResourceOptions, 'api' | 'history'>, bookingId: string): Promise<string[]> {
  const client = await opts.api();
  const recent = opts.history.recent('customer');
  const known = new Map<string, string>();
  for await (const service of listBookingServices(client, bookingId)) {
    for (const customer of service.customers ?? []) {
      if (!known.has(String(customer.id))) known.set(String(customer.id), `${displayName(customer.name) || 'customer'} (${customer.id}, on this booking)`);
    }
  }
  const onBooking = new Set(known.keys());
  for (const { id, label } of recent) if (!known.has(id)) known.set(id, `${label ?? 'customer'} (${id})`);
  if (known.size === 0) return askCustomerIds(prompter, client, []);

  const chosen: string[] = [];
  for (;;) {
    const remaining = [...known].filter(([id]) => !chosen.includes(id));
    if (remaining.length === 0) return chosen;
    const travellersLeft = remaining.filter(([id]) => onBooking.has(id)).map(([id]) => id);
    // Once the booking's travellers are all chosen, one Enter ends the list: it never adds a stranger.
    const travellersDone = onBooking.size > 0 && chosen.length > 0 && travellersLeft.length === 0;
    const done: Array<Choice<string | symbol>> = chosen.length > 0 ? [{ name: `Done (${chosen.length} chosen)`, value: DONE }] : [];
    const all: Array<Choice<string | symbol>> = travellersLeft.length > 1 ? [{ name: `All ${travellersLeft.length} travellers on this booking`, value: ALL }] : [];
    const choices: Array<Choice<string | symbol>> = [
      ...(travellersDone ? done : []),
      ...all,
      ...remaining.map(([id, label]) => ({ name: sanitize(label), value: id })),
      { name: 'Another customer id…', value: OTHER },
      ...(travellersDone ? [] : done),
    ];
    const start = travellersDone
      ? DONE
      : chosen.length === 0
        ? recentChoice(
            recent,
            remaining.map(([id]) => id),
          )
        : undefined;
    const answer = await prompter.select(chosen.length === 0 ? 'Customer to add to the service' : `Another customer? (${chosen.length} chosen)`, choices, start);
    if (answer === DONE) return chosen;
    if (answer === ALL) chosen.push(...travellersLeft);
    else if (answer === OTHER) chosen.push(...(await askCustomerIds(prompter, client, chosen)));
    else if (onBooking.size === 0 || onBooking.has(answer as string)) chosen.push(answer as string);
    // Someone the booking does not have travelling yet is added only after a yes.
    else if (await prompter.confirm(`${sanitize(known.get(answer as string) ?? String(answer))} is not on booking ${sanitize(bookingId)}. Add them to this service?`, false))
      chosen.push(answer as string);
  }
}

/**
 * Several customer ids on one line, each checked before the line is taken: not an id, not a
 * customer (no such record, or a record of another kind) — every problem named at once, and the
 * line asked again. Ids already `chosen` are left out.
 */
export async function askCustomerIds(prompter: Prompter, client: ApiClient, chosen: readonly string[]): Promise<string[]> {
  const validate = async (text: string): Promise<true | string> => {
    const ids = parseIdList(text);
    if (ids.length === 0) return 'enter one or more customer ids';
    const problems = await Promise.all(ids.map(async (id) => invalidIdMessage(id, 'customer id') ?? recordProblem(client, 'customers', id)));
    const found = problems.filter((problem): problem is string => problem !== undefined);
    return found.length === 0 ? true : found.join('; ');
  };
  const answer = await prompter.input('Customer ids (separated by commas or spaces)', { validate });
  return parseIdList(answer)
    .map((id) => checkId(id, 'customer id'))
    .filter((id) => !chosen.includes(id));
}

/** "1, 2 3" → ['1', '2', '3'], without repeats. */
export function parseIdList(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}
