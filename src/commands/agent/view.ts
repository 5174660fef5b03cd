/** How an agent looks in table view. */
import { agentName, type Agent } from '../../api/resources/agents.js';
import type { Column } from '../../output/render.js';
import { reference } from '../booking/view.js';
import { phoneLines } from '../customer/view.js';

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
