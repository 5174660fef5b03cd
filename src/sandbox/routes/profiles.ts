/**
 * Agency and agent profiles (spec §2.8–2.9), readable by agents of the same agency only.
 * Updates come with the profile rules; countries and states are the reference objects that
 * agency addresses point at.
 */
import { assertOwnAgency } from '../auth.js';
import { COUNTRIES, NATIONALITIES, PLACES } from '../catalogue/reference.js';
import { notFound } from '../errors.js';
import { listRecords } from '../list.js';
import type { Reply, RequestContext, Router } from '../router.js';
import { href } from '../refs.js';
import { agencyView, agentView, bookingView } from '../views.js';
import { agencyPromotions } from './commercial.js';
import { travelCreditView } from './payments.js';

function ownAgency(ctx: RequestContext) {
  const agency = ctx.state.collections.agencies[ctx.params.id];
  if (!agency) throw notFound(`Agency ${ctx.params.id}`);
  assertOwnAgency(ctx.caller, agency.id, `agency ${agency.id}`);
  return agency;
}

function country(ctx: RequestContext): Reply {
  // Agency and customer countries with their states; else a country the catalogue's tours visit.
  const place = PLACES.find((p) => p.countryCode === ctx.params.id);
  const c = COUNTRIES.find((x) => x.id === ctx.params.id) ?? (place && { id: place.countryCode, name: place.country, states: [] });
  if (!c) throw notFound(`Country ${ctx.params.id}`);
  return { status: 200, body: { id: c.id, href: href('countries', c.id), name: c.name, states: c.states.map((s) => ({ ...s, href: href('states', s.id) })) } };
}

function nationality(ctx: RequestContext): Reply {
  const n = NATIONALITIES.find((x) => x.id === ctx.params.id);
  if (!n) throw notFound(`Nationality ${ctx.params.id}`);
  return { status: 200, body: { ...n, href: href('nationalities', n.id) } };
}

function state(ctx: RequestContext): Reply {
  for (const c of COUNTRIES) {
    const s = c.states.find((x) => x.id === ctx.params.id);
    if (s) return { status: 200, body: { ...s, href: href('states', s.id), country: { id: c.id, href: href('countries', c.id), name: c.name } } };
  }
  throw notFound(`State ${ctx.params.id}`);
}

export function register(router: Router): void {
  router
    .get('/agencies/:id', (ctx) => ({ status: 200, body: agencyView(ownAgency(ctx)) }))
    .get('/agencies/:id/agents', (ctx) => {
      const agency = ownAgency(ctx);
      return listRecords(
        ctx,
        Object.values(ctx.state.collections.agents).filter((a) => a.agency_id === agency.id),
        (a) => agentView(a, ctx.state),
      );
    })
    .get('/agencies/:id/bookings', (ctx) => {
      const agency = ownAgency(ctx);
      return listRecords(
        ctx,
        Object.values(ctx.state.collections.bookings).filter((b) => b.agency_id === agency.id),
        (b) => bookingView(ctx.state, b),
      );
    })
    .get('/agencies/:id/promotions', (ctx) => agencyPromotions(ctx, ownAgency(ctx)))
    .get('/agencies/:id/travel_credits', (ctx) => {
      const agency = ownAgency(ctx);
      const ofAgency = (bookingId: string) => ctx.state.collections.bookings[bookingId]?.agency_id === agency.id;
      return listRecords(
        ctx,
        Object.values(ctx.state.collections.travel_credits).filter((c) => ofAgency(c.booking_id)),
        (c) => travelCreditView(ctx.state, c),
      );
    })
    .get('/agents/:id', (ctx) => {
      const agent = ctx.state.collections.agents[ctx.params.id];
      if (!agent) throw notFound(`Agent ${ctx.params.id}`);
      assertOwnAgency(ctx.caller, agent.agency_id, `agent ${agent.id}`);
      return { status: 200, body: agentView(agent, ctx.state) };
    })
    .get('/countries/:id', country)
    .get('/states/:id', state)
    .get('/nationalities/:id', nationality);
}
