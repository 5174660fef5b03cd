import { Command } from 'commander';
import { createCustomer, createCustomerRequest, CUSTOMER_FIELDS, displayName, TITLES, type CustomerCreate, type Title } from '../../api/resources/customers.js';
import type { Factory } from '../../factory.js';
import { sanitize } from '../../output/sanitize.js';
import type { Prompter } from '../../prompt/prompter.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { requireValue } from '../ask-or-refuse.js';
import { reportChange } from '../destination.js';
import { examples } from '../flags.js';
import { addCustomerFlags, given, customerToday, parseCustomerFlags, type CustomerFields, type CustomerFlags } from './flags.js';
import { CUSTOMER_ROWS } from './view.js';

export { parseTitle } from './flags.js';

export interface CustomerCreateOptions extends ChangeOptions {
  /** The three required name members; asked for on a terminal when missing. */
  firstName?: string;
  lastName?: string;
  title?: Title;
  /** Every other member given, checked (the name's middle and common names included). */
  fields: CustomerFields;
}

export function newCustomerCreateCmd(f: Factory, runF: (opts: CustomerCreateOptions) => Promise<void> = customerCreateRun): Command {
  const command = new Command('create')
    .summary('create a customer (a traveller)')
    .description(
      'Create a customer (a traveller), to add to services with --customer. Names are the legal names, as on the passport. Prints the new customer.\n\n' +
        'On a terminal, missing names and title are asked for.',
    );
  return addCustomerFlags(command, true)
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText(
      'after',
      examples([
        'trek customer create --first-name Ada --last-name Lovelace --title Ms',
        'trek customer create --first-name Alan --last-name Turing --title Mr --date-of-birth 1912-06-23 --nationality British \\\n    --passport-number 123456789 --email alan@example.com --phone MOBILE:+44-20-7946-0000',
        'C=$(trek customer create --first-name Ada --last-name Lovelace --title Ms -o json | jq -r .id)',
      ]),
    )
    .action(async (flags: CustomerFlags & { dryRun?: boolean }) => {
      const { name = {}, ...rest } = parseCustomerFlags(flags, await customerToday(f, flags));
      const { legal_first_name: firstName, legal_last_name: lastName, title, ...otherNames } = name;
      const fields = given({ ...rest, name: given(otherNames) }) ?? {};
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), firstName, lastName, title: title as Title | undefined, fields });
    });
}

export async function customerCreateRun(opts: CustomerCreateOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, CUSTOMER_FIELDS);
  const askName = (which: string) => (prompter: Prompter) =>
    prompter.input(`Legal ${which} (as on the passport)`, { validate: (value) => value.trim() !== '' || `enter the ${which}; it is required` }).then((value) => value.trim());
  const firstName = await requireValue(opts.firstName, '--first-name', opts.io, askName('first name'), opts.prompter);
  const lastName = await requireValue(opts.lastName, '--last-name', opts.io, askName('last name'), opts.prompter);
  const title = await requireValue(
    opts.title,
    '--title',
    opts.io,
    (prompter) =>
      prompter.select(
        'Title',
        TITLES.map((t) => ({ name: t, value: t })),
      ),
    opts.prompter,
  );

  const { name: otherNames, ...rest } = opts.fields;
  const body: CustomerCreate = { ...rest, name: { legal_first_name: firstName, ...otherNames, legal_last_name: lastName, title } };
  if (opts.dryRun) return describeRequest(opts, createCustomerRequest(body));

  const customer = await createCustomer(await opts.api(), body);
  opts.history.remember('customer', [{ id: customer.id, label: displayName(customer.name) }]);
  await reportChange(opts, `Created customer ${sanitize(String(customer.id))}`);
  await renderChanged(opts.io, customer, opts.output, { rows: CUSTOMER_ROWS, xmlRoot: 'customer' });
}
