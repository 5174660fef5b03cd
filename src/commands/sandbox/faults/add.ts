import { Command } from 'commander';
import { FAULT_LIMITS, FAULT_METHODS, FAULT_STATUSES, faultPathProblem, faultRuleProblem, type FaultRule } from '../../../domain/faults.js';
import { addFault, addFaultRequest, type NewFault } from '../../../api/resources/sandbox.js';
import { registerCompleter, valueList } from '../../../completion/index.js';
import { UsageError } from '../../../errors.js';
import type { Factory } from '../../../factory.js';
import { sanitize } from '../../../output/sanitize.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../../resource.js';
import { reportChange } from '../../destination.js';
import { examples, parseInteger } from '../../flags.js';
import { describeFault, FAULT_COLUMNS, FAULT_FIELDS } from './view.js';

export interface FaultsAddOptions extends ChangeOptions {
  fault: NewFault;
  /** Faults are an operator control (Factory.sandboxOperatorKey): they affect every agency. */
  operatorKey: () => Promise<string>;
}

interface AddFlags {
  status?: string;
  path: string;
  method?: string;
  count?: string;
  rate?: string;
  retryAfter?: string;
  delay?: string;
  drop?: boolean;
  dryRun?: boolean;
}

/** The flag that sets each member of a fault, for messages. */
const FLAGS: Record<keyof FaultRule, string> = {
  status: '--status',
  path: '--path',
  method: '--method',
  count: '--count',
  rate: '--rate',
  retry_after: '--retry-after',
  delay_ms: '--delay',
  drop: '--drop',
};

/** A share of requests: 0.25 or 25%, above 0 and up to 1 (100%). */
export function parseRate(value: string): number {
  const text = value.trim();
  const match = /^(\d*\.?\d+)(%?)$/.exec(text);
  const rate = match ? Number(match[1]) / (match[2] ? 100 : 1) : Number.NaN;
  if (!(rate > 0 && rate <= 1)) throw new UsageError(`--rate must be a share of requests above 0, up to 1, such as 0.25 or 25%, got "${value}"`);
  return rate;
}

/** The fault the flags describe, checked as the sandbox would check it: nothing is sent when it would be refused. */
export function faultOfFlags(flags: AddFlags): NewFault {
  const status = flags.status === undefined ? null : parseInteger(flags.status, FLAGS.status);
  if (status !== null && !(FAULT_STATUSES as readonly number[]).includes(status)) {
    throw new UsageError(`--status must be one of ${FAULT_STATUSES.join(', ')} (the error statuses of the API), got ${status}`);
  }
  const path = flags.path.trim();
  const pathProblem = faultPathProblem(path);
  if (pathProblem) throw new UsageError(`--path: ${pathProblem}, got "${flags.path}"`);
  const method = flags.method?.trim().toUpperCase() ?? null;
  if (method !== null && !(FAULT_METHODS as readonly string[]).includes(method)) throw new UsageError(`--method must be one of ${FAULT_METHODS.join(', ')}, got "${flags.method}"`);
  const rule: FaultRule = {
    status,
    path,
    method,
    count: flags.count === undefined ? null : parseInteger(flags.count, FLAGS.count, { min: 1, max: FAULT_LIMITS.count }),
    rate: flags.rate === undefined ? null : parseRate(flags.rate),
    retry_after: flags.retryAfter === undefined ? null : parseInteger(flags.retryAfter, FLAGS.retry_after, { min: 0, max: FAULT_LIMITS.retryAfter }),
    delay_ms: flags.delay === undefined ? null : parseInteger(flags.delay, FLAGS.delay_ms, { min: 0, max: FAULT_LIMITS.delayMs }),
    drop: Boolean(flags.drop),
  };
  const problem = faultRuleProblem(rule, (member) => FLAGS[member]);
  if (problem) throw new UsageError(problem.detail);
  // Only what was given: the sandbox's defaults say the rest.
  return Object.fromEntries(Object.entries(rule).filter(([member, value]) => value !== null && !(member === 'drop' && value === false)));
}

export function newFaultsAddCmd(f: Factory, runF: (opts: FaultsAddOptions) => Promise<void> = faultsAddRun): Command {
  const command = new Command('add')
    .summary('make the sandbox answer matching requests with an error, slowly, or not at all')
    .description(
      'Sandbox only: from now on, requests matching --path (and --method) get the fault instead of their answer — ' +
        `a status (${FAULT_STATUSES.join(', ')}), with Retry-After if you give one; a slow answer (--delay); or a closed connection (--drop). ` +
        'With --count it answers the next N matching requests and is gone; with --rate a share of them; otherwise every one until `trek sandbox faults clear`. ' +
        "The first fault that matches, in the order they were added, answers. The sandbox's own /_sandbox/ controls are never faulted.\n\n" +
        "Faults are kept with the sandbox's state, so they reach every later command on the built-in sandbox and a `trek sandbox serve` on the same data; " +
        'they affect every agent, so they are an operator control: on a `trek sandbox serve` sandbox they need TREK_SANDBOX_OPERATOR_KEY (its operator_key).',
    )
    .option('--status <code>', 'answer this status instead of the real answer')
    .option('--path <pattern>', 'requests whose path matches; * matches any characters, slashes too', '*')
    .option('--method <method>', `only requests of this method (${FAULT_METHODS.join(', ')}); default any`)
    .option('--count <n>', 'only the next N matching requests, then the fault is gone')
    .option('--rate <share>', 'only this share of matching requests, drawn per request: 0.25 or 25%')
    .option('--retry-after <seconds>', 'send Retry-After: SECONDS with the status')
    .option('--delay <ms>', 'wait MS milliseconds before answering: before the status, or alone, before the real answer')
    .option('--drop', 'close the connection without answering')
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText(
      'after',
      examples([
        "trek sandbox faults add --status 503 --path '/departures*' --count 2   # the next two searches fail, then it is gone",
        "trek sandbox faults add --status 429 --path '/bookings*' --method POST --retry-after 5",
        'trek sandbox faults add --status 500 --rate 10%                       # one request in ten, anywhere',
        "trek sandbox faults add --delay 3000 --path '/departures/*'           # slow answers",
        "trek sandbox faults add --drop --path '/bookings/*' --count 1",
      ]),
    )
    .action(async (flags: AddFlags) => {
      const fault = faultOfFlags(flags);
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), fault, operatorKey: () => f.sandboxOperatorKey() });
    });
  registerCompleter(command, '--status', valueList(FAULT_STATUSES.map(String)));
  return registerCompleter(command, '--method', valueList(FAULT_METHODS));
}

export async function faultsAddRun(opts: FaultsAddOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, FAULT_FIELDS);
  const operatorKey = await opts.operatorKey();
  if (opts.dryRun) return describeRequest(opts, addFaultRequest(opts.fault, operatorKey));
  const fault = await addFault(await opts.api(), opts.fault, operatorKey);
  await reportChange(opts, `Fault ${sanitize(fault.id)} added: ${describeFault(fault)}`);
  await renderChanged(opts.io, fault, opts.output, { rows: FAULT_COLUMNS, xmlRoot: 'fault' });
}
