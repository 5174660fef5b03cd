import { Argument, Command } from 'commander';
import { subscribe, subscribeRequest, WEBHOOK_FIELDS, type NewSubscription } from '../../../api/resources/webhooks.js';
import { registerCompleter, valueList } from '../../../completion/index.js';
import { isWebhookEventType, receiverUrlProblem, WEBHOOK_EVENT_TYPES } from '../../../domain/webhooks.js';
import { UsageError } from '../../../errors.js';
import type { Factory } from '../../../factory.js';
import { toSafeJson } from '../../../output/sanitize.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../../resource.js';
import { reportChange } from '../../destination.js';
import { examples } from '../../flags.js';
import { describeSubscription, WEBHOOK_COLUMNS } from './view.js';

export interface WebhooksAddOptions extends ChangeOptions {
  subscription: NewSubscription;
  /** Whether the profile is the built-in sandbox, whose webhooks go out only while a deliverer runs. */
  builtIn: () => Promise<boolean>;
}

/** The receiver URL as given, or a UsageError saying what is wrong with it. */
export function parseReceiverUrl(value: string): string {
  const problem = receiverUrlProblem(value);
  if (problem !== null) throw new UsageError(`URL ${toSafeJson(value.slice(0, 100))} cannot receive webhooks: ${problem}`);
  return value;
}

/** `--events departures.updated,bookings.created`: each a known event type. */
export function parseEventTypes(value: string): string[] {
  const types = [
    ...new Set(
      value
        .split(',')
        .map((type) => type.trim())
        .filter((type) => type !== ''),
    ),
  ];
  if (types.length === 0) throw new UsageError('--events needs at least one event type, such as departures.updated (leave it out for every event)');
  const unknown = types.filter((type) => !isWebhookEventType(type));
  if (unknown.length > 0) throw new UsageError(`--events: unknown event type ${unknown.map((type) => toSafeJson(type)).join(', ')}; the types are ${WEBHOOK_EVENT_TYPES.join(', ')}`);
  return types;
}

export function newWebhooksAddCmd(f: Factory, runF: (opts: WebhooksAddOptions) => Promise<void> = webhooksAddRun): Command {
  const command = new Command('add')
    .summary('subscribe a URL to the sandbox’s webhook events for your agency')
    .description(
      'Sandbox only: from now on the sandbox POSTs each change your agency (or, for departures, anyone) makes to URL: a JSON array of events ' +
        '{id, event_type, resource, data: {id, href}, created}, signed with the key in use (X-Gapi-Signature: hex HMAC-SHA256 of the body). ' +
        'The receiver acknowledges with a 2xx and X-Application-SHA256: the hex SHA-256 of that key; anything else is retried ' +
        '(1 s, 5 s, 30 s, 2 min, 10 min, 1 h, then failed: `trek sandbox webhooks deliveries ID`). An agency holds up to 20 subscriptions.\n\n' +
        'On the built-in sandbox the webhooks go out while `trek webhooks listen` runs (which subscribes a receiver of its own); a `trek sandbox serve` sends them at once.',
    )
    .addArgument(new Argument('<url>', 'the receiver: an http or https URL').argParser(parseReceiverUrl))
    .option('--events <types>', `comma-separated event types (default: every one): ${WEBHOOK_EVENT_TYPES.join(', ')}`, parseEventTypes)
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText(
      'after',
      examples([
        'trek sandbox webhooks add http://127.0.0.1:8080/hooks',
        'trek sandbox webhooks add https://hooks.example.test/trek --events departures.updated,bookings.updated',
        'trek sandbox webhooks add http://127.0.0.1:8080/hooks -o json | jq -r .id',
      ]),
    );
  command.action(async (url: string, flags: { events?: string[]; dryRun?: boolean }) => {
    const subscription: NewSubscription = flags.events === undefined ? { url } : { url, events: flags.events };
    await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), subscription, builtIn: async () => (await f.embeddedSandbox()) !== undefined });
  });
  return registerCompleter(command, '--events', valueList(WEBHOOK_EVENT_TYPES));
}

export async function webhooksAddRun(opts: WebhooksAddOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, WEBHOOK_FIELDS);
  if (opts.dryRun) return describeRequest(opts, subscribeRequest(opts.subscription));
  const subscription = await subscribe(await opts.api(), opts.subscription);
  await reportChange(opts, `Added ${describeSubscription(subscription)}`);
  if (await opts.builtIn()) {
    opts.io.err.write('The built-in sandbox has no server: its webhooks wait in its outbox and go out while `trek webhooks listen` runs.\n');
  }
  await renderChanged(opts.io, subscription, opts.output, { rows: WEBHOOK_COLUMNS, xmlRoot: 'webhook' });
}
