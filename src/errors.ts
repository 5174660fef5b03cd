/** Exit codes: the contract of docs/architecture.md §4, printed by `trek help exit-codes`. */
export const ExitCode = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  rejected: 5,
  rateLimited: 6,
  server: 7,
  interrupted: 130,
} as const;
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

export const EXIT_CODE_TABLE: ReadonlyArray<readonly [ExitCodeValue, string]> = [
  [ExitCode.ok, 'success'],
  [ExitCode.unexpected, 'unexpected error (a bug in trek: please report it)'],
  [ExitCode.usage, 'usage or bad input: a flag, an argument, an id of another kind, a filter value or a --jq program'],
  [ExitCode.auth, 'authentication or permission problem (HTTP 401/403)'],
  [ExitCode.notFound, 'not found or gone (HTTP 404/410)'],
  [ExitCode.rejected, 'rejected by the API (HTTP 400/405/406/409/424 and other 4xx), or a write redirected to another origin (not followed)'],
  [ExitCode.rateLimited, 'rate limited, still after retries (HTTP 429)'],
  [ExitCode.server, 'server, upstream or network failure (5xx, timeout, connection error), or an unusable answer (too large, too deep, empty, not JSON, a looping next link)'],
  [ExitCode.interrupted, 'interrupted or cancelled by the user (Ctrl-C, declined confirmation)'],
];

/**
 * What an error trek ends on carries: its exit code and its JSON error object (`code` naming the
 * kind, with any members scripts read). main.ts reads both by duck typing (an `exitCode` member),
 * never by class or name: the sandbox is a separate bundle (dist/sandbox.cjs) where instanceof
 * fails. A new error class extends TrekError and main.ts needs no edit.
 */
export interface CarriesExit {
  readonly exitCode: ExitCodeValue;
  toJson(): Record<string, unknown>;
}

export abstract class TrekError extends Error implements CarriesExit {
  abstract readonly exitCode: ExitCodeValue;
  /** The JSON error's `code`. */
  abstract readonly jsonCode: string;
  /** The JSON error: message, code and what `jsonDetails` adds. */
  toJson(): Record<string, unknown> {
    return { message: this.message, code: this.jsonCode, ...this.jsonDetails() };
  }
  protected jsonDetails(): Record<string, unknown> {
    return {};
  }
}

/** An error that says how trek ends on it, from whichever bundle it came. */
export function carriesExit(error: unknown): error is Error & CarriesExit {
  return error instanceof Error && typeof (error as Partial<CarriesExit>).exitCode === 'number' && typeof (error as Partial<CarriesExit>).toJson === 'function';
}

/**
 * Bad input found before anything was sent. `hint` is printed on its own line; `field` names the
 * flag or argument at fault (`--where`, `<id>`) in the JSON error scripts read.
 */
export class UsageError extends TrekError {
  override name = 'UsageError';
  readonly exitCode = ExitCode.usage;
  readonly jsonCode = 'usage';
  readonly field?: string;
  constructor(
    message: string,
    readonly hint?: string,
    options: { field?: string } = {},
  ) {
    super(message);
    if (options.field !== undefined) this.field = options.field;
  }
  protected override jsonDetails(): Record<string, unknown> {
    return { ...(this.field && { field: this.field }), ...(this.hint && { hint: this.hint }) };
  }
}

/**
 * The user stopped the action (Ctrl-C at a prompt, "no" at a confirmation). A declined
 * confirmation is the user's answer, not a failure: its message is printed as it is, with no
 * "cancelled:" label.
 */
export class CancelError extends TrekError {
  override name = 'CancelError';
  readonly exitCode = ExitCode.interrupted;
  readonly jsonCode = 'cancelled';
  readonly declined: boolean;
  constructor(message = 'Cancelled; nothing was changed.', options: { declined?: boolean } = {}) {
    super(message);
    this.declined = options.declined ?? false;
  }
}
