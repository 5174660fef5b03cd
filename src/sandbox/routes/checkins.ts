/**
 * Checkins (spec §2.7, §4.2): `GET /bookings/<id>/checkins` lists one per customer of the
 * booking, `GET /checkins/<id>` reads one by its opaque id. Both are computed on every read by
 * rules/checkins.ts.
 */
import { assertOwnAgency } from '../auth.js';
import { notFound } from '../errors.js';
import type { BaseRecord, State } from '../model.js';
import type { Router } from '../router.js';
import { bookingCheckins, checkinView, findCheckin, type CheckinRecord } from '../rules/checkins.js';

/** `GET /bookings/<id>/checkins`, listed by the booking routes. */
export const bookingCollections = {
  checkins: { records: bookingCheckins, render: (state: State, record: BaseRecord) => checkinView(state, record as CheckinRecord) },
};

export function register(router: Router): void {
  router.get('/checkins/:id', (ctx) => {
    const checkin = findCheckin(ctx.state, ctx.params.id);
    if (!checkin) throw notFound(`Checkin ${ctx.params.id}`);
    assertOwnAgency(ctx.caller, ctx.state.collections.bookings[checkin.booking_id].agency_id, `checkin ${checkin.id}`);
    return { status: 200, body: checkinView(ctx.state, checkin) };
  });
}
