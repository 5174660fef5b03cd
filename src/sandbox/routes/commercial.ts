/**
 * The operator's commercial reference data, read by any valid key like the catalogue: agency
 * chains and booking companies (what bookings and agencies reference, spec §2.2, §2.9) and
 * promotions (spec §2.4), and an agency's list of the promotions on sale for it (§2.9). Their
 * fields are "not shown" beyond a reference's `id`, `href` and `name`; docs/sandbox.md lists
 * the sandbox's.
 */
import { isoDate } from '../clock.js';
import { activePromotions, promotionById, promotionView } from '../catalogue/promotions.js';
import { AGENCY_CHAINS, BOOKING_COMPANIES } from '../catalogue/reference.js';
import { notFound } from '../errors.js';
import { listComputed } from '../list.js';
import type { AgencyRecord } from '../model.js';
import { href } from '../refs.js';
import type { Reply, RequestContext, Router } from '../router.js';

function agencyChain(ctx: RequestContext): Reply {
  const chain = AGENCY_CHAINS.find((c) => c.id === ctx.params.id);
  if (!chain) throw notFound(`Agency chain ${ctx.params.id}`);
  return { status: 200, body: { id: chain.id, href: href('agency_chains', chain.id), name: chain.name, flags: [...chain.flags] } };
}

function bookingCompany(ctx: RequestContext): Reply {
  const company = BOOKING_COMPANIES.find((c) => c.id === ctx.params.id);
  if (!company) throw notFound(`Booking company ${ctx.params.id}`);
  return { status: 200, body: { id: company.id, href: href('booking_companies', company.id), name: company.name } };
}

function promotion(ctx: RequestContext): Reply {
  const found = promotionById(ctx.params.id);
  if (!found) throw notFound(`Promotion ${ctx.params.id}`);
  return { status: 200, body: promotionView(ctx.store.catalogue, found) };
}

/**
 * `/agencies/<id>/promotions/` (spec §2.9): the promotions on sale today (the virtual clock's
 * UTC date) to the booking companies the agency contracts with, newest first.
 */
export function agencyPromotions(ctx: RequestContext, agency: AgencyRecord): Reply {
  const catalogue = ctx.store.catalogue;
  return listComputed(
    ctx,
    activePromotions(catalogue, isoDate(ctx.nowMs), agency.booking_company_ids).map((p) => promotionView(catalogue, p)),
  );
}

export function register(router: Router): void {
  router.get('/agency_chains/:id', agencyChain).get('/booking_companies/:id', bookingCompany).get('/promotions/:id', promotion);
}
