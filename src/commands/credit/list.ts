import { Command } from 'commander';
import type { ApiClient } from '../../api/client.js';
import { records, type Page } from '../../api/paginate.js';
import { agencyTravelCreditsPath, bookingTravelCreditsPath, type TravelCredit } from '../../api/resources/credits.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { toCents } from '../../output/money.js';
import { renderList } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import { agencyInUse } from '../booking/list.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { examples } from '../flags.js';
import { idOption } from '../ids.js';
import { apiDay, creditColumns, creditLabel, daysUntil, expiryOf } from './view.js';

export interface CreditListOptions extends ResourceOptions {
  /** The credits of this booking; else the agency's. */
  booking?: string;
  /** --agency: whose credits; else the profile's agency, else the agency of the key. */
  agency?: string;
  profileAgency: () => Promise<string | undefined>;
  /** --expiring: only credits still usable whose booking window ends within this many days. */
  expiringDays?: number;
  /** The day when the API gives none (its Date header): the factory's clock. */
  now: () => Date;
}

export function newCreditListCmd(f: Factory, runF: (opts: CreditListOptions) => Promise<void> = creditListRun): Command {
  return new Command('list')
    .summary("your agency's travel credits with their windows to book and to travel; --expiring 30d for those running out")
    .description(
      "List the travel credits issued on your agency's bookings (a cancellation under flex terms gives one), soonest to " +
        'expire first: amount, amount left, issue date, and the ends of the booking window (book by; 12 months from issue for ' +
        "the operator's own flex tiers) and of the travel window (travel by; 24 months). A credit expires when its booking window " +
        `ends. On a terminal the windows ending within 30 days stand out, and those ended are dimmed; days are counted on the API's clock.\n\n` +
        "--booking lists one booking's credits. --expiring 30d keeps the credits with something left whose booking window ends " +
        'within 30 days (units: d, w).',
    )
    .addOption(idOption('--booking <id>', 'only the credits of this booking'))
    .addOption(idOption('--agency <id>', 'agency whose credits to list (default: yours)').conflicts('booking'))
    .option('--expiring <days>', 'only credits whose booking window ends within this time, e.g. 30d or 2w')
    .addHelpText(
      'after',
      examples([
        'trek credit list',
        'trek credit list --expiring 30d',
        'trek credit list --booking 200003',
        "trek credit list -o json | jq -r '.[] | [.id, .booking.id, .remaining_amount, .booking_window.end_date] | @tsv'",
      ]),
    )
    .action(async (flags: { booking?: string; agency?: string; expiring?: string }) => {
      const expiringDays = flags.expiring === undefined ? undefined : parseDays(flags.expiring, '--expiring');
      await runF({
        ...(await resourceOptions(f)),
        booking: flags.booking,
        agency: flags.agency,
        expiringDays,
        profileAgency: async () => (await f.profile()).agency,
        now: () => f.now(),
      });
    });
}

/** `30d`, `2w` or `30` (days) → days, from 1 day to 10 years. */
export function parseDays(value: string, flag: string): number {
  const match = /^(\d{1,5})([dw]?)$/i.exec(value.trim());
  const days = match ? Number(match[1]) * (match[2].toLowerCase() === 'w' ? 7 : 1) : Number.NaN;
  if (!(days >= 1 && days <= 3650)) throw new UsageError(`${flag} must be a number of days such as 30d or 2w (1 day to 10 years), got "${value}"`, undefined, { field: flag });
  return days;
}

/** The credits and the API's day (from the first page's Date header). */
async function readCredits(client: ApiClient, path: string, now: () => Date): Promise<{ credits: TravelCredit[]; today: string }> {
  let dateHeader: string | undefined;
  const onPage = (page: Page<TravelCredit>) => {
    dateHeader ??= page.response.headers.date;
  };
  const credits: TravelCredit[] = [];
  for await (const credit of records<TravelCredit>(client, path, undefined, { all: true, onPage })) credits.push(credit);
  return { credits, today: apiDay(dateHeader, now) };
}

/** Something left to use: a remaining amount above zero (a credit that names none counts its whole amount). */
function hasSomethingLeft(credit: TravelCredit): boolean {
  const left = toCents(credit.remaining_amount ?? credit.amount);
  return left === undefined || left > 0n;
}

export async function creditListRun(opts: CreditListOptions): Promise<void> {
  const client = await opts.api();
  const path = opts.booking !== undefined ? bookingTravelCreditsPath(opts.booking) : agencyTravelCreditsPath(await agencyInUse({ ...opts, api: () => Promise.resolve(client) }));
  const { credits, today } = await readCredits(client, path, opts.now);
  const within = opts.expiringDays;
  const shown = credits
    .filter((credit) => {
      if (within === undefined) return true;
      const days = daysUntil(expiryOf(credit), today);
      return days !== undefined && days >= 0 && days <= within && hasSomethingLeft(credit);
    })
    .sort((a, b) => displayValue(expiryOf(a) ?? '9999').localeCompare(displayValue(expiryOf(b) ?? '9999')));
  opts.history.remember(
    'credit',
    shown.map((c) => ({ id: displayValue(c.id), label: creditLabel(c) })),
  );
  if (opts.booking !== undefined) opts.history.remember('booking', [{ id: opts.booking }]);
  const whose = opts.booking !== undefined ? `Booking ${sanitize(opts.booking)} has` : 'The agency has';
  const empty = within === undefined ? `${whose} no travel credits.` : `${whose} no travel credits whose booking window ends within ${within} days (by the API's clock, today is ${today}).`;
  await renderList(opts.io, shown, opts.output, { columns: creditColumns(today), empty });
}
