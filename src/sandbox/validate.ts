/**
 * Request-body checks that collect every problem before answering one 400 whose `errors[]`
 * names each field (dotted: `name.title`). XML bodies carry untyped text, so booleans and
 * numbers are also accepted as strings.
 */
import { isDeepStrictEqual } from 'node:util';
import { badRequest, type FieldError } from './errors.js';
import type { BaseContext } from './router.js';

export type Body = Record<string, unknown>;

/** The request body as an object (a create or update always sends one). */
export function objectBody(ctx: BaseContext, allowEmpty = false): Body {
  if (ctx.body === undefined && allowEmpty) return {};
  if (ctx.body === null || typeof ctx.body !== 'object' || Array.isArray(ctx.body)) {
    throw badRequest('The request body must be an object.', [{ code: 'INVALID_BODY', detail: 'send a JSON object or an XML element with child elements' }]);
  }
  return ctx.body as Body;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isValidDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

interface StringRules {
  required?: boolean;
  choices?: readonly string[];
  maxLength?: number;
}

export class Checker {
  readonly errors: FieldError[] = [];

  add(field: string, code: string, detail: string, value?: unknown): void {
    const error: FieldError = { field, code, detail };
    if (value !== undefined) error.value = value;
    this.errors.push(error);
  }

  /** undefined when absent, null when explicitly null, else the string. */
  string(obj: Body, key: string, field: string, rules: StringRules = {}): string | null | undefined {
    const value = obj[key];
    if (value === undefined || value === null || value === '') {
      if (rules.required) this.add(field, 'REQUIRED', `${field} is required`);
      return value === '' ? null : value;
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      this.add(field, 'INVALID_TYPE', `${field} must be a string`, value);
      return undefined;
    }
    const text = String(value);
    if (rules.choices && !rules.choices.includes(text)) {
      this.add(field, 'INVALID_CHOICE', `${field} must be one of ${rules.choices.join(', ')}`, text);
      return undefined;
    }
    if (rules.maxLength !== undefined && text.length > rules.maxLength) {
      this.add(field, 'TOO_LONG', `${field} is longer than ${rules.maxLength} characters`, text);
      return undefined;
    }
    return text;
  }

  date(obj: Body, key: string, field: string, rules: { required?: boolean; notAfter?: string } = {}): string | null | undefined {
    const text = this.string(obj, key, field, { required: rules.required });
    if (typeof text !== 'string') return text;
    if (!isValidDate(text)) {
      this.add(field, 'INVALID_DATE', `${field} must be a date YYYY-MM-DD`, text);
      return undefined;
    }
    if (rules.notAfter !== undefined && text > rules.notAfter) {
      this.add(field, 'INVALID_DATE', `${field} cannot be in the future`, text);
      return undefined;
    }
    return text;
  }

  boolean(obj: Body, key: string, field: string): boolean | undefined {
    const value = obj[key];
    if (value === undefined || value === null) return undefined;
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    this.add(field, 'INVALID_TYPE', `${field} must be true or false`, value);
    return undefined;
  }

  /** undefined when absent, null when null, the object otherwise. */
  object(obj: Body, key: string, field: string, rules: { required?: boolean } = {}): Body | null | undefined {
    const value = obj[key];
    if (value === undefined || value === null) {
      if (rules.required) this.add(field, 'REQUIRED', `${field} is required`);
      return value;
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      this.add(field, 'INVALID_TYPE', `${field} must be an object`, value);
      return undefined;
    }
    return value as Body;
  }

  list(obj: Body, key: string, field: string): unknown[] | null | undefined {
    const value = obj[key];
    if (value === undefined || value === null) return value;
    if (!Array.isArray(value)) {
      this.add(field, 'INVALID_TYPE', `${field} must be a list`, value);
      return undefined;
    }
    return value as unknown[];
  }

  /** Throws one 400 listing every problem found. */
  done(): void {
    if (this.errors.length === 0) return;
    const fields = [...new Set(this.errors.map((e) => e.field))].join(', ');
    throw badRequest(`Validation failed: ${fields}.`, this.errors);
  }
}

/**
 * The members of a resource a PUT or PATCH may send (spec §2.1: read-only members are ignored
 * on input; §4.1: PUT is PATCH). A client that saves a whole object sends back every member it
 * read, so every member the answer shows is accepted; which ones change is decided here.
 */
export interface UpdateMembers {
  /** Members the request may change; the route reads them. */
  writable: readonly string[];
  /**
   * Members the spec does not mark read-only but the caller may not change here: sent back as
   * they are they are accepted, changed they are refused (NOT_PATCHABLE), so a change is never
   * silently dropped. Every other member the answer shows is read-only: ignored, changed or not.
   */
  fixed: readonly string[];
  /** Members accepted and ignored although the answer does not show them (creation-time-only ones). */
  ignored?: readonly string[];
}

/**
 * Whether a member sent back holds what the answer shows: a reference by its `id` (or the bare
 * id, spec §2.1), text, numbers and booleans by their text (XML sends text), null as null or
 * empty, lists item by item, objects by the members sent.
 */
export function sameValue(given: unknown, shown: unknown): boolean {
  if (shown === null || shown === undefined) return given === null || given === undefined || given === '';
  if (Array.isArray(shown)) return Array.isArray(given) && given.length === shown.length && given.every((item, i) => sameValue(item, shown[i]));
  if (typeof shown === 'object') {
    const members = shown as Body;
    if (typeof given === 'string' || typeof given === 'number') return 'id' in members && String(given) === String(members.id);
    if (given === null || typeof given !== 'object' || Array.isArray(given)) return false;
    const sent = given as Body;
    if ('id' in members && 'id' in sent) return String(sent.id) === String(members.id);
    return Object.keys(sent).every((key) => key in members && sameValue(sent[key], members[key]));
  }
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- compared only when `given` is a scalar; an object `shown` can never equal it
  return (typeof given === 'string' || typeof given === 'number' || typeof given === 'boolean') && String(given) === String(shown);
}

/**
 * Checks the members of `body` a route does not read itself against the resource as it is
 * shown now (`shown`, its answer): see UpdateMembers. A member the resource does not have is
 * refused (UNKNOWN_FIELD): a misspelt member would otherwise change nothing without a word.
 */
export function checkUnwritable(check: Checker, body: Body, shown: Record<string, unknown>, members: UpdateMembers, what: string): void {
  const writable = members.writable.join(', ');
  for (const key of Object.keys(body)) {
    if (members.writable.includes(key) || members.ignored?.includes(key)) continue;
    if (!(key in shown)) check.add(key, 'UNKNOWN_FIELD', `${what} has no member ${key}; a PATCH may change ${writable}`);
    else if (members.fixed.includes(key) && !sameValue(body[key], shown[key])) check.add(key, 'NOT_PATCHABLE', `${key} cannot be changed on ${what}; a PATCH may change ${writable}`);
  }
}

/** Writes the members of `changes` that differ from `record`'s (a write of the same value is still a write to the journal); true when one did. */
export function assignChanged<R extends object>(record: R, changes: Partial<R>): boolean {
  let changed = false;
  for (const [key, value] of Object.entries(changes) as Array<[keyof R, R[keyof R]]>) {
    if (value === undefined || isDeepStrictEqual(record[key], value)) continue;
    record[key] = value;
    changed = true;
  }
  return changed;
}
