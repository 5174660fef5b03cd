import { Command } from 'commander';
import {
  createCustomer,
  createCustomerRequest,
  CUSTOMER_FIELDS,
  displayName,
  TITLES,
  type CustomerAddress,
  type CustomerCreate,
  type Passport,
  type Title,
} from '../../api/resources/customers.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { sanitize } from '../../output/sanitize.js';
import type { Prompter } from '../../prompt/prompter.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { collect, examples, parseDate, parseEmail, parsePhone, parseText, requireValue } from '../shared.js';
import { CUSTOMER_ROWS } from './view.js';

export interface CustomerCreateOptions extends ChangeOptions {
  /** The three required name members; asked for on a terminal when missing. */
  firstName?: string;
  lastName?: string;
  title?: Title;
  /** Everything else of the body, validated. */
  details: Omit<CustomerCreate, 'name'> & { middleName?: string; commonName?: string };
}

interface CustomerFlags {
  firstName?: string;
  lastName?: string;
  title?: string;
  middleName?: string;
  commonName?: string;
  dateOfBirth?: string;
  placeOfBirth?: string;
  nationality?: string;
  passportNumber?: string;
  passportIssueDate?: string;
  passportExpiryDate?: string;
  passportPlaceOfIssue?: string;
  email?: string;
  phone?: string[];
  street?: string;
  city?: string;
  state?: string;
  country?: string;
  postalZip?: string;
  dryRun?: boolean;
}

export function parseTitle(value: string, flag = '--title'): Title {
  const title = TITLES.find((t) => t.toLowerCase() === value.trim().toLowerCase());
  if (!title) throw new UsageError(`${flag} must be one of ${TITLES.join(', ')}, got "${value}"`);
  return title;
}

/** Only the members given, so an object of all-missing members is left out of the body. */
function given<T extends object>(members: T): T | undefined {
  const present = Object.entries(members).filter(([, v]) => v !== undefined);
  return present.length ? (Object.fromEntries(present) as T) : undefined;
}

export function newCustomerCreateCmd(f: Factory, runF: (opts: CustomerCreateOptions) => Promise<void> = customerCreateRun): Command {
  return new Command('create')
    .summary('create a customer (a traveller)')
    .description(
      'Create a customer (a traveller), to add to services with --customer. Names are the legal names, as on the passport. Prints the new customer.\n\n' +
        'On a terminal, missing names and title are asked for.',
    )
    .option('--first-name <name>', 'legal first name (required)')
    .option('--last-name <name>', 'legal last name (required)')
    .option('--title <title>', `title (required): ${TITLES.join(', ')}`)
    .option('--middle-name <name>', 'legal middle name')
    .option('--common-name <name>', 'the name the person goes by')
    .option('--date-of-birth <date>', 'date of birth, YYYY-MM-DD')
    .option('--place-of-birth <place>', 'place of birth')
    .option('--nationality <nationality>', 'nationality')
    .option('--passport-number <number>', 'passport number')
    .option('--passport-issue-date <date>', 'passport issue date, YYYY-MM-DD')
    .option('--passport-expiry-date <date>', 'passport expiry date, YYYY-MM-DD')
    .option('--passport-place-of-issue <place>', 'where the passport was issued')
    .option('--email <address>', 'e-mail address of the customer')
    .option('--phone <type:number>', 'phone number as TYPE:NUMBER, e.g. MOBILE:+1-555-0100; repeatable', collect)
    .option('--street <street>', 'address: street')
    .option('--city <city>', 'address: city')
    .option('--state <state>', 'address: state or province')
    .option('--country <country>', 'address: country')
    .option('--postal-zip <code>', 'address: postal or ZIP code')
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples([
      'trek customer create --first-name Ada --last-name Lovelace --title Ms',
      'trek customer create --first-name Alan --last-name Turing --title Mr --date-of-birth 1912-06-23 --nationality British \\\n    --passport-number 123456789 --email alan@example.com --phone MOBILE:+44-20-7946-0000',
      'C=$(trek customer create --first-name Ada --last-name Lovelace --title Ms -o json | jq -r .id)',
    ]))
    .action(async (flags: CustomerFlags) => {
      const date = (value: string | undefined, flag: string) => (value === undefined ? undefined : parseDate(value, flag));
      await runF({
        ...(await resourceOptions(f)),
        dryRun: Boolean(flags.dryRun),
        firstName: parseText(flags.firstName, '--first-name'),
        lastName: parseText(flags.lastName, '--last-name'),
        title: flags.title === undefined ? undefined : parseTitle(flags.title),
        details: {
          middleName: parseText(flags.middleName, '--middle-name'),
          commonName: parseText(flags.commonName, '--common-name'),
          date_of_birth: date(flags.dateOfBirth, '--date-of-birth'),
          place_of_birth: parseText(flags.placeOfBirth, '--place-of-birth'),
          nationality: parseText(flags.nationality, '--nationality'),
          passport: given<Passport>({
            number: parseText(flags.passportNumber, '--passport-number'),
            issue_date: date(flags.passportIssueDate, '--passport-issue-date'),
            expiry_date: date(flags.passportExpiryDate, '--passport-expiry-date'),
            place_of_issue: parseText(flags.passportPlaceOfIssue, '--passport-place-of-issue'),
          }),
          account_email: flags.email === undefined ? undefined : parseEmail(flags.email, '--email'),
          phone_numbers: flags.phone?.map((phone) => parsePhone(phone)),
          address: given<CustomerAddress>({
            street: parseText(flags.street, '--street'),
            city: parseText(flags.city, '--city'),
            state: parseText(flags.state, '--state'),
            country: parseText(flags.country, '--country'),
            postal_zip: parseText(flags.postalZip, '--postal-zip'),
          }),
        },
      });
    });
}

export async function customerCreateRun(opts: CustomerCreateOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, CUSTOMER_FIELDS);
  const askName = (question: string) => (prompter: Prompter) =>
    prompter.input(question, { validate: (value) => value.trim() !== '' || 'required' }).then((value) => value.trim());
  const firstName = await requireValue(opts.firstName, '--first-name', opts.io, askName('Legal first name (as on the passport)'), opts.prompter);
  const lastName = await requireValue(opts.lastName, '--last-name', opts.io, askName('Legal last name (as on the passport)'), opts.prompter);
  const title = await requireValue(opts.title, '--title', opts.io, (prompter) => prompter.select('Title', TITLES.map((t) => ({ name: t, value: t }))), opts.prompter);

  const { middleName, commonName, ...rest } = opts.details;
  const body: CustomerCreate = {
    name: given({ legal_first_name: firstName, legal_middle_name: middleName, legal_last_name: lastName, common_name: commonName, title })!,
    ...given(rest),
  };
  if (opts.dryRun) return describeRequest(opts, createCustomerRequest(body));

  const customer = await createCustomer(await opts.api(), body);
  opts.history.remember('customer', [{ id: customer.id, label: displayName(customer.name) }]);
  opts.io.err.write(`Created customer ${sanitize(String(customer.id))}.\n`);
  await renderChanged(opts.io, customer, opts.output, { rows: CUSTOMER_ROWS, xmlRoot: 'customer' });
}
