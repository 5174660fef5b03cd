import { Command } from 'commander';
import type { ApiClient } from '../../api/client.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import type { Column, OutputSpec } from '../../output/render.js';
import { chosenCurrency, CURRENCY_HELP } from '../departure/prices.js';
import { addListOptions, listRun, readListFlags, type ListFlags, type ListRequest, type ListSpec } from '../list.js';
import { examples } from '../flags.js';
import { outputSpec } from '../output-spec.js';
import type { SignalHook } from '../signals.js';

/** A searchable catalogue collection: what the shared search verb needs to know about it. */
export interface SearchResource extends ListSpec {
  /** Verb name under `trek search`. */
  name: string;
  path: string;
  /** One line for `trek search --help`'s command list. */
  summary: string;
  description: string;
  examples: string[];
  /** With it the verb takes --currency: the columns for a currency (undefined: none asked for) and the output they go to. */
  columnsFor?: (currency: string | undefined, output: OutputSpec) => Column[];
}

export interface SearchOptions {
  io: IOStreams;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
  resource: SearchResource;
  request: ListRequest;
  /** Ctrl-C during --all (tests pass their own). */
  signals?: SignalHook;
}

/** `trek search <resource>`: one verb shape for every catalogue collection. */
export function newSearchVerbCmd(f: Factory, resource: SearchResource, runF: (opts: SearchOptions) => Promise<void> = searchRun): Command {
  const command = addListOptions(new Command(resource.name).summary(resource.summary).description(resource.description), resource);
  if (resource.columnsFor) command.option('--currency <code>', CURRENCY_HELP);
  return command.addHelpText('after', examples(resource.examples)).action(async ({ currency, ...flags }: ListFlags & { currency?: string }) => {
    const request = await readListFlags(f, flags, resource);
    const output = await outputSpec(f);
    const columns = resource.columnsFor?.(await chosenCurrency(f, currency), output);
    await runF({ io: f.io, api: () => f.api(), output, resource: columns ? { ...resource, columns } : resource, request });
  });
}

export async function searchRun(opts: SearchOptions): Promise<void> {
  await listRun({
    io: opts.io,
    api: opts.api,
    output: opts.output,
    path: opts.resource.path,
    spec: opts.resource,
    request: opts.request,
    empty: `No ${opts.resource.noun} match.`,
    ...(opts.signals === undefined ? {} : { signals: opts.signals }),
  });
}
