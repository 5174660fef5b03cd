/**
 * Promotions (spec §2.4, §2.9): the operator's discounts, fixed reference data dated from the
 * epoch like the rest of the catalogue. A booked service carries the one it got
 * (`applied_promotion`), an agency lists the ones on sale now (`/agencies/<id>/promotions/`),
 * a departure's room prices name the ones that may apply to the room, and each is a resource
 * of its own at `/promotions/<id>/`.
 *
 * Only the early-booking discount changes a price (rules/money.ts): the others are for rooms
 * the sandbox never books (it books shared rooms) or their sale has ended, so every price the
 * sandbox computes is explained by the promotions it shows.
 */
import { CURRENCIES } from '../money.js';
import { ref, type Wire } from '../refs.js';
import { BOOKING_COMPANIES, DEPARTURE_COMMISSION_PERCENT } from './reference.js';
import type { CatalogueBasis } from './types.js';

export interface Promotion {
  id: string;
  code: string;
  name: string;
  percent: number;
  commission_rate: number;
  terms_and_conditions: string;
  /** Days from the epoch it was created, and its sale window (finish null: open-ended). */
  created: number;
  saleStart: number;
  saleFinish: number | null;
  /** Room codes of a departure it applies to. */
  rooms: readonly string[];
  /** Booking companies whose agencies it is offered to. */
  companies: readonly string[];
  /** Departures starting more than this many days after the price is set (early booking); any when absent. */
  days?: number;
}

const ALL_COMPANIES = BOOKING_COMPANIES.map((c) => c.id);

/**
 * Departures more than 180 days away (by date, like the flex stop-sell) are 5 % cheaper. It is
 * why a price in Option can change: a service still in Option when the departure comes within
 * 180 days loses the discount.
 */
export const EARLY_BOOKING = {
  id: '1',
  code: 'EARLY_BOOKING_5',
  name: 'Early booking: 5 % off',
  percent: 5,
  days: 180,
  commission_rate: DEPARTURE_COMMISSION_PERCENT,
  terms_and_conditions: 'Departures starting more than 180 days after the price is set. The discount is kept once the service is confirmed.',
  created: -400,
  saleStart: -400,
  saleFinish: null,
  rooms: ['STANDARD', 'SINGLE'],
  companies: ALL_COMPANIES,
} as const satisfies Promotion;

/** By id; an agency lists those on sale, newest first (activePromotions). */
export const PROMOTIONS: readonly Promotion[] = [
  EARLY_BOOKING,
  {
    id: '2',
    code: 'WINTER_FLASH_10',
    name: 'Winter flash sale: 10 % off',
    percent: 10,
    commission_rate: DEPARTURE_COMMISSION_PERCENT,
    terms_and_conditions: 'Bookings made during the winter flash sale. The sale has ended.',
    created: -120,
    saleStart: -90,
    saleFinish: -60,
    rooms: ['STANDARD', 'SINGLE'],
    companies: ALL_COMPANIES,
  },
  {
    id: '3',
    code: 'SOLO_SAVER_50',
    name: 'Solo saver: half the single supplement',
    percent: 50,
    commission_rate: DEPARTURE_COMMISSION_PERCENT,
    terms_and_conditions: 'My Own Room on any departure, for agencies contracting with Wayfarer Tours Inc. Not combinable with other promotions.',
    created: -30,
    saleStart: -30,
    saleFinish: 335,
    rooms: ['SINGLE'],
    companies: ['1'],
  },
];

export function promotionById(id: string): Promotion | undefined {
  return PROMOTIONS.find((p) => p.id === id);
}

export function promotionByCode(code: string): Promotion | undefined {
  return PROMOTIONS.find((p) => p.code === code);
}

/**
 * References to the promotions that may apply to a departure room with code `room`: those for
 * the room whose sale had not ended by the epoch (shared, immutable: the catalogue does not
 * follow the clock; an agency's list and a booked service do).
 */
const roomPromotionRefs = new Map<string, ReadonlyArray<{ id: string; href: string }>>();
export function roomPromotions(room: string): ReadonlyArray<{ id: string; href: string }> {
  let refs = roomPromotionRefs.get(room);
  if (!refs) {
    refs = Object.freeze(PROMOTIONS.filter((p) => p.rooms.includes(room) && (p.saleFinish === null || p.saleFinish >= 0)).map((p) => ref('promotions', p.id)));
    roomPromotionRefs.set(room, refs);
  }
  return refs;
}

export function promotionRef(promotion: Promotion): { id: string; href: string; name: string } {
  return ref('promotions', promotion.id, { name: promotion.name });
}

/** Whether `promotion` is on sale on the UTC date `today` (YYYY-MM-DD). */
export function onSale(basis: CatalogueBasis, promotion: Promotion, today: string): boolean {
  return basis.day(promotion.saleStart) <= today && (promotion.saleFinish === null || today <= basis.day(promotion.saleFinish));
}

/** The promotions on sale `today` for an agency contracting with `companyIds`, newest first (spec §2.9). */
export function activePromotions(basis: CatalogueBasis, today: string, companyIds: readonly string[]): Promotion[] {
  return PROMOTIONS.filter((p) => onSale(basis, p, today) && p.companies.some((c) => companyIds.includes(c))).sort((a, b) => b.created - a.created);
}

/**
 * The promotion resource. Its discount is a percentage of the price (`discount_percent`);
 * `discount_amount` is null here and set on a booked service's `applied_promotion`, where the
 * amount is known (spec §2.4: original price = purchase_price + discount_amount).
 */
export function promotionView(basis: CatalogueBasis, promotion: Promotion): Wire<'Promotion'> {
  const created = `${basis.day(promotion.created)}T00:00:00Z`;
  return {
    id: promotion.id,
    href: ref('promotions', promotion.id).href,
    name: promotion.name,
    promotion_code: promotion.code,
    discount_amount: null,
    discount_percent: promotion.percent,
    commission_rate: promotion.commission_rate,
    terms_and_conditions: promotion.terms_and_conditions,
    currencies: [...CURRENCIES],
    room_codes: [...promotion.rooms],
    min_travellers: 1,
    flags: [],
    sale_start_date: basis.day(promotion.saleStart),
    sale_finish_date: promotion.saleFinish === null ? null : basis.day(promotion.saleFinish),
    booking_companies: BOOKING_COMPANIES.filter((c) => promotion.companies.includes(c.id)).map((c) => ref('booking_companies', c.id, { name: c.name })),
    date_created: created,
    date_last_modified: created,
  };
}
