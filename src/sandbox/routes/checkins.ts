/**
 * Checkins (spec §2.7, §4.2): `GET /bookings/<id>/checkins` lists one per customer of the
 * booking, `GET /checkins/<id>` reads one by its opaque id. Both are computed on every read by
 * rules/checkins.ts.
 */
import { assertOwnAgency } from '../auth.js';
import { notFound } from '../errors.js';
import type { Router } from '../router.js';
import { bookingCheckins, checkinView, findCheckin, type CheckinRecord } from '../rules/checkins.js';
import { NESTED } from './bookings.js';

export function register(router: Router): void {
  // The booking module lists nested collections; this one supplies the checkins it lists.
  NESTED.checkins = { records: bookingCheckins, render: (state, record) => checkinView(state, record as CheckinRecord) };
  router.get('/checkins/:id', (ctx) => {
    const checkin = findCheckin(ctx.state, ctx.params.id!);
    if (!checkin) throw notFound(`Checkin ${ctx.params.id}`);
    assertOwnAgency(ctx.caller, ctx.state.collections.bookings[checkin.booking_id]!.agency_id, `checkin ${checkin.id}`);
    return { status: 200, body: checkinView(ctx.state, checkin) };
  });
}
