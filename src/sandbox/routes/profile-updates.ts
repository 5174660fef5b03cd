/**
 * Profile updates (spec §2.8–2.9, §4.2): PATCH of an agent and of an agency.
 *
 * An agent may change its own profile; a Manager may change any agent of the agency and the
 * agency itself. The members a PATCH (or PUT) may change are listed below (`writable`); what
 * the operator controls (role, booking currencies, chains) is accepted sent back unchanged and
 * refused changed (`NOT_PATCHABLE`), read-only members are ignored (spec §2.1) and a member the
 * resource does not have is refused (validate.ts checkUnwritable), so a client may save the
 * whole object it read. Agency addresses take `state` and `country` as text (a name or a
 * code), resolved to the reference objects the agency answers with; an unknown country is a
 * 400 on `address.country`.
 */
import { assertOwnAgency } from '../auth.js';
import { COUNTRIES } from '../catalogue/reference.js';
import { SandboxError, fieldError, notFound } from '../errors.js';
import type { AgencyAddress, AgencyRecord, AgentRecord, NamedRef, State } from '../model.js';
import type { Caller, Reply, RequestContext, Router } from '../router.js';
import { assignChanged, Checker, checkUnwritable, objectBody, type Body, type UpdateMembers } from '../validate.js';
import { agencyView, agentView } from '../views.js';

/** Spec §4.2 names the five writable members; §2.8 marks none read-only, so the others are fixed (id and href read-only, as everywhere). */
const AGENT_MEMBERS: UpdateMembers = {
  writable: ['first_name', 'last_name', 'email', 'phone_numbers', 'username'],
  fixed: ['role', 'agency', 'active'],
};

/**
 * Spec §2.9: read-only are id, href, agency_chain and the sub-collections (and date_created,
 * set by the operator as on every resource); what the spec leaves writable but the operator
 * controls is fixed, with the sandbox's agency-level `flags`.
 */
const AGENCY_MEMBERS: UpdateMembers = {
  writable: [
    'name',
    'preferred_display_name',
    'transactional_email',
    'emails',
    'address',
    'latitude',
    'longitude',
    'communication_preferences',
    'passenger_notifications',
    'agent_notifications',
    'abta_number',
  ],
  fixed: ['booking_currencies', 'agency_chains', 'booking_companies', 'agency_chain_configurations', 'override_agency_secondary', 'documents', 'flags'],
};

/** Spec §2.9. */
export const COMMUNICATION_PREFERENCES = ['ATTACH_INVOICES', 'ATTACH_VOUCHERS', 'ATTACH_TRAVELLER_INVOICES', 'ATTACH_TRAVELLER_VOUCHERS', 'ALLOW_GROUPS'] as const;

const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const CODE_RE = /^[A-Z][A-Z0-9_]*$/;
const MANAGER = 'Manager';

function email(check: Checker, body: Body, key: string, field: string, required: boolean): string | null | undefined {
  const value = check.string(body, key, field, { maxLength: 254 });
  if (value === null && required && key in body) check.add(field, 'REQUIRED', `${field} cannot be removed`);
  if (typeof value === 'string' && !EMAIL_RE.test(value)) {
    check.add(field, 'INVALID_EMAIL', `${field} must be an e-mail address`, value);
    return undefined;
  }
  return value;
}

/** A required text member: may change, may not be cleared. */
function requiredText(check: Checker, body: Body, key: string, maxLength: number): string | undefined {
  const value = check.string(body, key, key, { maxLength });
  if (value === null && key in body) check.add(key, 'REQUIRED', `${key} cannot be removed`);
  return value ?? undefined;
}

/** A list of objects whose members are all required strings; null clears it. */
function objectList<K extends string>(
  check: Checker,
  body: Body,
  key: string,
  members: readonly K[],
  validate?: (item: Record<K, string>, field: string) => void,
): Array<Record<K, string>> | undefined {
  const list = check.list(body, key, key);
  if (list === undefined) return undefined;
  return (list ?? []).flatMap((item, i) => {
    const field = `${key}[${i}]`;
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      check.add(field, 'INVALID_TYPE', `each entry of ${key} is an object with ${members.join(' and ')}`, item);
      return [];
    }
    const entry = {} as Record<K, string>;
    for (const member of members) {
      const value = check.string(item as Body, member, `${field}.${member}`, { required: true, maxLength: 254 });
      if (typeof value !== 'string') return [];
      entry[member] = value;
    }
    validate?.(entry, field);
    return [entry];
  });
}

/** A list of codes, each checked against `choices` or the code pattern; null clears it. */
function codeList(check: Checker, body: Body, key: string, choices?: readonly string[]): string[] | undefined {
  const list = check.list(body, key, key);
  if (list === undefined) return undefined;
  const codes = (list ?? []).filter((item, i) => {
    const ok = typeof item === 'string' && (choices ? choices.includes(item) : CODE_RE.test(item));
    if (!ok) check.add(`${key}[${i}]`, 'INVALID_CHOICE', choices ? `${key} entries are ${choices.join(', ')}` : `${key} entries are upper-case codes`, item);
    return ok;
  }) as string[];
  return [...new Set(codes)];
}

function coordinate(check: Checker, body: Body, key: 'latitude' | 'longitude'): string | null | undefined {
  const value = check.string(body, key, key, { maxLength: 20 });
  const limit = key === 'latitude' ? 90 : 180;
  if (typeof value === 'string' && !(/^-?\d{1,3}(\.\d+)?$/.test(value) && Math.abs(Number(value)) <= limit)) {
    check.add(key, 'INVALID_VALUE', `${key} is a decimal number from -${limit} to ${limit}, as a string`, value);
    return undefined;
  }
  return value;
}

// ---- agents ---------------------------------------------------------------------------

/** The agent of the path as `caller` may change it: 404, or 403 for another agency or a colleague of a non-Manager. */
function editableAgent(caller: Caller, state: State, id: string): AgentRecord {
  const agent = state.collections.agents[id];
  if (!agent) throw notFound(`Agent ${id}`);
  assertOwnAgency(caller, agent.agency_id, `agent ${agent.id}`);
  if (caller.agent.id !== agent.id && caller.agent.role.name !== MANAGER) {
    throw new SandboxError(403, `Only a ${MANAGER} may change another agent's profile; agent ${caller.agent.id} may change its own.`);
  }
  return agent;
}

function updateAgent(ctx: RequestContext): Promise<Reply> {
  const body = objectBody(ctx, true);
  // Access first: the body is compared with the agent only for a caller who may change it.
  const shown = editableAgent(ctx.caller, ctx.state, ctx.params.id);
  const check = new Checker();
  checkUnwritable(check, body, agentView(shown, ctx.state), AGENT_MEMBERS, 'an agent');
  const changes: Partial<AgentRecord> = {};
  const first = requiredText(check, body, 'first_name', 100);
  const last = requiredText(check, body, 'last_name', 100);
  const address = email(check, body, 'email', 'email', true);
  const username = requiredText(check, body, 'username', 50);
  if (username !== undefined && /\s/.test(username)) check.add('username', 'INVALID_VALUE', 'username has no spaces', username);
  const phones = objectList(check, body, 'phone_numbers', ['number', 'type'] as const);
  check.done();
  if (first !== undefined) changes.first_name = first;
  if (last !== undefined) changes.last_name = last;
  if (typeof address === 'string') changes.email = address;
  if (username !== undefined) changes.username = username;
  if (phones !== undefined) changes.phone_numbers = phones;

  return ctx.store.mutate((state, tx) => {
    const agent = editableAgent(ctx.caller, state, ctx.params.id);
    if (changes.username !== undefined) {
      const wanted = changes.username.toLowerCase();
      const holder = Object.values(state.collections.agents).find((a) => a.id !== agent.id && a.username.toLowerCase() === wanted);
      if (holder) throw fieldError('username', 'USERNAME_TAKEN', 'another agent has this username', changes.username);
    }
    if (assignChanged(agent, changes)) tx.emit({ type: 'agents.updated', id: agent.id });
    return { status: 200, body: agentView(agent, state) };
  });
}

// ---- agencies -------------------------------------------------------------------------

/** Case and accents ignored: "zurich" finds "Zürich". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
}

/** A place given as text (name or code) or as an object with `id` or `name`. */
function placeText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const { id, name } = value as Body;
    if (typeof id === 'string') return id;
    if (typeof name === 'string') return name;
  }
  return undefined;
}

function findCountry(text: string): (typeof COUNTRIES)[number] | undefined {
  const wanted = fold(text);
  return COUNTRIES.find((c) => fold(c.id) === wanted || fold(c.name) === wanted);
}

/** "Ontario", "ON" or "CA-ON". */
function findState(country: (typeof COUNTRIES)[number], text: string): NamedRef | undefined {
  const wanted = fold(text);
  return country.states.find((s) => fold(s.id) === wanted || fold(s.id.split('-')[1] ?? '') === wanted || fold(s.name) === wanted);
}

/**
 * The address after a PATCH: text members replace, `null` clears (not the country: CEU
 * classification and commission tax depend on it). A new country without a state drops a
 * state that belongs to the old country.
 */
function readAddress(check: Checker, given: Body, current: AgencyAddress): AgencyAddress {
  const next: AgencyAddress = { ...current };
  for (const key of ['street', 'city', 'postal_zip'] as const) {
    const value = check.string(given, key, `address.${key}`, { maxLength: 200 });
    if (value !== undefined) next[key] = value;
  }
  if ('country' in given) {
    const text = placeText(given.country);
    const country = text === undefined ? undefined : findCountry(text);
    if (given.country === null || given.country === '') check.add('address.country', 'REQUIRED', 'address.country cannot be removed');
    else if (!country)
      check.add(
        'address.country',
        'UNKNOWN_COUNTRY',
        `unknown country; use a name or code such as ${COUNTRIES.slice(0, 3)
          .map((c) => `${c.name} (${c.id})`)
          .join(', ')}`,
        given.country,
      );
    else next.country = { id: country.id, name: country.name };
  }
  const country = COUNTRIES.find((c) => c.id === next.country?.id);
  if ('state' in given) {
    const text = placeText(given.state);
    if (given.state === null || given.state === '') next.state = null;
    else if (country && text !== undefined) {
      const state = findState(country, text);
      if (state) next.state = state;
      else {
        const known = country.states.map((s) => s.name).join(', ') || 'none';
        check.add('address.state', 'UNKNOWN_STATE', `no such state in ${country.name} (states: ${known})`, given.state);
      }
    } else if (text === undefined) check.add('address.state', 'INVALID_TYPE', 'address.state is a name or code', given.state);
  } else if (country && next.state && !country.states.some((s) => s.id === next.state!.id)) {
    next.state = null;
  }
  return next;
}

/** The agency of the path as `caller` may change it: 404, or 403 for another agency or a non-Manager. */
function editableAgency(caller: Caller, state: State, id: string): AgencyRecord {
  const agency = state.collections.agencies[id];
  if (!agency) throw notFound(`Agency ${id}`);
  assertOwnAgency(caller, agency.id, `agency ${agency.id}`);
  if (caller.agent.role.name !== MANAGER) throw new SandboxError(403, `Only a ${MANAGER} may change the agency's profile.`);
  return agency;
}

function updateAgency(ctx: RequestContext): Promise<Reply> {
  const body = objectBody(ctx, true);
  // Access first: the body is compared with the agency only for a caller who may change it.
  const current = editableAgency(ctx.caller, ctx.state, ctx.params.id);
  const check = new Checker();
  checkUnwritable(check, body, agencyView(current), AGENCY_MEMBERS, 'an agency');
  const changes: Partial<AgencyRecord> = {};
  const name = requiredText(check, body, 'name', 200);
  if (name !== undefined) changes.name = name;
  // Null clears it: e-mails then use the agency chain's name (spec §2.9).
  const display = check.string(body, 'preferred_display_name', 'preferred_display_name', { maxLength: 200 });
  if (display !== undefined) changes.preferred_display_name = display;
  const transactional = email(check, body, 'transactional_email', 'transactional_email', true);
  if (typeof transactional === 'string') changes.transactional_email = transactional;
  const emails = objectList(check, body, 'emails', ['type', 'address'] as const, (entry, field) => {
    if (!EMAIL_RE.test(entry.address)) check.add(`${field}.address`, 'INVALID_EMAIL', `${field}.address must be an e-mail address`, entry.address);
  });
  if (emails !== undefined) changes.emails = emails;
  for (const key of ['latitude', 'longitude'] as const) {
    const value = coordinate(check, body, key);
    if (value !== undefined) changes[key] = value;
  }
  const communication = codeList(check, body, 'communication_preferences', COMMUNICATION_PREFERENCES);
  if (communication !== undefined) changes.communication_preferences = communication;
  for (const key of ['passenger_notifications', 'agent_notifications'] as const) {
    const codes = codeList(check, body, key);
    if (codes !== undefined) changes[key] = codes;
  }
  const abta = check.string(body, 'abta_number', 'abta_number', { maxLength: 20 });
  if (abta !== undefined) changes.abta_number = abta;
  const address = check.object(body, 'address', 'address');
  if (address === null) check.add('address', 'REQUIRED', 'address cannot be removed; change its members instead');
  // Checked against the address as it is now so one 400 names every problem; applied below.
  if (address) readAddress(check, address, current.address);
  check.done();

  return ctx.store.mutate((state, tx) => {
    const agency = editableAgency(ctx.caller, state, ctx.params.id);
    if (address) {
      const addressCheck = new Checker();
      changes.address = readAddress(addressCheck, address, agency.address);
      addressCheck.done();
    }
    if (assignChanged(agency, changes)) tx.emit({ type: 'agencies.updated', id: agency.id });
    return { status: 200, body: agencyView(agency) };
  });
}

export function register(router: Router): void {
  router.patch('/agents/:id', updateAgent).patch('/agencies/:id', updateAgency);
}
