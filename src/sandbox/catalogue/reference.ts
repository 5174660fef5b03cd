/**
 * Fixed reference data: the places and product lines the catalogue is made from, and what
 * agencies and overrides refer to (countries and their states, agency chains, booking
 * companies, override reasons). The same in every store; never persisted.
 */
import { FLEX_DISABLED_FLAG, PREMIUM_PRODUCT_LINE } from '../../domain/flex.js';
import type { NamedRef } from '../model.js';

export interface Place {
  country: string;
  countryCode: string;
  city: string;
  airport: string;
}

/**
 * The countries tours visit: each with the city a tour starts in and a second city of the same
 * country a tour may finish in, with their airports (a tour's airports are its country's).
 */
const COUNTRY_CITIES: ReadonlyArray<readonly [country: string, code: string, city: string, airport: string, other: string, otherAirport: string]> = [
  ['Peru', 'PE', 'Lima', 'LIM', 'Cusco', 'CUZ'],
  ['Ecuador', 'EC', 'Quito', 'UIO', 'Guayaquil', 'GYE'],
  ['Costa Rica', 'CR', 'San José', 'SJO', 'Liberia', 'LIR'],
  ['Morocco', 'MA', 'Marrakech', 'RAK', 'Fes', 'FEZ'],
  ['Egypt', 'EG', 'Cairo', 'CAI', 'Luxor', 'LXR'],
  ['Kenya', 'KE', 'Nairobi', 'NBO', 'Mombasa', 'MBA'],
  ['Tanzania', 'TZ', 'Arusha', 'JRO', 'Zanzibar', 'ZNZ'],
  ['South Africa', 'ZA', 'Cape Town', 'CPT', 'Johannesburg', 'JNB'],
  ['India', 'IN', 'Delhi', 'DEL', 'Mumbai', 'BOM'],
  ['Nepal', 'NP', 'Kathmandu', 'KTM', 'Pokhara', 'PKR'],
  ['Thailand', 'TH', 'Bangkok', 'BKK', 'Chiang Mai', 'CNX'],
  ['Vietnam', 'VN', 'Hanoi', 'HAN', 'Ho Chi Minh City', 'SGN'],
  ['Cambodia', 'KH', 'Siem Reap', 'REP', 'Phnom Penh', 'PNH'],
  ['Japan', 'JP', 'Tokyo', 'HND', 'Osaka', 'KIX'],
  ['Indonesia', 'ID', 'Denpasar', 'DPS', 'Yogyakarta', 'YIA'],
  ['Australia', 'AU', 'Sydney', 'SYD', 'Melbourne', 'MEL'],
  ['New Zealand', 'NZ', 'Queenstown', 'ZQN', 'Auckland', 'AKL'],
  ['Iceland', 'IS', 'Reykjavík', 'KEF', 'Akureyri', 'AEY'],
  ['Norway', 'NO', 'Tromsø', 'TOS', 'Bergen', 'BGO'],
  ['Italy', 'IT', 'Rome', 'FCO', 'Venice', 'VCE'],
  ['Greece', 'GR', 'Athens', 'ATH', 'Santorini', 'JTR'],
  ['Croatia', 'HR', 'Dubrovnik', 'DBV', 'Split', 'SPU'],
  ['Portugal', 'PT', 'Lisbon', 'LIS', 'Porto', 'OPO'],
  ['Spain', 'ES', 'Barcelona', 'BCN', 'Seville', 'SVQ'],
  ['Turkey', 'TR', 'Istanbul', 'IST', 'Kayseri', 'ASR'],
  ['Jordan', 'JO', 'Amman', 'AMM', 'Aqaba', 'AQJ'],
  ['Mexico', 'MX', 'Oaxaca', 'OAX', 'Cancún', 'CUN'],
  ['Argentina', 'AR', 'Ushuaia', 'USH', 'Buenos Aires', 'EZE'],
  ['Chile', 'CL', 'Santiago', 'SCL', 'Punta Arenas', 'PUQ'],
  ['Canada', 'CA', 'Whitehorse', 'YXY', 'Dawson City', 'YDA'],
  ['Scotland', 'GB', 'Edinburgh', 'EDI', 'Inverness', 'INV'],
  ['Mongolia', 'MN', 'Ulaanbaatar', 'UBN', 'Khovd', 'HVD'],
];

/** Where tours start. */
export const PLACES: readonly Place[] = COUNTRY_CITIES.map(([country, countryCode, city, airport]) => ({ country, countryCode, city, airport }));

/** Where a tour of `place`'s country may finish when it does not end where it began: the country's second city. */
export const SECOND_CITIES: readonly Place[] = COUNTRY_CITIES.map(([country, countryCode, , , city, airport]) => ({ country, countryCode, city, airport }));

/** With the designated premium line, whose flex stop-sell window is 90 days instead of 60 (domain/flex.ts). */
export const PRODUCT_LINES = ['Classic', PREMIUM_PRODUCT_LINE, 'Active', 'Local Living', 'Family'] as const;

/** The agent's commission on a departure service, in per cent of its price (promotions keep it). */
export const DEPARTURE_COMMISSION_PERCENT = 12;

export const ACTIVITY_KINDS = [
  'Cooking class',
  'Food walk',
  'Sunrise hike',
  'Kayak tour',
  'Cycling tour',
  'Museum visit',
  'Market tour',
  'Wildlife safari',
  'Hot-air balloon ride',
  'Snorkelling trip',
];

export const OVERRIDE_REASONS: ReadonlyArray<{ id: string; code: string; label: string }> = [
  { id: '1', code: 'PASSPORT_RENEWAL', label: 'Passport is being renewed' },
  { id: '2', code: 'INFO_AT_CHECKIN', label: 'Customer will provide the information at check-in' },
  { id: '3', code: 'MINOR_TRAVELLER', label: 'Traveller is a minor travelling with a guardian' },
  { id: '4', code: 'AGENT_VERIFIED', label: 'Verified by the agent' },
  { id: '5', code: 'NOT_APPLICABLE', label: 'Requirement does not apply to this traveller' },
];

/** Countries and states agency addresses resolve to (objects with id, href, name). */
export const COUNTRIES: ReadonlyArray<{ id: string; name: string; states: readonly NamedRef[] }> = [
  {
    id: 'CA',
    name: 'Canada',
    states: [
      { id: 'CA-ON', name: 'Ontario' },
      { id: 'CA-AB', name: 'Alberta' },
      { id: 'CA-BC', name: 'British Columbia' },
      { id: 'CA-QC', name: 'Quebec' },
    ],
  },
  {
    id: 'US',
    name: 'United States',
    states: [
      { id: 'US-NY', name: 'New York' },
      { id: 'US-CA', name: 'California' },
      { id: 'US-WA', name: 'Washington' },
    ],
  },
  {
    id: 'GB',
    name: 'United Kingdom',
    states: [
      { id: 'GB-ENG', name: 'England' },
      { id: 'GB-SCT', name: 'Scotland' },
    ],
  },
  {
    id: 'DE',
    name: 'Germany',
    states: [
      { id: 'DE-BY', name: 'Bayern' },
      { id: 'DE-BE', name: 'Berlin' },
    ],
  },
  { id: 'AT', name: 'Austria', states: [{ id: 'AT-9', name: 'Wien' }] },
  { id: 'CH', name: 'Switzerland', states: [{ id: 'CH-ZH', name: 'Zürich' }] },
  {
    id: 'AU',
    name: 'Australia',
    states: [
      { id: 'AU-NSW', name: 'New South Wales' },
      { id: 'AU-VIC', name: 'Victoria' },
    ],
  },
  { id: 'NZ', name: 'New Zealand', states: [] },
  { id: 'FR', name: 'France', states: [] },
  { id: 'IE', name: 'Ireland', states: [] },
];

/** Nationalities a customer's `nationality` reference names (the operator's client reads it as a reference). */
export const NATIONALITIES: readonly NamedRef[] = [
  { id: 'CA', name: 'Canadian' },
  { id: 'US', name: 'American' },
  { id: 'GB', name: 'British' },
  { id: 'DE', name: 'German' },
  { id: 'AT', name: 'Austrian' },
  { id: 'CH', name: 'Swiss' },
  { id: 'AU', name: 'Australian' },
  { id: 'NZ', name: 'New Zealander' },
  { id: 'FR', name: 'French' },
  { id: 'IE', name: 'Irish' },
];

const fold = (text: string) => text.trim().toLowerCase();

/** A known entry by id or name, any case ("gb", "British"). */
function known(list: readonly NamedRef[], text: string): NamedRef | undefined {
  return list.find((entry) => fold(entry.id) === fold(text) || fold(entry.name) === fold(text));
}

/**
 * A customer's stored text (as the client sent it) as the reference the operator sends: the
 * known nationality, country or state it names, else one named by the text itself.
 */
export function placeReference(kind: 'nationalities' | 'countries' | 'states', text: string): { id: string; href: string; name: string } {
  const list = kind === 'nationalities' ? NATIONALITIES : kind === 'countries' ? COUNTRIES : COUNTRIES.flatMap((c) => c.states);
  const entry = known(list, text) ?? (kind === 'states' ? COUNTRIES.flatMap((c) => c.states).find((s) => fold(s.id.split('-')[1] ?? '') === fold(text)) : undefined) ?? { id: text, name: text };
  return { id: entry.id, href: `/${kind}/${encodeURIComponent(entry.id)}/`, name: entry.name };
}

export const AGENCY_CHAINS: ReadonlyArray<{ id: string; name: string; flags: readonly string[] }> = [
  { id: '1', name: 'North Star Travel Group', flags: [] },
  /** Flex switched off for the whole chain (spec §4.3 rule 3). */
  { id: '2', name: 'Independent Agents Alliance', flags: [FLEX_DISABLED_FLAG] },
];

export const BOOKING_COMPANIES: readonly NamedRef[] = [
  { id: '1', name: 'Wayfarer Tours Inc.' },
  { id: '2', name: 'Wayfarer Tours UK Ltd.' },
];
