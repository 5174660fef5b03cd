import { Command } from 'commander';
import { listBookingServices } from '../../api/resources/bookings.js';
import { listBookingCheckins, type Checkin } from '../../api/resources/checkins.js';
import { fetchReferenced, type Reference } from '../../api/resources/common.js';
import { listBookingDocuments, type DocumentRecord } from '../../api/resources/documents.js';
import type { BookedService, IncompleteRequirement, ServiceCustomer, ServiceSummary } from '../../api/resources/services.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { renderList, type Column } from '../../output/render.js';
import { displayValue } from '../../output/value.js';
import { sanitize } from '../../output/sanitize.js';
import { makeTheme } from '../../output/theme.js';
import { wrapCommand } from '../checkin/view.js';
import { updateWordsFor } from '../customer/flags.js';
import { customerLabel } from '../customer/view.js';
import { unlessNotFound } from '../../api/errors.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { toArray } from '../../api/paginate.js';
import { examples } from '../flags.js';
import { idArgument, idOption } from '../ids.js';

export interface BookingDocumentsOptions extends ResourceOptions {
  id: string;
  /** Only the documents of this service (and its voucher, when not yet there). */
  service?: string;
}

export function newBookingDocumentsCmd(f: Factory, runF: (opts: BookingDocumentsOptions) => Promise<void> = bookingDocumentsRun): Command {
  return new Command('documents')
    .summary("a booking's invoices, vouchers and certificates, and what holds back a voucher not yet there")
    .description(
      'List the documents of a booking (invoices, vouchers, ATOL certificates) with their type, audience and date. ' +
        'A confirmed service gets its voucher only once its travellers have met the requirements checked before travel (spec: ' +
        'CHECKIN); where a voucher is not there yet, its line says which requirement of which traveller holds it back, and under ' +
        'the table the customer update or override that would clear it. --service shows one service only. ' +
        'In JSON a voucher not yet there is a record with "pending": true, an id of null and "blocked_by". ' +
        'Save a document with `trek document get ID --save FILE`.',
    )
    .addArgument(idArgument('<id>', 'booking id'))
    .addOption(idOption('--service <id>', 'only the documents of this service of the booking'))
    .addHelpText(
      'after',
      examples([
        'trek booking documents 200003',
        'trek booking documents 200003 --service 400003',
        'trek booking documents 200003 -o json | jq -r \'.[] | select(.type == "INVOICE" and .audience == "CUSTOMER") | .id\'',
        "trek booking documents 200003 -o json | jq '.[] | select(.pending) | .blocked_by'",
      ]),
    )
    .action(async (id: string, flags: { service?: string }) => {
      await runF({ ...(await resourceOptions(f)), id, service: flags.service });
    });
}

/** What holds back a voucher: one requirement of one traveller, and what would clear it. */
export interface VoucherBlocker {
  requirement: { code: string; name: string };
  customer: ServiceCustomer;
  /** The items still missing (PASSPORT_NUMBER…), from the booking's checkins. */
  items: string[];
  message: string;
  /** Commands that clear it, when trek can write one: completing the customer, or waiving the requirement. */
  clear: { customer_update: string | null; override: string | null };
}

/** A voucher not yet there, shaped like a document so a list of both reads the same way. */
export interface PendingVoucher {
  id: null;
  href: null;
  date_created: null;
  type: 'VOUCHER';
  audience: null;
  booking: Pick<Reference, 'id' | 'href'>;
  mime_type: null;
  services: Array<Reference & { type?: string }>;
  pending: true;
  /** CONFIRMATION: the service is not Confirmed yet; CHECKIN: requirements of its travellers are not met. */
  waiting_for: 'CONFIRMATION' | 'CHECKIN' | 'ISSUE';
  blocked_by: VoucherBlocker[];
}

type DocumentLine = DocumentRecord | PendingVoucher;

/** Services whose voucher is to come: booked and not lapsed (vouchers are for departures and activities). */
const VOUCHER_STATUSES = new Set(['Option', 'On Request', 'Request Confirmation', 'Waitlisted', 'Confirmed']);
const VOUCHER_SERVICE_TYPES = new Set(['departure_services', 'activity_services']);

/** Ids put into a command line to paste: plain ones only (server text never reaches a shell unchecked). */
const PLAIN = /^[A-Za-z0-9_.-]+$/;

export async function bookingDocumentsRun(opts: BookingDocumentsOptions): Promise<void> {
  const client = await opts.api();
  const [summaries, listed, checkins] = await Promise.all([
    toArray(listBookingServices(client, opts.id)),
    unlessNotFound(toArray(listBookingDocuments(client, opts.id))),
    unlessNotFound(toArray(listBookingCheckins(client, opts.id))),
  ]);
  const chosen = opts.service === undefined ? summaries : summaries.filter((s) => displayValue(s.id) === opts.service);
  if (opts.service !== undefined && chosen.length === 0) {
    const on = summaries.map((s) => displayValue(s.id)).join(', ');
    throw new UsageError(
      `service ${sanitize(opts.service)} is not on booking ${sanitize(opts.id)}`,
      on ? `Its services: ${sanitize(on)} (trek booking services ${sanitize(opts.id)})` : `Booking ${sanitize(opts.id)} has no services.`,
      { field: '--service' },
    );
  }
  const full = await Promise.all(chosen.filter((s) => VOUCHER_SERVICE_TYPES.has(s.type) && VOUCHER_STATUSES.has(s.status)).map((s) => fetchReferenced<BookedService>(client, s.type, s)));
  // One service's documents are its own `documents` member (spec §2.4); the booking's are its collection.
  const documents = opts.service === undefined ? (listed ?? []) : documentsOfService(full[0], listed ?? [], opts.service);
  const pending = full.filter((service) => !hasVoucher(service, documents)).map((service) => pendingVoucher(opts.id, service, checkins ?? []));
  const lines: DocumentLine[] = [...documents, ...pending];

  opts.history.remember('booking', [{ id: opts.id }]);
  opts.history.remember(
    'document',
    documents.map((d) => ({ id: displayValue(d.id), label: [d.type, d.audience].map(displayValue).filter(Boolean).join(' · ') })),
  );
  const table = opts.output.format === 'table' && !opts.output.fields;
  const empty = opts.service === undefined ? `Booking ${sanitize(opts.id)} has no documents yet.` : `Service ${sanitize(opts.service)} has no documents yet.`;
  await renderList(opts.io, lines, opts.output, { columns: DOCUMENT_COLUMNS, empty });
  if (table) writeWhatClears(opts, pending, summaries);
}

/**
 * The service's own `documents` (spec §2.4) when the API sends them, else the booking's
 * documents that name it (the sandbox's `services`).
 */
function documentsOfService(service: BookedService | undefined, listed: DocumentRecord[], id: string): DocumentRecord[] {
  if (service && Array.isArray(service.documents)) return service.documents as DocumentRecord[];
  return listed.filter((d) => Array.isArray(d.services) && d.services.some((s) => displayValue(s?.id) === id));
}

function hasVoucher(service: BookedService, documents: DocumentRecord[]): boolean {
  const own = Array.isArray(service.documents) ? (service.documents as DocumentRecord[]) : [];
  const named = documents.filter((d) => Array.isArray(d.services) && d.services.some((s) => displayValue(s?.id) === displayValue(service.id)));
  return [...own, ...named].some((d) => d?.type === 'VOUCHER');
}

function pendingVoucher(bookingId: string, service: BookedService, checkins: Checkin[]): PendingVoucher {
  const requirements = Array.isArray(service.incomplete_requirements) ? service.incomplete_requirements.filter((r) => r?.type === 'CHECKIN') : [];
  const blockedBy = requirements.map((r) => blocker(bookingId, service, r, checkins));
  const confirmed = service.status === 'Confirmed';
  return {
    id: null,
    href: null,
    date_created: null,
    type: 'VOUCHER',
    audience: null,
    booking: { id: bookingId, href: displayValue(service.booking?.href) },
    mime_type: null,
    services: [{ id: service.id, href: service.href, type: service.type, name: service.name }],
    pending: true,
    waiting_for: !confirmed ? 'CONFIRMATION' : blockedBy.length > 0 ? 'CHECKIN' : 'ISSUE',
    blocked_by: blockedBy,
  };
}

/** The items of `code` still missing for the customer, as the booking's checkins list them; else the requirement's details. */
function missingItems(requirement: IncompleteRequirement, checkins: Checkin[]): string[] {
  const checkin = checkins.find((c) => displayValue(c.customer?.id) === displayValue(requirement.customer?.id));
  const listed = checkin?.requirements?.find((r) => r?.code === requirement.code)?.INCOMPLETE;
  if (Array.isArray(listed) && listed.length > 0) return listed.map((item) => displayValue(item?.code));
  return Array.isArray(requirement.details) ? requirement.details.map((d) => displayValue(d?.summary)).filter(Boolean) : [];
}

function blocker(bookingId: string, service: BookedService, requirement: IncompleteRequirement, checkins: Checkin[]): VoucherBlocker {
  const customer = requirement.customer ?? { id: '', href: '' };
  const customerId = displayValue(customer.id);
  const code = displayValue(requirement.code);
  const items = missingItems(requirement, checkins);
  const plain = [bookingId, customerId, displayValue(service.id), code].every((word) => PLAIN.test(word));
  const update = plain ? updateWordsFor(customerId, items) : undefined;
  return {
    requirement: { code, name: displayValue(requirement.name) },
    customer,
    items,
    message: displayValue(requirement.message),
    clear: {
      customer_update: update ? update.join(' ') : null,
      override: plain ? overrideWords(bookingId, customerId, displayValue(service.id), code).join(' ') : null,
    },
  };
}

function overrideWords(bookingId: string, customerId: string, serviceId: string, code: string): string[] {
  return ['trek', 'override', 'add', '--booking', bookingId, '--customer', customerId, '--service', serviceId, '--requirement', code, '--reason', 'REASON'];
}

/** "PASSPORT_INFORMATION of Ms Ada Lovelace (300001)": which requirement of which traveller. */
function blockerText(b: VoucherBlocker): string {
  return `${b.requirement.code} of ${customerLabel(b.customer)}`;
}

/** "PASSPORT_INFORMATION, AGE_RESTRICTION of Ms Ada Lovelace (300001); NAME of …": the requirements each traveller still owes. */
function byTraveller(blockers: VoucherBlocker[]): string {
  const codes = new Map<string, string[]>();
  for (const b of blockers) {
    const who = customerLabel(b.customer);
    codes.set(who, [...(codes.get(who) ?? []), b.requirement.code]);
  }
  return [...codes].map(([who, list]) => `${list.join(', ')} of ${who}`).join('; ');
}

function statusText(line: DocumentLine): string {
  if (!('pending' in line)) return 'issued';
  switch (line.waiting_for) {
    case 'CHECKIN':
      return `not yet: ${byTraveller(line.blocked_by)}`;
    case 'CONFIRMATION':
      return 'not yet: the service is not confirmed';
    case 'ISSUE':
      return 'not yet issued: nothing blocks it';
  }
}

const DOCUMENT_COLUMNS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'type', header: 'TYPE' },
  { field: 'audience', header: 'AUDIENCE' },
  { field: 'date_created', header: 'CREATED' },
  { field: 'services', header: 'SERVICE', format: (services) => (Array.isArray(services) ? services.map((s: { id?: unknown } | null) => displayValue(s?.id)).join(', ') : '') },
  { field: 'pending', header: 'STATUS', format: (_pending, record) => statusText(record as DocumentLine), wrap: true },
];

/**
 * Under the table: for each voucher held back by its travellers' requirements, the requirement
 * and the items missing, with the `trek customer update` that completes them or the
 * `trek override add` that waives them, broken to the terminal's width.
 */
function writeWhatClears(opts: BookingDocumentsOptions, pending: PendingVoucher[], summaries: ServiceSummary[]): void {
  const blocked = pending.filter((p) => p.blocked_by.length > 0);
  if (blocked.length === 0) return;
  const theme = makeTheme(opts.output.color);
  const width = opts.io.columns;
  const blocks = blocked.map((voucher) => {
    const service = voucher.services[0];
    const name = summaries.find((s) => displayValue(s.id) === displayValue(service.id))?.name;
    const head = sanitize(`The voucher of service ${displayValue(service.id)}${name ? ` (${displayValue(name)})` : ''} waits for:`);
    const lines = voucher.blocked_by.flatMap((b) => {
      const items = b.items.length > 0 ? `: ${b.items.join(', ')} missing` : '';
      const fixes = [
        ...(b.clear.customer_update ? [wrapCommand(b.clear.customer_update.split(' '), width, '    ')] : []),
        ...(b.clear.override ? [wrapCommand(b.clear.override.split(' '), width, '    ')] : []),
      ];
      return [sanitize(`  ${blockerText(b)}${items}`), ...fixes.map((fix, i) => (i === 0 ? fix : fix.replace(/^ {4}/, '    or: ')))];
    });
    return [theme.bold(head), ...lines].join('\n');
  });
  const reasons = blocked.some((voucher) => voucher.blocked_by.some((b) => b.clear.override)) ? `\n${theme.dim('REASON: a code from `trek override reasons`.')}\n` : '';
  opts.io.out.write(`\n${blocks.join('\n\n')}\n${reasons}`);
}
