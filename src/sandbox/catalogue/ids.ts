/**
 * Catalogue ids: each kind is numbered up from its own base (an entity's index is its id less
 * the base, less one), so an id tells its kind at a glance; and the ids just below and at a
 * base stand for a gone and a moved resource.
 */
export const DEPARTURE_ID_BASE = 100_000;
export const DOSSIER_ID_BASE = 20_000;
export const ACTIVITY_ID_BASE = 500_000;
export const ITINERARY_ID_BASE = 700_000;

/**
 * The index of entity `id` among `count` numbered up from `base`; undefined for any other id,
 * and for one not written plainly (leading zeros, a sign, an exponent: `0100001`, `1e5`).
 */
export function entityIndex(id: string, base: number, count: number): number | undefined {
  const index = Number(id) - base - 1;
  return Number.isInteger(index) && index >= 0 && index < count && String(Number(id)) === id ? index : undefined;
}

/** Paths answered with 301 (to the new path) and 410. */
export const MOVED: Readonly<Record<string, string>> = {
  [`/departures/${DEPARTURE_ID_BASE}`]: `/departures/${DEPARTURE_ID_BASE + 1}/`,
  [`/tour_dossiers/${DOSSIER_ID_BASE}`]: `/tour_dossiers/${DOSSIER_ID_BASE + 1}/`,
};
export const GONE: ReadonlySet<string> = new Set([`/departures/${DEPARTURE_ID_BASE - 1}`, `/tour_dossiers/${DOSSIER_ID_BASE - 1}`]);
