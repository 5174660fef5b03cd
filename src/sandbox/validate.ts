/**
 * Request-body checks that collect every problem before answering one 400 whose `errors[]`
 * names each field (dotted: `name.title`). XML bodies carry untyped text, so booleans and
 * numbers are also accepted as strings.
 */
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
      return value === '' ? null : (value as null | undefined);
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
      return value as null | undefined;
    }
    if (typeof value !== 'object' || Array.isArray(value)) {
      this.add(field, 'INVALID_TYPE', `${field} must be an object`, value);
      return undefined;
    }
    return value as Body;
  }

  list(obj: Body, key: string, field: string): unknown[] | null | undefined {
    const value = obj[key];
    if (value === undefined || value === null) return value as null | undefined;
    if (!Array.isArray(value)) {
      this.add(field, 'INVALID_TYPE', `${field} must be a list`, value);
      return undefined;
    }
    return value;
  }

  /** Throws one 400 listing every problem found. */
  done(): void {
    if (this.errors.length === 0) return;
    const fields = [...new Set(this.errors.map((e) => e.field))].join(', ');
    throw badRequest(`Validation failed: ${fields}.`, this.errors);
  }
}
