/** Catalogue reads, open to any valid key: dossiers (and their departures), departures,
 * activities, itineraries (also under `/structured_itineraries/`), flex plans, cancellation
 * terms, override reasons. Departures — details, lists and searches alike — show their
 * availability as bookings and the operator changed it (rules/places.ts); the terms of a
 * booked service (`service-<id>`) are the booking's agency's only (routes/flex.ts). */
import { OVERRIDE_REASONS } from '../catalogue/reference.js';
import { notFound } from '../errors.js';
import { listCatalogue } from '../list.js';
import type { Reply, RequestContext, Router } from '../router.js';
import { departureNow, departuresKey, departuresNow, someDeparturesNow } from '../rules/places.js';
import { href, type FrozenWire, type Wire } from '../refs.js';
import { serviceTermsView } from './flex.js';

function found(body: object | undefined, what: string): Reply {
  if (!body) throw notFound(what);
  return { status: 200, body };
}

/** The departures of a tour dossier, searchable like `/departures/` (the dossier's `departures.href`). */
function dossierDepartures(ctx: RequestContext): Reply {
  const departures = ctx.store.catalogue.departuresOf(ctx.params.id);
  if (!departures) throw notFound(`Tour dossier ${ctx.params.id}`);
  return listCatalogue(ctx, `${departuresKey(ctx.state)}:${ctx.params.id}`, someDeparturesNow(ctx.state, ctx.store.catalogue, departures));
}

const overrideReasons = OVERRIDE_REASONS.map((r) => ({ ...r, href: href('override_reasons', r.id) }) satisfies Wire<'OverrideReason'>);

export function register(router: Router): void {
  router
    .get('/tour_dossiers', (ctx) => listCatalogue(ctx, 'tour_dossiers', ctx.store.catalogue.tourDossiers))
    .get('/tour_dossiers/:id', (ctx) => found(ctx.store.catalogue.tourDossier(ctx.params.id) satisfies Wire<'TourDossier'> | undefined, `Tour dossier ${ctx.params.id}`))
    .get('/tour_dossiers/:id/departures', dossierDepartures)
    .get('/departures', (ctx) => listCatalogue(ctx, departuresKey(ctx.state), departuresNow(ctx.state, ctx.store.catalogue)))
    .get('/departures/:id', (ctx) => {
      const departure = ctx.store.catalogue.departure(ctx.params.id);
      return found(departure && (departureNow(ctx.state, departure) satisfies FrozenWire<'Departure'>), `Departure ${ctx.params.id}`);
    })
    .get('/activities', (ctx) => listCatalogue(ctx, 'activities', ctx.store.catalogue.activities))
    .get('/activities/:id', (ctx) => found(ctx.store.catalogue.activity(ctx.params.id) satisfies Wire<'Activity'> | undefined, `Activity ${ctx.params.id}`))
    .get('/itineraries/:id', (ctx) => found(ctx.store.catalogue.itinerary(ctx.params.id), `Itinerary ${ctx.params.id}`))
    .get('/itineraries/:id/:variation', (ctx) => found(ctx.store.catalogue.itinerary(ctx.params.id, ctx.params.variation), `Variation ${ctx.params.variation} of itinerary ${ctx.params.id}`))
    // The name the operator's clients know itineraries by (`structured_itineraries`): the same resources.
    .get('/structured_itineraries/:id', (ctx) => found(ctx.store.catalogue.itinerary(ctx.params.id), `Itinerary ${ctx.params.id}`))
    .get('/structured_itineraries/:id/:variation', (ctx) =>
      found(ctx.store.catalogue.itinerary(ctx.params.id, ctx.params.variation), `Variation ${ctx.params.variation} of itinerary ${ctx.params.id}`),
    )
    .get('/flex_plans/:id', (ctx) => found(ctx.store.catalogue.flexPlan(ctx.params.id, ctx.nowMs), `Flex plan ${ctx.params.id}`))
    .get('/service_cancellation_terms/:id', (ctx) => found(serviceTermsView(ctx, ctx.params.id) ?? ctx.store.catalogue.cancellationTerms(ctx.params.id), `Service cancellation terms ${ctx.params.id}`))
    .get('/override_reasons', (ctx) => listCatalogue(ctx, 'override_reasons', overrideReasons))
    .get('/override_reasons/:id', (ctx) =>
      found(
        overrideReasons.find((r) => r.id === ctx.params.id),
        `Override reason ${ctx.params.id}`,
      ),
    );
}
