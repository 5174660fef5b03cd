/**
 * The sandbox-only extension endpoints under /_sandbox/ (docs/sandbox.md): the virtual clock,
 * payments that drive confirmation, the operator staff action that completes a cancellation,
 * the agents' keys, injected faults, and who the key belongs to. A real API server answers
 * 404 there. Controls reaching beyond one agency (moving the clock, staff actions, the keys,
 * faults) carry the sandbox's operator key as well as the profile's key.
 */
import type { Fault, FaultRule } from '../../domain/faults.js';
import type { SandboxKey } from '../../domain/sandbox.js';
import type { ApiClient, RequestOptions } from '../client.js';
import { ApiError, isHttpStatus } from '../errors.js';
import { fetchJson, send, type Decimal } from './common.js';
import { idSegment } from './ids.js';
import type { BookedService } from './services.js';
import type { components } from '../../domain/contract.js';

export const SANDBOX_PREFIX = '/_sandbox';
/** Carries the operator key; the client redacts it like the API key and never sends it to another origin. */
export const OPERATOR_KEY_HEADER = 'X-Sandbox-Operator-Key';

export type SandboxClock = components['schemas']['SandboxClock'];

/** One thing a clock move did (docs/sandbox.md, "The virtual clock"). */
export type ClockChangeMade = NonNullable<SandboxClock['changes']>[number];

/** Move the clock forward by a duration (`30d`, `12h`) or set it to an instant. */
export type ClockChange = { advance: string } | { set: string };

/** A payment, with what it confirmed and what still waits (docs/sandbox.md, "Payments, refunds and travel credits"). */
export type SandboxPayment = components['schemas']['Payment'];

export type PaymentAllocation = NonNullable<SandboxPayment['allocation']>;

/** A service a payment reached or passed over, with its status after it. */
export type AllocatedService = PaymentAllocation['confirmed'][number];

export type SandboxWhoami = components['schemas']['SandboxWhoami'];

const CLOCK_PATH = `${SANDBOX_PREFIX}/clock`;

export function getClock(client: ApiClient): Promise<SandboxClock> {
  return sandboxCall(client, () => fetchJson<SandboxClock>(client, CLOCK_PATH));
}

/**
 * The clock's time on a sandbox; undefined where the server answers its path with an error (a
 * real API has none) or with anything but a time. An unreachable server is not a question of
 * clocks: that error stays.
 */
export async function clockIfSandbox(client: ApiClient): Promise<Date | undefined> {
  try {
    const { now } = (await fetchJson<Partial<SandboxClock> | null>(client, CLOCK_PATH)) ?? {};
    const time = typeof now === 'string' ? new Date(now) : undefined;
    return time === undefined || Number.isNaN(time.getTime()) ? undefined : time;
  } catch (error) {
    if (error instanceof ApiError && error.kind !== 'network' && error.kind !== 'timeout') return undefined;
    throw error;
  }
}

function operatorHeaders(operatorKey: string): Record<string, string> {
  return { [OPERATOR_KEY_HEADER]: operatorKey };
}

export function changeClockRequest(change: ClockChange, operatorKey: string): RequestOptions {
  return { method: 'POST', path: CLOCK_PATH, body: change, headers: operatorHeaders(operatorKey) };
}

export function changeClock(client: ApiClient, change: ClockChange, operatorKey: string): Promise<SandboxClock> {
  return sandboxCall(client, () => send<SandboxClock>(client, changeClockRequest(change, operatorKey)));
}

export const KEYS_PATH = `${SANDBOX_PREFIX}/keys`;

/** Every agent's key, page after page. */
export async function* sandboxKeys(client: ApiClient, operatorKey: string): AsyncGenerator<SandboxKey> {
  const { records } = await import('../paginate.js');
  // Keys are what this list shows: the ones the request carries are left in it.
  yield* records<SandboxKey>(client, KEYS_PATH, undefined, { all: true, headers: operatorHeaders(operatorKey), revealKeys: true });
}

const FAULTS_PATH = `${SANDBOX_PREFIX}/faults`;

/** The members of a new fault that are set (the sandbox fills the rest: any path, any method, no limit). */
export type NewFault = Partial<FaultRule>;

export function addFaultRequest(fault: NewFault, operatorKey: string): RequestOptions {
  return { method: 'POST', path: FAULTS_PATH, body: fault, headers: operatorHeaders(operatorKey) };
}

export function addFault(client: ApiClient, fault: NewFault, operatorKey: string): Promise<Fault> {
  return sandboxCall(client, () => send<Fault>(client, addFaultRequest(fault, operatorKey)));
}

/** Every fault the sandbox holds, in the order they were added (the first that fires answers). */
export async function* sandboxFaults(client: ApiClient, operatorKey: string): AsyncGenerator<Fault> {
  const { records } = await import('../paginate.js');
  try {
    yield* records<Fault>(client, FAULTS_PATH, undefined, { all: true, headers: operatorHeaders(operatorKey) });
  } catch (error) {
    // The path has no id in it: a 404 can only mean there is no sandbox behind this profile.
    throw isHttpStatus(error, 404) ? notASandbox(client, error) : error;
  }
}

export function clearFaultsRequest(operatorKey: string, id?: string): RequestOptions {
  return { method: 'DELETE', path: id === undefined ? FAULTS_PATH : `${FAULTS_PATH}/${idSegment(id)}`, headers: operatorHeaders(operatorKey) };
}

/** Removes every fault, or the one with `id`; how many went. */
export async function clearFaults(client: ApiClient, operatorKey: string, id?: string): Promise<number> {
  const answer = await sandboxCall(client, () => send<{ removed: number }>(client, clearFaultsRequest(operatorKey, id)));
  return answer.removed;
}

export function createPaymentRequest(bookingId: string, amount: Decimal): RequestOptions {
  return { method: 'POST', path: `${SANDBOX_PREFIX}/payments`, body: { booking: { id: bookingId }, amount } };
}

export function createPayment(client: ApiClient, bookingId: string, amount: Decimal): Promise<SandboxPayment> {
  return sandboxCall(client, () => send<SandboxPayment>(client, createPaymentRequest(bookingId, amount)));
}

/**
 * What a payment would do, from the sandbox running the payment and rolling it back (docs/
 * sandbox.md, "Previews"): the payment as it would be (no id), with its allocation.
 */
export function previewPayment(client: ApiClient, bookingId: string, amount: Decimal): Promise<SandboxPayment> {
  const request = createPaymentRequest(bookingId, amount);
  return sandboxCall(client, () => send<SandboxPayment>(client, { ...request, path: `${request.path}/preview` }));
}

/** What paying a payment link would do, as previewPayment. */
export function previewPayLink(client: ApiClient, token: string): Promise<SandboxPayment> {
  const request = payLinkRequest(token);
  return sandboxCall(client, () => send<SandboxPayment>(client, { ...request, path: `${request.path}/preview` }));
}

/** What a new departure service would cost, as the sandbox prices one (docs/sandbox.md, "Previews"). */
export type DepartureQuote = components['schemas']['SandboxQuote'];

export function quoteDeparture(client: ApiClient, departureId: string, travellers: number, currency: string): Promise<DepartureQuote> {
  const query = new URLSearchParams({ travellers: String(travellers), currency });
  return sandboxCall(client, () => fetchJson<DepartureQuote>(client, `${SANDBOX_PREFIX}/departures/${idSegment(departureId)}/quote?${query.toString()}`));
}

/** Where a payment link is paid: its URL's path (docs/sandbox.md, "Payment links"). */
export const PAY_LINK_PREFIX = `${SANDBOX_PREFIX}/pay/`;

export function payLinkRequest(token: string): RequestOptions {
  return { method: 'POST', path: `${PAY_LINK_PREFIX}${idSegment(token)}` };
}

/** Pays a payment link's amount: the payment as POST /_sandbox/payments answers it, with the link (now PAID). */
export function payLink(client: ApiClient, token: string): Promise<SandboxPayment> {
  return sandboxCall(client, () => send<SandboxPayment>(client, payLinkRequest(token)));
}

export function staffCancelRequest(serviceId: string, operatorKey: string): RequestOptions {
  return { method: 'POST', path: `${SANDBOX_PREFIX}/services/${idSegment(serviceId)}/staff-cancel`, headers: operatorHeaders(operatorKey) };
}

export function staffCancel(client: ApiClient, serviceId: string, operatorKey: string): Promise<BookedService> {
  return sandboxCall(client, () => send<BookedService>(client, staffCancelRequest(serviceId, operatorKey)));
}

/** The agent and agency of the key in use; undefined when the server is not a sandbox. */
export async function whoami(client: ApiClient): Promise<SandboxWhoami | undefined> {
  try {
    return await fetchJson<SandboxWhoami>(client, `${SANDBOX_PREFIX}/whoami`);
  } catch (error) {
    if (isHttpStatus(error, 404)) return undefined;
    throw error;
  }
}

/**
 * A 404 from a /_sandbox/ endpoint means either "no such booking/service" on a sandbox or
 * "no sandbox here". The clock answers on every sandbox, so it tells the two apart.
 */
export async function sandboxCall<T>(client: ApiClient, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isHttpStatus(error, 404)) throw error;
    const isSandbox = await fetchJson<SandboxClock>(client, CLOCK_PATH).then(
      () => true,
      (probe: unknown) => (isHttpStatus(probe, 404) ? false : Promise.reject(probe)),
    );
    if (isSandbox) throw error;
    throw notASandbox(client, error);
  }
}

function notASandbox(client: ApiClient, error: ApiError): ApiError {
  return new ApiError({
    kind: 'http',
    status: 404,
    method: error.method,
    url: error.url,
    message: `this profile's server is not a trek sandbox (${client.baseUrl} has no ${SANDBOX_PREFIX}/ endpoints); sandbox helpers work with the built-in sandbox profile or a \`trek sandbox serve\` URL`,
  });
}
