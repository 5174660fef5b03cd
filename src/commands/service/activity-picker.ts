/**
 * The activity picker of `service add-activity`: a type-to-filter list with the activities of
 * the booking's tour first — those in a place its itinerary visits and offered while it runs —
 * then the others. The tour is read from the booking's departure services (the ones the API
 * counts as its tour: Option, On Request, Request Confirmation, Confirmed) → their departures →
 * the itinerary valid on the start date (its locations, day by day) and the tour dossier. An
 * activity outside the tour's places or dates is added only after a warning and a yes.
 */
import type { ApiClient } from '../../api/client.js';
import { records } from '../../api/paginate.js';
import { parseOrderBy } from '../../api/query.js';
import { listBookingServices } from '../../api/resources/bookings.js';
import { getActivity, type Activity } from '../../api/resources/catalogue.js';
import { fetchReferenced, placeName } from '../../api/resources/common.js';
import { amountIn, getDeparture, type Departure } from '../../api/resources/flex.js';
import { getTourDossier, type Itinerary } from '../../api/resources/itineraries.js';
import { getBooking } from '../../api/resources/bookings.js';
import { getService } from '../../api/resources/services.js';
import { UsageError } from '../../errors.js';
import type { IOStreams } from '../../output/iostreams.js';
import { formatMoney } from '../../output/money.js';
import { sanitize } from '../../output/sanitize.js';
import { columnLines } from '../../output/grid.js';
import { textTools } from '../../output/text.js';
import { makeTheme } from '../../output/theme.js';
import type { Choice, Prompter, Separator } from '../../prompt/prompter.js';
import { unlessNotFound } from '../../api/errors.js';
import { toArray } from '../../api/paginate.js';
import { fitToWidth, typedSearch } from './pickers.js';
import { displayValue, NOTHING_SHOWN } from '../../output/value.js';

/** How many activities each part of the list shows at most. */
export const ACTIVITY_LIST_SIZE = 20;

/** Departure service statuses that make a booking's tour (docs/sandbox.md, TOUR_SERVICE_NOT_FOUND). */
export const TOUR_STATUSES: readonly string[] = ['Option', 'On Request', 'Request Confirmation', 'Confirmed'];

/** How many of a booking's departure services, and of a tour's places, are read. */
const MAX_TOUR_SERVICES = 5;
const MAX_TOUR_PLACES = 12;

/** Where and when a booking travels. */
export interface BookingTour {
  booking: string;
  /** The places its itineraries visit, as written, each once. */
  places: string[];
  /** First and last day of its departure services. */
  start?: string;
  finish?: string;
}

/** A departure with the members that lead to its places. */
type TourDeparture = Pick<Departure, 'structured_itineraries' | 'tour_dossier' | 'components'>;

/** Place names compare without case or accents: "San Jose" is "San José". */
export function samePlace(a: string, b: string): boolean {
  const plain = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .trim()
      .toLowerCase();
  return plain(a) === plain(b);
}

/** The places an itinerary (and a departure's own accommodation) names: start, end, and each day's and component's locations. */
export function placesOf(itinerary: Itinerary | undefined, departure: TourDeparture | undefined): string[] {
  const located = (component: { start_location?: Parameters<typeof placeName>[0]; end_location?: Parameters<typeof placeName>[0] } | null | undefined) => [
    placeName(component?.start_location),
    placeName(component?.end_location),
  ];
  const names = [...located(itinerary), ...(itinerary?.days ?? []).flatMap((day) => [...located(day), ...(day.components ?? []).flatMap(located)]), ...(departure?.components ?? []).flatMap(located)];
  const places: string[] = [];
  for (const name of names) if (typeof name === 'string' && name.trim() !== '' && !places.some((p) => samePlace(p, name))) places.push(name.trim());
  return places;
}

/** The tour of one departure service: its dates, and the places of its departure's itinerary (else its dossier's cities). */
async function serviceTour(client: ApiClient, serviceId: string): Promise<{ places: string[]; start?: string; finish?: string }> {
  const service = await getService(client, 'departure_services', serviceId);
  const dates = { ...(dateText(service.start_date) ? { start: service.start_date } : {}), ...(dateText(service.finish_date) ? { finish: service.finish_date } : {}) };
  if (!service.product?.id) return { places: [], ...dates };
  const departure = (await unlessNotFound(getDeparture(client, String(service.product.id)))) as TourDeparture | undefined;
  const itineraryRef = departure?.structured_itineraries?.[0];
  const itinerary = itineraryRef ? await unlessNotFound(fetchReferenced<Itinerary>(client, 'itineraries', itineraryRef)) : undefined;
  let places = placesOf(itinerary, departure);
  if (places.length === 0 && departure?.tour_dossier) {
    const dossier = (await unlessNotFound(getTourDossier(client, departure.tour_dossier))) as { geography?: { start_city?: unknown; finish_city?: unknown } } | undefined;
    // The operator's cities are objects ({name}); a bare name is read too.
    places = [dossier?.geography?.start_city, dossier?.geography?.finish_city].map(displayValue).filter((city) => city !== '' && city !== NOTHING_SHOWN);
  }
  return { places, ...dates };
}

/** Where and when the booking travels; a usage error when it has no tour an activity could join. */
export async function bookingTour(client: ApiClient, booking: string): Promise<BookingTour> {
  const services = (await toArray(listBookingServices(client, booking))).filter((s) => s.type === 'departure_services' && TOUR_STATUSES.includes(s.status));
  if (services.length === 0) {
    throw new UsageError(
      `--activity: booking ${sanitize(booking)} has no tour to add an activity to (no departure service in ${TOUR_STATUSES.join(', ')}; the API would refuse it with TOUR_SERVICE_NOT_FOUND)`,
      `book a departure first: trek service add-departure --booking ${sanitize(booking)}`,
      { field: '--booking' },
    );
  }
  const tours = await Promise.all(services.slice(0, MAX_TOUR_SERVICES).map((s) => serviceTour(client, String(s.id))));
  const places: string[] = [];
  for (const place of tours.flatMap((t) => t.places)) if (!places.some((p) => samePlace(p, place))) places.push(place);
  const starts = tours
    .map((t) => t.start)
    .filter((d): d is string => d !== undefined)
    .sort();
  const finishes = tours
    .map((t) => t.finish)
    .filter((d): d is string => d !== undefined)
    .sort();
  return { booking, places, ...(starts[0] ? { start: starts[0] } : {}), ...(finishes.at(-1) ? { finish: finishes.at(-1)! } : {}) };
}

/** A date the server sent, when it is text; a hostile server's number or object counts as none. */
const dateText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Why an activity is not on the tour (sanitized; none when it is): its place, then its dates. */
export function offTourReasons(activity: Partial<Pick<Activity, 'location' | 'available_from' | 'available_to'>>, tour: BookingTour): string[] {
  const reasons: string[] = [];
  const city = activity.location?.city;
  const where = [city, activity.location?.country]
    .filter(Boolean)
    .map((part) => sanitize(String(part)))
    .join(', ');
  if (tour.places.length > 0 && !(typeof city === 'string' && tour.places.some((place) => samePlace(place, city)))) {
    reasons.push(`it is ${where ? `in ${where}` : 'somewhere not given'}, which the tour does not visit (it visits ${tour.places.map((p) => sanitize(p)).join(', ')})`);
  }
  const from = dateText(activity.available_from) ? activity.available_from : undefined;
  const to = dateText(activity.available_to) ? activity.available_to : undefined;
  const offered = `${from ? sanitize(from) : '…'} – ${to ? sanitize(to) : '…'}`;
  if ((to && tour.start && to < tour.start) || (from && tour.finish && from > tour.finish)) {
    reasons.push(`it is offered ${offered}, outside the tour's dates (${tour.start ? sanitize(tour.start) : '…'} – ${tour.finish ? sanitize(tour.finish) : '…'})`);
  }
  return reasons;
}

/** "Lima, Cusco · 2027-06-14 – 2027-06-26" */
function tourSummary(tour: BookingTour): string {
  const places = tour.places.length > 0 ? tour.places.map((p) => sanitize(p)).join(', ') : 'places not given';
  return `${places} · ${tour.start ? sanitize(tour.start) : '…'} – ${tour.finish ? sanitize(tour.finish) : '…'}`;
}

/** The list: the tour's activities under one heading, the others under another, each line priced per traveller. */
export async function activityChoices(
  onTour: readonly Activity[],
  elsewhere: readonly Activity[],
  tour: BookingTour,
  currency: string | undefined,
  columns: number,
): Promise<Array<Choice<string> | Separator>> {
  const price = (a: Activity) => {
    const amount = amountIn(a.prices, currency);
    return amount === undefined ? (currency ? `no ${sanitize(currency)} price` : 'no price') : formatMoney(amount, currency);
  };
  const note = (a: Activity) => {
    const reasons = offTourReasons(a, tour);
    return reasons.length === 0 ? undefined : reasons[0].startsWith('it is offered') ? 'not during the tour' : 'not on the tour';
  };
  const rows = [...onTour.map((a) => ({ a, note: undefined })), ...elsewhere.map((a) => ({ a, note: note(a) }))];
  const described = ({ a, note }: (typeof rows)[number]) => {
    const where = [a.location?.city, a.location?.country]
      .filter(Boolean)
      .map((part) => sanitize(String(part)))
      .join(', ');
    return `${sanitize(String(a.name ?? 'activity'))}${where ? ` — ${where}` : ''}${note ? ` (${note})` : ''}`;
  };
  // Prices right-aligned in one column under both headings, so their digits line up.
  const names = await columnLines(
    rows.map((row) => [price(row.a), described(row)]),
    ['right', 'left'],
  );
  const choices = rows.map(({ a }, i): Choice<string> => {
    const hours = typeof a.duration_hours === 'number' ? `${a.duration_hours} h` : undefined;
    const [from, to] = [a.available_from, a.available_to].map((date) => (dateText(date) ? sanitize(date) : undefined));
    const offered = from || to ? `offered ${from ?? '…'} – ${to ?? '…'}` : undefined;
    return {
      name: names[i],
      value: String(a.id),
      short: `${sanitize(String(a.name ?? 'activity'))} (${sanitize(String(a.id))})`,
      description: `Activity ${sanitize(String(a.id))}: ${[hours, offered, 'price per traveller'].filter(Boolean).join(' · ')}`,
    };
  });
  const items: Array<Choice<string> | Separator> = [];
  if (onTour.length > 0) items.push({ separator: `On the tour: ${tourSummary(tour)}` }, ...choices.slice(0, onTour.length));
  if (elsewhere.length > 0) items.push({ separator: 'Elsewhere or at other dates (asks before adding)' }, ...choices.slice(onTour.length));
  return fitToWidth(items, columns);
}

/** Activities matching typed text, split into the tour's and the others. */
async function findActivities(client: ApiClient, tour: BookingTour, term: string | undefined): Promise<{ onTour: Activity[]; elsewhere: Activity[] }> {
  const text = term?.replace(/\*/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
  const named: Array<[string, string]> = text ? [text.includes(' ') ? ['name__like', text.split(' ').slice(0, 10).join('*')] : ['name', text]] : [];
  const list = (query: Array<[string, string]>) =>
    toArray(records<Activity>(client, '/activities', [...query, ...parseOrderBy(['name']), ['max_per_page', String(ACTIVITY_LIST_SIZE)]], { limit: ACTIVITY_LIST_SIZE }));
  const [atPlaces, others, inCity] = await Promise.all([
    Promise.all(tour.places.slice(0, MAX_TOUR_PLACES).map((place) => list([['location.city', place], ...named]))),
    list(named),
    text ? list([['location.city', text]]) : Promise.resolve([]),
  ]);
  const all = [...new Map([...atPlaces.flat(), ...others, ...inCity].map((a) => [String(a.id), a])).values()];
  const byName = (a: Activity, b: Activity) => String(a.name ?? '').localeCompare(String(b.name ?? ''));
  const part = (wanted: boolean) =>
    all
      .filter((a) => (offTourReasons(a, tour).length === 0) === wanted)
      .sort(byName)
      .slice(0, ACTIVITY_LIST_SIZE);
  return { onTour: part(true), elsewhere: part(false) };
}

export interface ActivityPickerOptions {
  booking: string;
  io: IOStreams;
}

/** "Warning: activity 500003 (Cooking class) is not on booking 200001's tour: …", wrapped to the terminal. */
async function warnOffTour(io: IOStreams, id: string, activity: Activity | undefined, booking: string, reasons: readonly string[]): Promise<void> {
  const name = activity?.name ? ` (${sanitize(String(activity.name))})` : '';
  const warning = `Warning: activity ${sanitize(id)}${name} is not on booking ${sanitize(booking)}'s tour: ${reasons.join('; ')}.`;
  const lines = io.stderrIsTTY ? (await textTools()).wrap(warning, Math.max(20, io.columns - 1), 2) : [warning];
  io.err.write(`${[makeTheme(io.colorErr).warning('Warning:') + lines[0].slice('Warning:'.length), ...lines.slice(1)].join('\n')}\n`);
}

/**
 * Activities given with --activity are not asked about, but one off the booking's tour gets the
 * picker's warning on stderr, before anything is sent. A tour or activity that cannot be read
 * warns of nothing: the API's answer to the booking will say what is wrong.
 */
export async function warnOfOffTourActivities(client: ApiClient, io: IOStreams, booking: string, activities: readonly string[]): Promise<void> {
  const tour = await bookingTour(client, booking).catch(() => undefined);
  if (tour === undefined) return;
  for (const id of activities) {
    const activity = await getActivity(client, id).catch(() => undefined);
    const reasons = activity ? offTourReasons(activity, tour) : [];
    if (reasons.length > 0) await warnOffTour(io, id, activity, booking, reasons);
  }
}

/**
 * Asks for the activity to book. One off the tour is taken only after the warning saying why
 * and a yes; a no goes back to the list.
 */
export async function askActivity(client: ApiClient, prompter: Prompter, options: ActivityPickerOptions): Promise<string> {
  const [booking, tour] = await Promise.all([getBooking(client, options.booking), bookingTour(client, options.booking)]);
  const currency = typeof booking.currency === 'string' ? booking.currency : undefined;
  const found = new Map<string, Activity>();
  const source = typedSearch(async (term) => {
    const { onTour, elsewhere } = await findActivities(client, tour, term);
    for (const a of [...onTour, ...elsewhere]) found.set(String(a.id), a);
    return activityChoices(onTour, elsewhere, tour, currency, options.io.columns);
  });
  for (;;) {
    const id = await prompter.search('Activity to book (type a name or place)', source);
    const activity = found.get(id);
    const reasons = activity ? offTourReasons(activity, tour) : [];
    if (reasons.length === 0) return id;
    await warnOffTour(options.io, id, activity, options.booking, reasons);
    if (await prompter.confirm(`Add activity ${sanitize(id)} anyway?`, false)) return id;
  }
}
