/**
 * Keys of one store: random (128 bits), made when the store is created and kept by a reset, so
 * nobody can guess them and a key printed once keeps working.
 */
import { randomBytes } from 'node:crypto';
import type { SandboxKey } from '../domain/sandbox.js';
import type { AgentRecord, State } from './model.js';

/** The operator's key, and every agent's: `agents` maps agent id to key. */
export interface StoreKeys {
  operator: string;
  agents: Record<string, string>;
}

export function newKey(kind: 'agent' | 'operator'): string {
  return `sandbox-${kind}-${randomBytes(16).toString('hex')}`;
}

export function storeKeysOf(state: State): StoreKeys {
  return { operator: state.operator_key, agents: Object.fromEntries(Object.values(state.collections.agents).map((a) => [a.id, a.api_key])) };
}

/** Keys every store had before they were random: a snapshot holding them gets new ones. */
const GUESSABLE_KEY = /^sandbox-key-agent-\d+$/;

/**
 * Gives a snapshot written before stores had an operator key random keys in place of the old
 * constant ones. True when it changed something (the snapshot should be written back).
 */
export function ensureStoreKeys(state: State): boolean {
  if (typeof state.operator_key === 'string' && state.operator_key !== '') return false;
  state.operator_key = newKey('operator');
  for (const agent of Object.values(state.collections.agents)) {
    if (GUESSABLE_KEY.test(agent.api_key)) agent.api_key = newKey('agent');
  }
  return true;
}

/** An agent's key with who it is, as `GET /_sandbox/keys` lists it. */
export function agentKey(state: State, agent: AgentRecord): SandboxKey {
  return {
    key: agent.api_key,
    agent_id: agent.id,
    agent_name: `${agent.first_name} ${agent.last_name}`,
    agency_id: agent.agency_id,
    agency_name: state.collections.agencies[agent.agency_id]?.name ?? '',
    note: agent.note,
  };
}
