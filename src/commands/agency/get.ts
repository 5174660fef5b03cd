import { Command } from 'commander';
import { getAgency, type Agency } from '../../api/resources/agencies.js';
import type { Factory } from '../../factory.js';
import { renderItem } from '../../output/render.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { AGENCY_ROWS } from './view.js';

export interface AgencyGetOptions extends ResourceOptions {
  id: string;
}

export function newAgencyGetCmd(f: Factory, runF: (opts: AgencyGetOptions) => Promise<void> = agencyGetRun): Command {
  return new Command('get')
    .summary("an agency's profile: e-mails, currencies, address, chains and flags")
    .description(
      "Show an agency's profile: name and display name, e-mails, booking currencies, address, the chains it belongs to with " +
        'their flags (FLEX_DISABLED and the like), booking companies, communication preferences and notifications.',
    )
    .addArgument(idArgument('<id>', 'agency id'))
    .addHelpText('after', examples(['trek agency get 1', 'trek agency get 1 -o json | jq -r .booking_currencies[]', 'trek agency get 1 --fields name,address.country.name']))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function agencyGetRun(opts: AgencyGetOptions): Promise<void> {
  await showAgency(opts, await getAgency(await opts.api(), opts.id));
}

export async function showAgency(opts: ResourceOptions, agency: Agency): Promise<void> {
  opts.history.remember('agency', [{ id: agency.id, label: agency.name }]);
  await renderItem(opts.io, agency, opts.output, { rows: AGENCY_ROWS, xmlRoot: 'agency' });
}
