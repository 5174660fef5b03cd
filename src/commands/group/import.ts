import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { Command, Option } from 'commander';
import { getBooking } from '../../api/resources/bookings.js';
import { getDeparture } from '../../api/resources/flex.js';
import { quoteDeparture, whoami } from '../../api/resources/sandbox.js';
import type { ApiClient } from '../../api/client.js';
import { formatMoney } from '../../output/money.js';
import { ApiError } from '../../api/errors.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { renderList, type Column } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import { stderrTime } from '../../output/time.js';
import { Journal, readJournal, emptyState } from './journal.js';
import { MAX_MANIFEST_BYTES, parseManifest, COLUMN_NAMES, REQUIRED_COLUMNS, type Manifest, type ManifestRow } from './manifest.js';
import { planImport, type ImportPlan } from './plan.js';
import { progressBar } from './progress.js';
import { addDepartureService, createTravellers, newBooking, travellerName, type TravellerResult } from './run.js';
import { agencyInUse } from '../booking/list.js';
import { parseCurrency } from '../booking/create.js';
import { checkFieldsBeforeChange, DRY_RUN_HELP, resourceOptions, type ChangeOptions } from '../resource.js';
import { reportChange } from '../destination.js';
import { examples, parseInteger } from '../flags.js';
import { idOption } from '../ids.js';
import { minorWarnings } from '../service/age-warning.js';
import { processSignals, type SignalHook } from '../signals.js';

export const DEFAULT_CONCURRENCY = 4;
const MAX_CONCURRENCY = 16;

export interface GroupImportOptions extends ChangeOptions {
  manifest: string;
  departure: string;
  /** --booking; undefined with --new-booking. */
  booking?: string;
  /** --new-booking's --currency. */
  currency?: string;
  /** Default: `<manifest>.journal`. */
  journal: string;
  concurrency: number;
  today: string;
  profileAgency: () => Promise<string | undefined>;
  signals: SignalHook;
  sleep: (ms: number) => Promise<void>;
}

/** One line of the summary (and of -o json): a traveller, its customer id and the service it is on. */
export interface ImportedTraveller {
  line: number;
  customer_id: string | null;
  name: string;
  /** created, already imported (an earlier run), found (an earlier run's lost answer), or for --dry-run: create, skip, check. */
  import: string;
  booking_id: string | null;
  service_id: string | null;
}

const SUMMARY_COLUMNS: Column[] = [
  { field: 'line', header: 'LINE' },
  { field: 'customer_id', header: 'CUSTOMER' },
  { field: 'name', header: 'NAME', maxWidth: 36 },
  { field: 'import', header: 'IMPORT' },
  { field: 'service_id', header: 'SERVICE' },
];
const SUMMARY_FIELDS = ['line', 'customer_id', 'name', 'import', 'booking_id', 'service_id'];

export function newGroupImportCmd(f: Factory, runF: (opts: GroupImportOptions) => Promise<void> = groupImportRun, signals: SignalHook = processSignals): Command {
  return new Command('import')
    .summary('create the travellers of a manifest and book them on a departure, safe to re-run')
    .description(
      'Create one customer per row of a manifest (CSV with a header row, or NDJSON: one object a line), ' +
        `${DEFAULT_CONCURRENCY} at a time (--concurrency), then add the departure service for all of them, and print each traveller's customer id and the service.\n\n` +
        `Columns are customer fields in the dotted form of --fields: ${COLUMN_NAMES.join(', ')}. ` +
        `${REQUIRED_COLUMNS.join(', ')} are required; phone lists are TYPE:NUMBER separated by ";". ` +
        'Every value is checked as `trek customer create` checks its flags, before anything is sent; problems name their line and column.\n\n' +
        'Safe to re-run: each acknowledged creation is kept in a journal beside the manifest (<manifest>.journal, or --journal), so a run ' +
        'stopped by an error, Ctrl-C or a kill is finished by running the same command again, and no traveller is created twice. ' +
        'A traveller whose creation was sent but whose answer was lost is looked for (by name and every value sent) before it is sent again.\n\n' +
        'A group larger than the places left on the departure is refused before anything is created. All travellers go on one departure ' +
        'service: the spec sets no limit of travellers per service, and its one rule that needs separate services (travellers wanting ' +
        'different flex tiers, §4.3 rule 4) is for flex, which import does not attach. A re-run after travellers were added at the end ' +
        'adds a second service for them.',
    )
    .argument('<manifest-file>', 'the manifest: a .csv or .ndjson file')
    .addOption(idOption('--booking <id>', 'booking to add the group to'))
    .addOption(new Option('--new-booking', 'create a new booking for the group (with --currency)').conflicts('booking'))
    .option('--currency <code>', 'currency of the new booking, e.g. CAD (with --new-booking)')
    .addOption(idOption('--departure <id>', 'departure the group travels on (see: trek search departures)'))
    .option('--journal <file>', 'the journal of this import (default: <manifest>.journal)')
    .option('--concurrency <n>', `customers created at once, 1 to ${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY})`)
    .option('--dry-run', `${DRY_RUN_HELP}: the plan, row by row, from the manifest and the journal`)
    .addHelpText(
      'after',
      examples([
        'trek group import school-trip.csv --new-booking --currency CAD --departure 100013',
        'trek group import school-trip.csv --booking 200010 --departure 100013 --dry-run',
        "trek group import club.ndjson --booking 200010 --departure 100014 -o json | jq -r '.[].customer_id'",
        'trek group export --booking 200010 > school-trip.csv',
      ]),
    )
    .action(async (manifest: string, flags: { booking?: string; newBooking?: boolean; currency?: string; departure?: string; journal?: string; concurrency?: string; dryRun?: boolean }) => {
      if (!flags.departure) throw new UsageError('--departure is required', 'See: trek group import --help', { field: '--departure' });
      if (!flags.booking && !flags.newBooking) throw new UsageError('give --booking ID, or --new-booking --currency CODE', undefined, { field: '--booking' });
      if (flags.newBooking && flags.currency === undefined) throw new UsageError('--new-booking needs --currency', undefined, { field: '--currency' });
      if (!flags.newBooking && flags.currency !== undefined) throw new UsageError('--currency goes with --new-booking (a booking has its currency already)', undefined, { field: '--currency' });
      const concurrency = flags.concurrency === undefined ? DEFAULT_CONCURRENCY : parseInteger(flags.concurrency, '--concurrency', { min: 1, max: MAX_CONCURRENCY });
      if (flags.journal === '') throw new UsageError('--journal must not be empty', undefined, { field: '--journal' });
      await runF({
        ...(await resourceOptions(f)),
        dryRun: Boolean(flags.dryRun),
        manifest,
        departure: flags.departure,
        booking: flags.booking,
        currency: flags.currency === undefined ? undefined : parseCurrency(flags.currency),
        journal: flags.journal ?? `${manifest}.journal`,
        concurrency,
        today: f.now().toISOString().slice(0, 10),
        profileAgency: async () => (await f.profile()).agency,
        signals,
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      });
    });
}

/** The manifest's text: a file no larger than MAX_MANIFEST_BYTES, in UTF-8. */
function readManifest(file: string): string {
  const name = sanitize(file);
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new UsageError(`${name} is not a file`, undefined, { field: '<manifest>' });
    size = stat.size;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read the manifest ${name}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, undefined, { field: '<manifest>' });
  }
  if (size > MAX_MANIFEST_BYTES)
    throw new UsageError(`${name} is ${Math.round(size / 1024 / 1024)} MB; a manifest may be up to ${MAX_MANIFEST_BYTES / 1024 / 1024} MB`, 'Split the group into several manifests.', {
      field: '<manifest>',
    });
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(readFileSync(file));
  } catch {
    throw new UsageError(`${name} is not UTF-8 text`, 'Save the spreadsheet as "CSV UTF-8".', { field: '<manifest>' });
  }
}

function summaryRows(
  results: ReadonlyArray<{ row: ManifestRow; customer?: string; outcome: string }>,
  booking: string | null,
  serviceOf: (customer: string | undefined) => string | null,
): ImportedTraveller[] {
  return results.map((r) => ({
    line: r.row.line,
    customer_id: r.customer ?? null,
    name: travellerName(r.row),
    import: r.outcome,
    booking_id: booking,
    service_id: serviceOf(r.customer),
  }));
}

/**
 * --dry-run: what each row would get, from the journal as it is. Nothing is created; the
 * departure is read, so a group too large for its places is refused here as the import would be.
 */
async function showPlan(opts: GroupImportOptions, manifest: Manifest): Promise<void> {
  const state = existsSync(opts.journal) ? readJournal(opts.journal, readFileSync(opts.journal, 'utf8')).state : emptyState();
  const plan = planImport(manifest, state, { departure: opts.departure, booking: opts.booking }, opts.journal);
  const count = (action: string) => plan.actions.filter((a) => a.action === action).length;
  const booking = plan.booking ?? opts.booking ?? null;
  const pending = plan.actions.filter((a) => !plan.services.some((s) => a.action === 'skip' && s.customers.includes(a.customer))).length;
  const client = await opts.api();
  await checkPlaces(opts, client, pending, manifest);
  const price = pending > 0 ? await priceNote(client, opts, booking, pending) : '';
  const rows = summaryRows(
    plan.actions.map((a) => ({ row: a.row, outcome: a.action, ...(a.action === 'skip' && { customer: a.customer }) })),
    booking,
    (customer) => (customer === undefined ? null : (plan.services.find((s) => s.customers.includes(customer))?.id ?? null)),
  );
  await renderList(opts.io, rows, opts.output, { columns: SUMMARY_COLUMNS });
  const on = booking === null ? `a new booking in ${sanitize(opts.currency ?? '')}` : `booking ${sanitize(booking)}`;
  opts.io.err.write(
    `Dry run, nothing created: ${count('create')} to create, ${count('skip')} already imported, ${count('check')} sent before without an answer (looked for first), ` +
      `then ${pending > 0 ? `a departure service on departure ${sanitize(opts.departure)} for ${pending} traveller${pending === 1 ? '' : 's'}` : 'no departure service (all are on one)'}, on ${on}.\n${price}`,
  );
}

/**
 * On the sandbox, what the departure service would cost and need to be confirmed, priced by the
 * code that prices it when the import books it (its quote); elsewhere nothing: only the
 * operator's server prices a booking.
 */
async function priceNote(client: ApiClient, opts: GroupImportOptions, booking: string | null, travellers: number): Promise<string> {
  if ((await whoami(client)) === undefined) return '';
  const currency = booking === null ? opts.currency : (await getBooking(client, booking)).currency;
  if (!currency) return '';
  const quote = await quoteDeparture(client, opts.departure, travellers, currency);
  const promotion = quote.applied_promotion ? `, after ${sanitize(quote.applied_promotion.promotion_code)} −${formatMoney(quote.applied_promotion.discount_amount, currency)}` : '';
  return `It would cost ${formatMoney(quote.purchase_price, currency)} for ${travellers} traveller${travellers === 1 ? '' : 's'}${promotion}; ${formatMoney(quote.deposit_amount, currency)} paid confirms it.\n`;
}

/**
 * Before anything is created: minors on an adults-only departure are warned of; refused: a departure that cannot be booked, or fewer places left
 * than travellers to book (an AVAILABLE departure; REQUEST_SPACE and WAIT_LIST ones take a
 * group On Request or on the waitlist, as the API decides).
 */
async function checkPlaces(opts: GroupImportOptions, client: Awaited<ReturnType<GroupImportOptions['api']>>, needed: number, manifest: Manifest): Promise<void> {
  if (needed === 0) return;
  const departure = await getDeparture(client, opts.departure);
  const travellers = manifest.rows.map((row) => ({ label: `${basename(opts.manifest)}:${row.line} ${travellerName(row)}`, dateOfBirth: row.customer.date_of_birth }));
  for (const line of minorWarnings(departure, travellers)) opts.io.err.write(`${line}\n`);
  const { status, spaces_remaining: places } = (departure as { availability?: { status?: string; spaces_remaining?: unknown } }).availability ?? {};
  const name = `departure ${sanitize(opts.departure)}${departure.name ? ` (${sanitize(String(departure.name))})` : ''}`;
  if (status === 'NOT_BOOKABLE') throw new UsageError(`${name} is not bookable; nothing was created`, 'See: trek search departures', { field: '--departure' });
  if (status === 'AVAILABLE' && typeof places === 'number' && places < needed) {
    throw new UsageError(
      `${name} has ${places} place${places === 1 ? '' : 's'} left and the group needs ${needed}; nothing was created`,
      'Book the group on another departure (trek search departures --where availability.spaces_remaining__gte=N), or split it.',
      { field: '--departure' },
    );
  }
  if (status === 'REQUEST_SPACE' || status === 'WAIT_LIST') {
    opts.io.err.write(`${name} is ${sanitize(status)}: the service will start ${status === 'WAIT_LIST' ? 'Waitlisted' : 'On Request'}.\n`);
  }
}

export async function groupImportRun(opts: GroupImportOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, SUMMARY_FIELDS);
  const manifest = parseManifest(opts.manifest, readManifest(opts.manifest), opts.today);
  if (opts.dryRun) return showPlan(opts, manifest);

  const journal = await Journal.open(opts.journal);
  try {
    const plan: ImportPlan = planImport(manifest, journal.state, { departure: opts.departure, booking: opts.booking }, opts.journal);
    if (!journal.state.header) {
      await journal.append({
        t: 'import',
        v: 1,
        departure: opts.departure,
        ...(opts.booking !== undefined && { booking: opts.booking }),
        ...(opts.currency !== undefined && { currency: opts.currency }),
      });
    }
    const client = await opts.api();
    const onService = (customer: string | undefined) => customer !== undefined && journal.state.services.some((s) => s.customers.includes(customer));
    const needed = plan.actions.filter((a) => !(a.action === 'skip' && onService(a.customer))).length;
    const known = plan.booking ?? opts.booking;
    if (known !== undefined) {
      const booking = await getBooking(client, known);
      if (booking.date_closed) throw new UsageError(`booking ${sanitize(known)} is closed (${sanitize(String(booking.date_closed))}); nothing can be added to it`, undefined, { field: '--booking' });
    }
    await checkPlaces(opts, client, needed, manifest);

    let bookingId = known;
    if (bookingId === undefined) {
      const agency = async () => agencyInUse({ agency: undefined, profileAgency: opts.profileAgency, api: opts.api });
      const made = await newBooking(client, journal, opts.currency!, agency);
      bookingId = made.id;
      if (made.made) await reportChange(opts, `Created booking ${sanitize(bookingId)} for the group`);
    } else if (plan.booking !== undefined && opts.booking === undefined) {
      opts.io.err.write(`Booking ${sanitize(bookingId)} was made for this group by an earlier run (journal ${sanitize(opts.journal)}); continuing it.\n`);
    }

    const done = plan.actions.filter((a) => a.action === 'skip').length;
    const progress = progressBar(opts.io, plan.actions.length, done);
    let results: TravellerResult[];
    try {
      results = await createTravellers(
        { client, journal, concurrency: opts.concurrency, signals: opts.signals, progress, notice: (line) => (progress ? progress.note(line) : opts.io.err.write(`${line}\n`)), sleep: opts.sleep },
        plan.actions,
      );
    } finally {
      progress?.end();
    }
    opts.history.remember(
      'customer',
      results.flatMap((r) => (r.customer === undefined ? [] : [{ id: r.customer, label: travellerName(r.row) }])),
    );
    throwForUnfinished(opts, results);

    // Travellers on no service yet, in manifest order: all of them on a first run.
    const waiting = results.filter((r) => !onService(r.customer)).map((r) => r.customer!);
    const earlier = journal.state.services.length;
    let added: Awaited<ReturnType<typeof addDepartureService>> | undefined;
    if (waiting.length > 0) added = await addDepartureService(client, journal, bookingId, opts.departure, waiting);
    opts.history.remember('booking', [{ id: bookingId }]);
    if (added) opts.history.remember('service', [{ id: added.id }]);

    const serviceOf = (customer: string | undefined) => journal.state.services.find((s) => customer !== undefined && s.customers.includes(customer))?.id ?? null;
    const created = results.filter((r) => r.outcome === 'created').length;
    const found = results.filter((r) => r.outcome === 'found').length;
    const counts = [(created > 0 || (done === 0 && found === 0)) && `${created} created`, done > 0 && `${done} already imported`, found > 0 && `${found} found after a lost answer`]
      .filter(Boolean)
      .join(', ');
    const service = added
      ? `Departure service ${sanitize(added.id)} on departure ${sanitize(opts.departure)} for ${waiting.length} traveller${waiting.length === 1 ? '' : 's'}` +
        `${added.service ? `: ${sanitize(added.service.status)}${added.service.option_expiry_date ? ` until ${sanitize(stderrTime(added.service.option_expiry_date, opts.io, opts.output.timeZone))}` : ''}` : ''}` +
        `${
          earlier > 0
            ? ` (a second service: the others are on ${journal.state.services
                .slice(0, earlier)
                .map((s) => sanitize(s.id))
                .join(', ')} already)`
            : ''
        }.`
      : `All travellers were on departure service ${journal.state.services.map((s) => sanitize(s.id)).join(', ')} already.`;
    await reportChange(
      opts,
      `Imported ${results.length} traveller${results.length === 1 ? '' : 's'} from ${sanitize(basename(opts.manifest))} to booking ${sanitize(bookingId)} (${counts})\n${service}`,
    );
    await renderList(opts.io, summaryRows(results, bookingId, serviceOf), opts.output, { columns: SUMMARY_COLUMNS });
  } finally {
    await journal.close();
  }
}

/**
 * Rows the API refused, or whose answer is still unknown, end the run before the departure
 * service: each is named on stderr, and the error says what a re-run does.
 */
function throwForUnfinished(opts: GroupImportOptions, results: readonly TravellerResult[]): void {
  const refused = results.filter((r) => r.outcome === 'refused');
  const lost = results.filter((r) => r.outcome === 'answer lost');
  if (refused.length === 0 && lost.length === 0) return;
  const made = results.filter((r) => r.customer !== undefined).length;
  for (const r of [...refused, ...lost]) {
    const detail = r.error?.body?.errors?.map((e) => [e.field, e.detail].filter(Boolean).join(': ')).join('; ') || r.error?.message || '';
    opts.io.err.write(`${sanitize(basename(opts.manifest))}:${r.row.line}: ${r.outcome === 'refused' ? 'refused' : 'answer lost'}: ${sanitize(detail)}\n`);
  }
  const first = (refused[0] ?? lost[0]).error!;
  const lines = (rows: readonly TravellerResult[]) => rows.map((r) => r.row.line).join(', ');
  const message =
    refused.length > 0
      ? `the API refused ${refused.length} traveller${refused.length === 1 ? '' : 's'} (line${refused.length === 1 ? '' : 's'} ${lines(refused)}); ${made} of ${results.length} are created and journalled, and no departure service was added. Correct those rows and run the same command again`
      : `the answer to ${lost.length} creation${lost.length === 1 ? '' : 's'} was lost (line${lost.length === 1 ? '' : 's'} ${lines(lost)}); ${made} of ${results.length} are created and journalled. Run the same command again: those travellers are looked for before anything is sent again`;
  // The body keeps the API's details (errors[], error_id) under this summary, for -o json too.
  const body = first.body === undefined ? undefined : { ...first.body, message };
  throw new ApiError({ kind: first.kind, message, method: first.method, url: first.url, ...(first.status !== undefined && { status: first.status }), ...(body !== undefined && { body }) });
}
