/**
 * Completions that ask the API. Only dynamic completers use the network, and only through
 * `fromApi`: a short deadline, no output, no candidates rather than an error, and only values
 * that read as one plain word.
 */
import type { ApiClient } from '../api/client.js';
import { recentIds } from '../history.js';
import type { Candidate, Completion, CompletionContext } from './protocol.js';

/** Long enough for a nearby server, short enough that a TAB never feels stuck. */
export const NETWORK_TIMEOUT_MS = 1500;

/**
 * What a value from the server must look like to be offered: letters, digits, space, `.`, `_`
 * and `-`, starting with a letter or digit. Nothing in it means anything to a shell (the
 * scripts quote every value besides), and it cannot pass for one of trek's flags.
 */
export const SAFE_SERVER_VALUE = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,127}$/;

/**
 * Runs `lookup` with the API client of the profile in use (--profile on the line, else as the
 * command would resolve it) and returns its candidates that match SAFE_SERVER_VALUE (the rest
 * are dropped without a word), or [] when it fails or takes longer than `timeoutMs`. The
 * client's own timeout is set to the same deadline so the abandoned request ends soon after.
 *
 * A `--base-url` typed on the line is never asked: text being typed is not a place to send a
 * profile's key to, and the profile's own server would answer for a different API. Such a
 * line completes nothing from the API.
 */
export async function fromApi(ctx: CompletionContext, lookup: (api: ApiClient) => Promise<Candidate[]>, timeoutMs = NETWORK_TIMEOUT_MS): Promise<Candidate[]> {
  if (ctx.flags['base-url']) return [];
  ctx.f.globals.timeoutMs = timeoutMs;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Candidate[]>((resolve) => {
    timer = setTimeout(() => resolve([]), timeoutMs);
  });
  try {
    const candidates = await Promise.race([ctx.f.api().then(lookup), deadline]);
    return candidates.filter((candidate) => SAFE_SERVER_VALUE.test(candidate.value));
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** Services past cancelling: nothing to offer `trek service cancel`. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['Cancelled', 'Expired']);

/**
 * `trek service cancel <id>`: the services last used, as the history has them, less those the
 * API says are Cancelled or Expired already (each asked at once; one that cannot be read stays).
 */
export async function cancellableServices(ctx: CompletionContext): Promise<Completion> {
  const recent = recentIds(ctx.f.paths(), ctx.profile, 'service');
  const candidates = await fromApi(ctx, async (api) => {
    const { findService } = await import('../api/resources/services.js');
    const statuses = await Promise.all(
      recent.map(({ id }) =>
        findService(api, id).then(
          (s: unknown) => (isObject(s) && typeof s.status === 'string' ? s.status : undefined),
          () => undefined,
        ),
      ),
    );
    return recent.flatMap(({ id, label }, i) => (ENDED_STATUSES.has(statuses[i] ?? '') ? [] : [{ value: id, description: [label, statuses[i]].filter(Boolean).join(' — ') }]));
  });
  return { candidates, matchDescriptions: true };
}

/** `trek service transition <id> <status>`: the statuses that service can move to now (its `status_transitions`). */
export async function serviceTransitions(ctx: CompletionContext): Promise<Candidate[]> {
  const id = ctx.args[0];
  if (!id) return [];
  return fromApi(ctx, async (api) => {
    const { findService } = await import('../api/resources/services.js');
    const service: unknown = await findService(api, id);
    if (!isObject(service)) return [];
    const from = typeof service.status === 'string' ? `from ${service.status}` : undefined;
    return strings(service.status_transitions).map((status) => ({ value: status, description: from }));
  });
}

/** `--reason` of overrides: the reason codes with their labels. */
export async function overrideReasons(ctx: CompletionContext): Promise<Candidate[]> {
  return fromApi(ctx, async (api) => {
    const page: unknown = (await api.get('/override_reasons/', { max_per_page: 100 })).data;
    const results = isObject(page) && Array.isArray(page.results) ? page.results : [];
    return results.flatMap((reason) => (isObject(reason) && typeof reason.code === 'string' ? [{ value: reason.code, description: typeof reason.label === 'string' ? reason.label : undefined }] : []));
  });
}

/**
 * `--currency`: the booking currencies of the agency the booking goes to, which the API checks
 * the currency against: --agency typed on the line, else the profile's agency, else the key's
 * (the sandbox says whose). An agency named by --agency-email cannot be read: nothing.
 */
export async function agencyCurrencies(ctx: CompletionContext): Promise<Candidate[]> {
  if (ctx.flags['agency-email']) return [];
  return fromApi(ctx, async (api) => {
    const [{ whoami }, { getAgency }] = await Promise.all([import('../api/resources/sandbox.js'), import('../api/resources/agencies.js')]);
    const id = ctx.flags.agency?.at(-1) ?? (await ctx.f.profile()).agency ?? (await whoami(api))?.agency?.id;
    if (id === undefined || id === null || String(id) === '') return [];
    const agency: unknown = await getAgency(api, String(id));
    if (!isObject(agency)) return [];
    const description = `a booking currency of ${typeof agency.name === 'string' ? agency.name : `agency ${String(id)}`}`;
    return strings(agency.booking_currencies).map((code) => ({ value: code, description }));
  });
}

/** "Ms María José García-O'Neill", or the customer's id when the checkin names nobody. */
function travellerName(customer: unknown): string {
  if (!isObject(customer)) return 'a traveller';
  if (!isObject(customer.name)) return `customer ${String(customer.id)}`;
  const { title, legal_first_name: first, legal_last_name: last } = customer.name;
  return [title, first, last].filter((part) => typeof part === 'string' && part !== '').join(' ');
}

/**
 * `override add --requirement`: the requirements the checkins of the --booking typed still ask
 * of its travellers (of --customer alone when typed): exactly what an override can waive, since
 * a requirement that does not apply, or is waived already, is not in a checkin. Without
 * --booking nothing is known, so nothing is offered.
 */
export async function bookingRequirements(ctx: CompletionContext): Promise<Candidate[]> {
  const booking = ctx.flags.booking?.at(-1);
  if (!booking) return [];
  const customer = ctx.flags.customer?.at(-1);
  return fromApi(ctx, async (api) => {
    const { listBookingCheckins } = await import('../api/resources/checkins.js');
    const requirements = new Map<string, { name: string; travellers: string[] }>();
    for await (const checkin of listBookingCheckins(api, booking)) {
      if (!isObject(checkin.customer) || (customer !== undefined && String(checkin.customer.id) !== customer)) continue;
      for (const requirement of Array.isArray(checkin.requirements) ? checkin.requirements : []) {
        if (!isObject(requirement) || typeof requirement.code !== 'string') continue;
        const entry = requirements.get(requirement.code) ?? { name: typeof requirement.name === 'string' ? requirement.name : requirement.code, travellers: [] };
        entry.travellers.push(travellerName(checkin.customer));
        requirements.set(requirement.code, entry);
      }
    }
    return [...requirements].map(([code, { name, travellers }]) => ({
      value: code,
      description: `${name} · ${travellers.length > 2 ? `${travellers.length} travellers` : travellers.join(', ')}`,
    }));
  });
}

/** How many of the most recent bookings a departure service slot looks through without --booking. */
const RECENT_BOOKINGS = 5;

/**
 * The departure services of `bookings` (never their activity or flex plan services), described
 * by booking, name, status and start. A booking that cannot be read (gone, another agency's)
 * adds none, without costing the others theirs.
 */
async function departureServicesOf(api: ApiClient, bookings: readonly string[]): Promise<Candidate[]> {
  const { listBookingServices } = await import('../api/resources/bookings.js');
  const perBooking = await Promise.all(
    bookings.map(async (booking) => {
      const found: Candidate[] = [];
      try {
        for await (const service of listBookingServices(api, booking)) {
          if (service.type !== 'departure_services') continue;
          const about = [service.name, service.status, service.start_date].filter((part) => typeof part === 'string' && part !== '');
          found.push({ value: String(service.id), description: [`booking ${booking}`, ...about].join(' · ') });
        }
      } catch {
        return [];
      }
      return found;
    }),
  );
  return perBooking.flat();
}

/** The bookings a departure service slot is about: --booking typed, else the most recent this profile used. */
function bookingsInView(ctx: CompletionContext): string[] {
  const typed = ctx.flags.booking?.at(-1);
  if (typed) return [typed];
  return recentIds(ctx.f.paths(), ctx.profile, 'booking')
    .slice(0, RECENT_BOOKINGS)
    .map(({ id }) => id);
}

/**
 * A departure service slot (`flex terms <departure-service>`, `--departure-service`): the
 * departure services of the --booking typed, else of the bookings used most recently; matched
 * by their description too, so the tour's name finds them.
 */
export async function departureServices(ctx: CompletionContext): Promise<Completion> {
  const bookings = bookingsInView(ctx);
  const candidates = await fromApi(ctx, (api) => departureServicesOf(api, bookings));
  return { candidates, matchDescriptions: true };
}

/**
 * `flex attach --departure-service`: the departure services of the --booking typed that flex
 * can be attached to now, judged by the pre-flight `flex attach` runs (live, not yet covered,
 * outside the stop-sell and late-attach windows, not a CEU or flex-disabled agency), with the
 * --plan typed, else the first plan the service's departure offers.
 */
export async function attachableDepartureServices(ctx: CompletionContext): Promise<Completion> {
  const booking = ctx.flags.booking?.at(-1);
  if (!booking) return { candidates: [] };
  const plan = ctx.flags.plan?.at(-1);
  const candidates = await fromApi(ctx, async (api) => {
    const [{ readFlexFacts }, { flexAttachRefusals }, { getService }, { getDeparture }] = await Promise.all([
      import('../api/flex-preflight.js'),
      import('../api/flex-rules.js'),
      import('../api/resources/services.js'),
      import('../api/resources/flex.js'),
    ]);
    const planFor = async (service: string): Promise<string | undefined> => {
      if (plan) return plan;
      const departure = (await getService(api, 'departure_services', service)).product?.id;
      if (departure === undefined) return undefined;
      const offered = (await getDeparture(api, String(departure))).flex_plans ?? [];
      return offered[0] === undefined ? undefined : String(offered[0].id);
    };
    const services = await departureServicesOf(api, [booking]);
    const attachable = await Promise.all(
      services.map(async (service) => {
        const planId = await planFor(service.value);
        if (planId === undefined) return false;
        const facts = await readFlexFacts(api, { booking, departureService: service.value, plan: planId }, ctx.f.now());
        return flexAttachRefusals(facts).length === 0;
      }),
    );
    return services.filter((_, i) => attachable[i]);
  });
  return { candidates, matchDescriptions: true };
}
