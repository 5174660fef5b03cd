import { Command } from 'commander';
import { changeClock, changeClockRequest, getClock, type ClockChange, type ClockChangeMade } from '../../api/resources/sandbox.js';
import { formatMoney } from '../../output/money.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { renderItem, type Column } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import { stderrTime } from '../../output/time.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { resolveRelative, todayFor } from '../dates.js';
import { reportChange } from '../destination.js';
import { examples } from '../flags.js';
import { RESOURCE_FIELDS } from '../../domain/contract-fields.js';

export interface ClockOptions extends ChangeOptions {
  /** Undefined: show the clock. */
  change?: ClockChange;
  /** Moving the clock is an operator control (Factory.sandboxOperatorKey). */
  operatorKey: () => Promise<string>;
}

const CLOCK_ROWS: Column[] = [{ field: 'now', header: 'NOW' }];
/** The clock as the sandbox answers it (docs/sandbox.md). */
const CLOCK_FIELDS = RESOURCE_FIELDS.SandboxClock;

/** `30d`, `12h`, `1d12h`, `90m`, `45s`: whole numbers with units s, m, h, d, more than zero. */
export function parseDuration(value: string): string {
  const text = value.trim();
  if (!/^(\d+[smhd])+$/.test(text) || !/[1-9]/.test(text)) {
    throw new UsageError(`DURATION must be a positive amount of time such as 30d, 12h, 1d12h, 90m or 45s (units s, m, h, d), got "${value}"`);
  }
  return text;
}

/**
 * A date (midnight UTC) or an ISO datetime with Z or an offset, as the API's
 * `YYYY-MM-DDThh:mm:ssZ`; with `today`, a relative day too (`+30d`: midnight UTC that day).
 */
export function parseInstant(value: string, name = 'DATE', today?: string): string {
  const text = resolveRelative(value.trim(), name, today);
  const match = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/.exec(text);
  const problem = `${name} must be a date (2027-01-01) or a datetime (2027-01-01T09:30:00Z, 2027-01-01T09:30:00-05:00), got "${value}"`;
  const ms = Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text);
  // Date.parse rolls 2027-02-30 over to March; the calendar day must exist as written.
  const day = match?.[1];
  if (!day || Number.isNaN(ms) || new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) throw new UsageError(problem);
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function newClockCmd(f: Factory, runF: (opts: ClockOptions) => Promise<void> = clockRun): Command {
  const verb = (name: string) => new Command(name).option('--dry-run', DRY_RUN_HELP);
  const run = async (change: ClockChange | undefined, dryRun = false) => runF({ ...(await resourceOptions(f)), dryRun, change, operatorKey: () => f.sandboxOperatorKey() });
  return new Command('clock')
    .summary('show or move the virtual clock (expires due options)')
    .description(
      "Sandbox only: the sandbox's virtual clock. Moving it runs what falls due, as time would: " +
        'Option and On Request services expire at midnight EST on their option_expiry_date. ' +
        'Moving it is an operator control: on a `trek sandbox serve` sandbox it needs TREK_SANDBOX_OPERATOR_KEY (its operator_key).',
    )
    .addHelpText('after', examples(['trek sandbox clock show', 'trek sandbox clock advance 30d && trek booking services 200001', 'trek sandbox clock set 2027-01-01']))
    .addCommand(
      new Command('show')
        .description("Print the sandbox's current time")
        .addHelpText('after', examples(['trek sandbox clock show', 'trek sandbox clock show -o json | jq -r .now']))
        .action(() => run(undefined)),
    )
    .addCommand(
      verb('advance')
        .description('Move the clock forward by DURATION (units s, m, h, d: 30d, 12h, 1d12h) and run what falls due')
        .argument('<duration>', 'e.g. 30d, 12h, 90m')
        .addHelpText('after', examples(['trek sandbox clock advance 30d', 'trek sandbox clock advance 1d12h -o json | jq -r .now']))
        .action((duration: string, flags: { dryRun?: boolean }) => run({ advance: parseDuration(duration) }, Boolean(flags.dryRun))),
    )
    .addCommand(
      verb('set')
        .description("Set the clock to DATE (midnight UTC) or to an ISO datetime, and run what falls due; a relative DATE (+30d, +6mo) counts from the clock's today")
        .argument('<date>', 'e.g. 2027-01-01, 2027-01-01T09:30:00Z or +6mo')
        .addHelpText('after', examples(['trek sandbox clock set 2027-01-01', 'trek sandbox clock set 2027-01-01T09:30:00-05:00', 'trek sandbox clock set +6mo']))
        .action(async (date: string, flags: { dryRun?: boolean }) => run({ set: parseInstant(date, 'DATE', await todayFor(f, [['DATE', date]])) }, Boolean(flags.dryRun))),
    );
}

/** "Expired: departure service 400012 (Best of Peru) on booking 200010, was Option", sanitised. */
export function changeLine(change: ClockChangeMade): string {
  const on = change.booking?.id === undefined ? '' : ` on booking ${displayValue(change.booking.id)}`;
  const kind = typeof change.service?.type === 'string' ? `${change.service.type.replace(/_services$/, '').replace(/_/g, ' ')} ` : '';
  const service = change.service ? `${kind}service ${displayValue(change.service.id)}${change.service.name ? ` (${displayValue(change.service.name)})` : ''}` : 'a service';
  switch (change.type) {
    case 'service_status':
      return sanitize(`${displayValue(change.to)}: ${service}${on}, was ${displayValue(change.from)}`);
    case 'service_repriced':
      return sanitize(`Repriced: ${service}${on}, now ${displayValue(change.purchase_price)}`);
    case 'final_payment_taken':
      return sanitize(`Final payment taken: ${formatMoney(change.amount, change.currency)}${on} (pending until it settles)`);
    case 'payment_settled':
      return sanitize(`Payment settled: ${formatMoney(change.amount, change.currency)}${on}`);
    default:
      return sanitize(`${displayValue(change.type)}${on}`);
  }
}

export async function clockRun(opts: ClockOptions): Promise<void> {
  const client = await opts.api();
  if (!opts.change) {
    await renderItem(opts.io, await getClock(client), opts.output, { rows: CLOCK_ROWS, xmlRoot: 'clock' });
    return;
  }
  checkFieldsBeforeChange(opts.output, CLOCK_FIELDS);
  const operatorKey = await opts.operatorKey();
  if (opts.dryRun) return describeRequest(opts, changeClockRequest(opts.change, operatorKey));
  const clock = await changeClock(client, opts.change, operatorKey);
  const how = 'advance' in opts.change ? `advanced by ${opts.change.advance}` : 'set';
  const changes = Array.isArray(clock.changes) ? clock.changes.map(changeLine) : [];
  const said = clock.changes === undefined ? [] : changes.length === 0 ? ['Nothing fell due.'] : changes.map((line) => `  ${line}`);
  await reportChange(opts, [`Sandbox clock ${how}: now ${sanitize(stderrTime(clock.now, opts.io, opts.output.timeZone))}`, ...said].join('\n'));
  await renderChanged(opts.io, clock, opts.output, { rows: CLOCK_ROWS, xmlRoot: 'clock' });
}
