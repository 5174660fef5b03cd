/**
 * The work of `trek group import` once the manifest is checked and the journal open: create
 * the travellers a few at a time, then add the departure service for them.
 *
 * No POST is sent twice blindly (docs/choices.md, retries). The client retries a POST only when the
 * server provably did not act (429, a connection refused before sending); past its retries a
 * 429 puts the row back in the queue after a pause, since nothing was made. A POST whose answer
 * was lost (a timeout, a dropped connection, a 5xx, a kill) leaves a `sent` record: the
 * traveller is then looked for among the agency's customers, by name and every value sent,
 * before anything is sent again. A 4xx other than 429 means the API refused the row: nothing
 * was made, and the row can be corrected and run again.
 */
import { pMapIterable } from 'p-map';
import type { ApiClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import { records } from '../../api/paginate.js';
import { bookingsWithExternalId, createBooking, listBookingServices } from '../../api/resources/bookings.js';
import { createCustomer, displayName, type Customer, type CustomerCreate } from '../../api/resources/customers.js';
import { createDepartureService, type BookedService } from '../../api/resources/services.js';
import type { SignalHook } from '../signals.js';
import { CancelError } from '../../errors.js';
import { sanitize } from '../../output/sanitize.js';
import type { Journal } from './journal.js';
import { canonical, type ManifestRow } from './manifest.js';
import type { RowAction } from './plan.js';
import type { Progress } from './progress.js';

/** What became of a row. */
export type Outcome = 'created' | 'already imported' | 'found' | 'refused' | 'answer lost' | 'not started';

export interface TravellerResult {
  row: ManifestRow;
  outcome: Outcome;
  customer?: string;
  error?: ApiError;
}

export interface CreateOptions {
  client: ApiClient;
  journal: Journal;
  concurrency: number;
  signals: SignalHook;
  progress?: Progress;
  /** A line for stderr (above the progress bar). */
  notice: (line: string) => void;
  sleep: (ms: number) => Promise<void>;
}

/** Rounds of "the client gave up on 429, wait and put the row back" before the import gives up. */
const RATE_LIMIT_ROUNDS = 20;
const RATE_LIMIT_PAUSE_MS = 1000;

/** A 4xx other than 429: the API answered that it did not act on the request. */
function refused(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429;
}

function rateLimited(error: unknown): error is ApiError {
  return error instanceof ApiError && error.kind === 'http' && error.status === 429;
}

/** Refusals that no row can get past (the key, the permissions): the import stops at once. */
function fatal(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'http' && (error.status === 401 || error.status === 403);
}

/** Whether every value sent is the customer's (nested objects member by member; lists whole, in order). */
export function holdsValues(customer: Customer, sent: CustomerCreate): boolean {
  const record = customer as unknown as Record<string, unknown>;
  return Object.entries(sent).every(([key, value]) => {
    const now = record[key];
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      return Object.entries(value as Record<string, unknown>).every(([member, v]) => canonical((now as Record<string, unknown> | null)?.[member] ?? null) === canonical(v));
    }
    return canonical(now ?? null) === canonical(value);
  });
}

/**
 * The customer a lost POST made, if it made one: the agency's customers searched by the legal
 * names (spec §4.1 search), those holding every value sent and not already another row's; the
 * newest (last listed) when several do.
 */
export async function findCreated(client: ApiClient, sent: CustomerCreate, taken: ReadonlySet<string>): Promise<Customer | undefined> {
  const query: Array<[string, string]> = [
    ['name.legal_last_name', sent.name.legal_last_name],
    ['name.legal_first_name', sent.name.legal_first_name],
  ];
  let found: Customer | undefined;
  for await (const customer of records<Customer>(client, '/customers/', query, { all: true })) {
    if (!taken.has(String(customer.id)) && holdsValues(customer, sent)) found = customer;
  }
  return found;
}

/** Creates the travellers of `actions`; the results in manifest order. */
export async function createTravellers(opts: CreateOptions, actions: readonly RowAction[]): Promise<TravellerResult[]> {
  const { client, journal } = opts;
  const taken = new Set([...journal.state.lines.values()].flatMap((entry) => (entry.customer === undefined ? [] : [entry.customer])));
  let stop: 'interrupted' | { error: unknown } | undefined;
  const unsubscribe = opts.signals(() => {
    if (stop === undefined) opts.notice('Stopping: the travellers being created are finished and journalled first (Ctrl-C again to quit at once).');
    stop ??= 'interrupted';
  });

  const done = async (row: ManifestRow, customer: Customer, outcome: 'created' | 'found'): Promise<TravellerResult> => {
    const id = String(customer.id);
    taken.add(id);
    await journal.append({ t: 'created', line: row.line, digest: row.digest, customer: id, ...(outcome === 'found' && { found: true }) });
    opts.progress?.tick();
    return { row, outcome, customer: id };
  };

  const create = async (row: ManifestRow): Promise<TravellerResult> => {
    for (let round = 1; ; round++) {
      if (stop !== undefined) return { row, outcome: 'not started' };
      await journal.append({ t: 'sent', line: row.line, digest: row.digest });
      try {
        return await done(row, await createCustomer(client, row.customer), 'created');
      } catch (error) {
        if (rateLimited(error) && round < RATE_LIMIT_ROUNDS) {
          // The server did not act: the row goes back to the queue after a pause that grows.
          await opts.sleep(RATE_LIMIT_PAUSE_MS * Math.min(round, 5) * (0.5 + Math.random()));
          continue;
        }
        if (refused(error) || rateLimited(error)) {
          await journal.append({ t: 'rejected', line: row.line, digest: row.digest });
          if (fatal(error)) stop ??= { error };
          return { row, outcome: 'refused', error };
        }
        if (error instanceof ApiError) return { row, outcome: 'answer lost', error };
        stop ??= { error };
        throw error;
      }
    }
  };

  /** A row sent before without an answer: the customer it made, else it is created now. */
  const check = async (row: ManifestRow): Promise<TravellerResult> => {
    if (stop !== undefined) return { row, outcome: 'not started' };
    const customer = await findCreated(client, row.customer, taken);
    if (customer) return done(row, customer, 'found');
    return create(row);
  };

  const results: TravellerResult[] = [];
  try {
    const work = pMapIterable(
      actions,
      async (action): Promise<TravellerResult> => {
        if (action.action === 'skip') return { row: action.row, outcome: 'already imported', customer: action.customer };
        return action.action === 'check' ? check(action.row) : create(action.row);
      },
      { concurrency: opts.concurrency },
    );
    for await (const result of work) results.push(result);

    // Answers lost in this run: once the rest is done, a 5xx (the server finished that request)
    // is looked for and, not found, sent again; a timeout or a dropped connection (the server
    // may still be working on it) is left for a re-run to look for.
    for (const [index, result] of results.entries()) {
      if (result.outcome !== 'answer lost' || stop !== undefined) continue;
      const answered = result.error?.kind === 'http';
      const customer = await findCreated(client, result.row.customer, taken);
      if (customer) results[index] = await done(result.row, customer, 'found');
      else if (answered) results[index] = await create(result.row);
    }
  } finally {
    unsubscribe();
  }
  if (stop === 'interrupted') {
    const made = results.filter((r) => r.customer !== undefined).length;
    throw new CancelError(`interrupted: ${made} of ${actions.length} travellers are created and journalled in ${sanitize(journal.file)}; run the same command again to finish.`);
  }
  if (stop !== undefined) throw stop.error;
  return results;
}

/**
 * A booking for --new-booking, made once: its external_id (`trek-group-<random>`) is journalled
 * before it is asked for, so a lost answer is found by it among the agency's bookings.
 */
export async function newBooking(client: ApiClient, journal: Journal, currency: string, agency: () => Promise<string>): Promise<{ id: string; made: boolean }> {
  if (journal.state.booking !== undefined) return { id: journal.state.booking, made: false };
  const lost = journal.state.bookingSent;
  if (lost !== undefined) {
    const [booking] = await bookingsWithExternalId(client, await agency(), lost);
    if (booking) {
      await journal.append({ t: 'booking', id: String(booking.id) });
      return { id: String(booking.id), made: true };
    }
  }
  const externalId = `trek-group-${process.getBuiltinModule('node:crypto').randomBytes(6).toString('hex')}`;
  await journal.append({ t: 'booking-sent', external_id: externalId });
  const booking = await createBooking(client, { currency, external_id: externalId });
  await journal.append({ t: 'booking', id: String(booking.id) });
  return { id: String(booking.id), made: true };
}

/**
 * The departure service for `customers` (in manifest order), once: a service asked for
 * without an answer is looked for among the booking's services (a departure service with
 * exactly these travellers) before it is asked for again.
 */
export async function addDepartureService(client: ApiClient, journal: Journal, booking: string, departure: string, customers: string[]): Promise<{ id: string; service?: BookedService }> {
  const lost = journal.state.serviceSent;
  const same = (ids: readonly string[]) => canonical([...ids].sort()) === canonical([...customers].sort());
  if (lost !== undefined && same(lost)) {
    for await (const summary of listBookingServices(client, booking)) {
      if (summary.type === 'departure_services' && same((summary.customers ?? []).map((c) => String(c.id))) && !journal.state.services.some((s) => s.id === String(summary.id))) {
        await journal.append({ t: 'service', id: String(summary.id), customers });
        return { id: String(summary.id) };
      }
    }
  }
  await journal.append({ t: 'service-sent', customers });
  const service = await createDepartureService(client, { booking: { id: booking }, product: { id: departure }, customers: customers.map((id) => ({ id })) });
  await journal.append({ t: 'service', id: String(service.id), customers });
  return { id: String(service.id), service };
}

export function travellerName(row: ManifestRow): string {
  return displayName(row.customer.name);
}
