import { Command } from 'commander';
import { once } from 'node:events';
import { join } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import { isHttpStatus } from '../../api/errors.js';
import type { WebhookSubscription } from '../../api/resources/webhooks.js';
import { ensurePrivateFolder } from '../../config/paths.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import { renderItem, type OutputSpec } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import { localTime } from '../../output/time.js';
import { makeTheme } from '../../output/theme.js';
import type { InProcessSandbox } from '../../sandbox/index.js';
import { lockWaitFromEnv } from '../../util/lock.js';
import { parseEventTypes } from '../../webhooks/events.js';
import { parseForwardUrl } from '../../webhooks/forward.js';
import { webhookHandler, type HandledEvent, type SentEvent } from '../../webhooks/handler.js';
import { LISTEN_HOST, startReceiver, type Receiver } from '../../webhooks/receiver.js';
import { guardFileName, MAX_SEEN_EVENTS, ReplayGuard } from '../../webhooks/replay-guard.js';
import { checkFieldsBeforeChange } from '../resource.js';
import { processSignals, type SignalHook } from '../signals.js';
import { examples, parseInteger } from '../flags.js';
import { outputSpec } from '../output-spec.js';
import { webhookKey } from './key.js';
import { RESOURCE_FIELDS } from '../../domain/contract-fields.js';

export interface ListenOptions {
  io: IOStreams;
  output: OutputSpec;
  /** 0: any free port. */
  port: number;
  forwardTo?: URL;
  /** The subscription's event types; undefined: all. */
  events?: string[];
  /** Host names besides 127.0.0.1:PORT that requests may carry (--allow-host). */
  allowedHosts: string[];
  /** The profile's key header, never forwarded. */
  authHeader: string;
  key: () => Promise<string>;
  api: () => Promise<ApiClient>;
  /** The built-in profile's sandbox, whose deliverer listen runs; undefined elsewhere. */
  embeddedSandbox: () => Promise<InProcessSandbox | undefined>;
  /** The record of events this listener's job (profile, forward target, cache) was done for. */
  replayGuard: () => ReplayGuard;
  /** --update-cache. */
  evict?: (events: readonly SentEvent[]) => Promise<number>;
  now: () => Date;
  /** listenRun unsubscribes, stops and resolves once this is aborted. */
  stop: AbortSignal;
}

/** The fields of each event's JSON line (-o ndjson), for --fields: the event's (the contract's), then what listen adds. */
const LISTEN_FIELDS = [...RESOURCE_FIELDS.WebhookEvent, 'key', 'received', 'repeat', 'forwarded', 'forward_error', 'cache_evicted'];

export function newListenCmd(f: Factory, runF: (opts: ListenOptions) => Promise<void> = listenRun, signals: SignalHook = processSignals): Command {
  return new Command('listen')
    .summary('receive webhooks here: verify, print, forward, keep the cache current')
    .description(
      'Receive webhooks on a local port (127.0.0.1 only) and, on a sandbox profile, subscribe that port to its events until Ctrl-C or SIGTERM, which unsubscribe it.\n\n' +
        "Every request must carry X-Gapi-Signature, the hex HMAC-SHA256 of its body keyed with the profile's application key: others are refused (401) and never forwarded. " +
        'Good ones are answered with X-Application-SHA256 (so the sender stops retrying), printed one line per event (one JSON line with -o ndjson or in a pipe) ' +
        'and forwarded unchanged, signature included, to --forward-to; with --update-cache, what each event names is evicted from the local cache.\n\n' +
        `An event is recorded as done once its job is done (forwarded and acknowledged, cache evicted), per profile, --forward-to and --update-cache (the newest ${MAX_SEEN_EVENTS}, in trek's state folder): ` +
        'a repeat of a done event is marked, acknowledged, and neither forwarded nor applied again, also across runs. ' +
        'When --forward-to or the cache fails, or listen stops mid-event (even killed), the sender is not acknowledged and its retry is handled afresh. ' +
        'An event sent without an id is known by a digest of its members, so two identical ones are one event.\n\n' +
        'Against a real API (no sandbox), it prints how to register a public URL for this receiver and listens; requests must then name Host 127.0.0.1:PORT, or a name given with --allow-host.',
    )
    .option('--port <n>', 'port to listen on (127.0.0.1); 0 picks a free one', '0')
    .option('--forward-to <url>', 'pass each verified request on, unchanged, to this URL (your own endpoint)')
    .option('--events <types>', 'event types to subscribe to, separated by commas (default: all)')
    .option('--update-cache', 'evict what each event names (a departure, its lists) from the local cache, so the next read is current')
    .option('--allow-host <name>', "also answer requests naming this Host (a tunnel's public name, e.g. abc.trycloudflare.com)")
    .addHelpText(
      'after',
      examples([
        'trek webhooks listen',
        'trek webhooks listen --update-cache -o ndjson | jq -r .event_type',
        'trek webhooks listen --port 4020 --forward-to http://127.0.0.1:3000/webhooks --events departures.updated,bookings.updated',
        'TREK_BASE_URL=http://127.0.0.1:4010 TREK_API_KEY=<api_key> trek webhooks listen --update-cache &   # beside `trek sandbox serve`',
      ]),
    )
    .action(async (flags: { port: string; forwardTo?: string; events?: string; updateCache?: boolean; allowHost?: string }) => {
      const port = parseInteger(flags.port, '--port', { min: 0, max: 65535 });
      const forwardTo = flags.forwardTo === undefined ? undefined : parseForwardUrl(flags.forwardTo);
      const events = flags.events === undefined ? undefined : parseEventTypes(flags.events);
      const allowedHosts = flags.allowHost === undefined ? [] : [parseAllowedHost(flags.allowHost, port)];
      const output = await outputSpec(f);
      if (!['table', 'json', 'ndjson'].includes(output.format)) throw new UsageError(`listen prints a stream of events: lines on a terminal, or JSON lines with -o ndjson (got -o ${output.format})`);
      checkFieldsBeforeChange(output, LISTEN_FIELDS);
      let lockWaitMs: number;
      try {
        lockWaitMs = lockWaitFromEnv(f.env);
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      const profile = await f.profile();
      const job = { profile: profile.name, forwardTo: forwardTo?.href ?? null, cache: flags.updateCache ? (profile.baseUrl ?? 'builtin') : null };
      const guardFile = join(ensurePrivateFolder(f.paths(), 'state'), guardFileName(job));
      const stopping = new AbortController();
      const unsubscribe = signals((signal) => stopping.abort(signal));
      try {
        await runF({
          io: f.io,
          output,
          port,
          forwardTo,
          events,
          allowedHosts,
          authHeader: profile.authHeader,
          key: () => webhookKey(f),
          api: () => f.api(),
          embeddedSandbox: () => f.embeddedSandbox(),
          replayGuard: () => new ReplayGuard(guardFile, { lockWaitMs, warn: (line) => f.io.err.write(`warning: ${sanitize(line)}\n`) }),
          evict: flags.updateCache
            ? async (handled) => (await import('../../cache/index.js')).evictForEvents({ paths: f.paths(), profile: profile.name, baseUrl: profile.baseUrl }, handled)
            : undefined,
          now: () => f.now(),
          stop: stopping.signal,
        });
      } finally {
        unsubscribe();
      }
    });
}

/** --allow-host: a host name (and port, when the tunnel's public URL has one), as a Host header carries it. */
function parseAllowedHost(value: string, port: number): string {
  const host = value.trim().toLowerCase();
  if (!/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(host)) throw new UsageError(`--allow-host takes a host name such as abc.trycloudflare.com, got "${value}"`);
  if (host === LISTEN_HOST || host === `${LISTEN_HOST}:${port}`) throw new UsageError(`--allow-host names another host: ${LISTEN_HOST}:PORT is always answered`);
  return host;
}

export async function listenRun(opts: ListenOptions): Promise<void> {
  const { io } = opts;
  const errTheme = makeTheme(io.colorErr);
  const key = await opts.key();
  const handle = webhookHandler({
    guard: opts.replayGuard(),
    forwardTo: opts.forwardTo,
    withheldHeaders: new Set([opts.authHeader.toLowerCase(), 'x-application-key', 'authorization', 'x-sandbox-operator-key']),
    evict: opts.evict,
    now: opts.now,
    report: (events) => printEvents(opts, events),
    warn: (line) => io.err.write(`${errTheme.warning('!')} ${sanitize(line)}\n`),
  });
  let receiver: Receiver;
  try {
    receiver = await startReceiver({
      key,
      port: opts.port,
      allowedHosts: opts.allowedHosts,
      onVerified: handle,
      onRefused: (line) => io.err.write(`${errTheme.error('✗')} ${sanitize(line)}\n`),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`cannot listen on ${LISTEN_HOST}:${opts.port}: the port is in use`, 'Pick another with --port N, or leave --port out for any free port.');
    if (code === 'EACCES') throw new UsageError(`cannot listen on ${LISTEN_HOST}:${opts.port}: permission denied`, 'Ports below 1024 need privileges; pick a higher --port.');
    throw error;
  }
  let subscription: Subscription | undefined;
  let delivery: { stop(): Promise<void> } | undefined;
  try {
    io.err.write(`Listening on ${receiver.url} (X-Gapi-Signature checked with the profile's key)\n`);
    const client = await opts.api();
    subscription = await subscribe(client, receiver.url, opts.events);
    if (subscription) {
      const sandbox = await opts.embeddedSandbox();
      // The built-in sandbox answers inside trek's processes: this one delivers its webhooks while it listens.
      delivery = sandbox?.startWebhookDelivery();
      io.err.write(`Subscribed ${receiver.url} to ${opts.events?.join(', ') ?? 'every event'} (subscription ${sanitize(subscription.id)}); Ctrl-C unsubscribes and stops.\n`);
    } else {
      io.err.write(realApiInstructions(client.baseUrl, receiver.port));
    }
    if (!opts.stop.aborted) await once(opts.stop, 'abort');
    io.err.write('Stopping…\n');
  } finally {
    if (subscription) await unsubscribe(opts, subscription);
    await delivery?.stop();
    await receiver.close();
  }
}

type Subscription = Pick<WebhookSubscription, 'id'>;

/** Subscribes the receiver; undefined when the server has no sandbox webhook registry (a real API). */
async function subscribe(client: ApiClient, url: string, events: string[] | undefined): Promise<Subscription | undefined> {
  const { subscribe: create } = await import('../../api/resources/webhooks.js');
  try {
    return await create(client, events === undefined ? { url } : { url, events });
  } catch (error) {
    if (isHttpStatus(error, 404)) return undefined;
    throw error;
  }
}

/** On every way out: a failure is reported with the command that finishes the job, not thrown over the reason for leaving. */
async function unsubscribe(opts: ListenOptions, subscription: Subscription): Promise<void> {
  const { removeSubscription } = await import('../../api/resources/webhooks.js');
  try {
    await removeSubscription(await opts.api(), subscription.id);
    opts.io.err.write(`Unsubscribed (subscription ${sanitize(subscription.id)}).\n`);
  } catch (error) {
    if (isHttpStatus(error, 404)) return; // gone already (a reset sandbox)
    opts.io.err.write(
      `warning: could not remove subscription ${sanitize(subscription.id)}: ${sanitize((error as Error).message)}; remove it with: trek sandbox webhooks remove ${sanitize(subscription.id)}\n`,
    );
  }
}

function realApiInstructions(baseUrl: string, port: number): string {
  return (
    `${baseUrl} has no sandbox webhook registry, so nothing was subscribed. To receive its webhooks here:\n` +
    `  1. Make this port reachable from the internet with a tunnel, for example:\n` +
    `       cloudflared tunnel --url http://${LISTEN_HOST}:${port} --http-host-header ${LISTEN_HOST}:${port}\n` +
    `       ssh -R 80:${LISTEN_HOST}:${port} you@your-server   (then restart with --port ${port} --allow-host your-server's name)\n` +
    `  2. Give the tunnel's public https URL to the operator as your webhook URL.\n` +
    `  3. Their requests must carry X-Gapi-Signature: hex HMAC-SHA256 of the body keyed with this profile's application key; others get 401 and are not forwarded.\n` +
    `Listening meanwhile; Ctrl-C stops.\n`
  );
}

async function printEvents(opts: ListenOptions, events: HandledEvent[]): Promise<void> {
  const { io, output } = opts;
  if (output.format !== 'table') {
    for (const event of events) await renderItem(io, event, { ...output, format: 'ndjson' });
    return;
  }
  const theme = makeTheme(output.color);
  for (const event of events) {
    const notes = [
      event.repeat ? theme.warning('repeat: not forwarded or applied again') : '',
      event.forwarded !== null && event.forward_error === null ? `forwarded: ${event.forwarded}` : '',
      event.forward_error !== null ? theme.error(`forward failed (${sanitize(event.forward_error)}): not acknowledged, the sender retries`) : '',
      event.cache_evicted === null ? '' : `cache: ${event.cache_evicted} evicted`,
    ].filter(Boolean);
    const line = [theme.dim(sanitize(localTime(event.created, output.timeZone))), theme.bold(sanitize(event.event_type)), sanitize(event.id ?? event.key), sanitize(event.data.href), ...notes];
    io.out.write(`${line.join('  ')}\n`);
  }
}
