/**
 * Places on departures and the availability they give (docs/sandbox.md, "Places and
 * availability"). The catalogue is generated and never changes, so what happens to a departure
 * after the seed — places taken by bookings and given back, the operator's availability — is
 * kept in the state as an overlay (`departure_overlays`), and every read of a departure goes
 * through `departureNow` or `departuresNow`: details, lists and searches show the same.
 *
 * The catalogue's `spaces_remaining` is what the seed leaves (its own bookings included). A
 * departure whose availability is AVAILABLE or WAIT_LIST is sold by places: AVAILABLE while a
 * place is left, WAIT_LIST when none is (new bookings join the waitlist, spec §3.1 Waitlisted).
 * REQUEST_SPACE and NOT_BOOKABLE are the operator's, and stay until the operator changes them.
 */
import { createHash } from 'node:crypto';
import { Catalogue } from '../catalogue/index.js';
import { DEPARTURE_ID_BASE, entityIndex } from '../catalogue/ids.js';
import { availabilityWith, departureRooms, singleRoomsOf, STANDARD_ROOM } from '../catalogue/departures.js';
import type { Departure } from '../catalogue/types.js';
import { fieldError } from '../errors.js';
import { immutable } from '../json.js';
import type { AvailabilityStatus, DepartureOverlay, ServiceStatus, State } from '../model.js';
import type { Transaction } from '../transaction.js';

/** Statuses in which a departure service holds a place for each of its travellers: the live ones, waiting aside. */
export const PLACE_STATUSES: ReadonlySet<ServiceStatus> = new Set(['Option', 'On Request', 'Request Confirmation', 'Confirmed', 'Request Cancellation']);

export type Availability = Departure['availability'];

/** Places a booking could still take, before clamping: negative when requests took more than were left. */
function placesLeft(departure: Departure, overlay: DepartureOverlay | undefined): number {
  return departure.availability.spaces_remaining - (overlay?.places_taken ?? 0);
}

/** Whether the departure is sold by places now (AVAILABLE or WAIT_LIST), rather than held at REQUEST_SPACE or NOT_BOOKABLE. */
function soldByPlaces(departure: Departure, overlay: DepartureOverlay | undefined): boolean {
  const status = overlay?.status ?? departure.availability.status;
  return status === 'AVAILABLE' || status === 'WAIT_LIST';
}

/** `availability` now: `{status, total, spaces_remaining}`, the places a new booking can take (0 unless AVAILABLE). */
export function availabilityNow(state: State, departure: Departure): Availability {
  const overlay = state.departure_overlays?.[departure.id];
  if (!overlay) return departure.availability;
  if (!soldByPlaces(departure, overlay)) return availabilityWith(overlay.status ?? departure.availability.status, 0);
  const left = placesLeft(departure, overlay);
  return left > 0 ? availabilityWith('AVAILABLE', left) : availabilityWith('WAIT_LIST', 0);
}

export function availabilityOf(state: State, departure: Departure): AvailabilityStatus {
  return availabilityNow(state, departure).status;
}

/** Places the waitlist can be given now: none unless the departure is sold by places. */
export function placesForWaitlist(state: State, departure: Departure): number {
  const overlay = state.departure_overlays?.[departure.id];
  return soldByPlaces(departure, overlay) ? Math.max(0, placesLeft(departure, overlay)) : 0;
}

/** Travellers by room, of the rooms other than the standard one: `{SINGLE: 1}`. */
export function roomCounts(roomCodes: Readonly<Record<string, string>> | undefined): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const code of Object.values(roomCodes ?? {})) if (code !== STANDARD_ROOM) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}

/** The departure's rooms now, each with the places left in it. */
function roomsNow(state: State, departure: Departure): Departure['rooms'] {
  return departureRooms(departure, availabilityNow(state, departure), state.departure_overlays?.[departure.id]?.rooms_taken ?? {});
}

const placesPhrase = (n: number) => `${n} place${n === 1 ? '' : 's'}`;

/**
 * A new Option takes a place per traveller, and one of its room for a traveller in a room other
 * than the standard one: more travellers than places left is a 400 naming the places left.
 */
export function assertPlacesFor(state: State, departure: Departure, travellers: number, rooms: Readonly<Record<string, number>> = {}): void {
  const { total: left } = availabilityNow(state, departure);
  if (travellers > left) {
    throw fieldError('customers', 'NOT_ENOUGH_SPACES', `departure ${departure.id} has ${placesPhrase(left)} left; ${travellers} travellers do not fit`, travellers);
  }
  for (const room of roomsNow(state, departure)) {
    const wanted = rooms[room.code] ?? 0;
    if (wanted > room.availability.total) {
      throw fieldError('rooms', 'NOT_ENOUGH_SPACES', `room ${room.code} of departure ${departure.id} has ${placesPhrase(room.availability.total)} left; ${wanted} travellers do not fit`, room.code);
    }
  }
}

/** Whether a waitlisted service's rooms other than the standard one have places for it now. */
export function roomsFitWaitlist(state: State, departure: Departure, rooms: Readonly<Record<string, number>>): boolean {
  const taken = state.departure_overlays?.[departure.id]?.rooms_taken ?? {};
  return Object.entries(rooms).every(([code, n]) => code === STANDARD_ROOM || singleRoomsOf(departure) - (taken[code] ?? 0) >= n);
}

/** The departure as it is now: its availability, its rooms' places and `date_last_modified` from the overlay. */
export function departureNow(state: State, departure: Departure): Departure {
  const overlay = state.departure_overlays?.[departure.id];
  if (!overlay) return departure;
  return { ...departure, availability: availabilityNow(state, departure), rooms: roomsNow(state, departure), date_last_modified: overlay.date_last_modified };
}

/**
 * Changes a departure's overlay; when its availability (status or places left) changes, its
 * `date_last_modified` moves to now and `departures.availability_changed` is emitted.
 */
export function changeOverlay(state: State, tx: Transaction, departure: Departure, change: (overlay: DepartureOverlay) => void): void {
  const before = availabilityNow(state, departure);
  const overlays = (state.departure_overlays ??= {});
  const overlay = (overlays[departure.id] ??= { places_taken: 0, status: null, date_last_modified: departure.date_last_modified });
  change(overlay);
  const after = availabilityNow(state, departure);
  if (before.status === after.status && before.spaces_remaining === after.spaces_remaining) return;
  overlay.date_last_modified = tx.now;
  tx.emit({ type: 'departures.availability_changed', id: departure.id, data: after });
}

/** `travellers` places taken (negative: given back), `rooms` of them (by code) in rooms other than the standard one. */
export function takePlaces(state: State, tx: Transaction, departure: Departure, travellers: number, rooms: Readonly<Record<string, number>> = {}): void {
  if (travellers === 0) return;
  changeOverlay(state, tx, departure, (overlay) => {
    overlay.places_taken += travellers;
    for (const [code, n] of Object.entries(rooms)) {
      const taken = (overlay.rooms_taken ??= {});
      taken[code] = (taken[code] ?? 0) + Math.sign(travellers) * n;
    }
  });
}

/**
 * The operator sets a departure's availability: REQUEST_SPACE and NOT_BOOKABLE hold it there
 * (its places are kept for later); AVAILABLE and WAIT_LIST sell it by places again — WAIT_LIST
 * with none left, AVAILABLE with `spaces` left (or those it has). `spaces` alone sets the
 * places left and keeps the status.
 */
export function setAvailability(state: State, tx: Transaction, departure: Departure, status: AvailabilityStatus | undefined, spaces: number | undefined): void {
  changeOverlay(state, tx, departure, (overlay) => {
    if (status !== undefined) overlay.status = status === departure.availability.status ? null : status;
    const left = status === 'WAIT_LIST' ? 0 : spaces;
    if (left !== undefined) overlay.places_taken = departure.availability.spaces_remaining - left;
  });
}

/**
 * A snapshot written before places kept the operator's statuses alone, as
 * `departure_availability: {<id>: <status>}`: they become overlays. True when it changed the state.
 */
export function upgradeLegacyAvailability(state: State): boolean {
  const legacy = state as State & { departure_availability?: Record<string, AvailabilityStatus> };
  if (legacy.departure_availability === undefined) return false;
  const catalogue = Catalogue.for(state);
  const overlays = (state.departure_overlays ??= {});
  for (const [id, status] of Object.entries(legacy.departure_availability)) {
    const departure = catalogue.departure(id);
    if (departure) overlays[id] ??= { places_taken: 0, status, date_last_modified: departure.date_last_modified };
  }
  delete legacy.departure_availability;
  return true;
}

// ---------------------------------------------------------------------------------------
// Reading many: lists and searches

interface Overlaid {
  key: string;
  list: readonly Departure[];
}

/** The overlay's content key, per committed state (lists ask before every page). */
const keys = new WeakMap<State, { generation: number; key: string }>();

/**
 * A name for the departures as they are now: `departures` while nothing changed since the seed,
 * else `departures@<hash of the overlay>`. The catalogue's memo of searches and pages is keyed by
 * it, so a change of availability is never answered from a page memoised before it, and two
 * sandboxes sharing a catalogue never see each other's.
 */
export function departuresKey(state: State): string {
  const cached = keys.get(state);
  if (cached && cached.generation === state.generation) return cached.key;
  const overlays = state.departure_overlays;
  const key = !overlays || Object.keys(overlays).length === 0 ? 'departures' : `departures@${createHash('sha256').update(JSON.stringify(overlays)).digest('hex').slice(0, 24)}`;
  keys.set(state, { generation: state.generation, key });
  return key;
}

const overlaidByCatalogue = new WeakMap<Catalogue, Overlaid[]>();

/** Every departure as it is now, in catalogue order: the same array until an availability changes. */
export function departuresNow(state: State, catalogue: Catalogue): readonly Departure[] {
  const key = departuresKey(state);
  if (key === 'departures') return catalogue.departures;
  const recent = overlaidByCatalogue.get(catalogue) ?? [];
  let found = recent.find((o) => o.key === key);
  if (!found) {
    const list = catalogue.departures.slice();
    for (const id of Object.keys(state.departure_overlays!)) {
      const index = entityIndex(id, DEPARTURE_ID_BASE, catalogue.size);
      if (index !== undefined) list[index] = immutable(departureNow(state, list[index]));
    }
    found = { key, list };
    // A few versions per catalogue: the sandboxes of one process (tests) may share it.
    overlaidByCatalogue.set(catalogue, [found, ...recent].slice(0, 4));
  }
  return found.list;
}

/** Some of the catalogue's departures (a dossier's), each as it is now. */
export function someDeparturesNow(state: State, catalogue: Catalogue, departures: readonly Departure[]): readonly Departure[] {
  if (departuresKey(state) === 'departures') return departures;
  const now = departuresNow(state, catalogue);
  return departures.map((d) => now[entityIndex(d.id, DEPARTURE_ID_BASE, catalogue.size)!]);
}
