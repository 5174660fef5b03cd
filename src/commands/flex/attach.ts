import { Command } from 'commander';
import { getBooking } from '../../api/resources/bookings.js';
import type { ApiClient } from '../../api/client.js';
import { amountIn, createFlexPlanService, createFlexPlanServiceRequest, getFlexPlan, previewFlexPlanService, type FlexPlanServiceCreate } from '../../api/resources/flex.js';
import { whoami } from '../../api/resources/sandbox.js';
import { SERVICE_FIELDS, type BookedService } from '../../api/resources/services.js';
import { registerCompleter } from '../../completion/index.js';
import type { Factory } from '../../factory.js';
import { formatMoney } from '../../output/money.js';
import { sanitize } from '../../output/sanitize.js';
import { stderrTime } from '../../output/time.js';
import { checkFieldsBeforeChange, describeRequest, DRY_RUN_HELP, renderChanged, resourceOptions, type ChangeOptions } from '../resource.js';
import { serviceRows } from '../service/columns.js';
import { describePayable, payable } from '../service/payable.js';
import { askBooking } from '../ask.js';
import { requireFlagsWithoutTerminal, requireValue } from '../ask-or-refuse.js';
import { reportChange } from '../destination.js';
import { examples } from '../flags.js';
import { idOption } from '../ids.js';
import { askDepartureService, askPlan, planCandidates } from './plans-of.js';
import { readFlexFacts } from '../../api/flex-preflight.js';
import { unlessNotFound } from '../../api/errors.js';
import { flexAttachRefusals, FlexRefusedError, type FlexFacts } from '../../api/flex-rules.js';

export interface FlexAttachOptions extends ChangeOptions {
  /** Each asked for on a terminal when missing. */
  booking?: string;
  departureService?: string;
  plan?: string;
  /** Skip the pre-flight: send and let the API judge. */
  force: boolean;
  /** This machine's clock, used when the server sends no Date header. */
  now: () => Date;
}

export function newFlexAttachCmd(f: Factory, runF: (opts: FlexAttachOptions) => Promise<void> = flexAttachRun): Command {
  const command = new Command('attach')
    .summary('attach a flex plan to a departure service, after checking every flex rule')
    .description(
      'Attach a flex plan to a departure service. Before sending, trek checks every rule the API applies and lists each one that would fail: ' +
        'the departure inside the stop-sell window (60 days, 90 for the premium line), the 48-hour late-attach window after the departure was confirmed, ' +
        'a CEU booking (Austria, Switzerland, Germany), a flex plan already on the departure service, flex switched off for the agency or its chain. ' +
        'Then nothing is sent and trek exits 2. --force skips these checks and sends: the API decides, and a refusal is its own (exit 5, with its error codes).\n\n' +
        'The new flex plan service is in Option until its option_expiry_date; paying the full flex price confirms it. ' +
        'trek states the flex price per traveller and in total, in the booking currency, and the payment that confirms the plan: ' +
        'a payment goes to unpaid departure services first, then activities, then flex plans, so unpaid services on the booking take their share first.\n\n' +
        'On a terminal, missing values are asked for: the departure service from the booking, the plan from those its departure offers.',
    )
    .addOption(idOption('--booking <id>', 'booking the departure service is on'))
    .addOption(idOption('--departure-service <id>', 'departure service to cover'))
    .addOption(idOption('--plan <id>', 'flex plan (see: trek flex plans --departure-service <id>)'))
    .option('--force', 'skip the pre-flight checks and send; the API decides (exit 5 if it refuses)')
    .option('--dry-run', `${DRY_RUN_HELP} (after the pre-flight)`)
    .addHelpText(
      'after',
      examples([
        'trek flex attach --booking 200001 --departure-service 400001 --plan 100001-1',
        'trek flex attach --booking "$B" --departure-service "$S" --plan "$P" -o json | jq -r .purchase_price',
        'trek flex attach --booking 200001 --departure-service 400001 --plan 100001-1 --dry-run',
        'trek flex attach --booking 200001   # on a terminal: pick the departure service and the plan',
      ]),
    )
    .action(async (flags: { booking?: string; departureService?: string; plan?: string; force?: boolean; dryRun?: boolean }) => {
      await runF({
        ...(await resourceOptions(f)),
        dryRun: Boolean(flags.dryRun),
        booking: flags.booking,
        departureService: flags.departureService,
        plan: flags.plan,
        force: Boolean(flags.force),
        now: () => f.now(),
      });
    });
  return registerCompleter(command, '--plan', planCandidates);
}

export async function flexAttachRun(opts: FlexAttachOptions): Promise<void> {
  checkFieldsBeforeChange(opts.output, SERVICE_FIELDS);
  requireFlagsWithoutTerminal(opts.io, [
    ['--booking', opts.booking],
    ['--departure-service', opts.departureService],
    ['--plan', opts.plan],
  ]);

  const booking = await requireValue(opts.booking, '--booking', opts.io, (prompter) => askBooking(prompter, opts), opts.prompter);
  const departureService = await requireValue(
    opts.departureService,
    '--departure-service',
    opts.io,
    async (prompter) => askDepartureService(await opts.api(), prompter, booking, opts.io.columns),
    opts.prompter,
  );
  const plan = await requireValue(
    opts.plan,
    '--plan',
    opts.io,
    async (prompter) => {
      const client = await opts.api();
      return askPlan(client, prompter, { departureService, currency: (await getBooking(client, booking)).currency, columns: opts.io.columns });
    },
    opts.prompter,
  );

  let facts: FlexFacts | undefined;
  if (opts.force) {
    opts.io.err.write('Skipping the flex pre-flight (--force): the API decides.\n');
  } else {
    facts = await readFlexFacts(await opts.api(), { booking, departureService, plan }, opts.now());
    const refusals = flexAttachRefusals(facts, (datetime) => stderrTime(datetime, opts.io, opts.output.timeZone));
    if (refusals.length > 0) throw new FlexRefusedError(refusals, plan, departureService);
  }

  const body: FlexPlanServiceCreate = { booking: { id: booking }, departure_service: { id: departureService }, product: { id: plan } };
  if (opts.dryRun) {
    const client = await opts.api();
    // On the sandbox, the plan as attaching would make it (attached and rolled back): its price and the payment that confirms it are the real ones.
    if ((await whoami(client)) !== undefined) {
      const would = await previewFlexPlanService(client, body);
      const [price, pay] = await Promise.all([flexPrice(client, would, facts), payable(client, would)]);
      opts.io.err.write(`Dry run, nothing attached. ${flexPriceSentence(price)}\n${describePayable(pay)}\n`);
    }
    return describeRequest(opts, createFlexPlanServiceRequest(body));
  }

  const client = await opts.api();
  const service = await createFlexPlanService(client, body);
  opts.history.remember('flex', [{ id: service.id, label: `${service.name} on ${departureService}` }]);
  opts.history.remember('booking', [{ id: booking }]);
  const [price, pay] = await Promise.all([flexPrice(client, service, facts), payable(client, service)]);
  await reportChange(opts, `${attachedNote(service, departureService, price, stderrTime(service.option_expiry_date ?? '', opts.io, opts.output.timeZone))}\n${describePayable(pay)}`);
  await renderChanged(opts.io, service, opts.output, { rows: serviceRows(service, price.currency), xmlRoot: 'service' });
}

/** The flex price in the booking currency: per traveller (the plan's) and in total (the service's, for every covered traveller). */
export interface FlexPrice {
  currency?: string;
  perTraveller?: string;
  travellers: number;
  total?: string;
}

/** The plan and booking are read again only when --force skipped the pre-flight that read them. */
async function flexPrice(client: ApiClient, service: BookedService, facts: FlexFacts | undefined): Promise<FlexPrice> {
  const bookingId = service.booking?.id === undefined ? undefined : String(service.booking.id);
  const [booking, plan] = await Promise.all([
    facts?.booking ?? (bookingId === undefined ? undefined : unlessNotFound(getBooking(client, bookingId))),
    facts?.plan ?? (service.product?.id === undefined ? undefined : unlessNotFound(getFlexPlan(client, String(service.product.id)))),
  ]);
  const currency = booking?.currency;
  const perTraveller = amountIn(plan?.prices, currency);
  return {
    ...(currency === undefined ? {} : { currency }),
    ...(perTraveller === undefined ? {} : { perTraveller }),
    travellers: Array.isArray(service.customers) ? service.customers.length : 0,
    ...(service.purchase_price ? { total: service.purchase_price } : {}),
  };
}

/** "383.88 USD per traveller, 767.76 USD for 2 travellers" — in the booking currency only. */
export function describeFlexPrice(price: FlexPrice): string {
  const each = price.perTraveller === undefined ? undefined : `${formatMoney(price.perTraveller, price.currency)} per traveller`;
  const total = price.total === undefined ? undefined : `${formatMoney(price.total, price.currency)} for ${price.travellers} traveller${price.travellers === 1 ? '' : 's'}`;
  return [each, total].filter(Boolean).join(', ');
}

/**
 * "Attached flex plan service 400003 to departure service 400001: Option until ….
 * `optionExpires` is the option's expiry as the reader is shown it (stderrTime).
 * Flex price: 383.88 USD per traveller, 767.76 USD for 2 travellers, paid in full to confirm it (…)."
 */
export function attachedNote(service: BookedService, departureService: string, price: FlexPrice, optionExpires: string): string {
  const until = optionExpires ? ` until ${sanitize(optionExpires)}` : '';
  return `Attached flex plan service ${sanitize(String(service.id))} to departure service ${sanitize(departureService)}: ${sanitize(service.status)}${until}.\n${flexPriceSentence(price)}`;
}

function flexPriceSentence(price: FlexPrice): string {
  const described = describeFlexPrice(price);
  return `Flex price${described ? `: ${described}` : ''}, paid in full to confirm it (a tour deposit does not count); unpaid, it expires.`;
}
