import { Command } from 'commander';
import type { ApiClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import { getBooking } from '../../api/resources/bookings.js';
import type { Reference } from '../../api/resources/common.js';
import { amountIn, getCancellationTerms, getDeparture, type Amount, type CancellationTerms, type CancellationWindow } from '../../api/resources/flex.js';
import { getService, type BookedService } from '../../api/resources/services.js';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { renderItem, type Column } from '../../output/render.js';
import { sanitize } from '../../output/sanitize.js';
import { readAsKind } from '../id-kind.js';
import { resourceOptions, type ResourceOptions } from '../resource.js';
import { readDate } from '../dates.js';
import { examples } from '../flags.js';
import { idArgument } from '../ids.js';
import { daysBefore, moneyIn, windowColumns, windowDates } from './columns.js';
import { activeFlexServices } from '../../api/flex-preflight.js';

export interface FlexTermsOptions extends ResourceOptions {
  departureService: string;
  /** YYYY-MM-DD: show the window containing this cancellation date. */
  date?: string;
}

/** A window with its amounts in the booking currency. */
export type TermsWindow = Omit<CancellationWindow, 'penalty_amount' | 'refund_amount' | 'travel_credit_amount'> & {
  penalty_amount?: Amount;
  refund_amount?: Amount;
  travel_credit_amount?: Amount;
};

/** What `flex terms` prints: which terms apply to the departure service now, and why. */
export interface AppliedTerms {
  departure_service: { id: string; href: string; name: string | null; status: string };
  currency: string | null;
  /** flex when a confirmed flex plan service covers the departure service (spec §3.2 rule 3). */
  applies: 'flex' | 'generic';
  flex_plan_service: { id: string; href: string; name: string | null; status: string } | null;
  cancellation_terms: { id: string; href: string; type: string | null };
  windows: TermsWindow[];
}

export interface TermsOnDate extends Omit<AppliedTerms, 'windows'> {
  date: string;
  window: TermsWindow;
  refund_amount: Amount | null;
  travel_credit_amount: Amount | null;
}

export function newFlexTermsCmd(f: Factory, runF: (opts: FlexTermsOptions) => Promise<void> = flexTermsRun): Command {
  return new Command('terms')
    .summary('show the cancellation terms of a departure service, or what cancelling on a date gives back')
    .description(
      "Show the cancellation terms that apply to a departure service now: the generic terms, or the flex plan's amount-based " +
        'terms once a confirmed flex plan service covers it.\n\n' +
        'With --date, the window containing that cancellation date and what a cancellation then gives back: ' +
        'refund_amount and travel_credit_amount, in the booking currency.',
    )
    .addArgument(idArgument('<departure-service>', 'departure service id'))
    .option('--date <YYYY-MM-DD>', 'cancellation date to look up, or relative: today, +30d, +2w')
    .addHelpText('after', examples(['trek flex terms 400001', 'trek flex terms 400001 --date +30d', 'trek flex terms 400001 --date today -o json | jq -r .refund_amount']))
    .action(async (departureService: string, flags: { date?: string }) => {
      const date = await readDate(f, flags.date, '--date');
      await runF({ ...(await resourceOptions(f)), departureService, ...(date === undefined ? {} : { date }) });
    });
}

const brief = (s: BookedService) => ({ id: String(s.id), href: s.href, name: s.name ?? null, status: s.status });

/**
 * The terms the API links to the departure service; else, where it links none, the confirmed
 * flex plan service's terms, else the departure's generic terms.
 */
export async function appliedTerms(client: ApiClient, departureServiceId: string): Promise<AppliedTerms> {
  // An activity or flex plan service id is named as such, with the departure service meant where one is known.
  const service = await readAsKind(client, 'departure_services', departureServiceId, () => getService(client, 'departure_services', departureServiceId), 'trek flex terms');
  const bookingId = String(service.booking?.id ?? '');
  const [booking, flexServices] = await Promise.all([getBooking(client, bookingId), activeFlexServices(client, bookingId)]);
  const flex = flexServices.find((s) => s.status === 'Confirmed' && (s.associated_services ?? []).some((covered) => String(covered.id) === String(service.id)));
  let ref: Reference | null | undefined = service.cancellation_terms ?? flex?.cancellation_terms;
  if (!ref && service.product?.id !== undefined) ref = (await getDeparture(client, String(service.product.id))).cancellation_terms;
  if (!ref) {
    throw new ApiError({
      kind: 'protocol',
      method: 'GET',
      url: client.resolve(service.href).href,
      message: `the API links no cancellation terms to departure service ${sanitize(departureServiceId)} or its departure`,
    });
  }
  const terms: CancellationTerms = await getCancellationTerms(client, ref);
  const currency = booking.currency ?? null;
  const inCurrency = (amount: Amount | undefined) => (amount === undefined ? undefined : (amountIn(amount, currency ?? undefined) ?? amount));
  return {
    departure_service: brief(service),
    currency,
    applies: flex || terms.type === 'FLEX' ? 'flex' : 'generic',
    flex_plan_service: flex ? brief(flex) : null,
    cancellation_terms: { id: String(terms.id), href: terms.href, type: terms.type ?? null },
    windows: (terms.windows ?? []).map((w) => ({
      ...w,
      penalty_amount: inCurrency(w.penalty_amount),
      refund_amount: inCurrency(w.refund_amount),
      travel_credit_amount: inCurrency(w.travel_credit_amount),
    })),
  };
}

/** The window whose first and last days include `date` (an open start takes every earlier date). */
export function windowOn(windows: TermsWindow[], date: string): TermsWindow | undefined {
  return windows.find((w) => (!w.start_date || w.start_date <= date) && (!w.end_date || date <= w.end_date));
}

function why(terms: AppliedTerms): string {
  if (terms.flex_plan_service) return `flex: flex plan service ${terms.flex_plan_service.id} (${terms.flex_plan_service.status}) covers it`;
  return terms.applies === 'flex' ? 'flex' : 'generic: no confirmed flex plan service covers it';
}

const HEADER_ROWS: Column[] = [
  {
    field: 'departure_service',
    header: 'DEPARTURE SERVICE',
    format: (v) => {
      const s = v as AppliedTerms['departure_service'];
      return `${s.id} ${s.name} (${s.status})`;
    },
  },
  {
    field: 'cancellation_terms',
    header: 'TERMS',
    format: (v) => {
      const t = v as AppliedTerms['cancellation_terms'];
      return `${t.id}${t.type ? ` (${t.type})` : ''}`;
    },
  },
  { field: 'applies', header: 'APPLY', format: (_v, record) => why(record as AppliedTerms) },
  { field: 'currency', header: 'CURRENCY' },
];

export async function flexTermsRun(opts: FlexTermsOptions): Promise<void> {
  const terms = await appliedTerms(await opts.api(), opts.departureService);
  opts.history.remember('service', [{ id: terms.departure_service.id, label: terms.departure_service.name }]);
  if (opts.date === undefined) {
    await renderItem(opts.io, terms, opts.output, {
      rows: HEADER_ROWS,
      xmlRoot: 'cancellation_terms',
      sections: [{ title: 'Windows (by cancellation date)', columns: windowColumns(terms.currency ?? undefined), records: terms.windows }],
    });
    return;
  }
  const window = windowOn(terms.windows, opts.date);
  if (!window) {
    const covered = terms.windows.map(windowDates).join(', ');
    throw new UsageError(`no cancellation window of terms ${sanitize(terms.cancellation_terms.id)} contains ${opts.date}; the windows are ${sanitize(covered || 'none')}`);
  }
  const { windows: _all, ...header } = terms;
  const onDate: TermsOnDate = { ...header, date: opts.date, window, refund_amount: window.refund_amount ?? null, travel_credit_amount: window.travel_credit_amount ?? null };
  const money = moneyIn(terms.currency ?? undefined);
  await renderItem(opts.io, onDate, opts.output, {
    xmlRoot: 'cancellation_terms',
    rows: [
      ...HEADER_ROWS,
      { field: 'date', header: 'CANCELLED ON' },
      { field: 'window', header: 'WINDOW', format: windowDates },
      { field: 'window', header: 'DAYS BEFORE', format: daysBefore },
      { field: 'window.penalty_amount', header: 'PENALTY', format: money },
      { field: 'refund_amount', header: 'REFUND', format: money },
      { field: 'travel_credit_amount', header: 'TRAVEL CREDIT', format: money },
    ],
  });
}
