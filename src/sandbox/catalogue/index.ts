/**
 * The catalogue (tour dossiers, departures, activities, itineraries, flex plans, cancellation
 * terms) is a pure function of (seed, size, epoch), regenerated on every start instead of
 * being persisted. Each entity draws from its own PRNG stream (random.ts), so one can be
 * generated alone (itineraries and flex plans are built on demand) and a larger `size` keeps
 * the smaller catalogue's entities.
 *
 * All dates are relative to the epoch: the UTC day of the virtual clock when the store was
 * created. The first departures are fixed showcase cases (SHOWCASE in departures.ts, listed
 * in docs/sandbox.md) so tests and rules have a known departure for each situation.
 */
import { LRUCache } from 'lru-cache';
import { DAY_MS, isoDate } from '../clock.js';
import { immutable } from '../json.js';
import type { State } from '../model.js';
import type { Wire } from '../refs.js';
import { makeActivity } from './activities.js';
import { makeDeparture } from './departures.js';
import { makeDossiers, planDossier } from './dossiers.js';
import { ACTIVITY_ID_BASE, DEPARTURE_ID_BASE, DOSSIER_ID_BASE, entityIndex } from './ids.js';
import { makeItinerary, variationOf } from './itineraries.js';
import { cancellationTermsOf, flexPlanOf } from './terms.js';
import type { Activity, CatalogueBasis, Departure, DossierPlan, TourDossier } from './types.js';

/** Cached per (seed, size, epoch): several stores in one process share one catalogue. */
const catalogues = new Map<string, Catalogue>();

export class Catalogue implements CatalogueBasis {
  readonly epochMs: number;
  readonly epochDate: string;
  readonly dossierCount: number;
  readonly activityCount: number;
  /** Memo of search results over immutable collections, by query (search.ts). */
  readonly searchCache = new LRUCache<string, unknown[]>({ max: 64 });
  /** Memo of list replies over immutable collections, by URL, weighed in JSON bytes (list.ts). */
  readonly listCache = new LRUCache<string, object>({ maxSize: 16 * 1024 * 1024 });
  private dossierPlans: DossierPlan[] | undefined;
  private departureList: Departure[] | undefined;
  private dossierList: TourDossier[] | undefined;
  private activityList: Activity[] | undefined;
  private readonly itineraries = new Map<string, Wire<'Itinerary'> | null>();

  private constructor(
    readonly seed: number,
    readonly size: number,
    epoch: string,
  ) {
    this.epochMs = Date.parse(epoch);
    this.epochDate = isoDate(this.epochMs);
    this.dossierCount = Math.max(12, Math.round(size / 20));
    this.activityCount = Math.max(12, Math.round(size / 40));
  }

  static for(state: Pick<State, 'seed' | 'size' | 'epoch'>): Catalogue {
    const key = `${state.seed}:${state.size}:${state.epoch}`;
    let catalogue = catalogues.get(key);
    if (!catalogue) {
      if (catalogues.size >= 4) catalogues.delete(catalogues.keys().next().value!);
      catalogue = new Catalogue(state.seed, state.size, state.epoch);
      catalogues.set(key, catalogue);
    }
    return catalogue;
  }

  private readonly days = new Map<number, string>();

  /** The date `offset` days from the epoch (memoised: 100 000 departures share ~750 days). */
  day(offset: number): string {
    let date = this.days.get(offset);
    if (date === undefined) {
      date = isoDate(this.epochMs + offset * DAY_MS);
      this.days.set(offset, date);
    }
    return date;
  }

  private get plans(): DossierPlan[] {
    this.dossierPlans ??= Array.from({ length: this.dossierCount }, (_, index) => planDossier(this.seed, index));
    return this.dossierPlans;
  }

  get departures(): readonly Departure[] {
    this.departureList ??= Array.from({ length: this.size }, (_, i) => immutable(makeDeparture(this, this.plans, i)));
    return this.departureList;
  }

  departure(id: string): Departure | undefined {
    const index = entityIndex(id, DEPARTURE_ID_BASE, this.size);
    return index === undefined ? undefined : this.departures[index];
  }

  get tourDossiers(): readonly TourDossier[] {
    this.dossierList ??= makeDossiers(this, this.plans, this.departures).map(immutable);
    return this.dossierList;
  }

  tourDossier(id: string): TourDossier | undefined {
    const index = entityIndex(id, DOSSIER_ID_BASE, this.dossierCount);
    return index === undefined ? undefined : this.tourDossiers[index];
  }

  get activities(): readonly Activity[] {
    this.activityList ??= Array.from({ length: this.activityCount }, (_, j) => immutable(makeActivity(this, j)));
    return this.activityList;
  }

  activity(id: string): Activity | undefined {
    const index = entityIndex(id, ACTIVITY_ID_BASE, this.activityCount);
    return index === undefined ? undefined : this.activities[index];
  }

  /** The flex plan `<departureId>-<tier>`, rendered for `nowMs`. */
  flexPlan(id: string, nowMs: number): Wire<'FlexPlan'> | undefined {
    const m = /^(\d+)-([12])$/.exec(id);
    const departure = m ? this.departure(m[1]) : undefined;
    if (!departure) return undefined;
    return flexPlanOf(departure, id, Number(m![2]) - 1, nowMs);
  }

  /** `generic-<departureId>` (percentage windows) or `flex-<departureId>-<tier>` (amount-based windows). */
  cancellationTerms(id: string): Wire<'CancellationTerms'> | undefined {
    const generic = /^generic-(\d+)$/.exec(id);
    const flex = /^flex-(\d+)-([12])$/.exec(id);
    const departure = this.departure((generic ?? flex)?.[1] ?? '');
    if (!departure) return undefined;
    return cancellationTermsOf(departure, id, generic ? null : flex![2]);
  }

  /** Itinerary `id`, or one of its variations; undefined when unknown. */
  itinerary(id: string, variationId?: string): Wire<'Itinerary'> | undefined {
    let base = this.itineraries.get(id);
    if (base === undefined) {
      base = makeItinerary(this, this.plans, id);
      this.itineraries.set(id, base);
    }
    if (!base) return undefined;
    return variationId === undefined ? base : variationOf(base, variationId);
  }

  private readonly dossierDepartures = new Map<string, readonly Departure[]>();

  /** The departures of tour dossier `id` (`/tour_dossiers/<id>/departures/`); undefined for an unknown dossier. */
  departuresOf(id: string): readonly Departure[] | undefined {
    if (!this.tourDossier(id)) return undefined;
    let list = this.dossierDepartures.get(id);
    if (!list) {
      list = this.departures.filter((d) => d.tour_dossier.id === id);
      if (this.dossierDepartures.size >= 64) this.dossierDepartures.delete(this.dossierDepartures.keys().next().value!);
      this.dossierDepartures.set(id, list);
    }
    return list;
  }
}
