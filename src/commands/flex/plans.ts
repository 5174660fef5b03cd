import { Command } from 'commander';
import { getBooking } from '../../api/resources/bookings.js';
import { amountIn, type Amount, type FlexPlan } from '../../api/resources/flex.js';
import { getService } from '../../api/resources/services.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { formatMoney } from '../../output/money.js';
import { renderList, type Column } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idOption } from '../ids.js';
import { flexTotal } from './columns.js';
import { departurePlans } from './plans-of.js';
import { unlessNotFound } from '../../api/errors.js';

export interface FlexPlansOptions extends ResourceOptions {
  /** Exactly one of the two. */
  departure?: string;
  departureService?: string;
}

/** Per-currency prices as "CAD 172.00 · USD 125.00"; a single Decimal as it is. */
function prices(value: unknown): string {
  if (value === null || typeof value !== 'object') return displayValue(value);
  return Object.entries(value as Record<string, unknown>)
    .map(([currency, amount]) => `${currency} ${displayValue(amount)}`)
    .join(' · ');
}

const PLAN_FIRST_COLUMNS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'name', header: 'NAME' },
  { field: 'availability.status', header: 'AVAILABILITY', style: (text, _value, theme) => theme.status(text) },
  { field: 'stop_sell_date', header: 'STOP-SELL FROM' },
];

/** A departure's plans with no booking in view: the catalogue price per traveller, in every currency. */
export const PLAN_COLUMNS: Column[] = [...PLAN_FIRST_COLUMNS, { field: 'prices', header: 'PER TRAVELLER', format: prices }];

/** The plans for a booked departure service: per traveller and for its travellers, in the booking currency only. */
export function bookedPlanColumns(currency: string, travellers: number): Column[] {
  const perTraveller = (value: unknown) => formatMoney(amountIn(value as Amount, currency), currency);
  return [
    ...PLAN_FIRST_COLUMNS,
    { field: 'prices', header: 'PER TRAVELLER', format: perTraveller },
    { field: 'prices', header: `TOTAL (${travellers} TRAVELLER${travellers === 1 ? '' : 'S'})`, format: (value) => flexTotal(value as Amount, currency, travellers) },
  ];
}

export function newFlexPlansCmd(f: Factory, runF: (opts: FlexPlansOptions) => Promise<void> = flexPlansRun): Command {
  return new Command('plans')
    .summary('list the flex plans a departure offers, with their availability')
    .description(
      'List the flex plans a departure offers, with their availability: NOT_BOOKABLE once the departure is inside the ' +
        'stop-sell window (60 days before it starts, 90 for the premium line). Name the departure, or a departure service booking it.\n\n' +
        "Prices are per traveller; for a departure service, trek shows them in the booking's currency only, per traveller and for the service's travellers " +
        '(what confirming the plan costs). JSON output is the plans as the API sends them.',
    )
    .addOption(idOption('--departure <id>', 'departure (see: trek search departures)'))
    .addOption(idOption('--departure-service <id>', 'a departure service: the plans of the departure it books'))
    .addHelpText(
      'after',
      examples([
        'trek flex plans --departure 100001',
        'trek flex plans --departure-service 400001',
        'trek flex plans --departure 100001 -o json | jq -r \'.[] | select(.availability.status == "AVAILABLE") | .id\'',
      ]),
    )
    .action(async (flags: { departure?: string; departureService?: string }) => {
      if ((flags.departure === undefined) === (flags.departureService === undefined)) {
        throw new UsageError('give either --departure or --departure-service');
      }
      await runF({ ...(await resourceOptions(f)), departure: flags.departure, departureService: flags.departureService });
    });
}

export async function flexPlansRun(opts: FlexPlansOptions): Promise<void> {
  const client = await opts.api();
  const service = opts.departureService === undefined ? undefined : await getService(client, 'departure_services', opts.departureService);
  if (service && !service.product?.id) throw new UsageError(`departure service ${sanitize(opts.departureService!)} names no departure (product)`);
  const departureId = opts.departure ?? String(service!.product!.id);
  const [{ plans }, booking] = await Promise.all([
    departurePlans(client, departureId),
    service?.booking?.id === undefined ? undefined : unlessNotFound(getBooking(client, String(service.booking.id))),
  ]);
  opts.history.remember('departure', [{ id: departureId }]);
  const columns = booking?.currency ? bookedPlanColumns(booking.currency, service!.customers?.length ?? 0) : PLAN_COLUMNS;
  await renderList(opts.io, plans satisfies FlexPlan[], opts.output, { columns, empty: `Departure ${sanitize(departureId)} offers no flex plan.` });
}
