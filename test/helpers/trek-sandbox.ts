/**
 * Shared by the command tests of every noun: one in-memory sandbox per test file (port 0, the
 * pinned clock), factories pointed at it, a prompter that also records the
 * choices it was offered, and direct API calls to set up state.
 */
import { afterAll, beforeAll } from 'vitest';
import { main } from '../../src/main.js';
import type { Choice, Prompter } from '../../src/prompt/prompter.js';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { testFactory, type TestFactory, type TestFactoryOptions } from './factory.js';
import { clientFor, expectOk, type Key } from './sandbox-client.js';
import { NOW } from './clock.js';

export interface Sandbox {
  readonly running: RunningSandbox;
  /** A test factory on the sandbox with its default key (agent 1 of Maple Leaf Travel: CAD, USD) and its operator key. */
  factory(options?: Omit<TestFactoryOptions, 'baseUrl' | 'apiKey'>): TestFactory;
  /** `trek ARGS` through main(); the factory is returned for its captured streams. */
  trek(args: string[], options?: Omit<TestFactoryOptions, 'baseUrl' | 'apiKey'>): Promise<TestFactory & { code: number }>;
  /** The key of a seeded agent of this sandbox (its keys are random). */
  agentKey(agentId: string): string;
  /** A direct API call that must succeed (see expectOk), with the default key unless `key` says otherwise. */
  api<T = any>(method: string, path: string, body?: unknown, key?: Key): Promise<T>;
}

/** `options` for the sandbox (its size, its clock); on port 0 and the pinned clock unless they say otherwise. */
export function useTrekSandbox(options: SandboxOptions = {}): Sandbox {
  let running: RunningSandbox | undefined;
  beforeAll(async () => {
    running = await startSandbox({ now: NOW, port: 0, ...options });
  });
  afterAll(async () => {
    await running?.close();
  });
  const sandbox: Sandbox = {
    get running() {
      if (!running) throw new Error('sandbox not started');
      return running;
    },
    // Colour off unless a test asks for it, so table output compares as plain text.
    // The operator key too, as a script driving a `trek sandbox serve` would have it (TREK_SANDBOX_OPERATOR_KEY).
    factory: (options = {}) =>
      testFactory({
        ...options,
        env: { NO_COLOR: '1', TREK_SANDBOX_OPERATOR_KEY: sandbox.running.operatorKey, ...options.env },
        baseUrl: sandbox.running.baseUrl,
        apiKey: sandbox.running.apiKey,
      }),
    agentKey: (agentId) => sandbox.running.keys.find((k) => k.agent_id === agentId)!.key,
    async trek(args, options = {}) {
      const t = sandbox.factory(options);
      const code = await main(args, t.f);
      return Object.assign(t, { code });
    },
    api: (method, path, body, key) => expectOk(clientFor(sandbox.running), method, path, { body, key }),
  };
  return sandbox;
}

export interface RecordingPrompter extends Prompter {
  /** Every question, in order, with the choices of a select. */
  asked: Array<{ message: string; choices?: Array<{ name: string; value: unknown }> }>;
}

/** Answers from `answers` in order; a function answer picks from the choices offered. */
export function recordingPrompter(answers: Array<unknown | ((choices: Array<Choice<unknown>>) => unknown)>): RecordingPrompter {
  const asked: RecordingPrompter['asked'] = [];
  const next = (message: string, choices?: Array<Choice<unknown>>): any => {
    asked.push(choices ? { message, choices: choices.map(({ name, value }) => ({ name, value })) } : { message });
    if (answers.length === 0) throw new Error(`no scripted answer for: ${message}`);
    const answer = answers.shift();
    return Promise.resolve(typeof answer === 'function' ? (answer as (c: Array<Choice<unknown>>) => unknown)(choices ?? []) : answer);
  };
  return {
    asked,
    select: (message, choices) => next(message, choices),
    input: (message) => next(message),
    password: (message) => next(message),
    confirm: (message) => next(message),
    // The choices offered before anything is typed.
    search: async (message, source) =>
      next(
        message,
        (await source(undefined, new AbortController().signal)).filter((item) => 'value' in item),
      ),
  };
}

/** A booking, two customers and the first AVAILABLE departure, made through the API. */
export async function bookingWithCustomers(sandbox: Sandbox): Promise<{ booking: any; customers: any[]; departure: any }> {
  const booking = await sandbox.api('POST', '/bookings/', { currency: 'CAD' });
  const customers = await Promise.all([
    sandbox.api('POST', '/customers/', { name: { legal_first_name: 'Ada', legal_last_name: 'Lovelace', title: 'Ms' } }),
    sandbox.api('POST', '/customers/', { name: { legal_first_name: 'Alan', legal_last_name: 'Turing', title: 'Mr' } }),
  ]);
  const page = await sandbox.api('GET', '/departures?availability.status=AVAILABLE&order_by=start_date&max_per_page=20');
  // The soonest departures sit inside windows some rules care about; a later one, confirmed by
  // its deposit alone, is plainly bookable.
  const departure = page.results.filter((d: { flags: string[] }) => !d.flags.includes('FULL_PAYMENT_REQUIRED_TO_BOOK')).at(-1);
  return { booking, customers, departure };
}

/**
 * A CAD booking for Ada and Alan Test, made through the API. No automatic final payment, so
 * moving the sandbox clock takes no money.
 */
export async function bookingForTwo(sandbox: Sandbox): Promise<{ booking: any; customers: any[] }> {
  const booking = await sandbox.api('POST', '/bookings/', { currency: 'CAD', no_auto_final_payment: true });
  const customers = [];
  for (const first of ['Ada', 'Alan']) customers.push(await sandbox.api('POST', '/customers/', { name: { legal_first_name: first, legal_last_name: 'Test', title: 'Ms' } }));
  return { booking, customers };
}

/** A departure service on 100001 for the customers on the booking, paid (its deposit, so Confirmed; or its whole price) through the sandbox. */
export async function paidTour(sandbox: Sandbox, bookingId: unknown, customerIds: unknown[], pay: 'deposit' | 'full' = 'deposit'): Promise<any> {
  const tour = await sandbox.api('POST', '/departure_services/', { booking: { id: bookingId }, product: { id: '100001' }, customers: customerIds.map((id) => ({ id })) });
  await sandbox.api('POST', '/_sandbox/payments', { booking: { id: bookingId }, amount: pay === 'full' ? tour.purchase_price : tour.deposit_amount });
  return tour;
}
