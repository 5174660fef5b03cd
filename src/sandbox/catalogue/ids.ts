/**
 * Catalogue ids: each kind is numbered up from its own base (an entity's index is its id less
 * the base, less one), so an id tells its kind at a glance; and the ids just below and at a
 * base stand for a gone and a moved resource.
 */
export const DEPARTURE_ID_BASE = 100_000;
export const DOSSIER_ID_BASE = 20_000;
export const ACTIVITY_ID_BASE = 500_000;
export const ITINERARY_ID_BASE = 700_000;

/** Paths answered with 301 (to the new path) and 410. */
export const MOVED: Readonly<Record<string, string>> = {
  [`/departures/${DEPARTURE_ID_BASE}`]: `/departures/${DEPARTURE_ID_BASE + 1}/`,
  [`/tour_dossiers/${DOSSIER_ID_BASE}`]: `/tour_dossiers/${DOSSIER_ID_BASE + 1}/`,
};
export const GONE: ReadonlySet<string> = new Set([`/departures/${DEPARTURE_ID_BASE - 1}`, `/tour_dossiers/${DOSSIER_ID_BASE - 1}`]);
