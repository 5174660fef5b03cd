/** Agent profiles (spec §2.8, §4.2). */
import type { ApiClient, RequestOptions } from '../client.js';
import { fetchJson, itemPath, send, type Reference } from './common.js';
import type { PhoneNumber } from './customers.js';

export interface Agent {
  id: string;
  href: string;
  role: { id: string; name: string } | null;
  first_name: string;
  last_name: string;
  email: string;
  phone_numbers: PhoneNumber[];
  username: string;
  agency: Reference;
  active: boolean;
}

/** The fields PATCH /agents/<id>/ takes (§4.2 lists exactly these five). */
export interface AgentUpdate {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone_numbers?: PhoneNumber[];
  username?: string;
}

export const AGENT_FIELDS: readonly string[] = [
  'id', 'href', 'role.id', 'role.name', 'first_name', 'last_name', 'email', 'phone_numbers', 'username',
  'agency.id', 'agency.href', 'agency.name', 'active',
];

export const AGENTS = 'agents';

export function getAgent(client: ApiClient, id: string): Promise<Agent> {
  return fetchJson<Agent>(client, itemPath(AGENTS, id));
}

export function updateAgentRequest(id: string, body: AgentUpdate): RequestOptions {
  return { method: 'PATCH', path: itemPath(AGENTS, id), body };
}

export function updateAgent(client: ApiClient, id: string, body: AgentUpdate): Promise<Agent> {
  return send<Agent>(client, updateAgentRequest(id, body));
}

/** "Avery Tremblay". */
export function agentName(agent: Partial<Pick<Agent, 'first_name' | 'last_name'>>): string {
  return [agent.first_name, agent.last_name].filter(Boolean).join(' ');
}
