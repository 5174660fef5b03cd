import { Command } from 'commander';
import type { ApiClient } from '../../api/client.js';
import { isHttpStatus } from '../../api/errors.js';
import { whoami } from '../../api/resources/sandbox.js';
import { WEBHOOK_EVENT_TYPES, type WebhookEvent } from '../../domain/webhooks.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import { renderList, type Column, type OutputSpec } from '../../output/render.js';
import { parseEventType } from '../../webhooks/events.js';
import { examples } from '../flags.js';
import { idOption } from '../ids.js';
import { outputSpec } from '../output-spec.js';

export interface TriggerOptions {
  io: IOStreams;
  output: OutputSpec;
  api: () => Promise<ApiClient>;
  eventType: string;
  /** The resource the event names; it must exist. */
  id: string;
  /** The built-in sandbox: no server sends its events, a running `trek webhooks listen` does. */
  builtinSandbox: boolean;
}

const EVENT_COLUMNS: Column[] = [
  { field: 'event_type', header: 'EVENT TYPE' },
  { field: 'data.href', header: 'RESOURCE' },
  { field: 'id', header: 'EVENT ID', whole: true },
  { field: 'created', header: 'CREATED' },
];

export function newTriggerCmd(f: Factory, runF: (opts: TriggerOptions) => Promise<void> = triggerRun): Command {
  return new Command('trigger')
    .summary('emit a test event through the sandbox to every subscribed receiver')
    .description(
      'Sandbox only: emit EVENT_TYPE for an existing resource (--id) now, delivered, signed and retried like any other event, ' +
        'so a receiver (trek webhooks listen, your own endpoint) can be tried without changing anything. ' +
        'A served sandbox (trek sandbox serve) sends it at once; the built-in one keeps it in its outbox until trek webhooks listen runs.\n\n' +
        `Event types: ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
    )
    .argument('<event-type>', 'e.g. departures.updated')
    .addOption(idOption('--id <id>', 'id of the resource the event names (a departure id for departures.*)').makeOptionMandatory())
    .addHelpText('after', examples(['trek webhooks trigger departures.updated --id 1001', 'trek webhooks trigger bookings.updated --id 200001 -o json | jq -r .[0].id']))
    .action(async (eventType: string, flags: { id: string }) => {
      const builtinSandbox = (await f.profile()).builtinSandbox;
      await runF({ io: f.io, output: await outputSpec(f), api: () => f.api(), eventType: parseEventType(eventType), id: flags.id, builtinSandbox });
    });
}

export async function triggerRun(opts: TriggerOptions): Promise<void> {
  const client = await opts.api();
  const { trigger } = await import('../../api/resources/webhooks.js');
  let events: WebhookEvent[];
  try {
    events = await trigger(client, opts.eventType, opts.id);
  } catch (error) {
    // A 404 is either "no such resource" on a sandbox or no sandbox at all; whoami tells them apart.
    if (isHttpStatus(error, 404) && (await whoami(client)) === undefined) {
      throw new UsageError(
        `this profile's server (${client.baseUrl}) is not a trek sandbox: only a sandbox emits test events`,
        'Use the built-in sandbox profile (trek --profile sandbox …) or a `trek sandbox serve` URL.',
      );
    }
    throw error;
  }
  opts.io.err.write(`${triggeredNote(events.length, opts.builtinSandbox)}\n`);
  await renderList(opts.io, events, opts.output, { columns: EVENT_COLUMNS });
}

/** Who sends the events now: a served sandbox at once; the built-in one only while `trek webhooks listen` runs its deliverer. */
function triggeredNote(count: number, builtinSandbox: boolean): string {
  const [events, them] = count === 1 ? ['1 event', 'it'] : [`${count} events`, 'them'];
  if (!builtinSandbox) return `Triggered ${events}: subscribed receivers get ${them} shortly.`;
  return `Triggered ${events}: the built-in sandbox keeps ${them} in its outbox until \`trek webhooks listen\` runs, which delivers ${them} to subscribed receivers.`;
}
