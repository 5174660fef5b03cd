import { Command } from 'commander';
import type { ApiClient } from '../../api/client.js';
import type { Page } from '../../api/paginate.js';
import { parseOrderBy, parseWhere, validateMaxPerPage } from '../../api/query.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import type { IOStreams } from '../../output/iostreams.js';
import { renderList, type Column, type OutputSpec } from '../../output/render.js';
import { collect, examples, outputSpec, parseInteger } from '../shared.js';

/** A searchable catalogue collection: what the shared search verb needs to know about it. */
export interface SearchResource {
  /** Verb name under `trek search`. */
  name: string;
  path: string;
  description: string;
  columns: Column[];
  examples: string[];
}

export interface SearchOptions {
  io: IOStreams;
  api: () => Promise<ApiClient>;
  output: OutputSpec;
  resource: SearchResource;
  query: Array<[string, string]>;
  /** Records to print; undefined with --all. */
  limit?: number;
  all: boolean;
}

export const DEFAULT_LIMIT = 50;

/** `trek search <resource>`: one verb shape for every catalogue collection. */
export function newSearchVerbCmd(f: Factory, resource: SearchResource, runF: (opts: SearchOptions) => Promise<void> = searchRun): Command {
  return new Command(resource.name)
    .description(resource.description)
    .option('-w, --where <condition>', 'filter: attr=value (contains), attr__op=value with op lt|lte|gt|gte|like|in|null|notnull|phrase; repeatable', collect, [])
    .option('--order-by <attr>', 'sort by attr; -attr for descending; repeatable', collect, [])
    .option('-L, --limit <n>', `print at most N records (default ${DEFAULT_LIMIT})`)
    .option('--all', 'fetch every page (ignores --limit)')
    .option('--page <n>', 'start at page N')
    .option('--max-per-page <n>', 'page size asked of the API, 10–100 (default: fitted to --limit)')
    .addHelpText('after', examples(resource.examples))
    .action(async (flags: { where: string[]; orderBy: string[]; limit?: string; all?: boolean; page?: string; maxPerPage?: string }) => {
      if (flags.all && flags.limit !== undefined) throw new UsageError('use either --all or --limit, not both');
      const limit = flags.all ? undefined : flags.limit === undefined ? DEFAULT_LIMIT : parseInteger(flags.limit, '--limit', { min: 1 });
      const query: Array<[string, string]> = [...parseWhere(flags.where), ...parseOrderBy(flags.orderBy)];
      const maxPerPage = flags.maxPerPage === undefined ? undefined : validateMaxPerPage(parseInteger(flags.maxPerPage, '--max-per-page'));
      // Ask for no more than needed: a --limit 5 search fetches one page of 10, not 50.
      const pageSize = maxPerPage ?? (limit === undefined ? 100 : Math.min(100, Math.max(10, limit)));
      query.push(['max_per_page', String(pageSize)]);
      if (flags.page !== undefined) query.push(['page', String(parseInteger(flags.page, '--page', { min: 1 }))]);
      await runF({ io: f.io, api: () => f.api(), output: await outputSpec(f), resource, query, limit, all: Boolean(flags.all) });
    });
}

export async function searchRun(opts: SearchOptions): Promise<void> {
  const client = await opts.api();
  const { records, toCount } = await import('../../api/paginate.js');
  const progress = opts.all && opts.io.stderrIsTTY ? pageProgress(opts.io, toCount) : undefined;
  const results = records<unknown>(client, opts.resource.path, opts.query, { limit: opts.limit, all: opts.all, onPage: progress?.onPage });
  // On one terminal, stdout would print after the progress text on its line: clear it first.
  const io: IOStreams =
    progress && opts.io.stdoutIsTTY
      ? { ...opts.io, out: { write: (chunk: string) => (progress.clear(), opts.io.out.write(chunk)) } }
      : opts.io;
  try {
    await renderList(io, results, opts.output, { columns: opts.resource.columns, empty: `No ${opts.resource.name.replace(/-/g, ' ')} match.` });
  } finally {
    progress?.clear();
  }
}

/** "fetched 300 of ~1200" on a terminal's stderr while --all pages arrive. */
function pageProgress(io: IOStreams, toCount: (value: number | string | undefined) => number | undefined): { onPage: (page: Page<unknown>) => void; clear: () => void } {
  let fetched = 0;
  let shown = false;
  return {
    onPage(page) {
      fetched += page.envelope.results.length;
      // count is server text: only a number is shown.
      const total = toCount(page.envelope.count);
      io.err.write(`\r\x1b[2Kfetched ${fetched}${total === undefined ? '' : ` of ~${total}`}`);
      shown = true;
    },
    clear() {
      if (shown) io.err.write('\r\x1b[2K');
      shown = false;
    },
  };
}
