/** Agent profiles (spec §2.8, §4.2). */
import type { ApiClient, RequestOptions } from '../client.js';
import { fetchJson, itemPath, send } from './common.js';
import { RESOURCE_FIELDS } from '../../domain/contract-fields.js';
import type { components } from '../../domain/contract.js';

export type Agent = components['schemas']['Agent'];

/** The fields PATCH /agents/<id>/ takes (§4.2 lists exactly these five). */
export type AgentUpdate = components['schemas']['AgentUpdate'];

export const AGENT_FIELDS: readonly string[] = RESOURCE_FIELDS.Agent;

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
