import { Command } from 'commander';
import { records } from '../../api/paginate.js';
import type { Factory } from '../../factory.js';
import { renderList, type Column } from '../../output/render.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples } from '../flags.js';

const REASON_COLUMNS: Column[] = [
  { field: 'code', header: 'CODE' },
  { field: 'label', header: 'LABEL' },
  { field: 'id', header: 'ID' },
];

export function newOverrideReasonsCmd(f: Factory, runF: (opts: ResourceOptions) => Promise<void> = overrideReasonsRun): Command {
  return new Command('reasons')
    .summary('the reason codes --reason takes, with their labels')
    .description('List the reasons an override can give (the codes --reason takes), with what each means.')
    .addHelpText('after', examples(['trek override reasons', 'trek override reasons -o json | jq -r ".[].code"']))
    .action(async () => {
      await runF(await resourceOptions(f));
    });
}

export async function overrideReasonsRun(opts: ResourceOptions): Promise<void> {
  const client = await opts.api();
  await renderList(opts.io, records(client, '/override_reasons/', { max_per_page: 100 }, { all: true }), opts.output, { columns: REASON_COLUMNS, empty: 'The API lists no override reasons.' });
}
