import { Command } from 'commander';
import { AGENCY_FIELDS, COMMUNICATION_PREFERENCES, updateAgency, updateAgencyRequest, type AgencyUpdate } from '../../api/resources/agencies.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { sanitize } from '../../output/sanitize.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { reportChange } from '../destination.js';
import { collect, examples, parseEmail, parseText } from '../flags.js';
import { idArgument } from '../ids.js';
import { AGENCY_ROWS } from './view.js';

export interface AgencyUpdateOptions extends ChangeOptions {
  id: string;
  changes: AgencyUpdate;
}

interface AgencyFlags {
  name?: string;
  displayName?: string;
  transactionalEmail?: string;
  email: string[];
  street?: string;
  city?: string;
  state?: string;
  country?: string;
  postalZip?: string;
  communication: string[];
  abtaNumber?: string;
  dryRun?: boolean;
}

/** `ACCOUNTING:accounts@agency.example` → {type: 'ACCOUNTING', address: …}. */
function parseTypedEmail(value: string): { type: string; address: string } {
  const match = /^\s*([A-Za-z][A-Za-z_]*)\s*:\s*(\S+)\s*$/.exec(value);
  if (!match) throw new UsageError(`--email must be TYPE:ADDRESS such as ACCOUNTING:accounts@agency.example, got "${value}"`);
  return { type: match[1].toUpperCase(), address: parseEmail(match[2], '--email') };
}

function parseCommunication(value: string): string {
  const flag = value.trim().toUpperCase().replace(/-/g, '_');
  if (!(COMMUNICATION_PREFERENCES as readonly string[]).includes(flag)) {
    throw new UsageError(`--communication must be one of ${COMMUNICATION_PREFERENCES.join(', ')}, got "${value}"`);
  }
  return flag;
}

function changesFrom(flags: AgencyFlags): AgencyUpdate {
  const changes: AgencyUpdate = {};
  if (flags.name !== undefined) changes.name = parseText(flags.name, '--name');
  if (flags.displayName !== undefined) changes.preferred_display_name = parseText(flags.displayName, '--display-name');
  if (flags.transactionalEmail !== undefined) changes.transactional_email = parseEmail(flags.transactionalEmail, '--transactional-email');
  if (flags.email.length > 0) changes.emails = flags.email.map(parseTypedEmail);
  const address: NonNullable<AgencyUpdate['address']> = {};
  for (const [key, flag, value] of [
    ['street', '--street', flags.street],
    ['city', '--city', flags.city],
    ['state', '--state', flags.state],
    ['country', '--country', flags.country],
    ['postal_zip', '--postal-zip', flags.postalZip],
  ] as const) {
    if (value !== undefined) address[key] = parseText(value, flag);
  }
  if (Object.keys(address).length > 0) changes.address = address;
  if (flags.communication.length > 0) changes.communication_preferences = [...new Set(flags.communication.map(parseCommunication))];
  if (flags.abtaNumber !== undefined) changes.abta_number = parseText(flags.abtaNumber, '--abta-number');
  return changes;
}

export function newAgencyUpdateCmd(f: Factory, runF: (opts: AgencyUpdateOptions) => Promise<void> = agencyUpdateRun): Command {
  return new Command('update')
    .summary("change an agency's address (as text), e-mails, display name, preferences")
    .description(
      "Change an agency's profile. Address parts are sent as text (--state Ontario, --country Canada or CA); the API answers " +
        'state and country as objects, shown in the printed agency. --email and --communication replace their whole lists. ' +
        "Booking currencies, chains and booking companies are the operator's to change, not the agency's.",
    )
    .addArgument(idArgument('<id>', 'agency id'))
    .option('--name <name>', 'agency name')
    .option('--display-name <name>', 'name used in e-mails (preferred_display_name)')
    .option('--transactional-email <address>', 'address bookings are identified by and mails are sent to')
    .option('--email <type:address>', 'an e-mail as TYPE:ADDRESS; repeatable, replaces all', collect, [])
    .option('--street <text>', 'street address')
    .option('--city <text>', 'city')
    .option('--state <text>', 'state or province, by name or code (Ontario, ON)')
    .option('--country <text>', 'country, by name or code (Canada, CA)')
    .option('--postal-zip <text>', 'postal or ZIP code')
    .option('--communication <flag>', `communication preference; repeatable, replaces all: ${COMMUNICATION_PREFERENCES.join(', ')}`, collect, [])
    .option('--abta-number <number>', 'ABTA membership number')
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText(
      'after',
      examples([
        "trek agency update 1 --street '1 Yonge St' --city Toronto --state Ontario --country Canada --postal-zip 'M5E 1E5'",
        'trek agency update 1 --communication ATTACH_INVOICES --communication ATTACH_VOUCHERS',
        'trek agency update 1 --country Canada --state Ontario -o json | jq .address',
        'trek agency update 1 --display-name "Maple Leaf" --dry-run',
      ]),
    )
    .action(async (id: string, flags: AgencyFlags) => {
      const changes = changesFrom(flags);
      if (Object.keys(changes).length === 0) throw new UsageError('nothing to update: give at least one flag (`trek agency update --help` lists them)');
      await runF({ ...(await resourceOptions(f)), dryRun: Boolean(flags.dryRun), id, changes });
    });
}

export async function agencyUpdateRun(opts: AgencyUpdateOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, AGENCY_FIELDS);
  if (opts.dryRun) return describeRequest(opts, updateAgencyRequest(opts.id, opts.changes));
  const agency = await updateAgency(await opts.api(), opts.id, opts.changes);
  opts.history.remember('agency', [{ id: agency.id, label: agency.name }]);
  await reportChange(opts, `Updated agency ${sanitize(String(agency.id))}`);
  await renderChanged(opts.io, agency, opts.output, { rows: AGENCY_ROWS, xmlRoot: 'agency' });
}
