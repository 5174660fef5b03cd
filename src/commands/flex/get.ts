import { Command } from 'commander';
import type { ApiClient } from '../../api/client.js';
import { getBooking } from '../../api/resources/bookings.js';
import { getCancellationTerms, getFlexAddons, getFlexPlanService, type CancellationTerms, type FlexAddon } from '../../api/resources/flex.js';
import type { BookedService } from '../../api/resources/services.js';
import type { Factory } from '../../factory.js';
import { renderItem } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { serviceRows } from '../service/columns.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { ADDON_COLUMNS, windowColumns, withoutEmptyState } from './columns.js';
import { unlessNotFound } from '../../api/errors.js';

export interface FlexIdOptions extends ResourceOptions {
  id: string;
}

/** A flex plan service with its references followed: the full cancellation terms and addons. */
export type ExpandedFlexService = Omit<BookedService, 'cancellation_terms' | 'flex_plan_addons'> & {
  cancellation_terms: CancellationTerms | BookedService['cancellation_terms'];
  flex_plan_addons: FlexAddon[];
};

export async function expandFlexService(client: ApiClient, service: BookedService): Promise<ExpandedFlexService> {
  const [terms, addons] = await Promise.all([service.cancellation_terms ? unlessNotFound(getCancellationTerms(client, service.cancellation_terms)) : undefined, getFlexAddons(client, service)]);
  return { ...service, cancellation_terms: terms ?? service.cancellation_terms ?? null, flex_plan_addons: addons };
}

export function newFlexGetCmd(f: Factory, runF: (opts: FlexIdOptions) => Promise<void> = flexGetRun): Command {
  return new Command('get')
    .summary('show a flex plan service with its terms and addons')
    .description(
      'Show a flex plan service: its status (Option until paid in full, then Confirmed), the departure service it covers, ' +
        'its cancellation terms window by window, and its addons (one per covered customer, once confirmed).\n\n' +
        'JSON output is the service with cancellation_terms and flex_plan_addons expanded into the full resources.',
    )
    .addArgument(idArgument('<id>', 'flex plan service id'))
    .addHelpText(
      'after',
      examples([
        'trek flex get 400003',
        'trek flex get 400003 -o json | jq -r .status',
        "trek flex get 400003 -o json | jq '.flex_plan_addons | length'",
        'trek flex get 400003 --fields status,finish_date,option_expiry_date',
      ]),
    )
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function flexGetRun(opts: FlexIdOptions): Promise<void> {
  const client = await opts.api();
  const service = await getFlexPlanService(client, opts.id);
  const [expanded, booking] = await Promise.all([expandFlexService(client, service), service.booking ? unlessNotFound(getBooking(client, String(service.booking.id))) : undefined]);
  opts.history.remember('flex', [{ id: service.id, label: service.name }]);
  const terms = expanded.cancellation_terms as Partial<CancellationTerms> | null;
  const currency = booking?.currency;
  const termsTitle = `Cancellation terms ${sanitize(String(terms?.id ?? ''))}${terms?.type ? ` (${sanitize(terms.type)})` : ''}${currency ? `, amounts in ${sanitize(currency)}` : ''}`;
  await renderItem(opts.io, expanded, opts.output, {
    rows: serviceRows(service, currency),
    xmlRoot: 'flex_plan_service',
    sections: [
      { title: termsTitle, columns: windowColumns(currency), records: terms?.windows ?? [] },
      { title: 'Addons', columns: withoutEmptyState(ADDON_COLUMNS, expanded.flex_plan_addons), records: expanded.flex_plan_addons },
    ],
  });
}
