import { Command } from 'commander';
import { getTravelCredit, type TravelCredit } from '../../api/resources/credits.js';
import { fromApi, registerCompleter, type Candidate, type CompletionContext } from '../../completion/index.js';
import type { Factory } from '../../factory.js';
import { recentIds } from '../../history.js';
import { renderItem, type Column } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { reference } from '../booking/view.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { apiDay, creditColumns, creditLabel } from './view.js';

export interface CreditGetOptions extends ResourceOptions {
  id: string;
  /** The day when the API gives none (its Date header): the factory's clock. */
  now: () => Date;
}

export function newCreditGetCmd(f: Factory, runF: (opts: CreditGetOptions) => Promise<void> = creditGetRun): Command {
  const command = new Command('get')
    .summary('show a travel credit: amount left, the windows to book and to travel, where it came from')
    .description(
      'Show a travel credit: its amount and what is left, when it was issued, until when it can be booked (book by) and ' +
        'travelled on (travel by), and the booking, departure service and flex plan service it came from.',
    )
    .addArgument(idArgument('<id>', 'travel credit id'))
    .addHelpText('after', examples(['trek credit get 660001', 'trek credit get 660001 -o json | jq -r .booking_window.end_date']))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id, now: () => f.now() });
    });
  return registerCompleter(command, 'id', creditIds);
}

export async function creditGetRun(opts: CreditGetOptions): Promise<void> {
  const client = await opts.api();
  const { credit, date } = await getTravelCredit(client, opts.id);
  opts.history.remember('credit', [{ id: displayValue(credit.id), label: creditLabel(credit) }]);
  await renderItem(opts.io, credit, opts.output, { rows: creditRows(apiDay(date, opts.now)), xmlRoot: 'travel_credit' });
}

function creditRows(today: string): Column[] {
  return [
    ...creditColumns(today),
    { field: 'date_created', header: 'CREATED' },
    { field: 'departure_service', header: 'DEPARTURE SERVICE', format: reference },
    { field: 'flex_plan_service', header: 'FLEX PLAN SERVICE', format: reference },
  ];
}

/**
 * `trek credit get <TAB>`: the agency's credits with what is left (one request, within the
 * completion deadline), then the ids this profile saw before that the API did not list.
 */
async function creditIds(ctx: CompletionContext): Promise<Candidate[]> {
  const listed = await fromApi(ctx, async (api) => {
    const [{ whoami }, { agencyTravelCreditsPath }] = await Promise.all([import('../../api/resources/sandbox.js'), import('../../api/resources/credits.js')]);
    const agency = (await ctx.f.profile()).agency ?? (await whoami(api))?.agency?.id;
    if (agency === undefined || agency === null || String(agency) === '') return [];
    const page = (await api.get<{ results?: unknown }>(agencyTravelCreditsPath(String(agency)), { max_per_page: 100 })).data;
    const credits = Array.isArray(page?.results) ? (page.results as TravelCredit[]) : [];
    return credits.map((credit) => ({ value: displayValue(credit.id), description: creditLabel(credit) }));
  });
  const offered = new Set(listed.map((candidate) => candidate.value));
  const recent = recentIds(ctx.f.paths(), ctx.profile, 'credit').filter(({ id }) => !offered.has(id));
  return [...listed, ...recent.map(({ id, label }) => ({ value: id, description: label }))];
}
