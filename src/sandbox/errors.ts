/** Errors a handler throws to answer with the spec's §7.2 body. */
import { ExitCode } from '../errors.js';

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

/**
 * The data file cannot be used: unreadable or damaged (never overwritten), locked by a live
 * process past the wait, or the disk refused a write (nothing was changed). Names the file.
 * Outside a request it is exit 2 (src/main.ts); a request it fails is answered with `status`:
 * 507 when the disk refused the write, 503 when the lock stayed held, else 500.
 */
export class SnapshotError extends SandboxError {
  override name = 'SnapshotError';
  // The user's file to fix, not a bug (src/errors.ts CarriesExit).
  readonly exitCode = ExitCode.usage;
  toJson(): Record<string, unknown> {
    return { message: this.message, code: 'sandbox_snapshot' };
  }
  constructor(message: string, status = 500) {
    super(status, message);
  }
}

/** A snapshot or journal that is not what trek writes: refused, and set aside only by a reset. */
export class DamagedSnapshotError extends SnapshotError {}
