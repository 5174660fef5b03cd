/** How an agency looks in table view. */
import { agencyChains, type Agency } from '../../api/resources/agencies.js';
import { type Column } from '../../output/render.js';
import { displayValue, joinValues } from '../../output/value.js';
import { reference, referenceList } from '../booking/view.js';
import { commaJoined } from '../service/columns.js';

/** Street; city, state and postcode; country — state and country as "Name (id)". */
function address(value: unknown): string {
  const a = value as Agency['address'];
  if (!a) return '';
  const town = joinValues([a.city, a.state ? reference(a.state) : ''], ', ');
  return joinValues([a.street, joinValues([town, a.postal_zip], ' '), a.country ? reference(a.country) : ''], '\n');
}

function emails(value: unknown): string {
  return Array.isArray(value)
    ? joinValues(
        value.map((e: { type?: unknown; address?: unknown }) => `${displayValue(e?.type)}: ${displayValue(e?.address)}`),
        '\n',
      )
    : '';
}

/** One line per chain; its configurations say through which booking company and with which flags. */
function chains(_value: unknown, record: unknown): string {
  const agency = record as Agency;
  const configurations = Array.isArray(agency.agency_chain_configurations) ? agency.agency_chain_configurations : [];
  return joinValues(
    agencyChains(agency).flatMap((chain) => {
      const own = configurations.filter((c) => displayValue(c?.agency_chain?.id) === displayValue(chain?.id));
      if (own.length === 0) return [reference(chain)];
      return own.map((c) => `${reference(chain)} — ${reference(c.booking_company)}: ${Array.isArray(c.flags) && c.flags.length ? c.flags.map(displayValue).join(', ') : 'no flags'}`);
    }),
    '\n',
  );
}

function communication(value: unknown, record: unknown): string {
  const chainDecides = (record as Agency).override_agency_secondary === true ? ' (overridden by the chain)' : '';
  return `${commaJoined(value) || 'none'}${chainDecides}`;
}

export const AGENCY_ROWS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'name', header: 'NAME' },
  { field: 'preferred_display_name', header: 'DISPLAY NAME' },
  { field: 'transactional_email', header: 'TRANSACTIONAL EMAIL' },
  { field: 'emails', header: 'EMAILS', format: emails },
  { field: 'booking_currencies', header: 'CURRENCIES', format: commaJoined },
  { field: 'address', header: 'ADDRESS', format: address },
  { field: 'agency_chains', header: 'CHAINS', format: chains },
  { field: 'booking_companies', header: 'BOOKING COMPANIES', format: referenceList },
  { field: 'communication_preferences', header: 'COMMUNICATION', format: communication },
  { field: 'passenger_notifications', header: 'PASSENGER NOTICES', format: commaJoined },
  { field: 'agent_notifications', header: 'AGENT NOTICES', format: commaJoined },
  { field: 'abta_number', header: 'ABTA NUMBER' },
  { field: 'date_created', header: 'CREATED' },
];
