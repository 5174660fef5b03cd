import { Command } from 'commander';
import type { FlexPlan } from '../../api/resources/flex.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { formatValue, renderList, type Column } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples, idOption } from '../shared.js';
import { departureOf, departurePlans } from './plans-of.js';

export interface FlexPlansOptions extends ResourceOptions {
  /** Exactly one of the two. */
  departure?: string;
  departureService?: string;
}

/** Per-currency prices as "CAD 172.00 · USD 125.00"; a single Decimal as it is. */
function prices(value: unknown): string {
  if (value === null || typeof value !== 'object') return formatValue(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([currency, amount]) => `${currency} ${formatValue(amount)}`)
    .join(' · ');
}

export const PLAN_COLUMNS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'name', header: 'NAME' },
  { field: 'availability.status', header: 'AVAILABILITY', style: (text, _value, theme) => theme.status(text) },
  { field: 'stop_sell_date', header: 'STOP-SELL FROM' },
  { field: 'prices', header: 'PRICE', format: prices },
];

export function newFlexPlansCmd(f: Factory, runF: (opts: FlexPlansOptions) => Promise<void> = flexPlansRun): Command {
  return new Command('plans')
    .summary('list the flex plans a departure offers, with their availability')
    .description(
      'List the flex plans a departure offers, with their availability: NOT_BOOKABLE once the departure is inside the ' +
        'stop-sell window (60 days before it starts, 90 for the premium line). Name the departure, or a departure service booking it.',
    )
    .addOption(idOption('--departure <id>', 'departure (see: trek search departures)'))
    .addOption(idOption('--departure-service <id>', 'a departure service: the plans of the departure it books'))
    .addHelpText('after', examples([
      'trek flex plans --departure 100001',
      'trek flex plans --departure-service 400001',
      "trek flex plans --departure 100001 -o json | jq -r '.[] | select(.availability.status == \"AVAILABLE\") | .id'",
    ]))
    .action(async (flags: { departure?: string; departureService?: string }) => {
      if ((flags.departure === undefined) === (flags.departureService === undefined)) {
        throw new UsageError('give either --departure or --departure-service');
      }
      await runF({ ...(await resourceOptions(f)), departure: flags.departure, departureService: flags.departureService });
    });
}

export async function flexPlansRun(opts: FlexPlansOptions): Promise<void> {
  const client = await opts.api();
  const departureId = opts.departure ?? (await departureOf(client, opts.departureService!));
  const { plans } = await departurePlans(client, departureId);
  opts.history.remember('departure', [{ id: departureId }]);
  await renderList(opts.io, plans satisfies FlexPlan[], opts.output, { columns: PLAN_COLUMNS, empty: `Departure ${sanitize(departureId)} offers no flex plan.` });
}
