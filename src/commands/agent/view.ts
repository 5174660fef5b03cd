/** How an agent looks in table view. */
import { agentName, type Agent } from '../../api/resources/agents.js';
import { formatValue, type Column } from '../../output/render.js';
import { reference } from '../booking/view.js';

export function phoneLines(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value.map((phone: { type?: unknown; number?: unknown }) => [phone?.type, phone?.number].filter((part) => part).map(formatValue).join(' ')).join('\n');
}

export const AGENT_ROWS: Column[] = [
  { field: 'id', header: 'ID' },
  { field: 'first_name', header: 'NAME', format: (_value, record) => agentName(record as Agent) },
  { field: 'username', header: 'USERNAME' },
  { field: 'email', header: 'EMAIL' },
  { field: 'phone_numbers', header: 'PHONES', format: phoneLines },
  { field: 'role.name', header: 'ROLE' },
  { field: 'agency', header: 'AGENCY', format: reference },
  { field: 'active', header: 'ACTIVE', format: (value) => (value === true ? 'yes' : value === false ? 'no' : '') },
];
