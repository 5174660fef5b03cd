import { Command } from 'commander';
import { displayName, getCustomer } from '../../api/resources/customers.js';
import type { Factory } from '../../factory.js';
import { renderItem } from '../../output/render.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { CUSTOMER_ROWS } from './view.js';

export interface CustomerIdOptions extends ResourceOptions {
  id: string;
}

export function newCustomerGetCmd(f: Factory, runF: (opts: CustomerIdOptions) => Promise<void> = customerGetRun): Command {
  return new Command('get')
    .summary('show a customer')
    .description('Show a customer: legal name and title, date of birth, nationality, passport, contact details and address.')
    .addArgument(idArgument('<id>', 'customer id'))
    .addHelpText('after', examples(['trek customer get 300001', 'trek customer get 300001 --fields name.legal_first_name,name.legal_last_name,passport.expiry_date']))
    .action(async (id: string) => {
      await runF({ ...(await resourceOptions(f)), id });
    });
}

export async function customerGetRun(opts: CustomerIdOptions): Promise<void> {
  const customer = await getCustomer(await opts.api(), opts.id);
  opts.history.remember('customer', [{ id: customer.id, label: displayName(customer.name) }]);
  await renderItem(opts.io, customer, opts.output, { rows: CUSTOMER_ROWS, xmlRoot: 'customer' });
}
