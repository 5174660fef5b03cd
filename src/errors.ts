/** Exit codes: the contract of DESIGN.md §2, printed by `trek help exit-codes`. */
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
 * Bad input found before anything was sent. `hint` is printed on its own line; `field` names the
 * flag or argument at fault (`--where`, `<id>`) in the JSON error scripts read.
 */
export class UsageError extends Error {
  override name = 'UsageError';
  readonly field?: string;
  constructor(message: string, readonly hint?: string, options: { field?: string } = {}) {
    super(message);
    if (options.field !== undefined) this.field = options.field;
  }
}

/**
 * The user stopped the action (Ctrl-C at a prompt, "no" at a confirmation). A declined
 * confirmation is the user's answer, not a failure: its message is printed as it is, with no
 * "cancelled:" label.
 */
export class CancelError extends Error {
  override name = 'CancelError';
  readonly declined: boolean;
  constructor(message = 'Cancelled; nothing was changed.', options: { declined?: boolean } = {}) {
    super(message);
    this.declined = options.declined ?? false;
  }
}
