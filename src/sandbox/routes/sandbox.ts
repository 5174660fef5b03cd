/**
 * Sandbox-only extensions under `/_sandbox/` (not part of the operator's API): the virtual
 * clock, reset, the agents' keys, who the key in use belongs to, the operator's side of the
 * booking rules — staff completing a cancellation, a departure's availability changing — and
 * injected faults (faults.ts). (Payments are in payments.ts.) Reading the clock and whoami take
 * an agent's key; whatever reaches beyond one agency — moving the clock, reset, the key list,
 * staff actions, availability, faults — takes the operator key (auth.ts).
 */
import { FAULT_LIMITS, FAULT_METHODS, FAULT_STATUSES, faultPathProblem, faultRuleProblem, type FaultRule } from '../../domain/faults.js';
import { reconcilePaperwork } from '../rules/paperwork.js';
import { isoDateTime, parseDuration } from '../clock.js';
import { SandboxError, fieldError, notFound } from '../errors.js';
import { agentKey } from '../keys.js';
import { listRecords } from '../list.js';
import { AVAILABILITY_STATUSES, type AvailabilityStatus, type ServiceStatus } from '../model.js';
import type { BaseContext, Reply, RequestContext, Router } from '../router.js';
import { MAX_SANDBOX_SIZE, MAX_SEED, type ClockMove, type Store } from '../store.js';
import { formatCents } from '../money.js';
import type { StoreEvent } from '../transaction.js';
import { Checker, objectBody, type Body } from '../validate.js';
import { addFault, FAULTS_PATH, faultsOf, faultView, removeFaults } from '../faults.js';
import { ref, type Wire } from '../refs.js';
import { cancel, changeAvailability } from '../rules/lifecycle.js';
import { availabilityOf, departureNow } from '../rules/places.js';
import { rowFor } from '../../domain/transitions.js';
import { assertOpen } from './bookings.js';
import { serviceView } from './services.js';

export { MAX_SANDBOX_SIZE };

function clockView(store: Store): Wire<'SandboxClock'> {
  const state = store.read();
  return { now: isoDateTime(store.clock.nowMs()), offset_ms: state.clock_offset_ms, epoch: state.epoch };
}

async function moveClock(ctx: BaseContext): Promise<Reply> {
  const body = objectBody(ctx);
  const check = new Checker();
  const advance = check.string(body, 'advance', 'advance');
  const set = check.string(body, 'set', 'set');
  check.done();
  if ((advance == null) === (set == null)) {
    throw new SandboxError(400, 'Send either advance (a duration such as 30d) or set (an ISO datetime).', [{ field: 'advance', code: 'REQUIRED', detail: 'give exactly one of advance and set' }]);
  }
  let moved: ClockMove;
  if (advance != null) {
    const ms = parseDuration(advance);
    if (ms === null) throw fieldError('advance', 'INVALID_DURATION', 'advance is a duration such as 30d, 12h, 1d12h, 2w, 90m or 45s', advance);
    moved = await ctx.store.advanceClock(ms);
  } else {
    moved = await ctx.store.setClock(isoDateTimeIn('set', set!));
  }
  return { status: 200, body: { ...clockView(ctx.store), changes: clockChanges(ctx.store, moved.events) } };
}

/**
 * What the move did, in the order it happened (the sandbox's choice, docs/sandbox.md): each
 * service whose status changed (expired, confirmed…), each final payment taken and each
 * payment settled, each service repriced.
 */
function clockChanges(store: Store, events: readonly StoreEvent[]): NonNullable<Wire<'SandboxClock'>['changes']> {
  const state = store.read();
  return events.flatMap((event): NonNullable<Wire<'SandboxClock'>['changes']> => {
    if (event.type === 'services.status_changed') {
      const service = state.collections.services[event.id!];
      const { from, to } = event.data as { from: ServiceStatus; to: ServiceStatus };
      return service ? [{ type: 'service_status', service: ref(service.type, service.id, { type: service.type, name: service.name }), booking: ref('bookings', service.booking_id), from, to }] : [];
    }
    if (event.type === 'services.repriced') {
      const service = state.collections.services[event.id!];
      return service
        ? [
            {
              type: 'service_repriced',
              service: ref(service.type, service.id, { type: service.type, name: service.name }),
              booking: ref('bookings', service.booking_id),
              purchase_price: formatCents(service.purchase_price_cents),
            },
          ]
        : [];
    }
    const payment = event.type === 'payments.created' || event.type === 'payments.settled' ? state.collections.payments[event.id!] : undefined;
    if (!payment || (event.type === 'payments.created' && payment.reason !== 'FINAL_PAYMENT')) return [];
    const currency = state.collections.bookings[payment.booking_id]?.currency;
    return [{ type: event.type === 'payments.created' ? 'final_payment_taken' : 'payment_settled', booking: ref('bookings', payment.booking_id), amount: formatCents(payment.amount_cents), currency }];
  });
}

/** An ISO date or datetime sent as `field`, or a 400 naming it. */
function isoDateTimeIn(field: string, text: string): Date {
  const ms = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2}))?$/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(ms)) throw fieldError(field, 'INVALID_DATETIME', `${field} is an ISO datetime such as 2027-05-01T12:00:00Z`, text);
  return new Date(ms);
}

function integerIn(check: Checker, value: unknown, field: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    check.add(field, 'INVALID_VALUE', `${field} must be an integer from ${min} to ${max}`, value);
    return undefined;
  }
  return n;
}

async function reset(ctx: BaseContext): Promise<Reply> {
  const body = objectBody(ctx, true);
  const check = new Checker();
  const seed = integerIn(check, body.seed, 'seed', 0, MAX_SEED);
  const size = integerIn(check, body.size, 'size', 1, MAX_SANDBOX_SIZE);
  // trek's choice: `now` starts the fresh store's clock there (the seed's dates follow it), as
  // `trek sandbox reset --clock` does for a data file; without it the clock goes back to real time.
  const now = check.string(body, 'now', 'now');
  check.done();
  await ctx.store.reset({ seed, size, now: now == null ? undefined : isoDateTimeIn('now', now) });
  const state = ctx.store.read();
  return { status: 200, body: { seed: state.seed, size: state.size, epoch: state.epoch, now: isoDateTime(ctx.store.clock.nowMs()) } };
}

function keys(ctx: BaseContext): Reply {
  return listRecords(ctx, Object.values(ctx.state.collections.agents), (agent) => agentKey(ctx.state, agent));
}

/** The agent and agency of the calling key (the spec has no such endpoint). */
function whoami(ctx: RequestContext): Reply {
  const { agent, agency } = ctx.caller;
  return {
    status: 200,
    body: { agent: ref('agents', agent.id, { name: `${agent.first_name} ${agent.last_name}` }), agency: ref('agencies', agency.id, { name: agency.name }) },
  };
}

/**
 * What operator staff do by hand, for any agency: cancel a service in Request Cancellation (fees
 * by its terms), or a Confirmed flex plan service (its price kept, §3.2 rule 4). Anything else is 400.
 */
function staffCancel(ctx: BaseContext): Promise<Reply> {
  return ctx.store.mutate((state, tx) => {
    const service = state.collections.services[ctx.params.id];
    if (!service) throw notFound(`Service ${ctx.params.id}`);
    const booking = state.collections.bookings[service.booking_id];
    assertOpen(booking);
    if (!rowFor(service, 'Cancelled', 'staff')) {
      throw fieldError(
        'status',
        'NOT_STAFF_CANCELLABLE',
        `staff cancel a service in Request Cancellation, or a Confirmed flex plan service; ${service.type} ${service.id} is ${service.status}`,
        service.status,
      );
    }
    cancel(state, tx, service, 'staff');
    // The answer shows the invoice documents the cancellation issues (the change hook would, after it).
    reconcilePaperwork(state, tx, [service.booking_id]);
    return { status: 200, body: serviceView(state, service) };
  });
}

/** Places the operator may give a departure at once: far beyond any tour, short of absurd. */
const MAX_SPACES = 10_000;

/**
 * An operator-side change of a departure's availability (what a webhook would announce):
 * `status`, `spaces_remaining` (the places left), or both (rules/places.ts). AVAILABLE needs a
 * place left: on a departure with none, send `spaces_remaining` with it.
 */
function setAvailability(ctx: BaseContext): Promise<Reply> {
  const body = objectBody(ctx);
  const check = new Checker();
  const status = check.string(body, 'status', 'status', { choices: AVAILABILITY_STATUSES }) as AvailabilityStatus | null | undefined;
  const spaces = integerIn(check, body.spaces_remaining, 'spaces_remaining', 0, MAX_SPACES);
  if (status == null && spaces === undefined && check.errors.length === 0) check.add('status', 'REQUIRED', 'send status, spaces_remaining or both');
  check.done();
  return ctx.store.mutate((state, tx) => {
    const departure = ctx.store.catalogue.departure(ctx.params.id);
    if (!departure) throw notFound(`Departure ${ctx.params.id}`);
    changeAvailability(state, tx, departure, status ?? undefined, spaces);
    if (status === 'AVAILABLE' && availabilityOf(state, departure) !== 'AVAILABLE') {
      throw fieldError('spaces_remaining', 'NO_SPACES_LEFT', `departure ${departure.id} has no place left: send spaces_remaining with AVAILABLE`, spaces ?? 0);
    }
    return { status: 200, body: departureNow(state, departure) };
  });
}

const FAULT_MEMBERS = ['status', 'path', 'method', 'count', 'rate', 'retry_after', 'delay_ms', 'drop'];

/** A share from 0 (excluded) to 1: a number, or its text (XML bodies carry text). */
function rateOf(check: Checker, value: unknown): number | null {
  if (value === undefined || value === null) return null;
  const n = typeof value === 'string' && /^\s*\d*\.?\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !(n > 0 && n <= 1)) {
    check.add('rate', 'INVALID_VALUE', 'rate is the share of matching requests that fail: a number above 0, up to 1', value);
    return null;
  }
  return n;
}

/** The body of `POST /_sandbox/faults`, checked whole: every problem in one 400. */
function faultRuleOf(body: Body): FaultRule {
  const check = new Checker();
  for (const member of Object.keys(body)) {
    if (!FAULT_MEMBERS.includes(member)) check.add(member, 'UNKNOWN_FIELD', `a fault has the members ${FAULT_MEMBERS.join(', ')}`);
  }
  const status = integerIn(check, body.status, 'status', 400, 599);
  if (status !== undefined && !(FAULT_STATUSES as readonly number[]).includes(status)) {
    check.add('status', 'INVALID_CHOICE', `status must be one of ${FAULT_STATUSES.join(', ')} (the error statuses of spec §7.1)`, status);
  }
  const path = check.string(body, 'path', 'path', { maxLength: FAULT_LIMITS.pathLength }) ?? '*';
  const pathProblem = faultPathProblem(path);
  if (pathProblem) check.add('path', 'INVALID_VALUE', pathProblem, path);
  const method = check.string(body, 'method', 'method');
  if (method != null && !(FAULT_METHODS as readonly string[]).includes(method.toUpperCase())) {
    check.add('method', 'INVALID_CHOICE', `method must be one of ${FAULT_METHODS.join(', ')}`, method);
  }
  const rule: FaultRule = {
    status: status ?? null,
    path,
    method: method == null ? null : method.toUpperCase(),
    count: integerIn(check, body.count, 'count', 1, FAULT_LIMITS.count) ?? null,
    rate: rateOf(check, body.rate),
    retry_after: integerIn(check, body.retry_after, 'retry_after', 0, FAULT_LIMITS.retryAfter) ?? null,
    delay_ms: integerIn(check, body.delay_ms, 'delay_ms', 0, FAULT_LIMITS.delayMs) ?? null,
    drop: check.boolean(body, 'drop', 'drop') ?? false,
  };
  check.done();
  const problem = faultRuleProblem(rule);
  if (problem) throw fieldError(problem.field, 'CONFLICTING_FIELDS', problem.detail);
  return rule;
}

function createFault(ctx: BaseContext): Promise<Reply> {
  const rule = faultRuleOf(objectBody(ctx));
  return ctx.store.mutate((state, tx) => {
    if (faultsOf(state).length >= FAULT_LIMITS.faults) {
      throw new SandboxError(400, `The sandbox holds up to ${FAULT_LIMITS.faults} faults; clear some first.`, [{ code: 'TOO_MANY_FAULTS', detail: `up to ${FAULT_LIMITS.faults} faults at once` }]);
    }
    const fault = faultView(addFault(state, tx, rule));
    return { status: 201, headers: { location: fault.href }, body: fault };
  });
}

function getFault(ctx: BaseContext): Reply {
  const fault = faultsOf(ctx.state).find((f) => f.id === ctx.params.id);
  if (!fault) throw notFound(`Fault ${ctx.params.id}`);
  return { status: 200, body: faultView(fault) };
}

/** Every fault, or (with an id) one: `{removed}` tells how many went. */
function clearFaults(ctx: BaseContext): Promise<Reply> {
  const id = ctx.params.id;
  return ctx.store.mutate((state) => {
    const removed = removeFaults(state, id);
    if (id !== undefined && removed.length === 0) throw notFound(`Fault ${id}`);
    return { status: 200, body: { removed: removed.length } };
  });
}

export function register(router: Router): void {
  router
    .get('/_sandbox/whoami', whoami)
    .get('/_sandbox/clock', (ctx) => ({ status: 200, body: clockView(ctx.store) }))
    .operator('POST', '/_sandbox/services/:id/staff-cancel', staffCancel)
    .operator('POST', '/_sandbox/departures/:id/availability', setAvailability)
    .operator('POST', '/_sandbox/clock', moveClock)
    .operator('POST', '/_sandbox/reset', reset)
    .operator('GET', '/_sandbox/keys', keys)
    .operator('GET', FAULTS_PATH, (ctx) => listRecords(ctx, faultsOf(ctx.state), faultView))
    .operator('POST', FAULTS_PATH, createFault)
    .operator('DELETE', FAULTS_PATH, clearFaults)
    .operator('GET', `${FAULTS_PATH}/:id`, getFault)
    .operator('DELETE', `${FAULTS_PATH}/:id`, clearFaults);
}
