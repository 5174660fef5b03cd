/**
 * What the commands working on API resources (bookings, customers, services, the sandbox
 * helpers) share: the options every verb carries, ids remembered for completion, and the
 * three steps of a change — check --fields, send or describe (--dry-run), print the result.
 */
import type { ApiClient, RequestOptions } from '../api/client.js';
import type { Factory } from '../factory.js';
import { recentIds, type IdKind, type IdToRemember, type RememberedId } from '../history.js';
import { profileName } from '../config/peek.js';
import { selectFields, validateFields } from '../output/fields.js';
import type { IOStreams } from '../output/iostreams.js';
import { renderItem, renderList, type Column, type ItemOptions, type OutputSpec } from '../output/render.js';
import type { Prompter } from '../prompt/prompter.js';
import { destinationOf, destinationPrompter, type Destination } from './destination.js';
import { outputSpec } from './output-spec.js';

/** The local history of ids (src/history.ts) as commands use it. */
export interface IdHistory {
  remember(kind: IdKind, ids: readonly IdToRemember[]): void;
  /** Newest first. */
  recent(kind: IdKind): RememberedId[];
}

export interface ResourceOptions {
  io: IOStreams;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
  prompter: () => Prompter;
  history: IdHistory;
  /** The API changes go to, named by every change's summary line (reportChange) and prompt header. */
  destination: () => Promise<Destination>;
}

export interface ChangeOptions extends ResourceOptions {
  /** Print the request that would be sent and send nothing. */
  dryRun: boolean;
}

export const DRY_RUN_HELP = 'print the request that would be sent (key redacted) and send nothing';

export async function resourceOptions(f: Factory): Promise<ResourceOptions> {
  // The writer only here, where a command runs: completion builds this tree and must not load it.
  const { rememberIds } = await import('../history-record.js');
  const destination = () => destinationOf(f);
  return {
    io: f.io,
    api: () => f.api(),
    output: await outputSpec(f),
    prompter: destinationPrompter(f, destination),
    destination,
    history: {
      remember: (kind, ids) => rememberIds(f, kind, ids),
      recent: (kind) => recentIds(f.paths(), profileName(f.paths(), f.env, f.globals.profile), kind),
    },
  };
}

/**
 * --fields of a command that changes data are checked against the resource's known fields
 * before anything is sent: a typo must not create a booking and then fail to print it.
 */
export function checkFieldsBeforeChange(output: OutputSpec, known: readonly string[]): void {
  if (output.fields) validateFields(output.fields, [...known]);
}

/** --dry-run: the request as it would be sent (key redacted), on stdout. */
export async function describeRequest(opts: Pick<ChangeOptions, 'io' | 'api'>, request: RequestOptions): Promise<void> {
  const client = await opts.api();
  opts.io.out.write(`${client.describe(request)}\n`);
}

/**
 * Prints the resource a change returned. --fields were already checked against the static
 * field list, so a field this server leaves out prints as null instead of failing after the
 * change was made.
 */
export async function renderChanged(io: IOStreams, record: unknown, output: OutputSpec, options: ItemOptions = {}): Promise<void> {
  if (!output.fields) return renderItem(io, record, output, options);
  const rows = output.fields.map((field) => ({ field, header: field }));
  const xmlRoot = options.xmlRoot === undefined ? {} : { xmlRoot: options.xmlRoot };
  await renderItem(io, selectFields(record, output.fields), { ...output, fields: undefined }, { rows, ...xmlRoot });
}

/** renderChanged for several records (a command that created more than one). */
export async function renderChangedList(io: IOStreams, records: unknown[], output: OutputSpec, columns: Column[]): Promise<void> {
  if (!output.fields) {
    await renderList(io, records, output, { columns });
    return;
  }
  const fields = output.fields;
  const selected = records.map((record) => selectFields(record, fields));
  await renderList(io, selected, { ...output, fields: undefined }, { columns: fields.map((field) => ({ field, header: field })) });
}

/**
 * A list as it streams to the output, each record also kept in `seen`: a command remembers
 * the ids it printed once the output is written, without holding the stream back.
 */
export function keepWhileStreaming<T>(items: AsyncIterable<T>): { records: AsyncGenerator<T>; seen: T[] } {
  const seen: T[] = [];
  async function* records(): AsyncGenerator<T> {
    for await (const item of items) {
      seen.push(item);
      yield item;
    }
  }
  return { records: records(), seen };
}
