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

export const PLACES: readonly Place[] = [
  ['Peru', 'PE', 'Lima', 'LIM'],
  ['Ecuador', 'EC', 'Quito', 'UIO'],
  ['Costa Rica', 'CR', 'San José', 'SJO'],
  ['Morocco', 'MA', 'Marrakech', 'RAK'],
  ['Egypt', 'EG', 'Cairo', 'CAI'],
  ['Kenya', 'KE', 'Nairobi', 'NBO'],
  ['Tanzania', 'TZ', 'Arusha', 'JRO'],
  ['South Africa', 'ZA', 'Cape Town', 'CPT'],
  ['India', 'IN', 'Delhi', 'DEL'],
  ['Nepal', 'NP', 'Kathmandu', 'KTM'],
  ['Thailand', 'TH', 'Bangkok', 'BKK'],
  ['Vietnam', 'VN', 'Hanoi', 'HAN'],
  ['Cambodia', 'KH', 'Siem Reap', 'REP'],
  ['Japan', 'JP', 'Tokyo', 'HND'],
  ['Indonesia', 'ID', 'Denpasar', 'DPS'],
  ['Australia', 'AU', 'Sydney', 'SYD'],
  ['New Zealand', 'NZ', 'Queenstown', 'ZQN'],
  ['Iceland', 'IS', 'Reykjavík', 'KEF'],
  ['Norway', 'NO', 'Tromsø', 'TOS'],
  ['Italy', 'IT', 'Rome', 'FCO'],
  ['Greece', 'GR', 'Athens', 'ATH'],
  ['Croatia', 'HR', 'Dubrovnik', 'DBV'],
  ['Portugal', 'PT', 'Lisbon', 'LIS'],
  ['Spain', 'ES', 'Barcelona', 'BCN'],
  ['Turkey', 'TR', 'Istanbul', 'IST'],
  ['Jordan', 'JO', 'Amman', 'AMM'],
  ['Mexico', 'MX', 'Oaxaca', 'OAX'],
  ['Argentina', 'AR', 'Ushuaia', 'USH'],
  ['Chile', 'CL', 'Santiago', 'SCL'],
  ['Canada', 'CA', 'Whitehorse', 'YXY'],
  ['Scotland', 'GB', 'Edinburgh', 'EDI'],
  ['Mongolia', 'MN', 'Ulaanbaatar', 'UBN'],
].map(([country, countryCode, city, airport]) => ({ country: country!, countryCode: countryCode!, city: city!, airport: airport! }));

/** With the designated premium line, whose flex stop-sell window is 90 days instead of 60 (domain/flex.ts). */
export const PRODUCT_LINES = ['Classic', PREMIUM_PRODUCT_LINE, 'Active', 'Local Living', 'Family'] as const;

/** The agent's commission on a departure service, in per cent of its price (promotions keep it). */
export const DEPARTURE_COMMISSION_PERCENT = 12;

export const ACTIVITY_KINDS = ['Cooking class', 'Food walk', 'Sunrise hike', 'Kayak tour', 'Cycling tour', 'Museum visit', 'Market tour', 'Wildlife safari', 'Hot-air balloon ride', 'Snorkelling trip'];

export const OVERRIDE_REASONS: ReadonlyArray<{ id: string; code: string; label: string }> = [
  { id: '1', code: 'PASSPORT_RENEWAL', label: 'Passport is being renewed' },
  { id: '2', code: 'INFO_AT_CHECKIN', label: 'Customer will provide the information at check-in' },
  { id: '3', code: 'MINOR_TRAVELLER', label: 'Traveller is a minor travelling with a guardian' },
  { id: '4', code: 'AGENT_VERIFIED', label: 'Verified by the agent' },
  { id: '5', code: 'NOT_APPLICABLE', label: 'Requirement does not apply to this traveller' },
];

/** Countries and states agency addresses resolve to (objects with id, href, name). */
export const COUNTRIES: ReadonlyArray<{ id: string; name: string; states: readonly NamedRef[] }> = [
  { id: 'CA', name: 'Canada', states: [{ id: 'CA-ON', name: 'Ontario' }, { id: 'CA-AB', name: 'Alberta' }, { id: 'CA-BC', name: 'British Columbia' }, { id: 'CA-QC', name: 'Quebec' }] },
  { id: 'US', name: 'United States', states: [{ id: 'US-NY', name: 'New York' }, { id: 'US-CA', name: 'California' }, { id: 'US-WA', name: 'Washington' }] },
  { id: 'GB', name: 'United Kingdom', states: [{ id: 'GB-ENG', name: 'England' }, { id: 'GB-SCT', name: 'Scotland' }] },
  { id: 'DE', name: 'Germany', states: [{ id: 'DE-BY', name: 'Bayern' }, { id: 'DE-BE', name: 'Berlin' }] },
  { id: 'AT', name: 'Austria', states: [{ id: 'AT-9', name: 'Wien' }] },
  { id: 'CH', name: 'Switzerland', states: [{ id: 'CH-ZH', name: 'Zürich' }] },
  { id: 'AU', name: 'Australia', states: [{ id: 'AU-NSW', name: 'New South Wales' }, { id: 'AU-VIC', name: 'Victoria' }] },
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
