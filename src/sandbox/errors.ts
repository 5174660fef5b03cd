/** Errors a handler throws to answer with the spec's §7.2 body. */

export interface FieldError {
  field?: string;
  code?: string;
  detail: string;
  value?: unknown;
}

export class SandboxError extends Error {
  override name = 'SandboxError';
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function badRequest(message: string, errors: FieldError[]): SandboxError {
  return new SandboxError(400, message, errors);
}

/** A 400 about one input field, the common case. */
export function fieldError(field: string, code: string, detail: string, value?: unknown): SandboxError {
  const entry: FieldError = { field, code, detail };
  if (value !== undefined) entry.value = value;
  return new SandboxError(400, detail, [entry]);
}

export function notFound(what: string): SandboxError {
  return new SandboxError(404, `${what} does not exist.`);
}

export function forbidden(what: string): SandboxError {
  return new SandboxError(403, `Your agency may not access ${what}.`);
}

/** Thrown when the persisted snapshot cannot be used; it is never overwritten. */
export class SnapshotError extends Error {
  override name = 'SnapshotError';
}
