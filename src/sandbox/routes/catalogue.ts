/** Catalogue reads, open to any valid key: dossiers, departures, activities, itineraries,
 * flex plans, cancellation terms, override reasons. */
import { notFound } from '../errors.js';
import { listCatalogue } from '../list.js';
import type { Reply, Router } from '../router.js';
import { OVERRIDE_REASONS } from '../seed.js';
import { href } from '../views.js';

function found(body: object | undefined, what: string): Reply {
  if (!body) throw notFound(what);
  return { status: 200, body };
}

const overrideReasons = OVERRIDE_REASONS.map((r) => ({ ...r, href: href('override_reasons', r.id) }));

export function register(router: Router): void {
  router
    .get('/tour_dossiers', (ctx) => listCatalogue(ctx, 'tour_dossiers', ctx.store.catalogue.tourDossiers))
    .get('/tour_dossiers/:id', (ctx) => found(ctx.store.catalogue.tourDossier(ctx.params.id!), `Tour dossier ${ctx.params.id}`))
    .get('/departures', (ctx) => listCatalogue(ctx, 'departures', ctx.store.catalogue.departures))
    .get('/departures/:id', (ctx) => found(ctx.store.catalogue.departure(ctx.params.id!), `Departure ${ctx.params.id}`))
    .get('/activities', (ctx) => listCatalogue(ctx, 'activities', ctx.store.catalogue.activities))
    .get('/activities/:id', (ctx) => found(ctx.store.catalogue.activity(ctx.params.id!), `Activity ${ctx.params.id}`))
    .get('/itineraries/:id', (ctx) => found(ctx.store.catalogue.itinerary(ctx.params.id!), `Itinerary ${ctx.params.id}`))
    .get('/itineraries/:id/:variation', (ctx) =>
      found(ctx.store.catalogue.itinerary(ctx.params.id!, ctx.params.variation!), `Variation ${ctx.params.variation} of itinerary ${ctx.params.id}`),
    )
    .get('/flex_plans/:id', (ctx) => found(ctx.store.catalogue.flexPlan(ctx.params.id!, ctx.nowMs), `Flex plan ${ctx.params.id}`))
    .get('/service_cancellation_terms/:id', (ctx) => found(ctx.store.catalogue.cancellationTerms(ctx.params.id!), `Service cancellation terms ${ctx.params.id}`))
    .get('/override_reasons', (ctx) => listCatalogue(ctx, 'override_reasons', overrideReasons))
    .get('/override_reasons/:id', (ctx) => found(overrideReasons.find((r) => r.id === ctx.params.id), `Override reason ${ctx.params.id}`));
}
